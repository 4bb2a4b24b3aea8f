"""Drawing the Take 5 table from its board (``t.board``, the shown seat's view as
the animations have it): the top bar, the rows with their bullheads, this turn's
reveal, the players with their totals, the hand and the play button, the round's
summary. Every function here only reads the table."""

from __future__ import annotations

import pygame

from client import assets, cards
from client.i18n import _, ngettext
from client.tables.take5 import layout
from client.tables.take5.faces import bull_icon, card
from engine.take5 import bullheads

CREAM = (250, 250, 246)


def draw_table(t, surface: pygame.Surface) -> None:
    """Everything but flights and the error banner (drawn by the base table)."""
    b, s = t.board, t.s
    t.draw_band(surface, 50)
    limit = (
        _("{n} rounds").format(n=b["rounds"])
        if b.get("rounds")
        else _("ends above {n} bullheads").format(n=b["threshold"])
    )
    title = _("Take 5 · Round {round} · Turn {turn} of 10").format(
        round=b["round"], turn=min(b["turn"], 10)
    )
    img = t.label(title, 20, 560, assets.WHITE, True)
    surface.blit(img, img.get_rect(midleft=(s(16), s(25))))
    img = t.label(
        _("Game {limit} · F1: rules · Esc: menu").format(limit=limit), 16, 660, assets.WHITE
    )
    surface.blit(img, img.get_rect(midright=(t.w - s(16), s(25))))
    status = t.prompt()
    if status:
        img = t.fit_text(status, t.t(19), t.w - s(676), assets.GOLD, True)
        surface.blit(img, img.get_rect(midleft=(s(660), s(526))))
    draw_rows(t, surface)
    draw_reveal(t, surface)
    draw_players(t, surface)
    draw_hand(t, surface)
    for text, x, y, _t in t.floaters:
        img = t.text(text, 26, assets.RED, True)
        surface.blit(img, img.get_rect(center=(int(x), int(y))))
    if t.round_summary_t > 0:
        draw_round_summary(t, surface)
    t.draw_note(surface, assets.RED)


def draw_rows(t, surface: pygame.Surface) -> None:
    s, b = t.s, t.board
    choosing = t.my_decision() == "row" and t.timeline.idle
    for r in range(4):
        rect = layout.row_rect(t, r)
        row = b["rows"][r]
        cost = sum(bullheads(c) for c in row)
        bg = (255, 226, 90, 70) if choosing and t.hover_row == r else (0, 0, 0, 45)
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, bg, panel.get_rect(), border_radius=s(10))
        surface.blit(panel, rect)
        if choosing:
            pygame.draw.rect(surface, assets.HIGHLIGHT, rect, 3, border_radius=s(10))
        surface.blit(
            t.label(_("Row {n}").format(n=r + 1), 17, 94, assets.WHITE, True),
            (rect.x + s(10), rect.y + s(14)),
        )
        bull_icon(surface, (rect.x + s(24), rect.y + s(62)), s(9), CREAM)
        img = t.label(str(cost), 24, 60, assets.GOLD, True)
        surface.blit(img, img.get_rect(midleft=(rect.x + s(42), rect.y + s(62))))
        for i in range(6):
            slot = layout.row_slot(t, r, i)
            if i < len(row):
                surface.blit(cards.shadow(t.cw, t.ch), slot.move(3, 3))
                surface.blit(card(row[i], t.cw, t.ch), slot)
            else:
                surface.blit(cards.slot(t.cw, t.ch), slot)
                if i == 5:
                    pygame.draw.rect(surface, (200, 60, 60), slot, 2, border_radius=s(7))
                    img = t.label(_("6th"), 14, 64, (230, 120, 120), True)
                    surface.blit(img, img.get_rect(center=slot.center))
        if choosing:
            img = t.label(
                _("[{n}] take: {cost}").format(n=r + 1, cost=cost), 15, 200, assets.INK, True
            )
            tag = img.get_rect(bottomright=(rect.right - s(6), rect.bottom - s(6)))
            pygame.draw.rect(surface, assets.HIGHLIGHT, tag.inflate(s(8), s(4)), border_radius=s(5))
            surface.blit(img, tag)


def draw_reveal(t, surface: pygame.Surface) -> None:
    s, b = t.s, t.board
    rev = b.get("revealed", [])
    head = t.label(_("Revealed this turn"), 17, 380, assets.WHITE, True)
    surface.blit(head, (s(650), s(66)))
    flying = {f.card for f, _p in t.timeline.flights()}
    pending = {c for c, _s in b.get("pending", [])}
    for i, (seat, c) in enumerate(rev):
        slot = layout.reveal_slot(t, i)
        if c in pending and c not in flying and c not in t.placed:
            surface.blit(card(c, t.cw, t.ch), slot)
        else:
            surface.blit(cards.slot(t.cw, t.ch), slot)
        who = _("You") if seat == t.me else t.short_name(seat)
        img = t.label(who, 13, 76, assets.WHITE)
        surface.blit(img, img.get_rect(midtop=(slot.centerx, slot.bottom + s(3))))


def draw_players(t, surface: pygame.Surface) -> None:
    s, b = t.s, t.board
    for seat in range(b["players"]):
        rect = layout.player_rect(t, seat)
        mine = seat == t.me
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(
            panel,
            (255, 255, 255, 40) if mine else (0, 0, 0, 60),
            panel.get_rect(),
            border_radius=s(8),
        )
        surface.blit(panel, rect)
        if seat in b.get("awaiting", []) and not b.get("over"):
            pygame.draw.rect(surface, assets.GOLD, rect, 2, border_radius=s(8))
        name = (_("You") if mine else t.name(seat))[:16]
        surface.blit(t.label(name, 16, 160, assets.WHITE, True), (rect.x + s(8), rect.y + s(4)))
        chosen = b["has_chosen"][seat]
        n = b["hand_sizes"][seat]
        mark = _("✓ chosen") if chosen else ngettext("{n} card", "{n} cards", n).format(n=n)
        surface.blit(
            t.label(mark, 13, 90, assets.GOLD if chosen else assets.WHITE),
            (rect.x + s(8), rect.y + s(26)),
        )
        img = t.label(str(b["totals"][seat]), 22, 44, assets.WHITE, True)
        surface.blit(img, img.get_rect(midright=(rect.right - s(10), rect.centery)))
        bull_icon(surface, (rect.right - s(26) - img.get_width(), rect.centery), s(7), CREAM)
        pen = b["penalty_counts"][seat]
        if pen:
            extra = (
                _("+{n} this round").format(n=b["own_bullheads"])
                if mine
                else _("{n} taken").format(n=pen)
            )
            surface.blit(t.label(extra, 13, 76, (255, 160, 150)), (rect.x + s(100), rect.y + s(26)))


def draw_hand(t, surface: pygame.Surface) -> None:
    s, b = t.s, t.board
    if t.me is None:
        img = t.label(_("Watching the table"), 18, 600, assets.WHITE)
        surface.blit(img, img.get_rect(center=(t.w // 2, t.h - s(80))))
        return
    hand = b.get("hand", [])
    deciding = t.my_decision() == "choose" and t.timeline.idle
    label = t.label(_("Your hand"), 16, 300, assets.WHITE, True)
    first = layout.hand_slot(t, 0, max(1, len(hand)))
    surface.blit(label, (first.x, first.y - s(26)))
    for i, c in enumerate(hand):
        rect = layout.hand_slot(t, i, len(hand))
        if c == t.selected or c == b.get("chosen"):
            rect = rect.move(0, -s(24))
        surface.blit(cards.shadow(t.hw, t.hh), rect.move(3, 4))
        surface.blit(card(c, t.hw, t.hh), rect)
        if c == b.get("chosen"):
            pygame.draw.rect(surface, assets.GOLD, rect.inflate(6, 6), 3, border_radius=s(9))
        elif c == t.selected:
            pygame.draw.rect(surface, assets.HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=s(9))
    btn = layout.play_button(t)
    if deciding and t.selected is not None:
        pygame.draw.rect(surface, assets.GOLD, btn, border_radius=s(10))
        img = t.label(_("Play {card}").format(card=t.selected), 22, 156, assets.INK, True)
        surface.blit(img, img.get_rect(center=btn.center))
    elif b.get("chosen") is not None:
        img = t.label(_("You chose {card}").format(card=b["chosen"]), 18, 180, assets.GOLD, True)
        surface.blit(img, img.get_rect(center=btn.center))


def draw_round_summary(t, surface: pygame.Surface) -> None:
    s, e = t.s, t.round_summary
    n = len(e["totals"])
    step = max(s(30), int(t.t(19) * 1.25))
    box = pygame.Rect(0, 0, s(520), s(110) + n * step)
    box.center = (t.w // 2 - s(120), t.h // 2 - s(40))
    surface.blit(cards.panel(box.w, box.h, (8, 30, 20, 235), s(14)), box)
    pygame.draw.rect(surface, assets.GOLD, box, 2, border_radius=s(14))
    head = t.label(_("Round {n} over").format(n=e["round"]), 28, 490, assets.GOLD, True)
    surface.blit(head, head.get_rect(midtop=(box.centerx, box.y + s(14))))
    y = box.y + s(64)
    for seat in range(n):
        name = _("You") if seat == t.me else t.name(seat)
        surface.blit(t.label(name, 19, 250, assets.WHITE), (box.x + s(30), y))
        img = t.label(
            _("+{n}   total {total}").format(n=e["bullheads"][seat], total=e["totals"][seat]),
            19,
            200,
            assets.WHITE,
            True,
        )
        surface.blit(img, img.get_rect(topright=(box.right - s(30), y)))
        y += step
