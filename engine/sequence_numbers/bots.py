"""Sequence Numbers bots: ``easy`` (random legal), ``normal`` (line heuristic: extend
own lines, block an opponent's four, keep Plus and Minus for when they matter),
``hard`` (one-ply search over every legal action with a line-strength evaluation that
counts the cards still live for each space).

Bots read only their seat's view (``engine.sequence_numbers.view``) and the legal
actions."""

from __future__ import annotations

from engine.bots import Bot, RandomBot, factory
from engine.sequence_numbers.state import (
    ANSWER, CORNERS, DECK, MINUS, NUMBER, PLUS, SIZE, WINDOWS, WINDOWS_AT,
)

#: Value of a window holding 0..4 chips (corners included) of a colour and no other.
LINE_VALUE = (0.0, 1.0, 4.0, 12.0, 40.0)
SEQUENCE_VALUE = 1000.0
WIN_VALUE = 1e6
_WINDOW_SETS = tuple(frozenset(w) for w in WINDOWS)
#: How many cards of the deck place a chip on a space of answer n (Plus aside): 2.
CARDS_PER_ANSWER = 2


class Board:
    """The board as a bot sees it: flat chips, locked spaces, completed windows per
    colour, the bot's colour and the number of colours."""

    def __init__(self, view: dict) -> None:
        self.chips = [c for row in view["chips"] for c in row]
        self.locked = {r * SIZE + c for r in range(SIZE) for c in range(SIZE)
                       if view["locked"][r][c]}
        self.me = view["colour"]
        self.teams = view["teams"]
        self.needed = view["needed"]
        self.done = [[frozenset(r * SIZE + c for r, c in seq) for seq in seqs]
                     for seqs in view["sequences"]]

    def usable(self, colour: int, w: int) -> bool:
        """Whether window ``w`` could still become a new sequence of ``colour``:
        no chip of another colour, at most one space shared with each of its sequences."""
        win = _WINDOW_SETS[w]
        for sp in win:
            c = self.chips[sp]
            if c is not None and c != colour:
                return False
        return all(len(win & d) <= 1 for d in self.done[colour])

    def count(self, colour: int, w: int) -> int:
        return sum(1 for sp in WINDOWS[w] if sp in CORNERS or self.chips[sp] == colour)

    def completes(self, colour: int, space: int) -> int:
        """New sequences a chip of ``colour`` on the empty ``space`` would make (an
        upper bound when two of them overlap in the same direction)."""
        n = 0
        for w in WINDOWS_AT[space]:
            if self.usable(colour, w) and self.count(colour, w) == 4:
                n += 1
        return n

    def place_gain(self, colour: int, space: int, values=LINE_VALUE) -> float:
        """Line value ``colour`` gains from a chip on the empty ``space``."""
        g = 0.0
        for w in WINDOWS_AT[space]:
            if self.usable(colour, w):
                c = self.count(colour, w)
                if c < 4:
                    g += values[c + 1] - values[c]
        return g

    def block_gain(self, colour: int, space: int, values=LINE_VALUE) -> float:
        """Line value ``colour`` loses when another colour covers the empty ``space``."""
        g = 0.0
        for w in WINDOWS_AT[space]:
            if self.usable(colour, w):
                g += values[min(self.count(colour, w), 4)]
        return g

    def fours(self, colour: int) -> dict[int, int]:
        """Empty spaces that would complete a sequence of ``colour`` → how many."""
        out: dict[int, int] = {}
        for w in range(len(WINDOWS)):
            if self.usable(colour, w) and self.count(colour, w) == 4:
                for sp in WINDOWS[w]:
                    if self.chips[sp] is None and sp not in CORNERS:
                        out[sp] = out.get(sp, 0) + 1
        return out

    def opponents(self) -> list[int]:
        return [k for k in range(self.teams) if k != self.me]


def _space(action: dict) -> int:
    return action["row"] * SIZE + action["col"]


class NormalBot(Bot):
    """Line heuristic: trade in a dead card; then the chip that best extends its own
    lines and cuts the opponents' (completing a sequence first, then blocking an
    opponent's four). Plus and Minus carry a reserve cost so they are spent only when
    they matter (a sequence, a four blocked or broken)."""

    level = "normal"
    plus_cost = 30.0
    minus_cost = 30.0
    block_weight = 0.9
    values = LINE_VALUE
    block_values = LINE_VALUE

    def choose(self, view: dict, legal: list[dict]) -> dict:
        if not legal:
            raise ValueError("no legal action to choose from")
        dead = [a for a in legal if a["type"] == "dead"]
        if dead:
            return dead[0]
        if legal[0]["type"] == "discard" or all(a["type"] == "discard" for a in legal):
            return self.discard(view, [a for a in legal if a["type"] == "discard"])
        board = Board(view)
        best, best_score = None, None
        for a in legal:
            s = self.score(board, view, a) + self.rng.random() * 1e-3
            if best_score is None or s > best_score:
                best, best_score = a, s
        return best

    def discard(self, view: dict, legal: list[dict]) -> dict:
        """Nothing can be played: give up a dead card, else an equation, never Plus or
        Minus while another card is there."""
        dead = set(view["dead"])
        rank = sorted(legal, key=lambda a: (a["card"] not in dead,
                                            a["card"] in (PLUS, MINUS), self.rng.random()))
        return rank[0]

    def score(self, board: Board, view: dict, a: dict) -> float:
        sp = _space(a)
        me = board.me
        if a["type"] == "remove":
            return self.remove_value(board, sp) - self.minus_cost
        made = board.completes(me, sp)
        value = 0.0
        if made:
            have = len(board.done[me])
            value += WIN_VALUE if have + made >= board.needed else SEQUENCE_VALUE * made
        value += board.place_gain(me, sp, self.values)
        value += self.block_weight * sum(board.block_gain(k, sp, self.block_values)
                                         for k in board.opponents())
        if a["card"] == PLUS:
            value -= self.plus_cost
        return value

    def remove_value(self, board: Board, sp: int) -> float:
        """What taking the chip off ``sp`` is worth: the opponent's lines through it."""
        owner = board.chips[sp]
        v = 0.0
        for w in WINDOWS_AT[sp]:
            if board.usable(owner, w):
                c = board.count(owner, w)
                v += self.values[min(c, 4)] - self.values[c - 1]
        return v


class HardBot(NormalBot):
    """One-ply search with threat probabilities. Every legal action is scored by the
    normal line heuristic plus, in the position it leaves: the chance that an opponent
    completes a sequence on their next turn (their open fours, weighed by how many
    cards that fill them are still out of sight: own hand and discard piles are known),
    and the chance that the bot's own open fours that its hand can finish survive the
    opponents' blocks (the other copy of the answer, Plus, Minus)."""

    level = "hard"
    plus_cost = 24.0
    minus_cost = 24.0
    block_weight = 0.9
    win_value = 600.0
    loss_value = 600.0

    def choose(self, view: dict, legal: list[dict]) -> dict:
        seen = [c for d in view["discards"] for c in d] + list(view["hand"])
        counts: dict[str, int] = {}
        for c in _DECK_FACES:
            counts[c] = counts.get(c, 0) + 1
        for c in seen:
            counts[c] -= 1
        self._unseen = counts
        self._hand = list(view["hand"])
        me = view["colour"]
        opp = [s for s, c in enumerate(view["colours"]) if c != me]
        self._opp_cards = sum(view["hand_sizes"][s] for s in opp)
        hidden = view["deck_size"] + sum(h for s, h in enumerate(view["hand_sizes"])
                                         if s != view["seat"])
        self._miss = 1.0 - min(1.0, self._opp_cards / max(1, hidden))
        return super().choose(view, legal)

    def unseen_for(self, space: int) -> int:
        """Unseen cards that place a chip on ``space``: its two equations and Plus."""
        n = NUMBER[space]
        return sum(self._unseen[c] for c in _CARDS_OF[n]) + self._unseen[PLUS]

    def p_held(self, cards: int) -> float:
        """Chance the opponents hold at least one of ``cards`` unseen cards."""
        return 1.0 - self._miss ** cards

    def score(self, board: Board, view: dict, a: dict) -> float:
        value = super().score(board, view, a)
        if value >= WIN_VALUE / 2:
            return value
        sp = _space(a)
        old = board.chips[sp]
        board.chips[sp] = None if a["type"] == "remove" else board.me
        value += self.threats(board, a)
        board.chips[sp] = old
        return value

    def threats(self, board: Board, a: dict) -> float:
        """Expected gain from open fours after ``a``: own fours the remaining hand can
        finish (if they survive) minus opponents' fours they may finish."""
        hand = list(self._hand)
        hand.remove(a["card"])
        answers = {ANSWER[c] for c in hand}
        plus = PLUS in hand
        v = 0.0
        # Opponents move first: their open fours.
        for k in board.opponents():
            fours = board.fours(k)
            if not fours:
                continue
            stake = self.loss_value if len(board.done[k]) + 1 >= board.needed else 150.0
            numbers = {NUMBER[s] for s in fours}
            cards = sum(self._unseen[c] for n in numbers for c in _CARDS_OF[n])
            cards += self._unseen[PLUS]
            v -= stake * self.p_held(cards)
        mine = [s for s in board.fours(board.me) if plus or NUMBER[s] in answers]
        if mine:
            stake = (self.win_value if len(board.done[board.me]) + 1 >= board.needed
                     else 150.0)
            if len({NUMBER[s] for s in mine}) >= 2:
                p_block = self.p_held(self._unseen[MINUS]) * 0.5
            else:
                blockers = sum(self._unseen[c] for c in _CARDS_OF[NUMBER[mine[0]]])
                p_block = self.p_held(blockers + self._unseen[PLUS] + self._unseen[MINUS])
            v += stake * (1.0 - p_block)
        return v


_DECK_FACES = tuple(DECK)
_CARDS_OF: dict[int, tuple[str, ...]] = {}
for _c in sorted(set(DECK)):
    if ANSWER[_c] is not None:
        _CARDS_OF[ANSWER[_c]] = _CARDS_OF.get(ANSWER[_c], ()) + (_c,)


make_bot = factory({"easy": RandomBot, "normal": NormalBot, "hard": HardBot})
