"""Guandan's adapter for the shared determinized search (:mod:`engine.search`): the
``hard`` bot's sampler, shortlist, rollout policy and evaluation (issue 17).

**Sampler** (:meth:`GuandanAdapter.determinize`). The cards a seat cannot see are
dealt to the other hands, their counts kept, consistently with everything public:

* cards played this deal are gone; a tribute card stays with its receiver and a
  returned card with its payer until played (``guandan.md`` "Tribute": public);
* *hard* constraints from the tribute: a payer gave its strongest card that is not a
  ♥ wild, so it held nothing stronger (no card of a higher card-order value, wilds
  aside); a waived tribute means the payers held both red jokers;
* *soft* constraints from passes (:func:`pass_clues`): a seat that passed on an
  opponent's single, pair or triple (not a bomb) probably held no loose card, pair or
  triple (a rank held exactly that often) that beats it up to an ace; a seat that
  passed while an opponent was about to go out probably held no bomb. The cards of
  a dealing that break a clue are swapped with other unknown hands' cards
  (:meth:`Deck.repair`); a dealing that still breaks ``k`` clues is kept with
  probability ``CLUE ** k`` (at most :data:`TRIES` dealings; then the one that broke
  fewest). These are likelihoods, not certainties: a seat may pass holding a beater.
* the ``"reads"`` sampler (``Deck(view, reads=True)``) reads every lead, follow and
  pass of the others instead (:mod:`engine.guandan.sampler`): a dealing (not
  mended) is kept with probability the product of the broken clues' weights.

Only the current deal is played out: a determinization is the same match with the
deal limit set to this deal (``changed_fields = {"options"}``).

**Shortlist**: the plays grouped by the ranks they use and their reading (the normal
bot's grouping), ordered by the normal bot's score, the best ``width`` kept, plus
the pass when following; the normal bot's choice comes first, so ties keep it.

**Rollouts** (:func:`rollout_action`): a fast policy on the simulation's masks: go
out when one play empties the hand; lead the lowest whole rank group (or a straight
or consecutive pairs of loose cards); follow an opponent with the cheapest play that
beats it without breaking a group or spending a wild, a bomb only when an opponent
is close to going out; leave the partner's tricks alone.

**Evaluation** (:meth:`GuandanAdapter.evaluate`): at the end of the deal, the levels
the seat's team gains (+1..+3) or loses to the other team, divided by 3; ±1 for
winning or losing the match. At a cut-off (the search's ``depth``), the places are
predicted from the hands' costs (:func:`engine.guandan.planner.hand_cost`).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Sequence

from engine.core import freeze_options
from engine.guandan import codes as cd
from engine.guandan.cards import DECK_SIZE, FACES, RED_JOKER, card_value, is_wild, wild_face
from engine.guandan.combos import beats as _beats
from engine.guandan.combos import readings as combos_readings
from engine.guandan.planner import _cost as _plan_cost
from engine.guandan.planner import _joker_cost, hand_cost, quick_counts, quick_rest, without
from engine.guandan.rules import GAME
from engine.guandan.sampler import Clue, read_clues, values
from engine.guandan.sampler import weight as read_weight
from engine.guandan.simulation import GuandanSimulation
from engine.guandan.state import PLAY, PLAYERS, GuandanState
from engine.search import Adapter

#: A deal breaking ``k`` pass clues is kept with probability ``CLUE ** k``.
CLUE = 0.25
#: Deals tried at most for one determinization.
TRIES = 8
#: Deals tried at most for one determinization of the ``"reads"`` sampler (plain
#: rejection: mending its dealings by swaps, as for the pass clues, made them no
#: closer to the true hands than a uniform dealing; without, they are).
READ_TRIES = 16
#: The ``"normal"`` sampler: dealings compared, and how many of the other seats'
#: latest decisions each is checked against.
MODEL_TRIES = 4
MODEL_RECENT = 12
_RNG0 = random.Random(0).getstate()
_RANK_OF = tuple((c % FACES >> 2) + 2 if c % FACES < 52 else 0 for c in range(DECK_SIZE))


# --------------------------------------------------------------------------- clues
def pass_clues(view: dict) -> list[tuple[int, str, int]]:
    """What this deal's passes suggest: ``[(seat, clue, value)]`` with ``clue``
    ``"single"``, ``"pair"`` or ``"triple"`` (the seat passed on an opponent's play
    of that type whose card-order value is ``value``: it probably held no rank held
    exactly that often with a higher value up to an ace) or ``"bomb"`` (it passed
    while the opponent who played was down to 3 cards or fewer: it probably held no
    bomb; ``value`` 0). Passes on a partner's play, or on a bomb, say nothing."""
    level = view["level"]
    counts = list(view["hand_counts"])  # each hand's size when this deal's play began
    for p in view["plays"]:
        counts[p["seat"]] += len(p.get("cards", ()))
    out: list[int] = []
    last = None
    passes = 0
    clues = []
    for p in view["plays"]:
        seat = p["seat"]
        if p["type"] == "play":
            n = len(p["cards"])
            counts[seat] -= n
            if counts[seat] == 0:
                out.append(seat)
            last = (seat, p["combo"], p["rank"])
            passes = 0
            continue
        if last is None:
            continue
        lseat, combo, rank_ = last
        if (lseat - seat) % 2:  # an opponent's play
            if combo in ("single", "pair", "triple"):
                clues.append((seat, combo, 15 if rank_ == level else rank_))
            if 0 < counts[lseat] <= 3:
                clues.append((seat, "bomb", 0))
        passes += 1
        active = PLAYERS - len(out)
        if passes >= (active if lseat in out else active - 1):
            last, passes = None, 0
    return clues


_SIZE = {"single": 1, "pair": 2, "triple": 3}


def _offending(hand: list[int], clues: list[tuple[str, int]], level: int) -> list[int]:
    """One card of ``hand`` for each way it breaks one of its seat's ``clues``: a card
    of each rank held exactly as often as a single, pair or triple clue's play with a
    higher value up to an ace; for a bomb clue, a card of each natural group of four
    or more and a red joker of four jokers. Moving each of them to another hand
    keeps every clue (a moved card may break one there)."""
    wf = wild_face(level)
    by_rank: list[list[int]] = [[] for _ in range(15)]
    jokers = []
    for c in hand:
        f = c % FACES
        if f >= 52:
            jokers.append(c)
        elif f != wf:
            by_rank[(f >> 2) + 2].append(c)
    out: list[int] = []
    for clue, value in clues:
        if clue == "bomb":
            out += [cs[0] for cs in by_rank if len(cs) >= 4]
            if len(jokers) == 4:
                out.append(max(jokers, key=lambda c: c % FACES))
            continue
        size = _SIZE[clue]
        out += [
            cs[0]
            for r, cs in enumerate(by_rank)
            if len(cs) == size and value < (15 if r == level else r) <= 14
        ]
    return out


def _broken(hand: list[int], clues: list[tuple[str, int]], level: int) -> int:
    """How many of one seat's ``clues`` the dealt ``hand`` breaks."""
    broken = 0
    for clue in clues:
        broken += bool(_offending(hand, [clue], level))
    return broken


# --------------------------------------------------------------------------- the state
def _entry(p: dict) -> tuple:
    if p["type"] == "pass":
        return (p["seat"], "pass", 0, ())
    return (p["seat"], p["combo"], p["rank"], tuple(p["cards"]))


def view_state(view: dict, hands: Sequence[Sequence[int]], rng_state: tuple) -> GuandanState:
    """The play-phase state that ``view`` shows, with ``hands`` (sorted ids per seat)
    and the generator state ``rng_state``; the match ends with this deal (its option
    ``deals`` is the deal's number)."""
    plays = view["plays"]
    trick = view["trick"]
    start = len(plays) - len(trick)
    passes = 0
    for p in reversed(trick):
        if p["type"] != "pass":
            break
        passes += 1
    last = view["last_play"]
    tribute = view["tribute"]
    opts = dict(view["options"], deals=view["deal"])
    transfers = tuple(tuple(t) for t in tribute["transfers"])
    places = tuple(view["previous_places"])
    leader = transfers[0][0] if transfers else (places[0] if places else view["turn"])
    return GuandanState(
        players=PLAYERS,
        options=freeze_options(opts, GAME.default_options),
        rng=rng_state,
        deal=view["deal"],
        levels=tuple(view["levels"]),
        level=view["level"],
        level_team=view["level_team"],
        fails=tuple(view["fails"]),
        phase=PLAY,
        hands=tuple(tuple(sorted(h)) for h in hands),
        turn=view["turn"],
        last=None
        if last is None
        else (last["seat"], last["combo"], last["rank"], tuple(last["cards"])),
        passes=passes,
        trick=tuple(c for p in trick for c in p.get("cards", ())),
        played=tuple(c for p in plays[:start] for c in p.get("cards", ())),
        log=tuple(_entry(p) for p in plays),
        trick_start=start,
        out=tuple(view["out"]),
        prev_places=places,
        payers=tuple(tribute["payers"]),
        in_transit=tuple((p, c) for p, c in tribute["paid"]),
        transfers=transfers,
        returns=tuple(tuple(r) for r in tribute["returns"]),
        exempt=tribute["exempt"],
        leader=leader,
        history=tuple(
            (h["deal"], h["level"], h["level_team"], tuple(h["places"]), h["team"], h["advance"])
            for h in view["history"]
        ),
    )


class Deck:
    """What a seat's view says about the cards it cannot see: ``pool`` (cards to deal),
    ``fixed`` (cards known to be in a given hand), ``need`` (cards to deal per seat),
    ``allowed`` (card -> seats that may hold it, where not every other seat may) and
    ``clues`` (per seat, the pass clues; none without ``passes``; with ``reads``,
    ``reads`` instead: per seat, the clues of :func:`engine.guandan.sampler.read_clues`,
    weighted)."""

    def __init__(self, view: dict, reads: bool = False, passes: bool = True) -> None:
        me, level = view["seat"], view["level"]
        self.me, self.level = me, level
        counts = view["hand_counts"]
        seen = set(view["hand"])
        for p in view["plays"]:
            seen.update(p.get("cards", ()))
        tribute = view["tribute"]
        where: dict[int, int] = {}
        for _payer, receiver, card in tribute["transfers"]:
            where[card] = receiver
        for _receiver, payer, card in tribute["returns"]:
            where[card] = payer
        fixed: list[list[int]] = [[] for _ in range(PLAYERS)]
        for card, seat in where.items():
            if card not in seen and seat != me:
                fixed[seat].append(card)
                seen.add(card)
        self.fixed = fixed
        self.pool = [c for c in range(DECK_SIZE) if c not in seen]
        self.need = [0 if s == me else counts[s] - len(fixed[s]) for s in range(PLAYERS)]
        others = [s for s in range(PLAYERS) if s != me]
        allowed: dict[int, set[int]] = {}
        # a payer gave its strongest non-wild card: it held nothing stronger
        for payer, _receiver, card in tribute["transfers"]:
            if payer == me:
                continue
            top = card_value(card, level)
            for c in self.pool:
                if card_value(c, level) > top and not is_wild(c, level):
                    allowed.setdefault(c, set(others)).discard(payer)
        # a waived tribute: the payers held both red jokers
        if tribute["exempt"]:
            payers = set(tribute["payers"]) - {me}
            for c in self.pool:
                if c % FACES == RED_JOKER:
                    allowed.setdefault(c, set(others)).intersection_update(payers)
        self.allowed = allowed
        self.clues: list[list[tuple[str, int]]] = [[] for _ in range(PLAYERS)]
        self.reads: list[list[Clue]] = [[] for _ in range(PLAYERS)]
        self._vals = values(level)
        if reads:
            for clue in read_clues(view):
                self.reads[clue.seat].append(clue)
            return
        for seat, clue, value in pass_clues(view) if passes else ():
            if seat != me:
                self.clues[seat].append((clue, value))

    def deal(self, rng: random.Random) -> list[list[int]]:
        """One dealing of the pool (hard constraints kept), plus the fixed cards."""
        pool = self.pool[:]
        rng.shuffle(pool)
        room = self.need[:]
        hands = [list(f) for f in self.fixed]
        rest = []
        for c in pool:  # restricted cards first, to a seat with room left
            seats = self.allowed.get(c)
            if seats is None:
                rest.append(c)
                continue
            ok = [s for s in sorted(seats) if room[s] > 0]
            if not ok:  # inconsistent view: drop the constraint
                rest.append(c)
                continue
            weights = [room[s] for s in ok]
            s = rng.choices(ok, weights)[0]
            hands[s].append(c)
            room[s] -= 1
        i = 0
        for s in range(PLAYERS):
            if room[s] > 0:
                hands[s] += rest[i : i + room[s]]
                i += room[s]
        return hands

    def weight(self, hands: list[list[int]]) -> float:
        """The product of the weights of the read clues ``hands`` break (1.0: none)."""
        w = 1.0
        for s in range(PLAYERS):
            if self.reads[s]:
                w *= read_weight(hands[s], self.reads[s], self._vals)
        return w

    def broken(self, hands: list[list[int]]) -> int:
        """How many pass clues ``hands`` break."""
        return sum(
            _broken(hands[s], self.clues[s], self.level) for s in range(PLAYERS) if self.clues[s]
        )

    def repair(self, hands: list[list[int]], rng: random.Random) -> None:
        """Swap each card that breaks a pass clue (:func:`_offending`) with a random
        dealt card of another unknown hand (never a card fixed to its hand, never
        against a hard constraint), in place."""
        others = [s for s in range(PLAYERS) if s != self.me and self.need[s] > 0]
        for s in others:
            if not self.clues[s]:
                continue
            for c in dict.fromkeys(_offending(hands[s], self.clues[s], self.level)):
                if c in self.fixed[s]:
                    continue
                for _ in range(4):
                    t = others[rng.randrange(len(others))]
                    if t == s or not hands[t]:
                        continue
                    j = rng.randrange(len(hands[t]))
                    d = hands[t][j]
                    if d in self.fixed[t] or t not in self.allowed.get(c, (t,)):
                        continue
                    if s not in self.allowed.get(d, (s,)):
                        continue
                    hands[t][j] = c
                    hands[s][hands[s].index(c)] = d
                    break

    def sample(self, rng: random.Random) -> list[list[int]]:
        """Hands for the other seats: a dealing (:meth:`deal`), the clue-breaking
        cards swapped away twice (:meth:`repair`), kept with probability
        ``CLUE ** k`` when it still breaks ``k`` clues (else dealt again, at most
        :data:`TRIES` times; then the dealing that broke fewest). With read clues, a
        dealing is kept with probability its :meth:`weight` (else the likeliest of
        the :data:`READ_TRIES`; never mended)."""
        if any(self.reads):
            best = None
            for _ in range(READ_TRIES):
                hands = self.deal(rng)
                w = self.weight(hands)
                if w >= 1.0 or rng.random() < w:
                    return hands
                if best is None or w > best[0]:
                    best = (w, hands)
            return best[1]
        best = None
        clued = any(self.clues)
        for _ in range(TRIES):
            hands = self.deal(rng)
            if clued:
                self.repair(hands, rng)
                self.repair(hands, rng)
            k = self.broken(hands) if clued else 0
            if k == 0 or rng.random() < CLUE**k:
                return hands
            if best is None or k < best[0]:
                best = (k, hands)
        return best[1]


# --------------------------------------------------------------------------- rollouts
class _Hand:
    """One hand for the rollout policy, from its bit mask: ``ids[r]`` the natural
    cards of rank ``r`` (2..14, rising ids: the canonical copies come first, so the
    ``k`` first are a canonical choice of ``k``), ``counts`` their numbers, ``w`` the
    ♥ wilds, ``black`` and ``red`` the jokers' ids; every sequence a tuple (a hand is
    memoised and never changed)."""

    __slots__ = ("level", "ids", "counts", "w", "black", "red", "size")

    def __init__(self, mask: int, level: int) -> None:
        self.level = level
        wf = wild_face(level)
        ids: list[list[int]] = [[] for _ in range(15)]
        w = 0
        black, red = [], []
        for c in cd.ids_of(mask):
            f = c % FACES
            if f == wf:
                w += 1
            elif f < 52:
                ids[(f >> 2) + 2].append(c)
            elif f == 52:
                black.append(c)
            else:
                red.append(c)
        # tuples of ints: the garbage collector stops tracking them, so a full memo
        # of hands costs a full collection nothing (lists made it pause 0.3-0.9 s)
        self.ids = tuple(map(tuple, ids))
        self.w, self.black, self.red = w, tuple(black), tuple(red)
        self.counts = tuple(len(x) for x in ids)
        self.size = mask.bit_count()

    def masks(self) -> tuple[list[int], list[int]]:
        """``(have, exact)``: per ``m`` in 1..3, the rank masks of the ranks held at
        least / exactly ``m`` times (naturals)."""
        have, exact = [0, 0, 0, 0], [0, 0, 0, 0]
        for r, c in enumerate(self.counts):
            if c:
                b = 1 << r
                for m in range(1, min(c, 3) + 1):
                    have[m] |= b
                if c <= 3:
                    exact[c] |= b
        return have, exact

    def cost(self, used: tuple = ()) -> float:
        """Quick cost (:func:`engine.guandan.planner.quick_counts`) of the hand
        without ``used``: ``(rank, cards)`` pairs (rank 16/17: black/red jokers)."""
        counts = self.counts
        bj, rj = len(self.black), len(self.red)
        if used:
            counts = list(counts)
            for r, k in used:
                if r == 16:
                    bj -= k
                elif r == 17:
                    rj -= k
                else:
                    counts[r] -= k
            counts = tuple(counts)
        return quick_counts(counts, self.w, bj, rj, self.level)


_RUNS = tuple(
    (
        kind,
        m,
        tuple(
            (top, slots, sum(1 << r for r in slots))
            for top in range(length, 15)
            for slots in [tuple(14 if r == 1 else r for r in range(top - length + 1, top + 1))]
        ),
    )
    for kind, length, m in ((cd.STRAIGHT, 5, 1), (cd.PAIRS, 3, 2), (cd.TRIPLES, 2, 3))
)


#: Memos of :class:`_Hand` and of a small hand's readings, by ``(mask, level)``: a
#: search meets the same hands again and again (paired rollouts start alike). Cleared
#: when full; they change no result.
_HANDS: dict[tuple[int, int], _Hand] = {}
_READINGS: dict[tuple[int, int], tuple] = {}
_MEMO = 50_000


def _hand(mask: int, level: int) -> _Hand:
    """``_Hand(mask, level)``, memoised (a hand is never changed once built)."""
    key = (mask, level)
    got = _HANDS.get(key)
    if got is None:
        if len(_HANDS) >= _MEMO:
            _HANDS.clear()
        got = _HANDS[key] = _Hand(mask, level)
    return got


def _readings(mask: int, level: int) -> tuple:
    """``combos.readings`` of the cards of ``mask``, memoised."""
    key = (mask, level)
    got = _READINGS.get(key)
    if got is None:
        if len(_READINGS) >= _MEMO:
            _READINGS.clear()
        got = _READINGS[key] = tuple(combos_readings(cd.ids_of(mask), level))
    return got


def _code(cards, kind: int, rank_: int) -> int:
    m = 0
    for c in cards:
        m |= cd.BITS[c]
    return m << 9 | kind << 5 | rank_


def _value(r: int, level: int) -> int:
    return 15 if r == level else r


def _candidates(me: _Hand, last: tuple | None) -> list[tuple[int, tuple, int]]:
    """Plays of natural cards (whole or partial rank groups, full houses, sequences,
    bombs, jokers) that lead, or beat ``last`` (``(kind, rank, size)``):
    ``[(code, used, key)]``; ``key`` orders plays of one type."""
    level, ids, counts = me.level, me.ids, me.counts
    out = []
    kind = lo = None
    if last is not None:
        kind, rank_, size = last
        lo = rank_ if kind in cd.SEQUENCE_KINDS else _value(rank_, level)
        if kind in cd.BOMB_KINDS:
            above = cd.power(kind, rank_, size, level)
    if last is None or kind in (cd.SINGLE, cd.PAIR, cd.TRIPLE):
        sizes = (1, 2, 3) if last is None else (kind + 1,)
        for r in _BY_VALUE[level]:
            v = _value(r, level)
            if lo is not None and v <= lo:
                continue
            for k in sizes:
                if counts[r] >= k and (last is not None or k == counts[r] or k == 1):
                    out.append((_code(ids[r][:k], k - 1, r), ((r, k),), v))
        for cards, r in ((me.black, 16), (me.red, 17)):
            for k in sizes:
                if len(cards) >= k and k <= 2 and (lo is None or r > lo):
                    out.append((_code(cards[:k], k - 1, r), ((r, k),), r))
    if last is None or kind == cd.FULL_HOUSE:
        trips = [r for r in _BY_VALUE[level] if counts[r] == 3 or (last and counts[r] > 3)]
        pairs = [r for r in _BY_VALUE[level] if counts[r] == 2] or [
            r for r in _BY_VALUE[level] if counts[r] == 3
        ]
        for t in trips:
            v = _value(t, level)
            if lo is not None and v <= lo:
                continue
            p = next((p for p in pairs if p != t), None)
            if p is not None:
                cards = ids[t][:3] + ids[p][:2]
                out.append((_code(cards, cd.FULL_HOUSE, t), ((t, 3), (p, 2)), v))
                if last is None:
                    break
    have = exact = None
    for sk, m, windows in _RUNS:
        if last is not None and kind != sk:
            continue
        if have is None:
            have, exact = me.masks()
        need = have[m] if last is not None else exact[m]  # lead whole groups only
        for top, slots, wmask in windows:
            if wmask & need != wmask or (lo is not None and top <= lo):
                continue
            cards = [c for r in slots for c in ids[r][:m]]
            if m == 1 and len({c % FACES & 3 for c in cards}) == 1:
                continue  # one suit: a straight flush, not a straight
            out.append((_code(cards, sk, top), tuple((r, m) for r in slots), top))
    # bombs: whole natural groups of 4 or more, four jokers
    for r in _BY_VALUE[level]:
        k = counts[r]
        if k >= 4:
            if last is not None and kind in cd.BOMB_KINDS:
                if cd.power(cd.BOMB, r, k, level) <= above:
                    continue
            out.append((_code(ids[r], cd.BOMB, r), ((r, k),), 100 + k * 16 + _value(r, level)))
    if len(me.black) == 2 and len(me.red) == 2:
        cards = me.black + me.red
        out.append((_code(cards, cd.FOUR_JOKERS, 17), ((16, 2), (17, 2)), 1000))
    return out


_CANDS: dict[tuple, tuple] = {}


def _scored_candidates(me: _Hand, mask: int, last3: tuple | None) -> tuple[tuple, ...]:
    """:func:`_candidates` of ``me`` (the hand of ``mask``) after ``last3``, each as
    ``(code, kind, cards, key, cost of the whole hand, cost of what it leaves)``,
    memoised by ``(mask, level, last3)``."""
    memo_key = (mask, me.level, last3)
    got = _CANDS.get(memo_key)
    if got is None:
        if len(_CANDS) >= _MEMO:
            _CANDS.clear()
        base = me.cost()
        got = _CANDS[memo_key] = tuple(
            (code, code >> 5 & 15, (code >> 9).bit_count(), key, base, me.cost(used))
            for code, used, key in _candidates(me, last3)
        )
    return got


def rollout_action(sim: GuandanSimulation, seat: int) -> int:
    """A fast, reasonable code for ``seat``: the normal bot's way of choosing (what a
    play leaves behind, its strength, passing when that costs little) among plays of
    natural cards, with the quick rank-group cost in place of the full plan (see the
    module docstring). Always a legal code."""
    if not sim.fast:
        return sim.legal(seat)[0]
    hand = sim.hands[seat]
    level = sim.level
    me = _hand(hand, level)
    last = sim.last
    hands = sim.hands
    if last is None:
        lseat = None
        last3 = None
    else:
        lseat, lcode = last
        last3 = (lcode >> 5 & 15, lcode & 31, (lcode >> 9).bit_count())
    if me.size <= 10:  # out in one play?
        for kind, rank_ in _readings(hand, level):
            k = cd.KIND_OF[kind]
            if last3 is None or cd_beats(k, rank_, me.size, last3, level):
                return hand << 9 | k << 5 | rank_
    if lseat is not None and (lseat - seat) % 2 == 0:
        return cd.PASS  # the partner's trick
    cands = _scored_candidates(me, hand, last3)
    if not cands:
        return cd.PASS if last is not None else sim.legal(seat)[0]
    opp = min(
        (hands[s].bit_count() for s in ((seat + 1) % 4, (seat + 3) % 4) if hands[s]),
        default=99,
    )
    mate = hands[(seat + 2) % 4].bit_count()
    base = cands[0][4]
    best = best_score = None
    if last is not None:
        left = hands[lseat].bit_count()
        penalty = 0.25
        if left <= 5:
            penalty += 3.0 if left <= 1 else (1.5 if left <= 3 else 0.8)
        if 0 < mate <= 5:
            penalty += 0.3
        best, best_score = cd.PASS, base + penalty
    for code, kind, n, key, _, score in cands:
        if kind in cd.BOMB_KINDS:
            if last is None:
                score += 2.5
            else:
                score += (0.0 if opp <= 6 else (0.6 if base < 2.5 else 1.8)) + 0.05 * (n - 4)
        elif last is None:
            score += 0.015 * key - 0.04 * n
            if opp <= 2 and n == opp:
                score += 1.0 - 0.04 * key  # do not feed an opponent about to go out
            if 0 < mate <= 5 and n <= mate and kind <= cd.PAIR:
                score -= 0.6 - 0.03 * key  # small cards a partner can follow
        else:
            score += 0.01 * key
        if best_score is None or score < best_score:
            best, best_score = code, score
    return best


def _rest_cost(me: _Hand, used: tuple) -> float:
    """:func:`engine.guandan.planner.hand_cost` of ``me`` without the cards whose
    ranks are ``used`` (rank 2..14, -1 a ♥ wild, 52/53 the black/red joker)."""
    counts, w, bj, rj = without((me.counts, me.w, len(me.black), len(me.red)), used)
    if not (w or bj or rj or any(counts)):
        return 0.0
    return _plan_cost(counts, w, me.level, 0) + _joker_cost(bj, rj)


_RANK_TABLES: dict[int, tuple[int, ...]] = {}


def _rank_table(level: int) -> tuple[int, ...]:
    """Per card id: its rank 2..14, -1 for a ♥ wild, 52/53 for the black/red joker
    (the normal bot's ``_ranks_table``)."""
    got = _RANK_TABLES.get(level)
    if got is None:
        wf = wild_face(level)
        got = _RANK_TABLES[level] = tuple(
            -1 if c % FACES == wf else (c % FACES if c % FACES >= 52 else (c % FACES >> 2) + 2)
            for c in range(DECK_SIZE)
        )
    return got


#: With more distinct plays than this, only the ``_KEEP`` best by the quick estimate
#: get the full plan (the normal bot's ``wide`` and ``keep``).
_WIDE, _KEEP = 24, 12


def normal_action(sim: GuandanSimulation, seat: int) -> int:
    """The normal bot's choice (:meth:`engine.guandan.bots.NormalBot._scored`: the
    plan cost of what a play leaves, its strength, passing on the partner, bombs with
    purpose) on the simulation's codes: the same scores from the same facts (hand
    sizes, the last play), ties broken by the fast path's order of plays. Slower
    than :func:`rollout_action`, closer to how ``normal`` plays. Always legal."""
    if not sim.fast:
        return sim.legal(seat)[0]
    level = sim.level
    hands = sim.hands
    hand = hands[seat]
    last = sim.last
    mate_cards = hands[(seat + 2) % 4].bit_count()
    opp_min = min(
        (hands[s].bit_count() for s in ((seat + 1) % 4, (seat + 3) % 4) if hands[s]),
        default=99,
    )
    if last is None:
        memo_key = (hand, level, None, 0, 0, opp_min, mate_cards)
    else:
        lseat = last[0]
        memo_key = (
            hand,
            level,
            last[1],
            (lseat - seat) % 4,
            hands[lseat].bit_count(),
            opp_min,
            mate_cards,
        )
    got = _NORMAL.get(memo_key)
    if got is None:
        if len(_NORMAL) >= _MEMO:
            _NORMAL.clear()
        got = _NORMAL[memo_key] = _normal_choice(sim, seat, opp_min, mate_cards)
    return got


_NORMAL: dict[tuple, int] = {}


def _normal_choice(sim: GuandanSimulation, seat: int, opp_min: int, mate_cards: int) -> int:
    """:func:`normal_action` without its memo."""
    legal = sim.legal(seat)
    if len(legal) == 1:
        return legal[0]
    level = sim.level
    hands = sim.hands
    hand = hands[seat]
    size = hand.bit_count()
    me = _hand(hand, level)
    last = sim.last
    leading = last is None
    mate_low = 0 < mate_cards <= 5
    base = _rest_cost(me, ())
    ranks_of = _rank_table(level)
    scored: list[tuple[float, float, int]] = []
    todo: list[tuple[float, float, int, tuple]] = []
    seen = set()
    for code in legal:
        if code == cd.PASS:
            lseat = last[0]
            if lseat == (seat + 2) % 4:
                pen = -1.0
            else:
                pen = 0.25
                left = hands[lseat].bit_count()
                if left <= 5:
                    pen += 3.0 if left <= 1 else (1.5 if left <= 3 else 0.8)
                if mate_low:
                    pen += 0.3
            scored.append((base + pen, 0.0, code))
            continue
        kind, rank_ = code >> 5 & 15, code & 31
        cards = code >> 9
        n = cards.bit_count()
        used = tuple(sorted(ranks_of[c] for c in cd.ids_of(cards)))
        sig = (kind, rank_, used)
        if sig in seen:
            continue
        seen.add(sig)
        if n == size:
            scored.append((-100.0, 0.0, code))
            continue
        bomb = kind in cd.BOMB_KINDS
        k = 20 if bomb else (rank_ if kind in cd.SEQUENCE_KINDS else _value(rank_, level))
        tie = k + 0.01 * (10 - n)
        score = 0.0
        if bomb:
            if leading:
                score += 2.5
            else:
                threat = opp_min <= 6 and last[0] % 2 != seat % 2
                score += 0.0 if threat else (0.6 if base < 2.5 else 1.8)
                score += 0.05 * (n - 4)
        if leading:
            score += 0.015 * k - 0.04 * n
            if opp_min <= 2 and n == opp_min and not bomb:
                score += 1.0 - 0.04 * k
            if mate_low and n <= mate_cards and kind <= cd.PAIR:
                score -= 0.6 - 0.03 * k
        elif not bomb:
            score += 0.01 * k
        todo.append((score, tie, code, used))
    if len(todo) > _WIDE:
        held = (me.counts, me.w, len(me.black), len(me.red))
        quick = sorted(
            range(len(todo)),
            key=lambda i: (quick_rest(held, todo[i][3], level) + todo[i][0], i),
        )
        todo = [todo[i] for i in sorted(quick[:_KEEP])]
    for score, tie, code, used in todo:
        scored.append((_rest_cost(me, used) + score, tie, code))
    return min(scored, key=lambda t: (t[0], t[1]))[2]


_BY_VALUE = {lv: [r for r in range(2, 15) if r != lv] + [lv] for lv in range(2, 15)}


def cd_beats(kind: int, rank_: int, size: int, last3: tuple, level: int) -> bool:
    """:func:`engine.guandan.combos.beats` on kinds (code form)."""
    lk, lr, ln = last3
    return _beats(cd.COMBOS[kind], rank_, size, (cd.COMBOS[lk], lr, ln), level)


# --------------------------------------------------------------------------- adapter
class GuandanAdapter(Adapter):
    """The search adapter for Guandan (see the module docstring). ``width``: root
    candidates besides the pass; ``scored``: the normal bot's scoring of the legal
    plays (``NormalBot._scored``; only :meth:`shortlist` needs it)."""

    game = GAME
    changed_fields = frozenset({"options"})

    def __init__(self, width: int = 6, scored=None) -> None:
        self.width = width
        #: the rollout policy: ``"fast"`` (:func:`rollout_action`) or ``"normal"``
        #: (:func:`normal_action`)
        self.rollout = "fast"
        #: the sampler: ``"clues"`` (:meth:`Deck.sample` with pass clues),
        #: ``"uniform"`` (:meth:`Deck.sample` with no clue: the hard constraints only),
        #: ``"reads"`` (:meth:`Deck.sample` with the read clues of
        #: :mod:`engine.guandan.sampler`) or ``"normal"`` (:meth:`_modelled`: the
        #: dealing that best explains the others' play)
        self.sampler = "clues"
        #: ``scored(view, legal) -> [(score, tie, action)]`` (lower is better): the
        #: normal bot's scoring (``NormalBot._scored``), given by the hard bot
        self.scored = scored
        self._deck: tuple[dict, Deck] | None = None  # (the view, its deck)
        self._root_deal = 0

    def _deck_of(self, view: dict) -> Deck:
        if self._deck is None or self._deck[0] is not view:
            deck = Deck(view, reads=self.sampler == "reads", passes=self.sampler != "uniform")
            self._deck = (view, deck)
        return self._deck[1]

    def determinize(self, view: dict, rng: random.Random) -> GuandanSimulation:
        deck = self._deck_of(view)
        if self.sampler == "normal" and view["plays"]:
            hands = self._modelled(view, deck, rng)
        else:
            hands = deck.sample(rng)
        hands[view["seat"]] = list(view["hand"])
        state = view_state(view, hands, random.Random(rng.getrandbits(64)).getstate())
        self._root_deal = view["deal"]
        return GuandanSimulation(GAME, state)

    def _modelled(self, view: dict, deck: "Deck", rng: random.Random) -> list[list[int]]:
        """A dealing chosen among :data:`TRIES` of :meth:`Deck.sample` by how well it
        explains the other seats' plays and passes this deal: replayed from the start
        of play, each of their decisions is compared with :func:`normal_action` (by
        combination, rank and the ranks of the cards used); the dealing with the fewest
        differences is kept (the first one with none at once)."""
        me = view["seat"]
        plays = view["plays"]
        ranks_of = _rank_table(view["level"])
        log = []
        for p in plays:
            if p["type"] == "pass":
                log.append((p["seat"], cd.PASS, None))
            else:
                kind = cd.KIND_OF[p["combo"]]
                code = cd.code_of(p["cards"], kind, p["rank"])
                sig = (kind, p["rank"], tuple(sorted(ranks_of[c] for c in p["cards"])))
                log.append((p["seat"], code, sig))
        best = None
        others = [i for i, (seat, _c, _s) in enumerate(log) if seat != me]
        first = others[-MODEL_RECENT] if len(others) > MODEL_RECENT else 0
        for _ in range(MODEL_TRIES):
            hands = deck.sample(rng)
            hands[me] = list(view["hand"])
            start = [list(h) for h in hands]
            for seat, code, _sig in log:
                if code:
                    start[seat] += cd.ids_of(code >> 9)
            state = view_state(view, start, _RNG0)
            state = replace(
                state,
                turn=log[0][0],
                last=None,
                passes=0,
                trick=(),
                played=(),
                log=(),
                trick_start=0,
                out=(),
            )
            sim = GuandanSimulation(GAME, state)
            bound = PLAYERS * len(log) if best is None else best[0]
            misses = 0
            for i, (seat, code, sig) in enumerate(log):
                if seat != me and i >= first:
                    got = normal_action(sim, seat)
                    if got != code and (
                        sig is None
                        or not got
                        or (
                            got >> 5 & 15,
                            got & 31,
                            tuple(sorted(ranks_of[c] for c in cd.ids_of(got >> 9))),
                        )
                        != sig
                    ):
                        misses += 1
                        if misses >= bound:
                            break
                sim.play(seat, code)
            if best is None or misses < best[0]:
                best = (misses, hands)
            if misses == 0:
                break
        return best[1]

    def shortlist(self, view: dict, legal: list[dict]) -> list[dict]:
        if self.scored is None:
            raise ValueError("GuandanAdapter needs the normal bot's scoring (scored=...)")
        scored = self.scored(view, legal)
        scored.sort(key=lambda t: (t[0], t[1]))
        out = [a for _, _, a in scored[: self.width]]
        passing = [a for _, _, a in scored if a["type"] == "pass"]
        if passing and passing[0] not in out:
            out.append(passing[0])
        return out

    def rollout_policy(self, sim: GuandanSimulation, seat: int, rng: random.Random) -> int:
        if self.rollout == "normal":
            return normal_action(sim, seat)
        return rollout_action(sim, seat)

    def horizon_over(self, sim: GuandanSimulation) -> bool:
        return sim.is_over()

    def evaluate(self, sim: GuandanSimulation) -> list[float]:
        """Per seat: the deal's level change for its team / 3, ±1 for the match."""
        if sim.is_over():
            state = sim.state()
            _, _, _, places, team, advance = state.history[-1]
            if state.reason == "won a deal at level A":
                return [1.0 if s % 2 == team else -1.0 for s in range(PLAYERS)]
            return [advance / 3 if s % 2 == team else -advance / 3 for s in range(PLAYERS)]
        return predicted(sim)


def predicted(sim: GuandanSimulation) -> list[float]:
    """The evaluation at a cut-off: places predicted from the hands still held (the
    lowest :func:`hand_cost` finishes first), scored as at the end of a deal."""
    state = sim.state()
    level = state.level
    rest = [s for s in range(PLAYERS) if s not in state.out]
    rest.sort(key=lambda s: (hand_cost(state.hands[s], level), len(state.hands[s]), s))
    places = list(state.out) + rest
    team = places[0] % 2
    mate = places.index(places[0] ^ 2)
    advance = {1: 3, 2: 2}.get(mate, 1)
    return [advance / 3 if s % 2 == team else -advance / 3 for s in range(PLAYERS)]
