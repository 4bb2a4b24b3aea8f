"""Sequence Numbers bots: ``easy`` (random legal), ``normal`` (line heuristic: extend
own lines, block an opponent's four, keep Plus and Minus for when they matter),
``hard`` (the same one-ply search with card counting: lines whose open spaces can no
longer be filled count for less; the chance that an opponent finishes an open four
next turn is weighed; Plus is held back harder).

Bots read only their seat's view (``engine.sequence_numbers.view``) and the legal
actions; ``choose(view)`` without a legal list computes it from the view
(``GAME.legal_from_view``)."""

from __future__ import annotations

from engine.bots import Bot, RandomBot, factory
from engine.sequence_numbers.rules import GAME
from engine.sequence_numbers.state import (
    ANSWER,
    CORNERS,
    NUMBER,
    PLUS,
    SIZE,
    SPACES_OF,
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
_WINDOW_SETS = tuple(frozenset(w) for w in WINDOWS)
_WINDOW_INDEX = {w: i for i, w in enumerate(WINDOWS)}


class Board:
    """The board as a bot sees it (from a view): flat ``chips`` (colour or None per
    space), ``done`` (completed windows per colour), ``me`` (own colour), ``teams``
    and ``needed``."""

    def __init__(self, view: dict) -> None:
        self.chips = [c for row in view["chips"] for c in row]
        self.me = view["colour"]
        self.teams = view["teams"]
        self.needed = view["needed"]
        self.done = [
            tuple(_WINDOW_INDEX[tuple(r * SIZE + c for r, c in seq)] for seq in seqs)
            for seqs in view["sequences"]
        ]

    def usable(self, colour: int, w: int) -> bool:
        """Whether window ``w`` could still become a new sequence of ``colour``: no chip
        of another colour, at most one space shared with each of its sequences."""
        win = _WINDOW_SETS[w]
        for sp in win:
            c = self.chips[sp]
            if c is not None and c != colour:
                return False
        return all(len(win & _WINDOW_SETS[d]) <= 1 for d in self.done[colour])

    def count(self, colour: int, w: int) -> int:
        """Spaces of window ``w`` that count for ``colour`` (its chips and corners)."""
        return sum(1 for sp in WINDOWS[w] if sp in CORNERS or self.chips[sp] == colour)

    def completes(self, colour: int, space: int) -> int:
        """Sequences a chip of ``colour`` on the empty ``space`` completes (the engine's
        own rule, :func:`engine.sequence_numbers.state.new_sequences`)."""
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

    def weight(self, board: Board, colour: int, w: int, skip: int) -> float:
        """How much window ``w`` is worth to ``colour`` beyond its chip count (1 here)."""
        return 1.0

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
        for w in WINDOWS_AT[sp]:
            if board.usable(me, w):
                c = board.count(me, w)
                if c < 4:
                    value += (L[c + 1] - L[c]) * self.weight(board, me, w, sp)
            for k in board.opponents():
                if board.usable(k, w):
                    value += (
                        self.block_weight
                        * L[min(board.count(k, w), 4)]
                        * self.weight(board, k, w, sp)
                    )
        if a["card"] == PLUS:
            value -= self.plus_cost
        return value

    def remove_value(self, board: Board, sp: int) -> float:
        """What taking the chip off ``sp`` is worth: the owner's lines through it."""
        owner, L = board.chips[sp], self.values
        v = 0.0
        for w in WINDOWS_AT[sp]:
            if board.usable(owner, w):
                c = board.count(owner, w)
                v += (L[min(c, 4)] - L[c - 1]) * self.weight(board, owner, w, sp)
        return v


class HardBot(NormalBot):
    """The normal search with card counting and a threat term. Each answer has two
    equation cards; those in sight (own hand, every discard pile since the last
    reshuffle) are known. An open space whose answer has no card left out of sight can
    only be filled with Plus, so a line that needs it is worth a fifth as much, for
    either side, unless the bot holds the card itself. When an opponent has an open
    four, each action also earns ``stake`` times the drop in the chance that the
    opponents hold a card finishing one (live equation cards for its spaces, and Plus),
    so a lone four is broken with Minus when it cannot be covered. Plus is held back
    harder (cost 45): in hand it finishes any four."""

    level = "hard"
    plus_cost = 45.0
    minus_cost = 30.0
    stuck_factor = 0.2
    stake = 150.0

    def prepare(self, view: dict) -> None:
        seen = [c for d in view["discards"] for c in d] + list(view["hand"])
        live = {n: 2 for n in SPACES_OF}
        for c in seen:
            if ANSWER[c] is not None:
                live[ANSWER[c]] -= 1
        self._live = live
        self._mine = {ANSWER[c] for c in view["hand"] if ANSWER[c] is not None}
        self._plus = 2 - seen.count(PLUS)
        me = view["colour"]
        held = sum(h for s, h in enumerate(view["hand_sizes"]) if view["colours"][s] != me)
        unseen = view["deck_size"] + sum(
            h for s, h in enumerate(view["hand_sizes"]) if s != view["seat"]
        )
        self._miss = 1.0 - min(1.0, held / max(1, unseen))
        self._threat = self.threat(Board(view))

    def weight(self, board: Board, colour: int, w: int, skip: int) -> float:
        f = 1.0
        for sp in WINDOWS[w]:
            if sp != skip and board.chips[sp] is None and sp not in CORNERS:
                n = NUMBER[sp]
                if not self._live[n] and not (colour == board.me and n in self._mine):
                    f *= self.stuck_factor
        return f

    def threat(self, board: Board) -> float:
        """Chance that the opponents hold a card finishing one of their open fours."""
        numbers = set()
        for k in board.opponents():
            for w in range(len(WINDOWS)):
                if board.usable(k, w) and board.count(k, w) == 4:
                    numbers.update(
                        NUMBER[sp]
                        for sp in WINDOWS[w]
                        if board.chips[sp] is None and sp not in CORNERS
                    )
        if not numbers:
            return 0.0
        return 1.0 - self._miss ** (sum(self._live[n] for n in numbers) + self._plus)

    def score(self, board: Board, a: dict) -> float:
        value = super().score(board, a)
        if value > WIN_VALUE / 2 or not self._threat:
            return value
        sp = _space(a)
        old = board.chips[sp]
        board.chips[sp] = None if a["type"] == "remove" else board.me
        after = self.threat(board)
        board.chips[sp] = old
        return value + self.stake * (self._threat - after)


class EasyBot(RandomBot):
    """``easy``: a uniform choice among the legal actions (computed from the view when
    ``choose`` gets none)."""

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        return super().choose(view, _legal(view, legal))


make_bot = factory({"easy": EasyBot, "normal": NormalBot, "hard": HardBot})
