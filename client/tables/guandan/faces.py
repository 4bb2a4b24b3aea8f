"""Guandan card faces drawn in code, card facts from the id notation, and the words
the table uses for plays ("bomb of 9s", "straight to Q").

Card ids follow ``engine.guandan.cards``: face ``id % 54``; faces 0..51 are
``(rank - 2) * 4 + suit`` (suits S H C D), 52 the small (black) joker, 53 the big (red)
joker. The ♥ cards of the level rank are wild (``guandan.md`` "Levels").
"""

from __future__ import annotations

import pygame

from client import assets, cards
from client.i18n import _

FACES = 54
SMALL_JOKER, BIG_JOKER = 16, 17
SUIT_SYMBOLS = "♠♥♣♦"
RED_INK = (196, 24, 36)
BLACK_INK = (24, 24, 30)
CARD_FILL = (250, 250, 246)
WILD_FILL = (255, 236, 170)
LEVEL_GOLD = (222, 168, 20)
RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A"}


# --------------------------------------------------------------------------- facts
def rank(card: int) -> int:
    """2..14 (A = 14), 16 small joker, 17 big joker."""
    f = card % FACES
    if f < 52:
        return f // 4 + 2
    return SMALL_JOKER if f == 52 else BIG_JOKER


def suit(card: int) -> int | None:
    """0..3 for ♠ ♥ ♣ ♦, None for a joker."""
    f = card % FACES
    return f % 4 if f < 52 else None


def is_wild(card: int, level: int) -> bool:
    """The two ♥ cards of the level rank are wild."""
    return rank(card) == level and suit(card) == 1


def value(card: int, level: int) -> int:
    """Card order: 2..A naturally, the level rank 15, small joker 16, big joker 17."""
    r = rank(card)
    return 15 if r == level else r


def is_red(card: int) -> bool:
    """Hearts, diamonds and the big joker are printed red."""
    s = suit(card)
    return rank(card) == BIG_JOKER if s is None else s in (1, 3)


def sort_key(card: int, level: int) -> tuple:
    """Hand order, weakest first: card order, the wilds last among the level rank,
    then suit."""
    return (value(card, level), is_wild(card, level), suit(card) or 0, card)


def rank_text(r: int) -> str:
    """ "7", "10", "Q", "A"; jokers as words."""
    if r == SMALL_JOKER:
        return _("small joker")
    if r == BIG_JOKER:
        return _("big joker")
    return RANK_TEXT.get(r, str(r))


def ranks_text(r: int) -> str:
    """Plural of a rank: "9s", "Queens", "big jokers"."""
    words = {
        11: _("Jacks"),
        12: _("Queens"),
        13: _("Kings"),
        14: _("Aces"),
        SMALL_JOKER: _("small jokers"),
        BIG_JOKER: _("big jokers"),
    }
    return words.get(r, _("{rank}s").format(rank=r))


def card_text(card: int) -> str:
    """ "A♠", "10♥", "big joker"."""
    r = rank(card)
    if r >= SMALL_JOKER:
        return rank_text(r)
    return RANK_TEXT.get(r, str(r)) + SUIT_SYMBOLS[suit(card)]


def _run(top: int, length: int) -> str:
    lows = [top - length + 1 + i for i in range(length)]
    return "-".join(rank_text(14 if r == 1 else r) for r in lows)


def reading_text(combo: str, r: int, size: int) -> str:
    """The name of a reading: "pair of 7s", "straight to Q", "bomb of 9s (5 cards)"."""
    if combo == "single":
        return _("single {rank}").format(rank=rank_text(r))
    if combo == "pair":
        return _("pair of {ranks}").format(ranks=ranks_text(r))
    if combo == "triple":
        return _("three {ranks}").format(ranks=ranks_text(r))
    if combo == "full-house":
        return _("full house, three {ranks}").format(ranks=ranks_text(r))
    if combo == "straight":
        return _("straight to {rank}").format(rank=rank_text(r))
    if combo == "consecutive-pairs":
        return _("pairs {run}").format(run=_run(r, 3))
    if combo == "consecutive-triples":
        return _("triples {run}").format(run=_run(r, 2))
    if combo == "bomb":
        if size > 4:
            return _("bomb of {ranks} ({n} cards)").format(ranks=ranks_text(r), n=size)
        return _("bomb of {ranks}").format(ranks=ranks_text(r))
    if combo == "straight-flush":
        return _("straight flush to {rank}").format(rank=rank_text(r))
    if combo == "four-jokers":
        return _("four jokers")
    return combo


def play_text(action: dict) -> str:
    """The reading of a play action or view entry (``combo``, ``rank``, ``cards``)."""
    return reading_text(action["combo"], action["rank"], len(action["cards"]))


def level_text(level: int) -> str:
    """A level as players say it: 2..10, J, Q, K, A."""
    return RANK_TEXT.get(level, str(level))


#: Sequences: how many cards share each rank, and how many ranks run.
RUNS = {
    "straight": (1, 5),
    "straight-flush": (1, 5),
    "consecutive-pairs": (2, 3),
    "consecutive-triples": (3, 2),
}


def run_ranks(top: int, length: int) -> list[int]:
    """The natural ranks of a sequence of ``length`` ranks ending at ``top``, lowest
    first; the low ace (top 5 of A-2-3-4-5) as 14."""
    return [14 if r == 1 else r for r in range(top - length + 1, top + 1)]


def arrange(combo: str, top: int, cards: list[int], level: int) -> list[tuple[int, int | None]]:
    """The cards of a play in the order its reading reads, each with the rank a wild
    stands for there (None for a card that stands for itself): a straight low to high
    with each wild in the place it fills, pairs as Q Q K K A A, a full house's triple
    before its pair, wilds after the natural cards of their rank (guandan.md "Wild
    cards"). ``top`` is the reading's rank (a sequence's top, a full house's triple)."""
    naturals = sorted((c for c in cards if not is_wild(c, level)), key=lambda c: (suit(c) or 0, c))
    wilds = sorted(c for c in cards if is_wild(c, level))
    if combo in RUNS:
        width, length = RUNS[combo]
        slots = [r for r in run_ranks(top, length) for _ in range(width)]
    elif combo == "full-house":
        pair = [rank(c) for c in naturals if rank(c) != top]
        slots = [top] * 3 + [pair[0] if pair else None] * 2
    elif combo in ("single", "pair", "triple", "bomb"):
        slots = [top] * len(cards)
    else:  # four jokers and anything else: card order
        return [(c, None) for c in sorted(cards, key=lambda c: (rank(c), c))]
    out: list[tuple[int, int | None]] = []
    for r in slots:
        c = next((c for c in naturals if rank(c) == r), None)
        if c is not None:
            naturals.remove(c)
            out.append((c, None))
        elif wilds:
            w = wilds.pop(0)
            out.append((w, None if r in (None, rank(w)) else r))
    return out + [(c, None) for c in naturals + wilds]  # (never for a legal reading)


def arrange_play(entry: dict, level: int) -> list[tuple[int, int | None]]:
    """:func:`arrange` for a play action or view entry (``combo``, ``rank``, ``cards``)."""
    return arrange(entry["combo"], entry["rank"], entry["cards"], level)


# --------------------------------------------------------------------------- faces
def _ink(card: int):
    return RED_INK if is_red(card) else BLACK_INK


def face(card: int, level: int, w: int, h: int, least: int = assets.MIN_TEXT) -> pygame.Surface:
    """A Guandan card at ``w``×``h``. The left strip (all a fanned hand shows) carries
    the rank, the suit and the card's marks: a level-rank card a gold ribbon down its
    left edge and a gold star under its suit; a ♥ wild also a gold face and a big star
    in the middle ("WILD" under it where 12 px fit). A joker shows a star in the corner
    and the middle — filled red for the big joker, hollow black for the small one —
    and "BIG JOKER" / "SMALL JOKER" where 12 px fit (``least`` px: a room table's text
    floor). The selection is the table's mark (lifted, framed in blue), never drawn on
    the face."""
    copy_id = card % FACES + (level << 8)  # the two copies look the same
    return _face(copy_id, w, h, least)


@assets.cached(512, words=True)
def _face(key: int, w: int, h: int, least: int = assets.MIN_TEXT) -> pygame.Surface:
    card, level = key & 0xFF, key >> 8
    wild = is_wild(card, level)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(4, w // 9)
    pygame.draw.rect(surf, WILD_FILL if wild else CARD_FILL, rect, border_radius=radius)
    ink = _ink(card)
    r = rank(card)
    pad = max(3, w // 14)
    if r >= SMALL_JOKER:
        _joker(surf, r == BIG_JOKER, ink, w, h, pad, least)
    else:
        _corner(surf, card, level, ink, w, h, pad)
        if wild:
            cards.star(surf, (int(w * 0.62), int(h * 0.5)), h * 0.22, LEVEL_GOLD)
            cards.star(surf, (int(w * 0.62), int(h * 0.5)), h * 0.22, RED_INK, max(2, h // 50))
            size = int(h * 0.1)
            if size >= least:
                img = assets.fit(_("WILD"), size, int(w * 0.7), BLACK_INK, True, floor=least)
                surf.blit(img, img.get_rect(midbottom=(int(w * 0.62), h - pad)))
        else:
            centre = assets.render(SUIT_SYMBOLS[suit(card)], int(h * 0.42), ink)
            surf.blit(centre, centre.get_rect(center=(int(w * 0.62), int(h * 0.6))))
    pygame.draw.rect(surf, (70, 70, 70), rect, max(1, w // 45), border_radius=radius)
    return surf.convert_alpha()


def _corner(surf: pygame.Surface, card: int, level: int, ink, w: int, h: int, pad: int) -> None:
    """Rank and suit in the top-left corner; on a level-rank card the gold ribbon down
    the left edge and the gold star under the suit."""
    r = rank(card)
    x = pad
    if r == level:
        ribbon = max(3, w // 14)
        pygame.draw.rect(surf, LEVEL_GOLD, (0, max(4, w // 9), ribbon, h - 2 * max(4, w // 9)))
        x += ribbon // 2
    label = assets.render(RANK_TEXT.get(r, str(r)), max(assets.MIN_TEXT, int(h * 0.21)), ink, True)
    if label.get_width() > w * 0.4:  # "10": two narrow digits
        label = pygame.transform.smoothscale(label, (int(w * 0.4), label.get_height()))
    surf.blit(label, (x, pad - h // 50))
    sym = assets.render(SUIT_SYMBOLS[suit(card)], max(assets.MIN_TEXT, int(h * 0.2)), ink, True)
    x_mid = x + max(label.get_width(), sym.get_width()) // 2
    y = pad + label.get_height() - h // 25
    surf.blit(sym, sym.get_rect(midtop=(x_mid, y)))
    if r == level:
        centre = (x_mid, y + sym.get_height() + h * 0.07)
        cards.star(surf, centre, h * 0.075, LEVEL_GOLD)
        cards.star(surf, centre, h * 0.075, (120, 80, 0), 1)


def _joker(
    surf: pygame.Surface, big: bool, ink, w: int, h: int, pad: int, least: int = assets.MIN_TEXT
) -> None:
    """A joker's star in the corner and the middle (filled: big; hollow: small), and
    its name in two lines where ``least`` px (12, or a room's floor) fit."""
    width = 0 if big else max(2, h // 45)
    cards.star(surf, (pad + h * 0.1, pad + h * 0.1), h * 0.1, ink, width)
    cards.star(surf, (int(w * 0.6), int(h * 0.42)), h * 0.2, ink, width)
    size = int(h * 0.1)
    if size < least:
        return
    for i, line in enumerate((_("BIG") if big else _("SMALL"), _("JOKER"))):
        img = assets.fit(line, size, int(w * 0.74), ink, True, floor=least)
        surf.blit(img, img.get_rect(center=(int(w * 0.6), int(h * (0.72 + 0.12 * i)))))


@assets.cached(16)
def back(w: int, h: int) -> pygame.Surface:
    """The back of a Guandan card (red with a gold lozenge)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (150, 30, 40), rect, border_radius=max(3, w // 9))
    pygame.draw.rect(surf, (235, 235, 230), rect, max(1, w // 20), border_radius=max(3, w // 9))
    c = rect.center
    pts = [
        (c[0], c[1] - h // 4),
        (c[0] + w // 4, c[1]),
        (c[0], c[1] + h // 4),
        (c[0] - w // 4, c[1]),
    ]
    pygame.draw.polygon(surf, assets.GOLD, pts, max(1, w // 25))
    return surf.convert_alpha()


@assets.cached(8)
def shade(w: int, h: int, alpha: int = 110) -> pygame.Surface:
    """A dark veil laid over cards that may not be chosen now."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, alpha), surf.get_rect(), border_radius=max(4, w // 9))
    return surf.convert_alpha()
