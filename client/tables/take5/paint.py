"""Drawing the Take 5 table from its board (``t.board``, the shown seat's view as
the animations have it): the top bar, the rows with their bullheads, this turn's
reveal, the players with their totals, the hand and the play button, the round's
summary. Every function here only reads the table."""

from __future__ import annotations

import pygame

from client import assets, cards
from client.i18n import _, ngettext
from client.tables.take5 import layout
from client.tables.take5.faces import bull_icon
from client.tables.take5.faces import card as face
from engine.take5 import bullheads

CREAM = (250, 250, 246)
MUTED = (200, 214, 205)


def card(t, n: int, w: int, h: int) -> pygame.Surface:
    """Card ``n`` at ``w``×``h`` pixels as this table draws it (its text floor)."""
    return face(n, w, h, t.min_text)


def draw_table(t, surface: pygame.Surface) -> None:
    """Everything but flights and the error banner (drawn by the base table)."""
    b, s = t.board, t.s
    t.draw_band(surface, 50)
    limit = (
        ngettext("{n} round", "{n} rounds", b["rounds"]).format(n=b["rounds"])
        if b.get("rounds")
        else _("ends above {n} bullheads").format(n=b["threshold"])
    )
    title = _("Take 5 · Round {round} · Turn {turn} of 10").format(
        round=b["round"], turn=min(b["turn"], 10)
    )
    img = t.label(title, 20, 560, assets.WHITE, True)
    surface.blit(img, img.get_rect(midleft=(s(16), s(25))))
    img = t.label(
        _("Game: {limit} · F1: rules · Esc: menu").format(limit=limit), 16, 660, assets.WHITE
    )
    surface.blit(img, img.get_rect(midright=(t.w - s(16), s(25))))
    status = t.prompt()
    if status:
        rect = layout.status_rect(t)
        lines, px = t.fit_lines(status, t.t(19), rect.w, 2, True)
        rect.y = rect.centery - len(lines) * assets.font(px, True).get_linesize() // 2
        t.draw_lines(surface, status, 19, rect, assets.GOLD, True)
    if t.pad_in_use and t.me is not None and not b.get("over"):  # the pad's buttons
        rect = pygame.Rect(s(660), s(562), t.w - s(676), s(36))
        t.draw_lines(surface, t.key_legend(""), 14, rect, (190, 210, 200), False)
    draw_rows(t, surface)
    draw_preview(t, surface)
    draw_reveal(t, surface)
    draw_players(t, surface)
    draw_hand(t, surface)
    for text, x, y, _t in t.floaters:
        draw_floater(t, surface, text, (int(x), int(y)))
    if t.round_summary_t > 0:
        draw_round_summary(t, surface)
    if t.pile_open:
        draw_pile(t, surface)
    t.draw_note(surface, assets.RED)


def draw_floater(t, surface, heads: int, midright: tuple[int, int]) -> None:
    """ "+7" and a bullhead on a dark red tag: the bullheads a row just cost."""
    s = t.s
    img = t.text("+{n}".format(n=heads), 24, assets.WHITE, True)
    box = img.get_rect(midright=midright).inflate(s(44), s(10))
    box.right = midright[0]
    pygame.draw.rect(surface, (150, 30, 40), box, border_radius=s(10))
    pygame.draw.rect(surface, assets.WHITE, box, 2, border_radius=s(10))
    surface.blit(img, img.get_rect(midleft=(box.x + s(10), box.centery)))
    bull_icon(surface, (box.right - s(16), box.centery + s(2)), s(8), CREAM)


def preview_text(p: dict) -> str:
    """What the preview says (:func:`client.tables.take5.scene.landing`)."""
    n = p["cost"]
    if p["row"] is None:
        return ngettext(
            "{card} is lower than every row: you would take one (cheapest: row {row}, "
            "{n} bullhead)",
            "{card} is lower than every row: you would take one (cheapest: row {row}, "
            "{n} bullheads)",
            n,
        ).format(card=p["card"], row=p["cheapest"] + 1, n=n)
    if p["takes"]:
        return ngettext(
            "{card} would be the 6th card of row {row}: you take {n} bullhead",
            "{card} would be the 6th card of row {row}: you take {n} bullheads",
            n,
        ).format(card=p["card"], row=p["row"] + 1, n=n)
    return ngettext(
        "{card} would be card {place} of row {row}: the row would hold {n} bullhead",
        "{card} would be card {place} of row {row}: the row would hold {n} bullheads",
        n,
    ).format(card=p["card"], place=p["place"], row=p["row"] + 1, n=n)


def draw_preview(t, surface: pygame.Surface) -> None:
    """The hovered (or selected) card's landing: its row framed with a faint copy of
    the card in its place (red when it would take the row), or every row when it is
    too low; the words above the prompt."""
    p = t.preview()
    if p is None:
        return
    s = t.s
    if p["row"] is None:
        for r in range(4):
            pygame.draw.rect(
                surface, (230, 120, 120), layout.row_rect(t, r), 2, border_radius=s(10)
            )
    else:
        colour = (230, 70, 70) if p["takes"] else assets.HIGHLIGHT
        pygame.draw.rect(surface, colour, layout.row_rect(t, p["row"]), 3, border_radius=s(10))
        slot = layout.row_slot(t, p["row"], p["place"] - 1)
        ghost = card(t, p["card"], t.cw, t.ch).copy()
        ghost.set_alpha(150)
        surface.blit(ghost, slot)
        pygame.draw.rect(surface, colour, slot.inflate(4, 4), 2, border_radius=s(8))
    rect = pygame.Rect(s(660), s(448), t.w - s(676), s(40))
    colour = (255, 170, 160) if p["row"] is None or p["takes"] else assets.WHITE
    t.draw_lines(surface, preview_text(p), 15, rect, colour, True)


def draw_rows(t, surface: pygame.Surface) -> None:
    """The four rows: each one's number and bullheads, its cards and the sixth place.
    At a table for the room the cards this turn's reveal placed are framed in gold
    (the last moves, seen from across the room)."""
    s, b = t.s, t.board
    choosing = t.my_decision() == "row" and t.timeline.idle
    placed = {c for _seat, c in b.get("revealed", [])} if t.room_view else set()
    mid = s(86) if t.room_view else s(62)  # the bullheads' line in a row's panel
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
        bull_icon(surface, (rect.x + s(24), rect.y + mid), s(9), CREAM)
        img = t.label(str(cost), 24, 60, assets.GOLD, True)
        surface.blit(img, img.get_rect(midleft=(rect.x + s(42), rect.y + mid)))
        for i in range(6):
            slot = layout.row_slot(t, r, i)
            if i < len(row):
                surface.blit(cards.shadow(t.cw, t.ch), slot.move(3, 3))
                surface.blit(card(t, row[i], t.cw, t.ch), slot)
                if row[i] in placed:
                    pygame.draw.rect(
                        surface, assets.GOLD, slot.inflate(8, 8), 4, border_radius=s(9)
                    )
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
    x = layout.ROOM_REVEAL[0] if t.room_view else 650
    head = t.label(_("Revealed this turn"), 17, 290 if t.room_view else 380, assets.WHITE, True)
    surface.blit(head, (s(x), s(66)))
    flying = {f.card for f, _p in t.timeline.flights()}
    pending = {c for c, _s in b.get("pending", [])}
    w, h, _per = layout.reveal_size(t)
    for i, (seat, c) in enumerate(rev):
        slot = layout.reveal_slot(t, i)
        if c in pending and c not in flying and c not in t.placed:
            surface.blit(card(t, c, w, h), slot)
        else:
            surface.blit(cards.slot(w, h), slot)
        who = _("You") if t.is_you(seat) else t.short_name(seat)
        img = t.fit_text(who, t.t(13), slot.w + s(6), assets.WHITE)
        surface.blit(img, img.get_rect(midtop=(slot.centerx, slot.bottom + s(3))))


def draw_players(t, surface: pygame.Surface) -> None:
    """One panel per player, the same words for everyone: the name, the hand (or
    "chosen"), the cards taken this round; on the right the total in bullheads (yours
    also shows this round's bullheads: only you know them, take5.md)."""
    s, b = t.s, t.board
    for seat in range(b["players"]):
        rect = layout.player_rect(t, seat)
        mine = seat == t.me
        awaited = seat in b.get("awaiting", []) and not b.get("over")
        fill = (0, 0, 0, 60)
        if mine:
            fill = (255, 255, 255, 40)
        elif awaited and t.room_view:  # at a room table: a gold panel, seen from the sofa
            fill = (244, 196, 48, 60)
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, fill, panel.get_rect(), border_radius=s(8))
        surface.blit(panel, rect)
        if awaited:
            pygame.draw.rect(
                surface, assets.GOLD, rect, 4 if t.room_view else 2, border_radius=s(8)
            )
        elif mine and t.pile_open:
            pygame.draw.rect(surface, assets.WHITE, rect, 2, border_radius=s(8))
        total = t.text(str(b["totals"][seat]), 22, assets.WHITE, True)
        surface.blit(total, total.get_rect(midright=(rect.right - s(10), rect.centery)))
        bull_icon(surface, (rect.right - s(26) - total.get_width(), rect.centery), s(7), CREAM)
        room = rect.w - s(52) - total.get_width()
        name, sub = player_lines(t, seat)
        chosen = b.get("phase") == "choose" and seat not in b.get("awaiting", [])
        tick = t.text("✓", 16, assets.GOLD, True) if chosen else None
        ticked = tick.get_width() + s(10) if tick else 0  # the ✓ after the name
        img = t.fit_text(name, t.t(16), room - ticked, assets.WHITE, True)
        sub = t.fit_text(sub, t.t(13), room, (230, 230, 225))
        # A short panel (many players in a small window) has room for one line: the
        # name alone, rather than the two lines drawn over each other.
        two = img.get_height() + sub.get_height() <= rect.h
        if two:
            gap = max(0, (rect.h - img.get_height() - sub.get_height()) // 3)
        else:
            gap = max(0, (rect.h - img.get_height()) // 2)
        mid = (rect.right - s(40) - total.get_width(), rect.y + gap + img.get_height() // 2)
        keep = min(img.get_width(), s(90)) + s(8) + ticked  # the name first, badges beside
        used = t.draw_presence(surface, seat, mid, room - keep)  # who is here, the clock
        if used:
            img = t.fit_text(name, t.t(16), room - used - s(8) - ticked, assets.WHITE, True)
        name = img
        t.blit_clipped(surface, name, (rect.x + s(8), rect.y + gap), rect)
        if tick:
            surface.blit(tick, (rect.x + s(14) + name.get_width(), rect.y + gap))
        if two:
            surface.blit(sub, (rect.x + s(8), rect.bottom - gap - sub.get_height()))


def player_lines(t, seat: int) -> tuple[str, str]:
    """A player's panel in words, the same for everyone: the name, and the cards taken
    this round ("pile: 3 cards"; a ✓ beside the name once a card is chosen). Your own
    pile's bullheads are yours alone: they show by your hand and in your pile (P)."""
    n = t.board["penalty_counts"][seat]
    name = _("You") if t.is_you(seat) else t.name(seat)
    return name, ngettext("pile: {n} card", "pile: {n} cards", n).format(n=n)


def draw_pile(t, surface: pygame.Surface) -> None:
    """Your penalty pile this round: its cards and their bullheads (only yours:
    take5.md, penalty piles are private)."""
    s, b = t.s, t.board
    box = layout.pile_box(t)
    surface.blit(cards.panel(box.w, box.h, (8, 30, 20, 255), s(14)), box)
    pygame.draw.rect(surface, assets.GOLD, box, 2, border_radius=s(14))
    pile = sorted(b.get("own_penalty", []))
    n = b.get("own_bullheads", 0)
    head = ngettext(
        "Your penalty pile this round: {n} bullhead",
        "Your penalty pile this round: {n} bullheads",
        n,
    ).format(n=n)
    y = t.draw_lines(surface, head, 22, box.inflate(-s(40), 0).move(0, s(14)), assets.GOLD)
    if not pile:
        img = t.label(_("No cards taken yet this round"), 17, 520, assets.WHITE)
        surface.blit(img, (box.x + s(20), y + s(16)))
    cw, ch = s(56), s(78)
    per = max(1, (box.w - s(40)) // (cw + s(6)))
    for i, c in enumerate(pile):
        x = box.x + s(20) + (i % per) * (cw + s(6))
        yy = y + s(12) + (i // per) * (ch + s(8))
        if yy + ch > box.bottom - s(30):
            break
        surface.blit(card(t, c, cw, ch), (x, yy))
    foot = t.label(_("Totals count at the end of the round · P or a click: close"), 14, 560, MUTED)
    surface.blit(foot, foot.get_rect(midbottom=(box.centerx, box.bottom - s(8))))


def draw_hand(t, surface: pygame.Surface) -> None:
    s, b = t.s, t.board
    if t.me is None:
        if t.room_view:  # the hands are on the phones; the rows take the room
            return
        img = t.label(_("Watching the table"), 18, 600, assets.WHITE)
        surface.blit(img, img.get_rect(center=(t.w // 2, t.h - s(80))))
        return
    hand = b.get("hand", [])
    deciding = t.my_decision() == "choose" and t.timeline.idle
    label = t.label(
        ngettext(
            "Your hand · your pile: {n} bullhead (P: look)",
            "Your hand · your pile: {n} bullheads (P: look)",
            b.get("own_bullheads", 0),
        ).format(n=b.get("own_bullheads", 0)),
        16,
        560,
        assets.WHITE,
        True,
    )
    first = layout.hand_slot(t, 0, max(1, len(hand)))
    surface.blit(label, (s(16), first.y - s(48)))  # clear of a lifted card and the prompt
    for c, rect in zip(hand, t.hand_rects(), strict=True):
        if c == t.selected or c == b.get("chosen"):
            rect = rect.move(0, -s(24))
        surface.blit(cards.shadow(t.hw, t.hh), rect.move(3, 4))
        surface.blit(card(t, c, t.hw, t.hh), rect)
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
    box = layout.summary_box(t, n, step)
    surface.blit(cards.panel(box.w, box.h, (8, 30, 20, 255), s(14)), box)
    pygame.draw.rect(surface, assets.GOLD, box, 2, border_radius=s(14))
    head = t.label(_("Round {n} over").format(n=e["round"]), 28, 490, assets.GOLD, True)
    surface.blit(head, head.get_rect(midtop=(box.centerx, box.y + s(14))))
    y = box.y + s(64)
    names = [
        t.label(_("You") if t.is_you(i) else t.name(i), 19, 170, assets.WHITE) for i in range(n)
    ]
    # The totals take what the names leave: "+11 cabezas de toro · total…" was cut at
    # a larger text size while short names left the middle of the box empty.
    room = box.w - s(60) - max(img.get_width() for img in names) - s(16)
    for seat in range(n):
        surface.blit(names[seat], (box.x + s(30), y))
        img = t.fit_text(
            ngettext(
                "+{n} bullhead · total {total}",
                "+{n} bullheads · total {total}",
                e["bullheads"][seat],
            ).format(n=e["bullheads"][seat], total=e["totals"][seat]),
            t.t(19),
            room,
            assets.WHITE,
            True,
        )
        surface.blit(img, img.get_rect(topright=(box.right - s(30), y)))
        y += step
