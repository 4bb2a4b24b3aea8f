"""Sequence Numbers' adapter for the shared determinized search (:mod:`engine.search`,
issue 17): the ``hard`` bot's determinizer, fast greedy rollouts and cut-off
evaluation.

* Determinizations (sequence-numbers.md "What each player may know"): the seat sees
  its hand, the board and every discard pile; the cards it has not seen (the 100 of
  the deck minus its hand and the discards) are shuffled into the other hands (their
  sizes kept) and the deck; the engine generator is replaced (the next reshuffle is
  unknown too).
* :class:`SearchSim`: the fast path (:class:`~engine.sequence_numbers.fast.SequenceSimulation`)
  that also counts, per window, the chips of each colour, so the rollout policy and
  the evaluation read a window in O(1); it notes the root move and the sample of each
  playout (``first``, ``sample``) so a bot can pair candidates sample by sample.
* :class:`Greedy`: normal's one-ply line values on a :class:`SearchSim` (the rollout
  policy of every seat).
* :class:`Learned` (two colours) and :class:`Evaluation` (any): the value of a
  position cut off before the end; 1 / -1 at a win / loss, 0 at a draw.
"""

from __future__ import annotations

import math
import random
from typing import Hashable, Sequence

from engine.core import Action
from engine.search import Adapter
from engine.sequence_numbers.fast import (
    CHIP,
    FACE,
    OVERLAP,
    FACES,
    MINUS_I,
    PLUS_I,
    REMOVE,
    TARGETS,
    SequenceSimulation,
)
from engine.sequence_numbers.rules import GAME
from engine.sequence_numbers.state import (
    ANSWER,
    CORNERS,
    DECK,
    NUMBER,
    SIZE,
    SPACES,
    WINDOWS,
    WINDOWS_AT,
    windows_in,
)

NW = len(WINDOWS)
#: Corners in each window (0 or 1).
CORN = tuple(sum(1 for sp in w if sp in CORNERS) for w in WINDOWS)
OPEN_SPACES = tuple(sp for sp in range(SPACES) if sp not in CORNERS)
#: The answer of each face index (0 for Plus and Minus).
FACE_ANSWER = tuple(ANSWER[f] or 0 for f in FACES)
#: Every equation face index per answer.
FACES_OF: dict[int, tuple[int, ...]] = {}
for _i, _f in enumerate(FACES):
    if ANSWER[_f] is not None:
        FACES_OF[ANSWER[_f]] = FACES_OF.get(ANSWER[_f], ()) + (_i,)
DECK_FACES = tuple(sorted(FACE[f] for f in DECK))

#: Value of a window holding 0..5 spaces of a colour and none of another.
LINE = (0.0, 1.0, 4.0, 12.0, 40.0, 0.0)
#: Gain of one more chip in a window holding 0..4 (the fifth completes it).
STEP = (1.0, 3.0, 8.0, 28.0, 1000.0)


class SearchSim(SequenceSimulation):
    """A :class:`SequenceSimulation` that also keeps, per window, the chips of each
    colour (``own[k][w]``) and of all colours (``tot[w]``): a window is open for
    colour ``k`` when ``own[k][w] == tot[w]`` and holds ``own[k][w] + CORN[w]``
    spaces of ``k``."""

    __slots__ = ("own", "tot", "first", "sample")

    def count_windows(self) -> None:
        """Recompute ``own`` and ``tot`` from ``chips``."""
        teams = len(self.sequences)
        own = [[0] * NW for _ in range(teams)]
        tot = [0] * NW
        chips = self.chips
        for w, win in enumerate(WINDOWS):
            for sp in win:
                c = chips[sp]
                if c is not None:
                    own[c][w] += 1
                    tot[w] += 1
        self.own, self.tot = own, tot

    @classmethod
    def from_state(cls, state) -> "SearchSim":
        sim = super().from_state(state)
        sim.count_windows()
        sim.first, sim.sample = None, -1
        return sim

    def copy(self) -> "SearchSim":
        sim = super().copy()
        sim.own = [o[:] for o in self.own]
        sim.tot = self.tot[:]
        sim.first, sim.sample = self.first, self.sample
        return sim

    def play(self, seat: int, code: int) -> None:
        if self.first is None:
            self.first = code
        kind = code // 9800
        if kind == CHIP:
            sp = code % 100
            own, tot = self.own[self.colours[seat]], self.tot
            for w in WINDOWS_AT[sp]:
                own[w] += 1
                tot[w] += 1
        elif kind == REMOVE:
            sp = code % 100
            own, tot = self.own[self.chips[sp]], self.tot
            for w in WINDOWS_AT[sp]:
                own[w] -= 1
                tot[w] -= 1
        SequenceSimulation.play(self, seat, code)


# --------------------------------------------------------------------------- greedy
def _gain(sp: int, own_me: list, tot: list, opps: list, block: float) -> float:
    """Normal's one-ply value of a chip on the empty ``sp``: each window through it
    open for the mover gains a step, each open for an opponent is cut (``block``
    times its line value)."""
    v = 0.0
    for w in WINDOWS_AT[sp]:
        t = tot[w]
        if own_me[w] == t:
            v += STEP[t + CORN[w]]
        for o in opps:
            if o[w] == t:
                v += block * LINE[t + CORN[w]]
    return v


def _loss(sp: int, own_k: list, tot: list) -> float:
    """What removing the chip of colour ``k`` on ``sp`` costs ``k``."""
    v = 0.0
    for w in WINDOWS_AT[sp]:
        t = tot[w]
        if own_k[w] == t:
            c = t + CORN[w]
            v += LINE[min(c, 4)] - LINE[c - 1]
    return v


def hot_windows(sim: SearchSim, least: int = 3) -> list[tuple[int, int]]:
    """``(window, colour)`` of every window holding ``least`` or more spaces of one
    colour and no chip of another (where a Plus, a block or a Minus matters)."""
    out = []
    owns = sim.own
    for w, t, c in zip(range(NW), sim.tot, CORN, strict=True):
        if t + c >= least:
            for k, own in enumerate(owns):
                if own[w] == t:
                    out.append((w, k))
                    break
    return out


def hot_spaces(sim: SearchSim, least: int = 3) -> set[int]:
    """Empty spaces of the :func:`hot_windows`."""
    chips = sim.chips
    return {
        sp
        for w, _ in hot_windows(sim, least)
        for sp in WINDOWS[w]
        if chips[sp] is None and sp not in CORNERS
    }


class Greedy:
    """A fast one-ply policy on a :class:`SearchSim` (normal's values): trade a dead
    card, else the best chip by :func:`_gain` (+ ``jitter`` noise); Plus only on hot
    spaces at ``plus_cost``; Minus only on chips of hot windows at ``minus_cost``."""

    def __init__(
        self,
        block: float = 0.9,
        plus_cost: float = 30.0,
        minus_cost: float = 30.0,
        jitter: float = 1e-3,
    ) -> None:
        self.block, self.plus_cost, self.minus_cost, self.jitter = (
            block,
            plus_cost,
            minus_cost,
            jitter,
        )
        # Per window, indexed by the chips in it: the step for the holder, the block.
        self._step = tuple(tuple(STEP[min(t + CORN[w], 4)] for t in range(6)) for w in range(NW))
        self._cut = tuple(
            tuple(block * LINE[min(t + CORN[w], 4)] for t in range(6)) for w in range(NW)
        )
        self._empty = tuple(self._step[w][0] + self._cut[w][0] for w in range(NW))

    def gain2(self, sp: int, mine: list, theirs: list, tot: list) -> float:
        """:func:`_gain` for two colours (``mine``/``theirs``: ``own`` lists)."""
        v = 0.0
        step, cut, empty = self._step, self._cut, self._empty
        for w in WINDOWS_AT[sp]:
            t = tot[w]
            if not t:
                v += empty[w]
            elif mine[w] == t:
                v += step[w][t]
            elif theirs[w] == t:
                v += cut[w][t]
        return v

    def __call__(self, sim: SearchSim, seat: int, rng: random.Random) -> int:
        hand = sim.hands[seat]
        chips = sim.chips
        if not sim.dead_used:
            for f in hand:
                t = TARGETS[f]
                if t and chips[t[0]] is not None and chips[t[1]] is not None:
                    return f * 100
        me = sim.colours[seat]
        own_me, tot = sim.own[me], sim.tot
        opps = [o for k, o in enumerate(sim.own) if k != me]
        two = len(opps) == 1
        theirs = opps[0]
        block, jitter, rand = self.block, self.jitter, rng.random
        gain2 = self.gain2
        best, bv = -1, -math.inf
        plus = minus = False
        last = -1
        for f in hand:
            if f == last:
                continue
            last = f
            if f == PLUS_I:
                plus = True
                continue
            if f == MINUS_I:
                minus = True
                continue
            for sp in TARGETS[f]:
                if chips[sp] is None:
                    if two:
                        v = gain2(sp, own_me, theirs, tot)
                    else:
                        v = _gain(sp, own_me, tot, opps, block)
                    v += jitter * rand()
                    if v > bv:
                        best, bv = CHIP * 9800 + f * 100 + sp, v
        if plus or minus:
            hot = hot_windows(sim)
            if plus:
                base = CHIP * 9800 + PLUS_I * 100
                spaces = {sp for w, _ in hot for sp in WINDOWS[w] if chips[sp] is None}
                spaces -= CORNERS
                for sp in spaces:
                    v = _gain(sp, own_me, tot, opps, block) - self.plus_cost + jitter * rand()
                    if v > bv:
                        best, bv = base + sp, v
            if minus:
                base = REMOVE * 9800 + MINUS_I * 100
                locked = sim.locked
                seen: set[int] = set()
                for w, k in hot:
                    if k == me:
                        continue
                    o = sim.own[k]
                    for sp in WINDOWS[w]:
                        if chips[sp] == k and sp not in locked and sp not in seen:
                            seen.add(sp)
                            v = _loss(sp, o, tot) - self.minus_cost + jitter * rand()
                            if v > bv:
                                best, bv = base + sp, v
        if best >= 0:
            return best
        legal = sim.legal(seat)
        return legal[rng.randrange(len(legal))]


# --------------------------------------------------------------------------- evaluation
def line_values(sim: SearchSim) -> list[float]:
    """Per colour: the sum of :data:`LINE` over the windows open for it."""
    tot = sim.tot
    out = []
    for own in sim.own:
        v = 0.0
        for w in range(NW):
            t = tot[w]
            if own[w] == t:
                v += LINE[t + CORN[w]]
        out.append(v)
    return out


def can_finish(sim: SearchSim, seat: int) -> bool:
    """Whether ``seat`` holds a card that completes a window open for its colour."""
    me = sim.colours[seat]
    own, tot, chips = sim.own[me], sim.tot, sim.chips
    hand = sim.hands[seat]
    plus = PLUS_I in hand
    answers = {FACE_ANSWER[f] for f in hand}
    for w in range(NW):
        t = tot[w]
        if own[w] == t and t + CORN[w] == 4:
            if plus:
                return True
            for sp in WINDOWS[w]:
                if chips[sp] is None and sp not in CORNERS and NUMBER[sp] in answers:
                    return True
    return False


class Evaluation:
    """Cut-off value per seat: ``tanh((own lines - best other's lines) / scale)``;
    the seat to move that can finish a sequence counts as ``finish``."""

    def __init__(self, scale: float = 60.0, finish: float = 0.9) -> None:
        self.scale, self.finish = scale, finish

    def __call__(self, sim: SearchSim) -> list[float]:
        colours = sim.colours
        if sim.over:
            if sim.winner is None:
                return [0.0] * sim.players
            return [1.0 if c == sim.winner else -1.0 for c in colours]
        mover = sim.turn
        if len(sim.sequences[colours[mover]]) + 1 >= sim.needed and can_finish(sim, mover):
            win = colours[mover]
            return [self.finish if c == win else -self.finish for c in colours]
        h = line_values(sim)
        per = []
        for k in range(len(h)):
            other = max(h[j] for j in range(len(h)) if j != k)
            per.append(math.tanh((h[k] - other) / self.scale))
        return [per[c] for c in colours]


# --------------------------------------------------------------------------- determinizer
def unseen_faces(view: dict) -> list[int]:
    """Face indexes of the cards the view's seat cannot see (the deck and the other
    hands): the 100 cards minus its hand and every discard pile, in face order."""
    left = list(DECK_FACES)
    counts: dict[int, int] = {}
    for f in left:
        counts[f] = counts.get(f, 0) + 1
    for c in view["hand"]:
        counts[FACE[c]] -= 1
    for pile in view["discards"]:
        for c in pile:
            counts[FACE[c]] -= 1
    out = []
    for f in sorted(counts):
        out += [f] * counts[f]
    return out


def sim_from_view(view: dict, unseen: Sequence[int], rng: random.Random) -> SearchSim:
    """A :class:`SearchSim` the view's seat cannot tell from the real table: the
    ``unseen`` cards shuffled by ``rng`` into the other hands (their sizes) and the
    deck; a fresh engine generator from ``rng``."""
    seat, n = view["seat"], view["players"]
    pool = list(unseen)
    rng.shuffle(pool)
    sizes = view["hand_sizes"]
    hands: list[list[int]] = []
    i = 0
    for s in range(n):
        if s == seat:
            hands.append(sorted(FACE[c] for c in view["hand"]))
        else:
            hands.append(sorted(pool[i : i + sizes[s]]))
            i += sizes[s]
    sim = SearchSim.__new__(SearchSim)
    sim.players = n
    limit = view["reshuffle_limit"]
    teams = view["teams"]
    sim.options = (("reshuffles", limit), ("teams", teams if n == 6 else None))
    sim.colours = tuple(view["colours"])
    sim.needed = view["needed"]
    sim.limit = limit
    sim.deck = pool[i:]
    sim.hands = hands
    sim.discards = [[FACE[c] for c in d] for d in view["discards"]]
    sim.chips = [c for row in view["chips"] for c in row]
    sim.sequences = [
        [tuple(r * SIZE + c for r, c in seq) for seq in seqs] for seqs in view["sequences"]
    ]
    sim.inside = [list(windows_in(seqs)) for seqs in sim.sequences]
    sim.locked = {
        r * SIZE + c for r, row in enumerate(view["locked"]) for c, x in enumerate(row) if x
    }
    sim.turn = view["turn"]
    sim.dead_used = view["dead_used"]
    sim.turns = view["turns"]
    sim.reshuffles = view["reshuffles"]
    sim.over = view["over"]
    sim.winner = None
    if view["winners"]:
        sim.winner = view["colours"][view["winners"][0]]
    sim.rng = random.Random(rng.getrandbits(64)).getstate()
    sim.count_windows()
    sim.first, sim.sample = None, -1
    return sim


# --------------------------------------------------------------------------- adapter
class SequenceAdapter(Adapter):
    """The adapter (see :mod:`engine.search` and the module docstring):
    determinizations from the view, a shortlist, :class:`Greedy` rollouts and a
    cut-off evaluation (``evaluation``: :class:`Learned` or :class:`Evaluation`).

    ``record``: None, or a list to which :meth:`evaluate` appends ``(sample, first,
    rewards)`` for every playout (``sample``: the determinization's number since the
    adapter was made; ``first``: the code played first in it) — a bot pairs the
    candidates of a flat search sample by sample with it."""

    game = GAME

    def __init__(
        self,
        policy: Greedy | None = None,
        evaluation: Evaluation | Learned | None = None,
        plus_k: int = 4,
        minus_k: int = 3,
    ):
        self.plus_k, self.minus_k = plus_k, minus_k
        self.policy = policy or Greedy()
        self.evaluation = evaluation or Evaluation()
        self.record: list | None = None
        self._view: dict | None = None
        self._base: SearchSim | None = None
        self._unseen: list[int] = []
        self._samples = 0

    def _prepare(self, view: dict) -> None:
        if self._view is not view or self._base is None:
            self._unseen = unseen_faces(view)
            self._base = sim_from_view(view, [], random.Random(0))
            self._view = view

    def observe(self, view: dict) -> None:
        """Nothing to remember beyond the view (every discard pile is in it)."""
        self._view = None
        self._prepare(view)

    def determinize(self, view: dict, rng: random.Random) -> SearchSim:
        """The view's table with the unseen cards dealt from ``rng`` (module docstring)."""
        self._prepare(view)
        sim = self._base.copy()
        pool = self._unseen[:]
        rng.shuffle(pool)
        seat = view["seat"]
        i = 0
        for s, size in enumerate(view["hand_sizes"]):
            if s != seat:
                sim.hands[s] = sorted(pool[i : i + size])
                i += size
        sim.deck = pool[i:]
        sim.rng = random.Random(rng.getrandbits(64)).getstate()
        sim.sample = self._samples
        self._samples += 1
        return sim

    def shortlist(self, view: dict, legal: list[Action]) -> list[Action]:
        """A dead card alone when one may be traded; else every equation play, the
        ``plus_k`` best Plus targets and the ``minus_k`` best Minus targets."""
        dead = [a for a in legal if a["type"] == "dead"]
        if dead:
            return dead[:1]
        self._prepare(view)
        codes = [GAME.encode_action(a) for a in legal]
        keep = set(shortlist_plays(self._base, view["seat"], codes, self.plus_k, self.minus_k))
        return [a for a, c in zip(legal, codes, strict=True) if c in keep]

    def rollout_policy(self, sim, seat, rng) -> int:
        """Every seat plays :class:`Greedy`."""
        return self.policy(sim, seat, rng)

    def observation(self, sim, mover: int, code: int, seat: int) -> Hashable:
        """Every play is public; the mover also sees the card it drew."""
        if seat == mover:
            return (mover, code, tuple(sim.hands[mover]))
        return (mover, code)

    def evaluate(self, sim) -> Sequence[float]:
        """The ``evaluation`` of ``sim`` (noted in ``record`` when it is a list)."""
        rewards = self.evaluation(sim)
        if self.record is not None:
            self.record.append((sim.sample, sim.first, rewards))
        return rewards


def shortlist_plays(sim: SearchSim, seat: int, legal_codes: list[int], plus_k: int, minus_k: int):
    """Draft helper: every equation play, the best ``plus_k`` Plus targets and the
    best ``minus_k`` Minus targets by the greedy values."""
    me = sim.colours[seat]
    own_me, tot = sim.own[me], sim.tot
    opps = [o for k, o in enumerate(sim.own) if k != me]
    plain, plus, minus = [], [], []
    for code in legal_codes:
        kind, rest = divmod(code, 9800)
        face, sp = divmod(rest, 100)
        if kind == CHIP and face == PLUS_I:
            plus.append((-_gain(sp, own_me, tot, opps, 0.9), code))
        elif kind == REMOVE:
            owner = sim.chips[sp]
            minus.append((-_loss(sp, sim.own[owner], tot), code))
        else:
            plain.append(code)
    plus.sort()
    minus.sort()
    return plain + [c for _, c in plus[:plus_k]] + [c for _, c in minus[:minus_k]]


# --------------------------------------------------------------------------- features
FEATURES = (
    "n1",
    "n2",
    "n3",
    "n4",
    "win",
    "win_hand",
    "win_live",
    "threat",
    "threat_hand",
    "plus",
    "minus",
    "ready",
)


def side_features(sim: SearchSim, seat: int) -> list[float]:
    """Features of ``seat``'s colour on ``sim`` (see :data:`FEATURES`): open windows
    holding 1..4 of its spaces; the empty spaces that complete one (``win``), how many
    of them a card in the seat's hand fills, how many have an equation card in the
    deck; the spaces that make an open four (``threat``) and those the hand fills;
    Plus and Minus in hand; ``ready`` 1 when the hand completes a sequence now."""
    colour = sim.colours[seat]
    own, tot, chips = sim.own[colour], sim.tot, sim.chips
    done = sim.inside[colour]
    n = [0, 0, 0, 0, 0]
    win: set[int] = set()
    threat: set[int] = set()
    for w in range(NW):
        t = tot[w]
        if own[w] == t:
            c = t + CORN[w]
            if c == 0:
                continue
            if done and any(OVERLAP[w][d] > 1 for d in done):
                continue
            n[c] += 1
            if c >= 3:
                target = win if c == 4 else threat
                for sp in WINDOWS[w]:
                    if chips[sp] is None and sp not in CORNERS:
                        target.add(sp)
    hand = sim.hands[seat]
    answers = {FACE_ANSWER[f] for f in hand}
    deck_answers = {FACE_ANSWER[f] for f in sim.deck}
    plus = hand.count(PLUS_I)
    win_hand = sum(1 for sp in win if NUMBER[sp] in answers)
    win_live = sum(1 for sp in win if NUMBER[sp] in deck_answers)
    threat_hand = sum(1 for sp in threat if NUMBER[sp] in answers)
    ready = 1.0 if win_hand or (plus and win) else 0.0
    return [
        n[1],
        n[2],
        n[3],
        n[4],
        len(win),
        win_hand,
        win_live,
        len(threat),
        threat_hand,
        plus,
        hand.count(MINUS_I),
        ready,
    ]


#: Weights of :class:`Learned` for two colours: 12 features of the mover's side, 12
#: of the other side, then the bias (a logistic fit on positions of normal-vs-normal
#: games, by the session that wrote this module; not refitted since).
LEARNED_2P = (
    0.008,
    0.023,
    0.076,
    0.02,
    -0.125,
    0.777,
    0.429,
    -0.012,
    0.281,
    0.318,
    0.284,
    3.595,
    -0.008,
    -0.022,
    -0.075,
    -0.007,
    0.113,
    -0.34,
    -0.398,
    0.015,
    -0.247,
    -0.337,
    -0.271,
    -2.449,
    0.077,
)


class Learned:
    """Cut-off value from a logistic model of the mover's chance to win, fit on
    positions of normal-vs-normal games: weights for the mover's
    :func:`side_features`, the next seat's, and a bias."""

    def __init__(self, weights: Sequence[float], scale: float = 1.0) -> None:
        self.weights = list(weights)
        self.scale = scale

    def __call__(self, sim: SearchSim) -> list[float]:
        colours = sim.colours
        if sim.over:
            if sim.winner is None:
                return [0.0] * sim.players
            return [1.0 if c == sim.winner else -1.0 for c in colours]
        mover = sim.turn
        other = (mover + 1) % sim.players
        fa = side_features(sim, mover)
        fb = side_features(sim, other)
        w = self.weights
        k = len(fa)
        z = w[-1]
        for i in range(k):
            z += w[i] * fa[i] + w[k + i] * fb[i]
        v = math.tanh(z * self.scale / 2)  # 2p - 1
        me = colours[mover]
        return [v if c == me else -v for c in colours]
