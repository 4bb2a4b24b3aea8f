"""Guandan actions as integers and hands as bit masks
(the fast simulation path, issue 17).

**Hand masks.** A set of card ids (0..107) is the int whose bit ``id`` is set
(:func:`mask_of`, :func:`ids_of`); ids come out sorted.

**Action codes** (``Guandan.encode_action`` / ``decode_action``)::

    code = cards_mask << 9 | kind << 5 | rank

``kind`` is the index of the play's combination in :data:`COMBOS` (0..9),
:data:`TRIBUTE` (10) or :data:`RETURN` (11); ``rank`` (0..17) is the reading's rank
(0 for tribute and return). A pass is :data:`PASS` (0): no cards. A play's code thus
holds its cards *and* its reading, so the two readings of one card set (a 5-card bomb
or a full house) are two codes. Codes are non-negative ints of up to 117 bits: use
them as dict keys, never as list indexes.

The enumeration of plays (as codes or as actions) is in
:mod:`engine.guandan.enumeration`.
"""

from __future__ import annotations


#: Every combination type, in the order plays are listed (``combos.COMBOS``).
COMBOS = (
    "single",
    "pair",
    "triple",
    "full-house",
    "straight",
    "consecutive-pairs",
    "consecutive-triples",
    "bomb",
    "straight-flush",
    "four-jokers",
)

#: Kinds (bits 5..8 of a code): the combination indexes 0..9, then these two.
SINGLE, PAIR, TRIPLE, FULL_HOUSE, STRAIGHT, PAIRS, TRIPLES, BOMB, STRAIGHT_FLUSH, FOUR_JOKERS = (
    range(10)
)
TRIBUTE, RETURN = 10, 11
PASS = 0
KIND_NAMES = COMBOS + ("tribute", "return")
KIND_OF = {name: i for i, name in enumerate(KIND_NAMES)}
BITS = tuple(1 << i for i in range(108))
#: Bomb kinds (bomb, straight flush, four jokers).
BOMB_KINDS = frozenset((BOMB, STRAIGHT_FLUSH, FOUR_JOKERS))
SEQUENCE_KINDS = frozenset((STRAIGHT, PAIRS, TRIPLES, STRAIGHT_FLUSH))
JOKER_BITS = BITS[52] | BITS[53] | BITS[106] | BITS[107]


# --------------------------------------------------------------------------- masks
def mask_of(cards) -> int:
    """The bit mask of the card ids ``cards``."""
    m = 0
    for c in cards:
        m |= BITS[c]
    return m


def ids_of(mask: int) -> list[int]:
    """The card ids of ``mask``, rising."""
    out = []
    while mask:
        b = mask.bit_length() - 1
        out.append(b)
        mask ^= BITS[b]
    out.reverse()
    return out


def code_of(cards, kind: int, rank: int) -> int:
    """The code of ``cards`` read as ``kind`` (index in :data:`KIND_NAMES`) ``rank``."""
    return mask_of(cards) << 9 | kind << 5 | rank


def cards_of(code: int) -> list[int]:
    """The card ids of a code, rising (``[]`` for a pass)."""
    return ids_of(code >> 9)


def size_of(code: int) -> int:
    """How many cards a code plays."""
    return (code >> 9).bit_count()


def kind_of(code: int) -> int:
    """The kind of a code (index in :data:`KIND_NAMES`)."""
    return (code >> 5) & 15


def rank_of(code: int) -> int:
    """The reading's rank of a play code."""
    return code & 31


def value(rank_: int, level: int) -> int:
    """Card-order value (the level rank is 15, above A)."""
    return 15 if rank_ == level else rank_


def encode(action: dict) -> int:
    """The code of a well-formed action (a play with ``cards``, ``combo`` and ``rank``,
    a pass, a tribute or a return with ``card``). Raises ``KeyError``, ``TypeError``
    or ``IndexError`` for anything else (``Guandan.encode_action`` turns them into
    :class:`~engine.core.MalformedAction`)."""
    kind = action["type"]
    if kind == "pass":
        return PASS
    if kind == "play":
        rank_ = action["rank"]
        if not isinstance(rank_, int) or not 0 <= rank_ < 32 or not action["cards"]:
            raise TypeError("a play needs cards and a rank 0..31")
        return mask_of(action["cards"]) << 9 | KIND_OF[action["combo"]] << 5 | rank_
    return BITS[action["card"]] << 9 | KIND_OF[kind] << 5


def decode(code: int) -> dict:
    """The action dict of ``code`` (inverse of :func:`encode`)."""
    if code == PASS:
        return {"type": "pass"}
    kind = (code >> 5) & 15
    if kind >= TRIBUTE:
        return {"type": KIND_NAMES[kind], "card": (code >> 9).bit_length() - 1}
    return {
        "type": "play",
        "cards": ids_of(code >> 9),
        "combo": COMBOS[kind],
        "rank": code & 31,
    }


def power(kind: int, rank_: int, size: int, level: int) -> int:
    """Bomb order as one int: 4-card < 5-card < straight flush < 6 < ... < 10 < four
    jokers, equal sizes by card order (bombs) or top (flushes) (guandan.md)."""
    if kind == BOMB:
        return 64 * size + (15 if rank_ == level else rank_)
    if kind == STRAIGHT_FLUSH:
        return 64 * 5 + 32 + rank_
    return 64 * 100


def key(kind: int, rank_: int, level: int) -> int:
    """Comparison key of a non-bomb: natural top for sequences, card order otherwise."""
    if kind in SEQUENCE_KINDS:
        return rank_
    return 15 if rank_ == level else rank_
