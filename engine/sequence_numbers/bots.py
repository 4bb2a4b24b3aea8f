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
from engine.sequence_numbers.fast import OVERLAP
from engine.sequence_numbers.fast import FACES
from engine.sequence_numbers.search import (
    LEARNED_2P,
    Evaluation,
    Learned,
    SequenceAdapter,
    unseen_faces,
)
from engine.sequence_numbers.rules import GAME
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
_WINDOW_INDEX = {w: i for i, w in enumerate(WINDOWS)}
_CORNER_IN = tuple(sum(1 for sp in w if sp in CORNERS) for w in WINDOWS)
_OVERLAP = OVERLAP


class Board:
    """The board as a bot sees it (from a view): flat ``chips`` (colour or None per
    space), ``done`` (completed windows per colour), ``me`` (own colour), ``teams``
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
            tuple(_WINDOW_INDEX[tuple(r * SIZE + c for r, c in seq)] for seq in seqs)
            for seqs in view["sequences"]
        ]
        chips, teams = self.chips, self.teams
        counts = [[0] * len(WINDOWS) for _ in range(teams)]
        opened = [[False] * len(WINDOWS) for _ in range(teams)]
        for w, win in enumerate(WINDOWS):
            held = [c for c in (chips[sp] for sp in win) if c is not None]
            corner = _CORNER_IN[w]
            for k in range(teams):
                n = held.count(k)
                counts[k][w] = n + corner
                opened[k][w] = len(held) == n and all(_OVERLAP[w][d] <= 1 for d in self.done[k])
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
        legal = _legal(view, legal)
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


class EasyBot(RandomBot):
    """``easy``: a uniform choice among the legal actions (computed from the view when
    ``choose`` gets none)."""

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        return super().choose(view, _legal(view, legal))


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

    :meth:`value` is its own sum minus ``lam`` times the opponent's."""

    def __init__(self, view: dict, gamma: float, rho: float, lam: float) -> None:
        self.gamma, self.rho, self.lam = gamma, rho, lam
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
        #: Per answer 1..48: ``q + (1 - q) * rho`` for a space showing it.
        self.reach = {
            n: q + (1 - q) * rho
            for n in range(1, 49)
            for q in (hold_chance(pool, answers.get(n, 0) + plus, size),)
        }

    def value(self, chips: list, hand: list[str]) -> float:
        """The value of the board ``chips`` (flat, colour or None per space) with
        ``hand`` (the cards left after the move) — see the class docstring."""
        me, opp = self.me, self.opp
        answers = {ANSWER[c] for c in hand}
        plus = hand.count(PLUS)
        gamma, rho, reach = self.gamma, self.rho, self.reach
        done_me, done_opp = self.board.done[me], self.board.done[opp]
        mine = theirs = 0.0
        for w, win in enumerate(WINDOWS):
            owner = None
            empty = []
            for sp in win:
                c = chips[sp]
                if c is None:
                    if sp not in CORNERS:
                        empty.append(sp)
                elif owner is None:
                    owner = c
                elif c != owner:
                    break
            else:
                if not empty:
                    continue
                need = len(empty)
                if owner != opp and all(_OVERLAP[w][d] <= 1 for d in done_me):
                    covered = sum(1 for sp in empty if NUMBER[sp] in answers)
                    mine += gamma**need * rho ** max(0, need - covered - plus)
                if owner != me and all(_OVERLAP[w][d] <= 1 for d in done_opp):
                    v = gamma**need
                    for sp in empty:
                        v *= reach[NUMBER[sp]]
                    theirs += v
        return mine - self.lam * theirs


class HardBot(SearchBot):
    """At two players (with ``plan``, the default): a sequence at once, else the move
    whose board and remaining hand :class:`HandPlan` (``gamma``, ``rho``, ``lam``)
    values most, normal's score times :data:`PLAN_TIE` breaking ties and a Minus
    played costing ``keep_minus`` (its worth in hand, which the plan does not count);
    no search.
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
        **kw,
    ) -> None:
        super().__init__(
            SequenceAdapter(), seed, samples=samples, seconds=seconds, mode=mode, depth=depth, **kw
        )
        self.width, self.z, self.escale = width, z, escale
        self.plan, self.gamma, self.rho, self.lam = plan, gamma, rho, lam
        self.keep_minus = keep_minus
        self._ranker = NormalBot()
        self._ranker.rng = self.rng
        self.playouts: list | None = None

    def plans(self, view: dict) -> bool:
        """Whether this decision is ranked by :class:`HandPlan` and played without a
        search: ``plan`` is set and the table has two players."""
        return bool(self.plan) and view["players"] == 2

    def planner(self, view: dict) -> HandPlan | None:
        """The :class:`HandPlan` of this decision, or None (see :meth:`plans`)."""
        return HandPlan(view, self.gamma, self.rho, self.lam) if self.plans(view) else None

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
            if plan is not None and s < WIN_VALUE / 2:
                chips = list(board.chips)
                chips[_space(a)] = None if a["type"] == "remove" else board.me
                hand = list(view["hand"])
                hand.remove(a["card"])
                s = plan.value(chips, hand) + s * PLAN_TIE
                if a["card"] == MINUS:
                    s -= self.keep_minus
            scored.append((-s, i, a))
        scored.sort(key=lambda t: (t[0], t[1]))
        return [a for _, _, a in scored[: self.width]], -scored[0][0]

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        """A dead card first; a winning chip at once; at two players the plan's first
        choice; else the search (class docstring)."""
        legal = _legal(view, legal)
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
