"""Sequence Numbers bots: ``easy`` (random legal), ``normal`` (line heuristic: extend
own lines, block an opponent's four, keep Plus and Minus for when they matter),
``hard``: at two players it plans with its hand (:class:`HandPlan`: every open
window valued by the empty spaces left and how many of them the cards it holds can
fill, against the opponent's windows weighted by the chance, from the cards it has
not seen, that the opponent holds what fills them); with more players it searches
(normal's best few candidates are each played on the same ``samples`` deals of the
cards it cannot see, a few turns on with every seat playing normal's line values,
and the positions valued by a learned evaluation; it leaves normal's choice only for
a candidate that does clearly better).

Bots read only their seat's view (``engine.sequence_numbers.view``) and the legal
actions; ``choose(view)`` without a legal list computes it from the view
(``GAME.legal_from_view``)."""

from __future__ import annotations

import math
import random
from math import comb

from engine.bots import Bot, RandomBot, factory
from engine.search import Search, SearchBot
from engine.sequence_numbers.fast import LOCKS, OVERLAP
from engine.sequence_numbers.fast import FACES
from engine.sequence_numbers.search import (
    LEARNED_2P,
    Evaluation,
    Learned,
    SequenceAdapter,
    unseen_faces,
)
from engine.sequence_numbers.rules import GAME, _plays
from engine.sequence_numbers.state import (
    ANSWER,
    CORNERS,
    MINUS,
    NUMBER,
    PLUS,
    SIZE,
    WINDOWS,
    WINDOWS_AT,
    new_sequences,
    windows_in,
)


def _legal(view: dict, legal: list[dict] | None) -> list[dict]:
    """``legal``, or the seat's legal list computed from its view when it is None
    (``GAME.legal_from_view``); ``ValueError`` when there is nothing to choose from."""
    if legal is None:
        legal = GAME.legal_from_view(view)
    if not legal:
        raise ValueError("no legal action to choose from")
    return legal


#: Value of a window holding 0..4 chips (corners included) of a colour and no other.
LINE_VALUE = (0.0, 1.0, 4.0, 12.0, 40.0)
SEQUENCE_VALUE = 1000.0
WIN_VALUE = 1e6
#: Weight of normal's score beside :class:`HandPlan`'s value (a tie-break).
PLAN_TIE = 1e-3
_CORNER_IN = tuple(sum(1 for sp in w if sp in CORNERS) for w in WINDOWS)
_OVERLAP = OVERLAP
#: Share of :meth:`HandPlan.danger` counted while a Minus is kept (no threat yet).
FORK_MINUS = 0.5


class Board:
    """The board as a bot sees it (from a view): flat ``chips`` (colour or None per
    space), ``done`` (completed sequences per colour, each its line's spaces),
    ``inside`` (per colour, the windows inside them), ``me`` (own colour), ``teams``
    and ``needed``; per colour and window, ``counts[k][w]`` (spaces of ``w`` that
    count for ``k``: its chips and corners) and ``open[k][w]`` (whether ``w`` could
    still become a new sequence of ``k``: no chip of another colour, at most one
    space shared with each of its sequences), computed once."""

    def __init__(self, view: dict) -> None:
        self.chips = [c for row in view["chips"] for c in row]
        self.me = view["colour"]
        self.teams = view["teams"]
        self.needed = view["needed"]
        self.done = [
            tuple(tuple(r * SIZE + c for r, c in seq) for seq in seqs) for seqs in view["sequences"]
        ]
        self.inside = [windows_in(seqs) for seqs in self.done]
        chips, teams = self.chips, self.teams
        counts = [[0] * len(WINDOWS) for _ in range(teams)]
        opened = [[False] * len(WINDOWS) for _ in range(teams)]
        for w, win in enumerate(WINDOWS):
            held = [c for c in (chips[sp] for sp in win) if c is not None]
            corner = _CORNER_IN[w]
            for k in range(teams):
                n = held.count(k)
                counts[k][w] = n + corner
                opened[k][w] = len(held) == n and all(_OVERLAP[w][d] <= 1 for d in self.inside[k])
        self.counts, self.open = counts, opened

    def usable(self, colour: int, w: int) -> bool:
        """Whether window ``w`` could still become a new sequence of ``colour``."""
        return self.open[colour][w]

    def count(self, colour: int, w: int) -> int:
        """Spaces of window ``w`` that count for ``colour`` (its chips and corners)."""
        return self.counts[colour][w]

    def completes(self, colour: int, space: int) -> int:
        """Sequences a chip of ``colour`` on the empty ``space`` completes (the engine's
        own rule, :func:`engine.sequence_numbers.state.new_sequences`)."""
        opened, counts = self.open[colour], self.counts[colour]
        if not any(opened[w] and counts[w] == 4 for w in WINDOWS_AT[space]):
            return 0
        chips = list(self.chips)
        chips[space] = colour
        return len(new_sequences(tuple(chips), colour, space, self.done[colour]))

    def opponents(self) -> list[int]:
        """Colours other than the bot's."""
        return [k for k in range(self.teams) if k != self.me]


def _space(action: dict) -> int:
    return action["row"] * SIZE + action["col"]


class NormalBot(Bot):
    """Line heuristic: trade in a dead card; then the chip that best extends its own
    lines and cuts the opponents' (completing a sequence first; an opponent's four is
    worth 36 to block, a step of its own line 1 to 28). Plus and Minus carry a reserve
    cost, so they are spent only when they matter (a sequence, a four blocked or
    broken)."""

    level = "normal"
    plus_cost = 30.0
    minus_cost = 30.0
    block_weight = 0.9
    values = LINE_VALUE

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        legal = floor(view, _legal(view, legal))
        dead = [a for a in legal if a["type"] == "dead"]
        if dead:
            return dead[0]
        if all(a["type"] == "discard" for a in legal):
            return self.discard(view, legal)
        self.prepare(view)
        board = Board(view)
        best, best_score = None, None
        for a in legal:
            s = self.score(board, a) + self.rng.random() * 1e-3
            if best_score is None or s > best_score:
                best, best_score = a, s
        return best

    def prepare(self, view: dict) -> None:
        """Hook: read what the scoring needs from the view."""

    def discard(self, view: dict, legal: list[dict]) -> dict:
        """Nothing can be played: give up a dead card, else an equation; Plus and
        Minus last."""
        dead = set(view["dead"])
        return min(
            legal,
            key=lambda a: (a["card"] not in dead, ANSWER[a["card"]] is None, self.rng.random()),
        )

    def score(self, board: Board, a: dict) -> float:
        """Value of action ``a`` (chip or remove) on ``board``; higher is better."""
        sp = _space(a)
        me, L = board.me, self.values
        if a["type"] == "remove":
            return self.remove_value(board, sp) - self.minus_cost
        value = 0.0
        made = board.completes(me, sp)
        if made:
            value += (
                WIN_VALUE if len(board.done[me]) + made >= board.needed else SEQUENCE_VALUE * made
            )
        opened, counts = board.open[me], board.counts[me]
        others = [(board.open[k], board.counts[k]) for k in board.opponents()]
        block = self.block_weight
        for w in WINDOWS_AT[sp]:
            if opened[w]:
                c = counts[w]
                if c < 4:
                    value += L[c + 1] - L[c]
            for o_open, o_counts in others:
                if o_open[w]:
                    c = o_counts[w]
                    value += block * L[c if c < 4 else 4]
        if a["card"] == PLUS:
            value -= self.plus_cost
        return value

    def remove_value(self, board: Board, sp: int) -> float:
        """What taking the chip off ``sp`` is worth: the owner's lines through it."""
        owner, L = board.chips[sp], self.values
        opened, counts = board.open[owner], board.counts[owner]
        v = 0.0
        for w in WINDOWS_AT[sp]:
            if opened[w]:
                c = counts[w]
                v += L[c if c < 4 else 4] - L[c - 1]
        return v


def winning(view: dict, legal: list[dict]) -> list[dict]:
    """The chips of ``legal`` that win the game at once (they complete the sequences
    still needed; :meth:`Board.completes`), in their order; [] when none does."""
    chips = [a for a in legal if a["type"] == "chip"]
    if not chips:
        return []
    board = Board(view)
    me, need = board.me, board.needed - len(board.done[board.me])
    return [a for a in chips if board.completes(me, _space(a)) >= need]


def floor(view: dict, legal: list[dict]) -> list[dict]:
    """The actions of ``legal`` a person would consider (issue 34), the same for every
    level: with a winning chip on offer (:func:`winning`), only the winning chips."""
    return winning(view, legal) or legal


class EasyBot(RandomBot):
    """``easy``: a uniform choice among the legal actions (computed from the view when
    ``choose`` gets none) within the :func:`floor`: it takes a winning chip."""

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        return super().choose(view, floor(view, _legal(view, legal)))


def hold_chance(pool: int, good: int, hand: int) -> float:
    """Chance that ``hand`` cards dealt at random from ``pool`` unseen cards include at
    least one of ``good`` of them: ``1 - C(pool - good, hand) / C(pool, hand)``."""
    if good <= 0 or hand <= 0:
        return 0.0
    if pool - good < hand:
        return 1.0
    return 1.0 - comb(pool - good, hand) / comb(pool, hand)


class HandPlan:
    """Hard's value of a two-player position after its move, from its seat's ``view``
    (its hand and the cards it has not seen; sequence-numbers.md, 2 players: the first
    sequence wins). Summed over every window still open for a colour (no chip of the
    other colour; sharing at most one space with each sequence of that colour):

    * its own: ``gamma ** need * rho ** uncovered`` — ``need`` the window's empty
      spaces (corners count as held), ``uncovered`` those that no card left in its hand
      answers, less one per Plus it keeps (not below 0);
    * the opponent's: ``gamma ** need`` times, per empty space, ``q + (1 - q) * rho``,
      ``q`` the chance (:func:`hold_chance`) that the opponent's hand, dealt from the
      unseen cards (the deck and that hand), holds a card answering the space or a
      Plus.

    :meth:`value` is its own sum minus ``lam`` times the opponent's. Options (0 and 1:
    off): ``minus_open`` adds that weight times :meth:`reopened` when the hand holds a
    Minus; ``four`` and ``three`` multiply the opponent's term of a window needing
    one and two spaces; ``lacking`` (answers the opponent held no card for, nor a
    Plus, before its last draw) makes ``q`` for an answer the chance that its last
    draw or, outside ``lacking``, one of its other cards (dealt from the unseen cards
    less the Plus and the ``lacking`` answers) fills it; ``plus_once`` counts the
    Plus cards in hand only in the own window they raise most; ``fork`` (0: off)
    subtracts that weight times :meth:`danger`, the chance that the opponent's next
    move leaves a double threat; ``stuck`` (1: off) multiplies the opponent's term of a
    window one space short that the hand cannot answer (no card for the space, no Plus,
    no Minus); ``fork2`` (0: off) subtracts that weight times :meth:`danger2`, the
    chance that the opponent's next move makes a shape the seat cannot break in one
    move, left out when the hand can complete a window of its own next turn (the
    opponent must answer that first); ``attack`` (0: off) adds that weight when an
    equation card left in hand can make a double threat of the seat's own next turn
    (:meth:`can_fork`). :meth:`scanned` (used by
    ``look``) counts none of ``fork``, ``stuck``, ``fork2``, ``attack``."""

    def __init__(
        self,
        view: dict,
        gamma: float,
        rho: float,
        lam: float,
        minus_open: float = 0.0,
        four: float = 1.0,
        three: float = 1.0,
        lacking: frozenset | None = None,
        plus_once: bool = False,
        fork: float = 0.0,
        stuck: float = 1.0,
        fork2: float = 0.0,
        attack: float = 0.0,
    ) -> None:
        self.gamma, self.rho, self.lam, self.minus_open = gamma, rho, lam, minus_open
        self.four, self.three, self.plus_once = four, three, plus_once
        self.fork, self.stuck, self.fork2, self.attack = fork, stuck, fork2, attack
        self.board = Board(view)
        self.me = view["colour"]
        self.opp = 1 - self.me
        answers: dict[int, int] = {}
        plus = 0
        faces = unseen_faces(view)
        for f in faces:
            face = FACES[f]
            if face == PLUS:
                plus += 1
            elif face != MINUS:
                answers[ANSWER[face]] = answers.get(ANSWER[face], 0) + 1
        pool, size = len(faces), view["hand_sizes"][1 - view["seat"]]
        #: Per answer 1..48: ``q``, the chance the opponent holds a card for it or a Plus.
        self.hold = {n: hold_chance(pool, answers.get(n, 0) + plus, size) for n in range(1, 49)}
        #: Per answer 1..48: ``q + (1 - q) * rho`` for a space showing it.
        self.reach = {n: q + (1 - q) * rho for n, q in self.hold.items()}
        if lacking and size > 0 and pool > 0:
            # The opponent held no card for ``lacking`` and no Plus before its last
            # draw: those ``size - 1`` cards came from the rest of the unseen cards.
            rest = pool - plus - sum(answers.get(n, 0) for n in lacking)
            for n in range(1, 49):
                good = answers.get(n, 0)
                kept = 0.0 if n in lacking else hold_chance(rest, good, size - 1)
                drawn = (good + plus) / pool
                q = 1.0 - (1.0 - kept) * (1.0 - drawn)
                self.hold[n] = q
                self.reach[n] = q + (1 - q) * rho
        # Precomputed for :meth:`value` (the same floats as computing them there).
        self._gpow = [gamma**k for k in range(7)]
        self._rpow = [rho**k for k in range(7)]
        self._reach_at = [self.reach.get(n, 0.0) for n in NUMBER]
        #: Per space: :attr:`hold` of its answer (0.0 on a corner).
        self.hold_at = [self.hold.get(n, 0.0) for n in NUMBER]
        done_me, done_opp = self.board.inside[self.me], self.board.inside[self.opp]
        self._open_me = [all(_OVERLAP[w][d] <= 1 for d in done_me) for w in range(len(WINDOWS))]
        self._open_opp = [all(_OVERLAP[w][d] <= 1 for d in done_opp) for w in range(len(WINDOWS))]

    def value(self, chips: list, hand: list[str]) -> float:
        """The value of the board ``chips`` (flat, colour or None per space) with
        ``hand`` (the cards left after the move) — see the class docstring."""
        me, opp = self.me, self.opp
        answers = {ANSWER[c] for c in hand}
        held = [n in answers for n in NUMBER]
        plus = hand.count(PLUS)
        gpow, rpow, reach = self._gpow, self._rpow, self._reach_at
        mine_ok, theirs_ok = self._open_me, self._open_opp
        four, three = self.four, self.three
        once = plus if self.plus_once else 0
        fork, stuck, fork2, attack = self.fork, self.stuck, self.fork2, self.attack
        my_threats: set[int] = set()
        my_pairs: list = []
        forks = fork or fork2
        minus = MINUS in hand
        threats: set[int] = set()
        pairs: list = []
        triples: list = []
        wins: set[int] = set()
        best = 0.0
        mine = theirs = 0.0
        for w, spaces in enumerate(LOCKS):
            owner = None
            empty = []
            for sp in spaces:
                c = chips[sp]
                if c is None:
                    empty.append(sp)
                elif owner is None:
                    owner = c
                elif c != owner:
                    break
            else:
                if not empty:
                    continue
                need = len(empty)
                if owner != opp and mine_ok[w]:
                    covered = sum(1 for sp in empty if held[sp])
                    if forks and need == 1 and (covered or plus):
                        wins.add(empty[0])
                    if attack:
                        if need == 1:
                            my_threats.add(empty[0])
                        elif need == 2:
                            my_pairs.append(empty)
                    if once:
                        v = gpow[need] * rpow[max(0, need - covered)]
                        mine += v
                        gain = gpow[need] * rpow[max(0, need - covered - once)] - v
                        if gain > best:
                            best = gain
                    else:
                        mine += gpow[need] * rpow[max(0, need - covered - plus)]
                if owner != me and theirs_ok[w]:
                    v = gpow[need]
                    for sp in empty:
                        v *= reach[sp]
                    if need == 1:
                        if four != 1.0:
                            v *= four
                        if stuck != 1.0 and not (held[empty[0]] or plus or minus):
                            v *= stuck
                    elif need == 2 and three != 1.0:
                        v *= three
                    theirs += v
                    if forks:
                        if need == 1:
                            threats.add(empty[0])
                        elif need == 2:
                            pairs.append(empty)
                        elif need == 3 and fork2:
                            triples.append(empty)
        mine += best
        if fork:
            mine -= fork * self.danger(threats, pairs, wins, minus)
        if fork2 and not wins:
            mine -= fork2 * self.danger2(threats, pairs, triples)
        if attack and self.can_fork(my_threats, my_pairs, held):
            mine += attack
        if self.minus_open and MINUS in hand:
            return mine - self.lam * theirs + self.minus_open * self.reopened(chips, held, plus)
        return mine - self.lam * theirs

    def danger(self, threats: set, pairs: list, wins: set, minus: bool) -> float:
        """The chance that the opponent, on its next turn, leaves two spaces that each
        complete one of its windows (a double threat: the seat can block only one), from
        the board after this seat's move: ``threats`` the empty spaces that complete an
        opponent window now, ``pairs`` the two empty spaces of each opponent window two
        spaces short, ``wins`` the spaces where this seat's hand completes a window of
        its own next turn, ``minus`` whether it keeps a Minus.

        1 when ``threats`` holds two spaces already. Else a space ``s`` *forks* when a
        chip of the opponent there leaves two spaces that complete its windows (the
        other spaces of its two-short windows through ``s``, and the threats other than
        ``s``); the chance is ``1 - prod(1 - q(s))`` over the forking spaces, ``q(s)``
        the chance the opponent holds a card for ``s`` or a Plus (:attr:`hold_at`). With
        two or more ``wins`` the opponent must answer this seat's own threats and the
        chance is 0; with one, only a fork on that space counts. With no threat on the
        board and a Minus kept (it can take the forking chip back off), the chance
        counts :data:`FORK_MINUS` of itself."""
        if len(threats) >= 2:
            return 1.0
        partners: dict[int, set] = {}
        for a, b in pairs:
            partners.setdefault(a, set()).add(b)
            partners.setdefault(b, set()).add(a)
        if len(wins) >= 2:
            return 0.0
        hold = self.hold_at
        miss = 1.0
        for s, gaps in partners.items():
            if s in threats or (wins and s not in wins):
                continue
            if len(gaps | threats) >= 2:
                miss *= 1.0 - hold[s]
        out = 1.0 - miss
        if minus and not threats:
            out *= FORK_MINUS
        return out

    @staticmethod
    def can_fork(threats: set, pairs: list, held: list) -> bool:
        """Whether an equation card in hand (``held[sp]``: it answers ``sp``) puts a
        chip of this seat where it leaves two spaces that each complete one of its
        windows: ``threats`` the empty spaces completing one now, ``pairs`` the two empty
        spaces of each window two short (:meth:`danger`'s fork, on this seat's side)."""
        partners: dict[int, set] = {}
        for a, b in pairs:
            partners.setdefault(a, set()).add(b)
            partners.setdefault(b, set()).add(a)
        return any(
            held[s] and s not in threats and len(g | threats) >= 2 for s, g in partners.items()
        )

    def danger2(self, threats: set, pairs: list, triples: list) -> float:
        """The chance that the opponent's next move, without a double threat yet,
        leaves a shape this seat cannot break in one move: after a chip of the opponent
        on ``s`` (a space of its windows two or three spaces short: ``pairs``,
        ``triples``; ``threats`` as in :meth:`danger`), two or more forking spaces, or
        one forking space beside a threat (the seat must block the threat first). The
        chance is ``1 - prod(1 - q(s))`` over those ``s`` (:attr:`hold_at`)."""
        hold = self.hold_at
        base: dict[int, set] = {}
        for a, b in pairs:
            base.setdefault(a, set()).add(b)
            base.setdefault(b, set()).add(a)
        forking0 = {x for x, g in base.items() if x not in threats and len(g | threats) >= 2}
        through: dict[int, list] = {}
        for t in triples:
            for x in t:
                through.setdefault(x, []).append(t)
        miss = 1.0
        for s in set(base) | set(through):
            if s in threats:
                continue
            if s in base:
                # The chip makes threats of its pairs' other spaces: count afresh.
                new = threats | base[s]
                if len(new) >= 2:
                    continue  # a double threat at once: :meth:`danger`'s
                partners = {x: set(g) - {s} for x, g in base.items() if x != s}
                for t in through.get(s, ()):
                    a, b = [x for x in t if x != s]
                    partners.setdefault(a, set()).add(b)
                    partners.setdefault(b, set()).add(a)
                forking = sum(1 for x, g in partners.items() if x not in new and len(g | new) >= 2)
            else:
                new = threats
                added: dict[int, set] = {}
                for t in through[s]:
                    a, b = [x for x in t if x != s]
                    added.setdefault(a, set()).add(b)
                    added.setdefault(b, set()).add(a)
                forking = len(forking0) + sum(
                    1
                    for x, g in added.items()
                    if x not in forking0 and x not in new and len(g | base.get(x, set()) | new) >= 2
                )
            if forking >= 2 or (forking and new):
                miss *= 1.0 - hold[s]
        return 1.0 - miss

    def reopened(self, chips: list, held: list[bool], plus: int) -> float:
        """The best own window a Minus in hand could reopen: one opponent chip in it,
        the rest own chips or empty; valued as an own window (``held[sp]``: a card in
        hand answers ``sp``) with the chip's space empty again and one turn more."""
        me, opp = self.me, self.opp
        gpow, rpow, mine_ok = self._gpow, self._rpow, self._open_me
        best = 0.0
        for w, spaces in enumerate(LOCKS):
            if not mine_ok[w]:
                continue
            empty = []
            foes = 0
            for sp in spaces:
                c = chips[sp]
                if c is None:
                    empty.append(sp)
                elif c == opp:
                    foes += 1
                    if foes > 1:
                        break
                    empty.append(sp)
                elif c != me:
                    break
            else:
                if foes == 1:
                    need = len(empty)
                    covered = sum(1 for sp in empty if held[sp])
                    v = gpow[need + 1] * rpow[max(0, need - covered - plus)]
                    if v > best:
                        best = v
        return best

    def window(self, chips: list, w: int) -> tuple | None:
        """Window ``w`` of the board ``chips`` as :meth:`scanned` reads it: None when it
        is open for neither colour or full, else ``(open for me, its empty spaces, the
        opponent's term (0.0 when not open for it), owner)``."""
        owner = None
        empty = []
        for sp in LOCKS[w]:
            c = chips[sp]
            if c is None:
                empty.append(sp)
            elif owner is None:
                owner = c
            elif c != owner:
                return None
        if not empty:
            return None
        theirs = 0.0
        if owner != self.me and self._open_opp[w]:
            theirs = self._gpow[len(empty)]
            for sp in empty:
                theirs *= self._reach_at[sp]
            if len(empty) == 1:
                theirs *= self.four
            elif len(empty) == 2:
                theirs *= self.three
        return (owner != self.opp and self._open_me[w], empty, theirs, owner)

    def scan(self, chips: list) -> list:
        """Every window of ``chips`` (:meth:`window`), for :meth:`scanned`."""
        return [self.window(chips, w) for w in range(len(WINDOWS))]

    def rescan(self, scan: list, chips: list, spaces) -> list:
        """``scan`` brought up to ``chips``, which differ from its board only on
        ``spaces``."""
        out = list(scan)
        for sp in spaces:
            for w in WINDOWS_AT[sp]:
                out[w] = self.window(chips, w)
        return out

    def scanned(self, scan: list, hand: list[str]) -> float:
        """:meth:`value` of the board ``scan`` was made of, with ``hand`` (equal up to
        the order of the floating-point sums)."""
        answers = {ANSWER[c] for c in hand}
        held = [n in answers for n in NUMBER]
        plus = hand.count(PLUS)
        gpow, rpow = self._gpow, self._rpow
        mine = theirs = 0.0
        for st in scan:
            if st is None:
                continue
            ok, empty, th, _ = st
            if ok:
                need = len(empty)
                covered = sum(1 for sp in empty if held[sp])
                mine += gpow[need] * rpow[max(0, need - covered - plus)]
            theirs += th
        return mine - self.lam * theirs


class HardBot(SearchBot):
    """At two players (with ``plan``, the default): a sequence at once, else the move
    whose board and remaining hand :class:`HandPlan` (``gamma``, ``rho``, ``lam``)
    values most, normal's score times :data:`PLAN_TIE` breaking ties and a Minus
    played costing ``keep_minus`` (its worth in hand, which the plan does not count);
    no search. Two-player settings, off by default until a paired duel shows them
    better: ``minus_open`` weights the best own window a Minus kept in hand could
    reopen (:meth:`HandPlan.reopened`); ``four`` and ``three`` (default 1) multiply
    the plan's term of each opponent window one and two spaces from a sequence;
    ``infer`` reads from the board it left the opponent the answers the opponent
    cannot have held (:meth:`lacking`); ``plus_once`` counts a Plus in the one own
    window it helps most instead of in every window; ``fork``, ``stuck``, ``fork2``
    and ``attack`` are :class:`HandPlan`'s (the opponent's double threats one and two
    moves ahead, its threats the hand cannot answer, the seat's own double threat
    next turn); ``look`` (deals, e.g. 8)
    re-ranks the plan's first ``look_width`` moves one round on (:meth:`looked`: the
    opponent answers as normal would on dealt hands, then :meth:`my_turn` values the
    board with this seat to move, a certain win or loss counting ``look_win``).
    Screens against hard as it is on the same 600 deal pairs (``tools/tournament.py
    duel sequence-numbers SPEC normal --players 2 --games 1200 --seed 60000
    --duplicate``; hard 59.8%), paired difference in points: ``look=8`` -0.2 +-1.9,
    ``four=5`` -1.3 +-1.1, ``four=0.5`` -0.9 +-0.9, ``three=0.5`` +0.9 +-1.2,
    ``three=0.25`` +0.3 +-1.4, ``infer`` +0.6 +-0.7, ``plus_once`` -5.7 +-1.5. Fresh
    deals 50000-51199 (1,200 pairs): ``infer=true:three=0.5`` 58.9% against hard's
    58.5%, paired +0.3 +-0.9 points: not better, so both stay off. Screens of the
    double-threat settings against hard on the same 600 deal pairs (``duel
    sequence-numbers SPEC normal --players 2 --games 1200 --seed 80000 --duplicate
    --workers 1``, nice 10, load 1-6; hard 61.3%), paired difference in points:
    ``fork=1`` -0.3 +-1.2, ``fork=0.5`` +0.3 +-1.0, ``fork2=1`` -2.3 +-2.0,
    ``attack=0.3`` -1.4 +-1.0, ``fork=0.5:infer=true`` +0.6 +-1.1, ``lam=0.6`` +0.0
    +-1.3: none clearly better, all stay off (``stuck=2``, not screened,
    changed 2 of hard's 494 choices over deals 80000-80029). Hard itself on fresh deals
    70000-71199 (1,200 pairs, ``--games 2400 --seed 70000``): 60.4% +-1.5; on
    71200-72399 60.6% +-1.4; the 2,400 pairs together 60.5% +-1.0;
    ``fork=0.5:infer=true`` on the same pairs 60.6%, paired +0.2 +-0.7 points (halves
    +0.7 +-1.0, -0.3 +-1.1): not better, stays off. Hard on more fresh deals
    (``--games 4800 --seed 90000`` and ``--seed 92400``, nice 15, load ~5): 59.4%
    +-1.0 and 58.7% +-1.0, 59.05% +-0.7 over those 4,800 pairs; with every earlier
    pair of this code about 59.4% over 11,200 pairs (issue 17 asks for 60%).
    Otherwise (more players, or ``plan`` False): the shared determinized search
    (:mod:`engine.search`, flat mode) over normal's best candidates (see the module
    docstring). ``samples`` deals per decision (the
    budget; ``seconds`` may cap it), ``depth`` plies per playout, ``width``
    candidates, ``z``: normal's first choice is left only for a candidate whose mean
    advantage, paired sample by sample, exceeds ``z`` standard errors; ``escale``
    scales the learned evaluation (two colours; more: :class:`Evaluation`).
    ``last`` keeps the search's :class:`~engine.search.Result` and ``playouts`` its
    ``(sample, first code, rewards)`` records (None when no search was needed)."""

    level = "hard"

    def __init__(
        self,
        seed: int | None = None,
        samples: int | None = 48,
        seconds: float | None = None,
        mode: str = "flat",
        depth: int | None = 6,
        width: int = 6,
        z: float = 1.0,
        escale: float = 1.0,
        plan: bool = True,
        gamma: float = 0.7,
        rho: float = 0.35,
        lam: float = 0.7,
        keep_minus: float = 0.3,
        minus_open: float = 0.0,
        four: float = 1.0,
        three: float = 1.0,
        infer: bool = False,
        plus_once: bool = False,
        fork: float = 0.0,
        stuck: float = 1.0,
        fork2: float = 0.0,
        attack: float = 0.0,
        look: int = 0,
        look_width: int = 4,
        look_win: float = 3.0,
        **kw,
    ) -> None:
        super().__init__(
            SequenceAdapter(), seed, samples=samples, seconds=seconds, mode=mode, depth=depth, **kw
        )
        self.width, self.z, self.escale = width, z, escale
        self.plan, self.gamma, self.rho, self.lam = plan, gamma, rho, lam
        self.keep_minus, self.minus_open, self.four = keep_minus, minus_open, four
        self.three, self.infer, self.plus_once = three, infer, plus_once
        self.fork, self.stuck, self.fork2, self.attack = fork, stuck, fork2, attack
        self._memo: tuple | None = None
        self.look, self.look_width, self.look_win = look, look_width, look_win
        self._ranker = NormalBot()
        self._ranker.rng = self.rng
        self.playouts: list | None = None

    def plans(self, view: dict) -> bool:
        """Whether this decision is ranked by :class:`HandPlan` and played without a
        search: ``plan`` is set and the table has two players."""
        return bool(self.plan) and view["players"] == 2

    def planner(self, view: dict) -> HandPlan | None:
        """The :class:`HandPlan` of this decision, or None (see :meth:`plans`)."""
        if not self.plans(view):
            return None
        lacking = self.lacking(view) if self.infer else None
        return HandPlan(
            view,
            self.gamma,
            self.rho,
            self.lam,
            self.minus_open,
            self.four,
            self.three,
            lacking,
            self.plus_once,
            self.fork,
            self.stuck,
            self.fork2,
            self.attack,
        )

    def lacking(self, view: dict) -> frozenset | None:
        """With ``infer``: the answers the opponent cannot have held at its last play,
        read from the board this seat left it (kept from its own last turn): the
        empty space of every window of the opponent that then needed one space (it
        would have completed it, with that card or a Plus, and won). None when there
        was no such window or the board is not one opponent move on from it."""
        memo = self._memo
        if memo is None or memo[0] != view["turns"] - 2:
            return None
        before = memo[1]
        chips = [c for row in view["chips"] for c in row]
        if sum(1 for a, b in zip(before, chips, strict=True) if a != b) > 1:
            return None
        opp = 1 - view["colour"]
        out = set()
        for spaces in LOCKS:
            gap = None
            for sp in spaces:
                c = before[sp]
                if c is None:
                    if gap is not None:
                        break
                    gap = sp
                elif c != opp:
                    break
            else:
                if gap is not None:
                    out.add(NUMBER[gap])
        return frozenset(out) or None

    def remember(self, view: dict, action: dict) -> None:
        """With ``infer`` at two players: keep the turn and the board this action
        leaves (a dead card changes no chip and ends no turn)."""
        if not self.infer or view["players"] != 2 or action["type"] == "dead":
            return
        chips = [c for row in view["chips"] for c in row]
        if action["type"] in ("chip", "remove"):
            chips[_space(action)] = None if action["type"] == "remove" else view["colour"]
        self._memo = (view["turns"], chips)

    def candidates(self, view: dict, legal: list[dict]) -> tuple[list[dict], float]:
        """The ranking of ``legal`` (chips and removals), one action per group of
        equivalent ones (the same answer, or Plus, or Minus, on the same space), best
        first, at most ``width``; and the score of the first. Normal's score; when
        :meth:`plans`, a move that does not complete a sequence scores its
        :class:`HandPlan` value plus normal's score times :data:`PLAN_TIE`, less
        ``keep_minus`` for a Minus."""
        board = Board(view)
        plan = self.planner(view)
        seen = set()
        scored = []
        for i, a in enumerate(legal):
            key = (ANSWER[a["card"]], a["card"] in (PLUS, MINUS), a["type"], a["row"], a["col"])
            if key in seen:
                continue
            seen.add(key)
            s = self._ranker.score(board, a)
            base = None
            if plan is not None and s < WIN_VALUE / 2:
                chips = list(board.chips)
                chips[_space(a)] = None if a["type"] == "remove" else board.me
                hand = list(view["hand"])
                hand.remove(a["card"])
                base = plan.value(chips, hand)
                s = base + s * PLAN_TIE
                if a["card"] == MINUS:
                    s -= self.keep_minus
            scored.append((-s, i, a, base))
        scored.sort(key=lambda t: (t[0], t[1]))
        if plan is not None and self.look and -scored[0][0] < WIN_VALUE / 2:
            scored = self.looked(view, board, plan, scored)
        return [t[2] for t in scored[: self.width]], -scored[0][0]

    def looked(self, view: dict, board: Board, plan: HandPlan, scored: list) -> list:
        """``scored`` (``(-score, index, action, plan value)``, best first) with its
        first ``look_width`` re-scored one round on: ``look`` deals of the cards the
        seat has not seen (the opponent's hand, its own next card and the opponent's,
        the same deals for every candidate); in each the opponent answers as normal
        would, then :meth:`my_turn` values the board with the seat to move; the mean,
        plus the candidate's tie-break and Minus cost, ranks them ahead of the rest."""
        top = scored[: self.look_width]
        if len(top) < 2:
            return scored
        faces = unseen_faces(view)
        size = view["hand_sizes"][1 - view["seat"]]
        if size <= 0 or len(faces) < size:
            return scored
        rng = random.Random(self.rng.getrandbits(64))
        deals = []
        for _ in range(self.look):
            pick = [FACES[f] for f in rng.sample(faces, min(len(faces), size + 2))]
            deals.append((pick[:size], pick[size : size + 1], pick[size + 1 : size + 2]))
        me, opp = board.me, 1 - board.me
        ranker, win = self._ranker, self.look_win
        scan0 = plan.scan(board.chips)
        rescored = []
        for neg, i, a, base in top:
            chips = list(board.chips)
            spc = _space(a)
            chips[spc] = None if a["type"] == "remove" else me
            scan = plan.rescan(scan0, chips, (spc,))
            hand = list(view["hand"])
            hand.remove(a["card"])
            other = Board(
                {
                    "chips": [chips[r * SIZE : (r + 1) * SIZE] for r in range(SIZE)],
                    "colour": opp,
                    "teams": 2,
                    "needed": view["needed"],
                    "sequences": view["sequences"],
                }
            )
            total = 0.0
            for theirs, mine, drawn in deals:
                plays = _plays(theirs, chips, frozenset, opp)
                after, scan_r = chips, scan
                if plays:
                    score, k = max((ranker.score(other, b), -k) for k, b in enumerate(plays))
                    if score > WIN_VALUE / 2:
                        total -= win
                        continue
                    b = plays[-k]
                    after = list(chips)
                    spb = _space(b)
                    after[spb] = None if b["type"] == "remove" else opp
                    scan_r = plan.rescan(scan, after, (spb,))
                    theirs = list(theirs)
                    theirs.remove(b["card"])
                total += self.my_turn(plan, after, scan_r, hand + mine, theirs + drawn)
            rescored.append((-(total / len(deals) + (-neg - base)), i, a, base))
        rescored.sort(key=lambda t: (t[0], t[1]))
        return rescored + scored[len(top) :]

    def my_turn(
        self, plan: HandPlan, chips: list, scan: list, hand: list[str], theirs: list[str]
    ) -> float:
        """The value of ``chips`` (``scan``: :meth:`HandPlan.scan` of it) with the seat
        to move holding ``hand``, the opponent ``theirs``: ``look_win`` when a card in
        hand completes a window; ``-look_win`` when the opponent holds cards for two
        spaces that each complete one of its windows (or for one the seat cannot block:
        no card for it, no Plus, no Minus for a chip of that window); after a forced
        block the plan's value of the board it leaves; else the plan's value of
        ``chips``."""
        me, opp = plan.me, plan.opp
        mine = {ANSWER[c] for c in hand}
        plus = PLUS in hand
        foes = {ANSWER[c] for c in theirs}
        foe_plus = PLUS in theirs
        threats: dict[int, list[int]] = {}
        for w, st in enumerate(scan):
            if st is None or len(st[1]) != 1:
                continue
            gap, owner = st[1][0], st[3]
            if owner != opp and (plus or NUMBER[gap] in mine):
                return self.look_win
            if owner == opp and (foe_plus or NUMBER[gap] in foes):
                threats.setdefault(gap, []).append(w)
        if not threats:
            return plan.scanned(scan, hand)
        spot = None
        if MINUS in hand:
            shared = set.intersection(*(set(LOCKS[w]) for ws in threats.values() for w in ws))
            spot = next((sp for sp in shared if chips[sp] == opp), None)
        after = list(chips)
        if len(threats) == 1 and (plus or NUMBER[next(iter(threats))] in mine):
            gap = next(iter(threats))
            card = next((c for c in hand if ANSWER[c] == NUMBER[gap]), PLUS)
            after[gap] = me
        elif spot is not None:
            gap, card = spot, MINUS
            after[gap] = None
        else:
            return -self.look_win
        rest = list(hand)
        rest.remove(card)
        return plan.scanned(plan.rescan(scan, after, (gap,)), rest)

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        """A dead card first; a winning chip at once; at two players the plan's first
        choice; else the search (class docstring)."""
        action = self._choose(view, legal)
        self.remember(view, action)
        return action

    def _choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        legal = floor(view, _legal(view, legal))
        self.last = self.playouts = None
        self.adapter.observe(view)
        dead = [a for a in legal if a["type"] == "dead"]
        if dead:
            return dead[0]
        if len(legal) == 1:
            return legal[0]
        if all(a["type"] == "discard" for a in legal):
            return self._ranker.discard(view, legal)
        cands, top = self.candidates(view, legal)
        if len(cands) == 1 or top > WIN_VALUE / 2 or self.plans(view):
            return cands[0]
        adapter = self.adapter
        two = view["teams"] == 2
        adapter.evaluation = Learned(LEARNED_2P, self.escale) if two else Evaluation()
        adapter.record = []
        rng = random.Random(self.rng.getrandbits(64))
        try:
            found = self.last = Search(adapter, self.settings()).run(view, cands, rng)
        finally:
            record = self.playouts = adapter.record
            adapter.record = None
        if found.index == 0:
            return cands[0]
        me = view["seat"]
        first = GAME.encode_action(cands[0])
        best = GAME.encode_action(found.action)
        mine = {(k, code): r[me] for k, code, r in record if code in (first, best)}
        d = [
            mine[k, best] - mine[k, first]
            for k, code in mine
            if code == best and (k, first) in mine
        ]
        if len(d) < 2:
            return cands[0]
        m = sum(d) / len(d)
        var = sum((x - m) ** 2 for x in d) / (len(d) - 1)
        return found.action if m > self.z * math.sqrt(var / len(d)) else cands[0]


make_bot = factory({"easy": EasyBot, "normal": NormalBot, "hard": HardBot})
