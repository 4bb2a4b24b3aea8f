"""Drawing the Guandan hand (a part of :mod:`client.tables.guandan.paint`): the fan,
the selection and the cursor, where carried cards will land, the sort buttons and the
key legend (wrapped, never cut), and in the "combos" order a bar over each
combination and its name under the pointer. Every function here only reads the
table."""

from __future__ import annotations

import pygame

from client import assets
from client.i18n import _
from client.tables.guandan import faces as gc
from client.tables.guandan.hand import group_reading
from client.tables.guandan.layout import MUTED, SELECTED, panel_rect, sort_buttons, sort_words


def draw_hand(t, surface) -> None:
    """The shown hand, fanned; cards that may not be given veiled; the selection
    lifted and framed; the keyboard cursor."""
    s, b = t.s, t.board
    if t.me is None:
        if t.room_view:  # the hands are on the phones; the plays take the room
            return
        img = t.text(_("Watching the table"), 20, assets.WHITE)
        surface.blit(img, img.get_rect(center=(t.w // 2, t.h - s(80))))
        return
    flying = {fl.card for fl, _p in t.timeline.flights()}
    give = t.choosable() if t.timeline.idle else None
    deciding = t.timeline.idle and t.my_decision() == "play"
    level = b.get("level", 2)
    cursor = t.hand.cursor_card() if (deciding or give is not None) else None
    if t.hand.order:
        draw_sort_buttons(t, surface)  # (and the legend: lifted cards go over it)
    for c, base in zip(t.hand.order, t.hand.rects, strict=True):
        if c in flying:
            continue
        rect = base.move(0, -t.hand.lift) if c in t.hand.selected else base
        surface.blit(gc.face(c, level, t.cw, t.ch), rect)
        if give is not None and c not in give:
            surface.blit(gc.shade(t.cw, t.ch), rect)
        if c in t.hand.selected:
            pygame.draw.rect(surface, SELECTED, rect.inflate(4, 4), 4, border_radius=s(9))
        if c == cursor:
            pygame.draw.rect(surface, assets.WHITE, rect.inflate(10, 10), 2, border_radius=s(10))
    if t.hand.moving and t.hand.drop is not None:
        draw_drop_marker(t, surface)
    draw_group_bars(t, surface)
    draw_group_label(t, surface)


def draw_group_bars(t, surface) -> None:
    """In the "combos" order, a short bar over each combination's cards (two colours
    in turn), so the combinations stand apart where the fan overlaps them."""
    hand = t.hand
    if hand.mode != "combos" or hand.arranged or not hand.rects:
        return
    where = dict(zip(hand.order, hand.rects, strict=True))
    groups = hand.groups()
    for i, g in enumerate(groups):
        left = where[g[0]].x + t.s(3)
        right = where[groups[i + 1][0]].x - t.s(3) if i + 1 < len(groups) else where[g[-1]].right
        top = min(where[c].y - (hand.lift if c in hand.selected else 0) for c in g) - t.s(7)
        colour = (244, 196, 48) if i % 2 == 0 else (150, 210, 255)
        pygame.draw.rect(
            surface, colour, (left, top, max(2, right - left), t.s(4)), border_radius=2
        )


def draw_group_label(t, surface) -> None:
    """In the "combos" order, the combination under the pointer named in a tag over
    its cards ("pair of 9s", "straight to Q")."""
    hit = t.hand.group_at(t.pointer) if t.pointer is not None else None
    if hit is None:
        return
    group, area = hit
    text = group_reading(group, t.board.get("level", 2))
    img = t.label(text, 14, 400, assets.INK, True)
    tag = img.get_rect(midbottom=(area.centerx, area.top - t.s(12))).inflate(t.s(12), t.s(4))
    tag.clamp_ip(pygame.Rect(0, 0, t.w, t.h))
    pygame.draw.rect(surface, assets.WHITE, tag, border_radius=t.s(6))
    pygame.draw.rect(surface, SELECTED, tag, 2, border_radius=t.s(6))
    surface.blit(img, img.get_rect(center=tag.center))


def draw_drop_marker(t, surface) -> None:
    """Where the carried cards will land: a blue bar between two cards."""
    s, hand = t.s, t.hand
    others = [r for c, r in zip(hand.order, hand.rects, strict=True) if c not in hand.selected]
    if not others:
        return
    i = hand.drop
    x = others[i].x - s(4) if i < len(others) else others[-1].right + s(4)
    top = others[0].y - s(26)
    pygame.draw.rect(surface, SELECTED, (x - s(3), top, s(6), t.ch + s(30)), border_radius=s(3))


def draw_sort_buttons(t, surface) -> None:
    """Rank / Suit / Combos: the hand's order (O cycles); the one in use is gold."""
    s = t.s
    words = sort_words()
    for mode, r in sort_buttons(t).items():
        on = t.hand.mode == mode and not t.hand.arranged
        pygame.draw.rect(surface, assets.GOLD if on else (40, 70, 55), r, border_radius=s(6))
        pygame.draw.rect(surface, assets.GOLD, r, 1, border_radius=s(6))
        img = t.fit_text(words[mode], t.t(13), r.w - s(8), assets.INK if on else assets.WHITE, True)
        surface.blit(img, img.get_rect(center=r.center))
    first = next(iter(sort_buttons(t).values()))
    word = _("Your order (O: sort)") if t.hand.arranged else _("Sort (O):")
    img = t.fit_text(word, t.t(13), s(200), assets.WHITE, True)
    surface.blit(img, img.get_rect(midright=(first.x - s(8), first.centery)))
    if t.my_decision() is not None or t.hand.selected:
        keys = t.key_legend(
            _(
                "←/→ Space: pick · ↑ whole rank · H hint · P pass · "
                "drag picked cards (Ctrl+←/→) to move them"
            )
        )
        t.draw_wrapped(surface, keys, 13, legend_rect(t, img.get_width()), MUTED)


def legend_rect(t, label_w: int) -> pygame.Rect:
    """Where the key legend wraps: under your panel (right of "Emotes · T" when a
    couch shows it there), left of the sort buttons and their label (``label_w``
    pixels wide), down to the fan's top."""
    s = t.s
    first = next(iter(sort_buttons(t).values()))
    top = panel_rect(t, t.me).bottom + s(4)
    bottom = min((r.y for r in t.hand.fresh), default=t.h - s(150)) - s(2)
    button = t.emotes.button  # (as last drawn: the scene's emote_button)
    left = button.right + s(10) if button is not None and button.x < s(40) else s(14)
    return pygame.Rect(left, top, first.x - s(16) - label_w - left, max(1, bottom - top))
