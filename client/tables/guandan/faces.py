"""Guandan card faces drawn in code, card facts from the id notation, and the words
the table uses for plays ("bomb of 9s", "straight to Q").

Card ids follow ``engine.guandan.cards``: face ``id % 54``; faces 0..51 are
``(rank - 2) * 4 + suit`` (suits S H C D), 52 the small (black) joker, 53 the big (red)
joker. The ♥ cards of the level rank are wild (``guandan.md`` "Levels").
"""

from __future__ import annotations

import pygame

from client import assets
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


# --------------------------------------------------------------------------- faces
def _ink(card: int):
    return RED_INK if is_red(card) else BLACK_INK


def face(card: int, level: int, w: int, h: int) -> pygame.Surface:
    """A Guandan card at ``w``×``h``: rank and suit in the top-left corner (the part a
    fanned hand shows), a big suit in the middle; level-rank cards carry a gold "LV"
    tab and gold frame, the ♥ wilds a gold face and a "WILD" tab; jokers spell JOKER
    down the corner under "B" (big, red) or "S" (small, black)."""
    copy_id = card % FACES + (level << 8)  # the two copies look the same
    return _face(copy_id, w, h)


def _narrow(img: pygame.Surface, width: int) -> pygame.Surface:
    """``img`` squeezed to at most ``width`` pixels wide (a long translated tag)."""
    if img.get_width() <= width:
        return img
    return pygame.transform.smoothscale(img, (max(1, width), img.get_height()))


@assets.cached(512, words=True)
def _face(key: int, w: int, h: int) -> pygame.Surface:
    card, level = key & 0xFF, key >> 8
    wild = is_wild(card, level)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(4, w // 9)
    pygame.draw.rect(surf, WILD_FILL if wild else CARD_FILL, rect, border_radius=radius)
    pygame.draw.rect(surf, (70, 70, 70), rect, max(1, w // 45), border_radius=radius)
    ink = _ink(card)
    r = rank(card)
    pad = max(2, w // 16)
    if r >= SMALL_JOKER:
        big = r == BIG_JOKER
        letter = assets.font(int(h * 0.2), True).render(_("B") if big else _("S"), True, ink)
        surf.blit(letter, (pad + 1, pad))
        y = pad + letter.get_height() - h // 30
        small = assets.font(max(8, int(h * 0.105)), True)
        for ch in _("JOKER"):
            img = small.render(ch, True, ink)
            surf.blit(img, img.get_rect(midtop=(pad + letter.get_width() // 2 + 1, y)))
            y += img.get_height() - h // 40
        word = assets.font(max(8, int(h * 0.12)), True)
        cx = int(w * 0.6)
        star = assets.font(int(h * 0.34), True).render("★", True, ink)
        surf.blit(star, star.get_rect(center=(cx, int(h * 0.42))))
        for i, line in enumerate((_("BIG") if big else _("SMALL"), _("JOKER"))):
            img = word.render(line, True, ink)
            if img.get_width() > w * 0.7:
                img = pygame.transform.smoothscale(img, (int(w * 0.7), img.get_height()))
            surf.blit(img, img.get_rect(center=(cx, int(h * (0.7 + 0.13 * i)))))
        return surf.convert_alpha()
    if r == level:
        pygame.draw.rect(
            surf,
            LEVEL_GOLD,
            rect.inflate(-2 * pad // 2, -2 * pad // 2),
            max(2, w // 30),
            border_radius=radius,
        )
    label = assets.font(int(h * 0.21), True).render(RANK_TEXT.get(r, str(r)), True, ink)
    if label.get_width() > w * 0.42:  # "10"
        label = pygame.transform.smoothscale(label, (int(w * 0.42), label.get_height()))
    surf.blit(label, (pad, pad - h // 50))
    sym = assets.font(int(h * 0.2), True).render(SUIT_SYMBOLS[suit(card)], True, ink)
    x_mid = pad + max(label.get_width(), sym.get_width()) // 2
    y = pad + label.get_height() - h // 25
    surf.blit(sym, sym.get_rect(midtop=(x_mid, y)))
    y += sym.get_height()
    if r == level:
        tag = _("WILD") if wild else _("LV")
        img = _narrow(
            assets.font(max(8, int(h * 0.085)), True).render(tag, True, BLACK_INK), int(w * 0.36)
        )
        box = img.get_rect(midtop=(x_mid, y)).inflate(4, 2)
        box.left = max(1, box.left)
        pygame.draw.rect(surf, LEVEL_GOLD, box, border_radius=3)
        surf.blit(img, img.get_rect(center=box.center))
    centre = assets.font(int(h * 0.42), False).render(SUIT_SYMBOLS[suit(card)], True, ink)
    surf.blit(centre, centre.get_rect(center=(int(w * 0.62), int(h * 0.6))))
    if wild:
        img = _narrow(
            assets.font(max(8, int(h * 0.1)), True).render(_("WILD"), True, BLACK_INK), int(w * 0.7)
        )
        surf.blit(img, img.get_rect(midbottom=(int(w * 0.62), h - pad)))
    return surf.convert_alpha()


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
