"""Guandan: every canonical play of a hand, as action codes or as sorted card lists,
cached per hand (``guandan.md`` "Combinations", "Wild cards"; issues 17 and 18).

:class:`HandPlays` lists every canonical play of one hand at one level — the same
set as the readings of every canonical subset (canonical copies:
:mod:`engine.guandan.combos`) — by combination type in :data:`codes.COMBOS` order
and within a type by rising comparison key; bombs (4+ of a rank, straight flushes,
four jokers) by rising bomb power. It builds only what is asked for: a follow lists
the plays of the last play's type above its key, and the bombs (once per hand; a
bomb is followed by the part of that list above it, ``bisect``).

One set of builders writes plays in two **forms**: :data:`CODES` (action codes,
:mod:`engine.guandan.codes`; the simulation path) and :data:`CARDS` (the sorted card
ids and the reading as ``bytes``, see :data:`READINGS`; the actions of
``legal_actions``). A builder combines *parts* with ``+``: a part is a bit mask
shifted into place in a code in the first form (the bits are disjoint, so ``+`` is
``|``; a code is then the sum of its parts and its reading) and a tuple of ids in the
second. Lazily built lists are shared only once complete (threads may share the
cache; at worst two of them build the same list).

:func:`hand_plays` keeps the lists of recent hands (keyed by hand, level and form;
bounded: :data:`CACHE_ENTRIES` hands), so a seat that passes and follows again, a
host that lists and then validates, and a bot that lists from its view reuse the
work; and the plays of each rank and each sequence window across hands (a seat's
next hand, a few cards fewer, finds most of its plays listed; bounded:
:data:`MEMO_ENTRIES`).
"""

from __future__ import annotations

from bisect import bisect_right
from functools import partial
from itertools import chain, product
from operator import itemgetter

from engine.guandan.cards import BJ_RANK, FACES, RJ_RANK, wild_face
from engine.guandan.codes import (
    BITS,
    COMBOS,
    KIND_OF,
    SINGLE,
    BOMB,
    BOMB_KINDS,
    FOUR_JOKERS,
    FULL_HOUSE,
    PAIR,
    PASS,
    PAIRS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPLE,
    TRIPLES,
    key,
    power,
)

CODES, CARDS = 0, 1
#: A CARDS item is ``bytes``: the sorted card ids, then one byte ``108 + i`` where
#: ``READINGS[i]`` is the play's ``(combo name, rank)``. Bytes: the garbage collector
#: never has to scan the many items the memos keep.
READINGS = tuple(
    (COMBOS[kind], rank_)
    for kind, ranks in (
        (SINGLE, range(2, 18)),
        (PAIR, range(2, 18)),
        (TRIPLE, range(2, 15)),
        (FULL_HOUSE, range(2, 15)),
        (STRAIGHT, range(5, 15)),
        (PAIRS, range(3, 15)),
        (TRIPLES, range(2, 15)),
        (BOMB, range(2, 15)),
        (STRAIGHT_FLUSH, range(5, 15)),
        (FOUR_JOKERS, (RJ_RANK,)),
    )
    for rank_ in ranks
)
_READING_BYTE = {(KIND_OF[name] << 5 | rank_): 108 + i for i, (name, rank_) in enumerate(READINGS)}
_LOW = (1 << FACES) - 1
_JOKERS = (52, 106, 53, 107)  # black, black', red, red'


# --------------------------------------------------------------------------- tables
def _choose(state: int) -> list[list[tuple[int, ...]]]:
    """``[k]``: the distinct choices (by face) of ``k`` natural cards of one rank, as
    offsets of the ids from the rank's first face, the lower copy of a face first.
    ``state`` has bit ``s`` when the lower copy of suit ``s`` is held and bit
    ``4 + s`` when the upper one is. Built once per state, when first needed."""
    got = _CHOOSE[state]
    if got is None:
        avail = []
        for s in range(4):
            offs = []
            if state >> s & 1:
                offs.append(s)
            if state >> (4 + s) & 1:
                offs.append(FACES + s)
            avail.append(offs)
        got = [[] for _ in range(9)]
        for ns in product(*(range(len(o) + 1) for o in avail)):
            pick: list[int] = []
            for offs, n in zip(avail, ns, strict=True):
                pick += offs[:n]
            got[sum(ns)].append(tuple(sorted(pick)))
        _CHOOSE[state] = got
    return got


_CHOOSE: list = [None] * 256
_OPTS: tuple[dict, dict] = ({}, {})  # per form: (rank, state, k) -> parts


def _window(top: int, length: int) -> tuple[int, ...]:
    return tuple(14 if r == 1 else r for r in range(top - length + 1, top + 1))


def _windows(tops, length: int) -> tuple:
    """``((top, slots, rank mask of the slots, (shift, width, low ace)), ...)`` for
    sequences of ``length``; the last part cuts the window's natural cards out of the
    per-copy face masks (see :meth:`HandPlays.window`)."""
    out = []
    for top in tops:
        slots = _window(top, length)
        low_ace = slots[0] == 14
        first = slots[1] if low_ace else slots[0]
        n = length - low_ace
        out.append(
            (top, slots, sum(1 << r for r in slots), ((first - 2) * 4, (1 << 4 * n) - 1, low_ace))
        )
    return tuple(out)


def _spreads() -> dict:
    """``{(slots, m, w): [(wilds per slot, wilds used, thermometer)]}``: the ways to
    spread at most ``w`` wilds over a sequence's slots, at most ``m`` a slot, fewest
    first. ``thermometer`` has, per slot ``i``, the bits ``m*i .. m*i + u - 1`` for ``u``
    wilds there: a spread can be filled when it covers the window's deficit written
    the same way (``deficit & ~thermometer == 0``; see :meth:`HandPlays.fill`)."""
    out = {}
    for n, m in ((5, 1), (3, 2), (2, 3)):
        for w in range(3):
            got = [
                (us, sum(us), sum(((1 << u) - 1) << (m * i) for i, u in enumerate(us)))
                for us in product(range(m + 1), repeat=n)
                if sum(us) <= w
            ]
            got.sort(key=lambda t: t[1])
            out[n, m, w] = got
    return out


_SPREADS = _spreads()
_STRAIGHT_WINDOWS = _windows(range(5, 15), 5)
_PAIRS_WINDOWS = _windows(range(3, 15), 3)
_TRIPLES_WINDOWS = _windows(range(2, 15), 2)
#: Per straight top and suit: the faces of that suit in the window (flush search).
_FLUSH_FACES = {
    top: [sum(1 << ((r - 2) * 4 + suit) for r in slots) for suit in range(4)]
    for top, slots, _, _ in _STRAIGHT_WINDOWS
}
_EVERY4 = sum(1 << (4 * i) for i in range(13))  # the spades' faces; >> suit for others
_SEQUENCE_WINDOWS = {
    STRAIGHT: (_STRAIGHT_WINDOWS, 1),
    PAIRS: (_PAIRS_WINDOWS, 2),
    TRIPLES: (_TRIPLES_WINDOWS, 3),
}
_BY_VALUE = {
    level: tuple([r for r in range(2, 15) if r != level] + [level]) for level in range(2, 15)
}
_SUM_TUPLES = partial(sum, start=())
_BASES = tuple(range(0, 52, 4))
#: Per level: the mask of the natural cards (no ♥ wild of the level, no joker).
_NATURAL = {
    level: ((1 << 108) - 1)
    & ~(
        BITS[wild_face(level)]
        | BITS[wild_face(level) + FACES]
        | BITS[52]
        | BITS[53]
        | BITS[106]
        | BITS[107]
    )
    for level in range(2, 15)
}
_POP8 = tuple(bin(i).count("1") for i in range(256))


def _emit_codes(out: list, xs, extra, tail: int) -> None:
    out.extend(map((extra + tail).__add__, xs))  # parts are masks already shifted by 9


def _emit_cards(out: list, xs, extra, tail: int) -> None:
    extra = extra + (_READING_BYTE[tail],)  # sorts after every card id
    out.extend([bytes(sorted(x + extra)) for x in xs])


# --------------------------------------------------------------------------- memos
# The plays that involve one rank (singles, pairs, triples, bombs) or one sequence
# window depend only on the cards of that rank or window and on the wilds: they are
# remembered across hands, so a seat's next hand (a few cards fewer) finds most of
# its plays already listed. Bounded: cleared when it holds MEMO_ENTRIES entries.
MEMO_ENTRIES = 20_000
_RANKS: dict[int, list] = {}
_SEQS: dict[int, tuple] = {}
_FLUSHES: dict[int, tuple] = {}
_FEASIBLE: dict[int, tuple] = {}


class HandPlays:
    """Every canonical play of one hand at one level in one form.

    :meth:`lead` lists every play, :meth:`follow` those that beat a last play; both
    return fresh lists of items (codes, or CARDS items: see :data:`READINGS`).

    Per rank ``r`` (2..14): ``st[r]`` the copies of its natural cards held (bit ``s``
    the lower copy of suit ``s``, bit ``4 + s`` the upper; the ♥ wilds are not
    natural), ``cnt[r]`` their number; ``have[m]`` has bit ``r`` when ``cnt[r] >= m``;
    ``w`` wilds held and ``wm[j]`` the part of the ``j`` wilds used first; ``bj`` and
    ``rj`` the parts of the jokers held, one card each; ``wkey`` tells the wilds held
    apart in memo keys (0 without wilds)."""

    __slots__ = (
        "level",
        "form",
        "low",
        "high",
        "st",
        "cnt",
        "_have",
        "w",
        "wm",
        "wkey",
        "bj",
        "rj",
        "zero",
        "join",
        "emit",
        "_opts",
        "_ranks",
        "_lead",
        "_bombs",
        "_powers",
        "_above",
    )

    def __init__(self, mask: int, level: int, form: int = CODES) -> None:
        self.level = level
        self.form = form
        # zero: the empty part; join: sums parts; emit(out, parts, extra, tail):
        # appends the items of each part + extra, read as tail (kind << 5 | rank).
        if form:
            self.zero, self.join, self.emit = (), _SUM_TUPLES, _emit_cards
        else:
            self.zero, self.join, self.emit = 0, sum, _emit_codes
        nat = mask & _NATURAL[level]
        self.low = low = nat & _LOW
        self.high = high = nat >> FACES
        st = [0, 0]
        st += [(low >> b & 15) | (high >> b & 15) << 4 for b in _BASES]
        self.st = st
        self.cnt = [_POP8[x] for x in st]
        self._have = None
        wf = _WILD_FACE[level]
        wstate = (mask >> wf & 1) | (mask >> (wf + FACES) & 1) << 1
        self.w = _POP8[wstate]
        self.wkey = level << 2 | wstate if wstate else 0
        key = (form, level, wstate, mask >> 52 & 3 | mask >> 104 & 12)
        self.wm, self.bj, self.rj = _PARTS.get(key) or _parts(key)
        self._opts = _OPTS[form]
        self._ranks: list = [None] * 15
        self._lead = self._bombs = self._powers = None
        self._above: dict = {}

    @property
    def have(self) -> tuple[int, int, int, int]:
        """``have[m]``: rank mask of the ranks with at least ``m`` natural cards."""
        got = self._have
        if got is None:
            h1 = h2 = h3 = 0
            cnt = self.cnt
            for r in range(2, 15):
                n = cnt[r]
                if n:
                    h1 |= 1 << r
                    if n > 1:
                        h2 |= 1 << r
                        if n > 2:
                            h3 |= 1 << r
            got = self._have = (0, h1, h2, h3)
        return got

    def part(self, ids) -> int | tuple:
        """The part of the card ids ``ids``: a tuple of ids, or (CODES) their bit mask
        already shifted into place in a code (``mask << 9``)."""
        if self.form:
            return tuple(ids)
        m = 0
        for c in ids:
            m |= BITS[c]
        return m << 9

    # ---------------------------------------------------------------- building blocks
    def opts(self, r: int, k: int) -> list:
        """Parts of the distinct choices of ``k`` natural cards of rank ``r``."""
        st = self.st[r]
        ck = r << 12 | st << 4 | k
        got = self._opts.get(ck)
        if got is None:
            base = (r - 2) * 4
            got = self._opts[ck] = tuple(
                [self.part([base + o for o in offs]) for offs in _choose(st)[k]]
            )
        return got

    def rank(self, r: int) -> list:
        """The memo entry of rank ``r``: ``[singles, pairs, triples, bombs by size,
        pair parts, triple parts]``, each None until :meth:`items` builds it. Items,
        except the parts ``[(natural part, wilds used)]`` that full houses combine
        (pairs with at least one natural card)."""
        got = self._ranks[r]
        if got is None:
            ck = ((self.wkey << 4 | r) << 8 | self.st[r]) << 1 | self.form
            got = _RANKS.get(ck)
            if got is None:
                if len(_RANKS) >= MEMO_ENTRIES:
                    _RANKS.clear()
                got = _RANKS[ck] = [None] * 6
            self._ranks[r] = got
        return got

    def items(self, r: int, k: int, entry: list | None = None) -> list:
        """Entry ``k`` of rank ``r``'s memo entry (see :meth:`rank`), built once."""
        if entry is None:
            entry = self.rank(r)
        got = entry[k]
        if got is None:
            got = entry[k] = tuple(_RANK_BUILDERS[k](self, r))
        return got

    def window(self, kind: int, top: int, slots, cut) -> list:
        """The items of the sequence ``kind`` (straight, pairs, triples) that ends at
        ``top`` over ``slots`` (``cut``: see :func:`_windows`)."""
        shift, width, low_ace = cut
        low, high = self.low, self.high
        states = (low >> shift & width) | (high >> shift & width) << 20
        if low_ace:
            states |= ((low >> 48 & 15) | (high >> 48 & 15) << 4) << 40
        ck = ((((self.wkey << 3 | kind - STRAIGHT) << 4 | top) << 48 | states) << 1) | self.form
        got = _SEQS.get(ck)
        if got is None:
            if len(_SEQS) >= MEMO_ENTRIES:
                _SEQS.clear()
            got = []
            if kind == STRAIGHT:
                _straight(self, top, slots, got)
            else:
                self.fill(slots, 2 if kind == PAIRS else 3, kind << 5 | top, got)
            got = _SEQS[ck] = tuple(got)
        return got

    def fill(self, slots, m: int, tail: int, out: list, skip=()) -> None:
        """Append every way to fill the ranks ``slots`` with ``m`` cards each,
        naturals or wilds; a natural-only part in ``skip`` is left out."""
        opts, wm, join, emit, cnt = self.opts, self.wm, self.join, self.emit, self.cnt
        deficit = 0  # per slot, the wilds it needs at least, as a thermometer
        for i, r in enumerate(slots):
            if cnt[r] < m:
                deficit |= ((1 << (m - cnt[r])) - 1) << (m * i)
        ones = m == 1 and self.form  # one card a slot: product() already makes the tuples
        for us, j, therm in _SPREADS[len(slots), m, self.w]:
            if deficit & ~therm:
                continue
            lists = [opts(r, m - u) for r, u in zip(slots, us, strict=True) if u < m]
            if ones:
                xs = product(*[[x[0] for x in p] for p in lists])
            else:
                xs = map(join, product(*lists))
            if j == 0 and skip:
                xs = [x for x in xs if x not in skip]
            emit(out, xs, wm[j], tail)

    def card(self, r: int, suit: int) -> int | tuple | None:
        """The part of the natural card of rank ``r`` and ``suit`` (the lower copy
        held), or None."""
        s = self.st[r]
        if s >> suit & 1:
            return self.part(((r - 2) * 4 + suit,))
        if s >> (4 + suit) & 1:
            return self.part(((r - 2) * 4 + suit + FACES,))
        return None

    # ---------------------------------------------------------------- lists
    def of_kind(self, kind: int, lo: int, out: list) -> None:
        """Append the plays of the non-bomb ``kind`` whose key is above ``lo``, by
        rising key."""
        if kind <= TRIPLE:
            level, cnt, w = self.level, self.cnt, self.w
            rank, items = self.rank, self.items
            for r in _BY_VALUE[level]:
                if (cnt[r] or (r == level and w)) and (15 if r == level else r) > lo:
                    entry = rank(r)
                    out += entry[kind] or items(r, kind, entry)
            for cards, rank_ in ((self.bj, BJ_RANK), (self.rj, RJ_RANK)):
                if len(cards) > kind and rank_ > lo:
                    self.emit(out, [self.join(cards[: kind + 1])], self.zero, kind << 5 | rank_)
        elif kind == FULL_HOUSE:
            _full_houses(self, out, lo)
        else:
            for top, slots, cut in self.feasible(kind):
                if top > lo:
                    out += self.window(kind, top, slots, cut)

    def feasible(self, kind: int) -> tuple:
        """The windows ``(top, slots, cut)`` of the sequence ``kind`` that this hand's
        naturals and wilds can fill (remembered per rank counts and wilds)."""
        have, w = self.have, self.w
        if kind == STRAIGHT:
            ck = have[1] << 2 | w
        elif kind == PAIRS:
            ck = (have[1] << 15 | have[2]) << 2 | w
        else:
            ck = ((have[1] << 15 | have[2]) << 15 | have[3]) << 2 | w
        ck = ck << 3 | kind - STRAIGHT
        got = _FEASIBLE.get(ck)
        if got is None:
            windows, m = _SEQUENCE_WINDOWS[kind]
            got = []
            for top, slots, ranks, cut in windows:
                need = (ranks & ~have[1]).bit_count()
                if m > 1:
                    need += (ranks & ~have[2]).bit_count()
                    if m > 2:
                        need += (ranks & ~have[3]).bit_count()
                if need <= w:
                    got.append((top, slots, cut))
            if len(_FEASIBLE) >= MEMO_ENTRIES:
                _FEASIBLE.clear()
            got = _FEASIBLE[ck] = tuple(got)
        return got

    def bombs(self) -> tuple[list[int], list]:
        """``(powers, items)`` of every bomb, straight flush and four jokers, by rising
        power."""
        if self._bombs is None:
            powers: list[int] = []
            out: list = []
            level, w, cnt, items = self.level, self.w, self.cnt, self.items
            order = [
                (15 if r == level else r, items(r, 3)) for r in _BY_VALUE[level] if cnt[r] + w >= 4
            ]
            for size in range(4, 11):
                if size == 6:
                    self._flushes(powers, out)
                for v, by_size in order:
                    if len(by_size) > size - 4:
                        got = by_size[size - 4]
                        out += got
                        powers += [64 * size + v] * len(got)
            if len(self.bj) == 2 and len(self.rj) == 2:
                powers.append(64 * 100)
                self.emit(
                    out, [self.join(self.bj + self.rj)], self.zero, FOUR_JOKERS << 5 | RJ_RANK
                )
            self._bombs, self._powers = out, powers
        return self._powers, self._bombs

    def _flushes(self, powers: list, out: list) -> None:
        """Append the straight flushes, by rising top, then suit (each suit's list
        remembered per the copies of that suit held and the wilds)."""
        need = 5 - self.w
        low, high = self.low, self.high
        found = []
        for suit in range(4):
            sl, sh = low >> suit & _EVERY4, high >> suit & _EVERY4
            if (sl | sh).bit_count() < need:
                continue
            ck = (((self.wkey << 2 | suit) << 53 | sl) << 53 | sh) << 1 | self.form
            got = _FLUSHES.get(ck)
            if got is None:
                got = []
                for top, slots, _, _ in _STRAIGHT_WINDOWS:
                    if ((sl | sh) & _FLUSH_FACES[top][0]).bit_count() >= need:
                        items: list = []
                        _flush(self, top, slots, suit, items)
                        got += [(64 * 5 + 32 + top, item) for item in items]
                if len(_FLUSHES) >= MEMO_ENTRIES:
                    _FLUSHES.clear()
                got = _FLUSHES[ck] = tuple(got)
            if got:
                found.append(got)
        if not found:
            return
        pairs = found[0] if len(found) == 1 else sorted(chain(*found), key=itemgetter(0))
        powers += [p for p, _ in pairs]
        out += [item for _, item in pairs]

    def lead(self) -> list:
        """Every play (a fresh list), in the documented order."""
        if self._lead is None:
            out: list = []
            for kind in range(7):
                self.of_kind(kind, -1, out)
            out += self.bombs()[1]
            self._lead = out
        return self._lead[:]

    def follow(self, kind: int, rank_: int, size: int, with_pass: bool = False) -> list:
        """The plays that beat ``kind rank_`` of ``size`` cards (a fresh list), after
        a pass (code 0) when ``with_pass``."""
        powers, bombs = self.bombs()
        if kind in BOMB_KINDS:
            i = bisect_right(powers, power(kind, rank_, size, self.level))
            return [PASS, *bombs[i:]] if with_pass else bombs[i:]
        lo = key(kind, rank_, self.level)
        got = self._above.get(kind << 5 | lo)
        if got is None:
            got = []
            self.of_kind(kind, lo, got)
            self._above[kind << 5 | lo] = got  # complete before it is shared
        return [PASS, *got, *bombs] if with_pass else got + bombs


# --------------------------------------------------------------------------- tables
def _part(form: int, ids) -> int | tuple:
    """:meth:`HandPlays.part` without a hand."""
    if form:
        return tuple(ids)
    m = 0
    for c in ids:
        m |= BITS[c]
    return m << 9


def _parts(key: tuple) -> tuple:
    """``(wm, bj, rj)`` of :class:`HandPlays` for ``key = (form, level, wild copies
    held, joker copies held)`` (wilds: bit 0 the lower id, bit 1 the upper; jokers:
    bits 0 and 2 the black ids 52 and 106, bits 1 and 3 the red 53 and 107);
    remembered in :data:`_PARTS`."""
    form, level, ws, js = key
    wf = wild_face(level)
    wilds = [c for b, c in ((1, wf), (2, wf + FACES)) if ws & b]
    wm = (_part(form, ()), _part(form, wilds[:1]), _part(form, wilds))
    bj = [_part(form, (c,)) for b, c in ((1, 52), (4, 106)) if js & b]
    rj = [_part(form, (c,)) for b, c in ((2, 53), (8, 107)) if js & b]
    got = _PARTS[key] = (wm, bj, rj)
    return got


_PARTS: dict[tuple, tuple] = {}
_WILD_FACE = {level: wild_face(level) for level in range(2, 15)}


# --------------------------------------------------------------------------- builders
# Builders of a rank's memo entry (see HandPlays.rank), one per entry.
def _rank_singles(h: HandPlays, r: int) -> list:
    out: list = []
    if h.cnt[r]:
        h.emit(out, h.opts(r, 1), h.zero, r)
    if r == h.level and h.w:
        h.emit(out, h.wm[1:2], h.zero, r)
    return out


def _rank_pairs(h: HandPlays, r: int) -> list:
    out: list = []
    for j in range(0, min(1, h.w) + 1):  # two wilds alone are only a level pair
        h.emit(out, h.opts(r, 2 - j), h.wm[j], PAIR << 5 | r)
    if r == h.level and h.w == 2:
        h.emit(out, h.wm[2:], h.zero, PAIR << 5 | r)
    return out


def _rank_triples(h: HandPlays, r: int) -> list:
    out: list = []
    for j in range(0, min(3, h.w) + 1):
        h.emit(out, h.opts(r, 3 - j), h.wm[j], TRIPLE << 5 | r)
    return out


def _rank_bombs(h: HandPlays, r: int) -> list[list]:
    cnt, w = h.cnt[r], h.w
    out = []
    for size in range(4, cnt + w + 1):
        got: list = []
        for j in range(max(0, size - cnt), min(w, size) + 1):
            h.emit(got, h.opts(r, size - j), h.wm[j], BOMB << 5 | r)
        out.append(tuple(got))
    return out


def _rank_pair_parts(h: HandPlays, r: int) -> list[tuple]:
    return [(x, j) for j in range(0, min(1, h.w) + 1) for x in h.opts(r, 2 - j)]


def _rank_triple_parts(h: HandPlays, r: int) -> list[tuple]:
    return [(x, j) for j in range(0, min(3, h.w) + 1) for x in h.opts(r, 3 - j)]


_RANK_BUILDERS = (
    _rank_singles,
    _rank_pairs,
    _rank_triples,
    _rank_bombs,
    _rank_pair_parts,
    _rank_triple_parts,
)


def _full_houses(h: HandPlays, out: list, lo: int) -> None:
    level, wm, w, emit, cnt = h.level, h.wm, h.w, h.emit, h.cnt
    tag = FULL_HOUSE << 5
    by_j = None  # wilds used -> [(rank, natural part)] of pairs; rank 0: two wilds
    jokers = [x[0] + x[1] for x in (h.bj, h.rj) if len(x) == 2]
    for t in _BY_VALUE[level]:
        if cnt[t] == 0 or cnt[t] + w < 3 or (15 if t == level else t) <= lo:
            continue
        tail = tag | t
        for to, tj in h.items(t, 5):
            if by_j is None:
                by_j = [[], [], []]
                for p in range(2, 15):
                    if cnt[p] and cnt[p] + w >= 2:
                        for o, j in h.items(p, 4):
                            by_j[j].append((p, o))
                if w == 2:
                    by_j[2].append((0, h.zero))
            for pj in range(0, w - tj + 1):
                emit(out, [po for p, po in by_j[pj] if p != t], to + wm[tj + pj], tail)
            emit(out, jokers, to + wm[tj], tail)


def _straight(h: HandPlays, top: int, slots, out: list) -> None:
    faces = h.low | h.high
    skip = [  # five natural cards of one suit: a straight flush only
        h.join([h.card(r, suit) for r in slots])
        for suit, suited in enumerate(_FLUSH_FACES[top])
        if faces & suited == suited
    ]
    h.fill(slots, 1, STRAIGHT << 5 | top, out, skip)


def _flush(h: HandPlays, top: int, slots, suit: int, out: list) -> None:
    """The straight flushes of ``suit`` ending at ``top``: each slot takes the suit's
    natural card (the lower copy) or a wild."""
    w, wm = h.w, h.wm
    partial_ = [(h.zero, 0)]
    for r in slots:
        card = h.card(r, suit)
        nxt = []
        for got, j in partial_:
            if card is not None:
                nxt.append((got + card, j))
            if j < w:
                nxt.append((got, j + 1))
        partial_ = nxt
    tail = STRAIGHT_FLUSH << 5 | top
    for got, j in partial_:
        h.emit(out, (got,), wm[j], tail)


# --------------------------------------------------------------------------- the cache
#: Bound of the cache of recent hands (entries).
CACHE_ENTRIES = 128
_CACHE: dict[int, HandPlays] = {}


def hand_plays(mask: int, level: int, form: int = CODES) -> HandPlays:
    """The (cached) plays of the hand ``mask`` at ``level`` in ``form``."""
    ck = mask << 5 | form << 4 | level
    h = _CACHE.get(ck)
    if h is None:
        if len(_CACHE) >= CACHE_ENTRIES:
            _evict()
        h = _CACHE[ck] = HandPlays(mask, level, form)
    return h


def _evict() -> None:
    """Drop the older half of the cache (first in, first out)."""
    try:
        old = list(_CACHE)[: len(_CACHE) // 2 + 1]
    except RuntimeError:  # changed by another thread meanwhile: try next time
        return
    for k in old:
        _CACHE.pop(k, None)


def clear_cache() -> None:
    """Forget every cached hand and memo (benchmarks of cold enumeration)."""
    _CACHE.clear()
    _RANKS.clear()
    _SEQS.clear()
    _FLUSHES.clear()
    _FEASIBLE.clear()


def plays(mask: int, level: int, last: tuple | None = None, form: int = CODES) -> list:
    """Every canonical play of the hand ``mask`` at ``level`` that beats ``last``
    (``(kind, rank, size)``, or None when leading), in ``form``; no pass."""
    h = hand_plays(mask, level, form)
    return h.lead() if last is None else h.follow(*last)
