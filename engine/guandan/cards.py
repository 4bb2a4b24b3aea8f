"""Guandan card facts and card notation (``guandan.md`` "Table", "Card order").

Two 54-card packs make 108 cards with ids ``0..107``. A card's **face** is
``id % 54``: faces ``0..51`` are ``(rank - 2) * 4 + suit`` with ranks 2..14 (A = 14)
and suits ``S H C D`` (0..3; suits have no order), face 52 is the black (small)
joker, 53 the red (big) joker. The two copies of a face are ids ``f`` and ``f + 54``.

Notation: ``"7H"``, ``"10S"`` (or ``"TS"``), ``"JC"``, ``"QD"``, ``"KS"``, ``"AH"``,
``"BJ"`` (black joker), ``"RJ"`` (red joker). A trailing ``'`` names the second copy
(``"7H'"`` is id 7H + 54). :func:`parse_cards` gives successive unmarked copies of one
face successive ids, so ``parse_cards("7H 7H")`` is both copies.
"""

from __future__ import annotations

from engine.core import MalformedAction

DECK_SIZE = 108
FACES = 54
HAND_SIZE = 27
BLACK_JOKER = 52
RED_JOKER = 53
SUITS = "SHCD"
HEARTS = 1
#: Rank numbers: 2..14 for 2..A; jokers use 16 (black) and 17 (red). 15 is the value
#: of the level rank in card order (see :func:`card_value`).
BJ_RANK = 16
RJ_RANK = 17
LEVEL_VALUE = 15
RANK_NAMES = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
    BJ_RANK: "BJ",
    RJ_RANK: "RJ",
}
_RANK_OF_NAME = {v: k for k, v in RANK_NAMES.items()}
_RANK_OF_NAME["T"] = 10
_RANK_OF_NAME["1"] = 14


def face(card: int) -> int:
    """The face (0..53) of card id ``card`` (0..107)."""
    return card - FACES if card >= FACES else card


def rank(card: int) -> int:
    """Rank of a card id: 2..14, 16 (black joker) or 17 (red joker)."""
    f = card - FACES if card >= FACES else card
    if f < 52:
        return (f >> 2) + 2
    return BJ_RANK if f == BLACK_JOKER else RJ_RANK


def suit(card: int) -> int | None:
    """Suit index 0..3 (S H C D) of a card id, None for a joker."""
    f = face(card)
    return f & 3 if f < 52 else None


def wild_face(level: int) -> int:
    """The face of the ♥ card of the level rank (the wild card, guandan.md "Levels")."""
    return (level - 2) * 4 + HEARTS


def is_wild(card: int, level: int) -> bool:
    """Whether ``card`` is one of the two ♥ level-rank cards (wild cards)."""
    return face(card) == wild_face(level)


def value(rank_: int, level: int) -> int:
    """Card-order value of a rank at ``level``: 2..14 naturally, the level rank 15,
    black joker 16, red joker 17 (guandan.md "Card order")."""
    return LEVEL_VALUE if rank_ == level else rank_


def card_value(card: int, level: int) -> int:
    """Card-order value of a card id at ``level`` (a wild counts as its level rank)."""
    return value(rank(card), level)


# --------------------------------------------------------------------------- notation
def format_card(card: int) -> str:
    """``"7H"`` for the first copy, ``"7H'"`` for the second; ``"BJ"``/``"RJ"`` jokers."""
    if not isinstance(card, int) or not 0 <= card < DECK_SIZE:
        raise ValueError(f"no card id {card!r}")
    f = face(card)
    text = RANK_NAMES[rank(f)] + ("" if f >= 52 else SUITS[f & 3])
    return text + ("'" if card >= FACES else "")


def parse_face(text: str) -> int:
    """The face (0..53) named by ``text`` (``"7H"``, ``"10s"``, ``"BJ"``); a trailing
    ``'`` is ignored. Raises :class:`MalformedAction` for anything else."""
    t = text.strip().rstrip("'").upper()
    if t in ("BJ", "RJ"):
        return BLACK_JOKER if t == "BJ" else RED_JOKER
    r = _RANK_OF_NAME.get(t[:-1])
    if not t or r is None or r > 14 or t[-1] not in SUITS:
        raise MalformedAction(f"cannot read card {text!r}: expected e.g. 7H, 10S, QD, BJ, RJ")
    return (r - 2) * 4 + SUITS.index(t[-1])


def parse_card(text: str) -> int:
    """The card id named by ``text``: first copy unless it ends with ``'``."""
    f = parse_face(text)
    return f + FACES if text.strip().endswith("'") else f


def parse_cards(text: str) -> list[int]:
    """Card ids for a space-separated list; repeated unmarked faces take the next
    copy (``"7H 7H"`` → both copies). Raises :class:`MalformedAction` for a third
    copy or a copy named twice."""
    out: list[int] = []
    for tok in text.split():
        f = parse_face(tok)
        if tok.endswith("'"):
            card = f + FACES
        else:
            card = f if f not in out else f + FACES
        if card in out:
            raise MalformedAction(f"card {tok!r} named twice (each face exists twice)")
        out.append(card)
    return out


def parse_hands(texts) -> list[list[int]]:
    """Card ids for several hands at once (``["7H 7H", "7H'"]``-style lists): an
    unmarked face takes the first copy not yet used in any of the hands, so two hands
    that both name ``"9S"`` get both copies. Raises :class:`MalformedAction` when a
    face is named three times or a copy twice."""
    used: set[int] = set()
    out = []
    for text in texts:
        hand = []
        for tok in text.split():
            f = parse_face(tok)
            if tok.endswith("'"):
                card = f + FACES
            else:
                card = f if f not in used else f + FACES
            if card in used:
                raise MalformedAction(f"card {tok!r} named too often (each face exists twice)")
            used.add(card)
            hand.append(card)
        out.append(hand)
    return out


def format_cards(cards) -> str:
    """Space-separated notation of ``cards`` in the given order."""
    return " ".join(format_card(c) for c in cards)
