"""Drawing The Game's table from its board (``t.board``, the shown seat's view as the
animations have it): top bar, team, draw pile, the four piles with their direction,
top card, history and signals, the prompt, the hand, the buttons and the key legend.
Every function here only reads the table.
"""

from __future__ import annotations

import pygame

from client import assets, cards
from client.i18n import _, ngettext
from client.tables.the_game.faces import CREAM, DONT, DOWN_TINT, UP_TINT, WELL, arrow, card
from client.tables.the_game.faces import marker, signal_icon
from client.pads import PILE_BUTTONS
from client.tables.the_game.layout import ASCENDING, HAND_Y, LEFT_W, LEFT_X, PILE_KEYS
from client.tables.the_game.layout import PILE_W, PILE_X, PILES, action_button, deck_rect
from client.tables.the_game.layout import pile_rect, seat_rect, status_box, toggle_rect, top_rect

TRICK = (120, 210, 250)
MUTED = (200, 214, 205)


# ---------------------------------------------------------------------------- table
def draw_table(t, surface: pygame.Surface) -> None:
    """Everything but flights and the error banner (drawn by the base table)."""
    draw_top(t, surface)
    draw_seats(t, surface)
    draw_deck(t, surface)
    for i in range(4):
        draw_pile(t, surface, i)
    draw_status(t, surface)
    draw_hand(t, surface)
    draw_button(t, surface)
    draw_legend(t, surface)
    t.draw_note(surface, (20, 70, 110))


def draw_top(t, surface) -> None:
    s, b = t.s, t.board
    t.draw_band(surface, 44)
    title = _("The Game · Turn {n} · everyone plays together").format(n=b["turns"])
    if b.get("expert"):
        title += " · " + _("expert: minimum 3")
    surface.blit(t.label(title, 20, 820, assets.WHITE, True), (s(16), s(11)))
    img = t.label(_("F1: rules · Esc: menu"), 16, 400, assets.WHITE)
    surface.blit(img, img.get_rect(midright=(t.w - s(16), s(22))))


def draw_seats(t, surface) -> None:
    s, b = t.s, t.board
    img = t.label(_("The team"), 16, LEFT_W, assets.WHITE, True)
    surface.blit(img, (s(LEFT_X), s(56)))
    over = b.get("over")
    for seat in range(b["players"]):
        rect = seat_rect(t, seat)
        active = seat == b["turn"] and not over
        bg = (255, 255, 255, 40) if seat == t.me else (0, 0, 0, 60)
        surface.blit(cards.panel(rect.w, rect.h, bg, s(8)), rect)
        if active:
            if t.room_view:  # whose turn it is, seen from the sofa
                surface.blit(cards.panel(rect.w, rect.h, (244, 196, 48, 60), s(8)), rect)
            pygame.draw.rect(surface, assets.GOLD, rect, s(3), border_radius=s(8))
        name = t.who(seat, full=True)
        if active:
            name = "▶ " + name
        img = t.label(name, 16, LEFT_W - 20, assets.WHITE, True)
        mid = (rect.right - s(8), rect.y + s(5) + img.get_height() // 2)
        keep = min(img.get_width(), s(120)) + s(26)  # the name first, the badges beside it
        used = t.draw_presence(surface, seat, mid, rect.w - keep)  # who is here, the clock
        if used:
            img = t.fit_text(name, t.t(16), rect.w - s(26) - used, assets.WHITE, True)
        surface.blit(img, (rect.x + s(10), rect.y + s(5)))
        n = b["hand_sizes"][seat]
        low = s(14) if t.room_view else 0  # a room's taller panel: the second line lower
        back = cards.card_back(s(12), s(17))
        for k in range(min(n, 8)):
            surface.blit(back, (rect.x + s(10) + k * s(6), rect.y + s(30) + low))
        sub = ngettext("{n} card", "{n} cards", n).format(n=n)
        if active:
            left = b["to_play"]
            sub = (
                ngettext("{cards} · {n} more to play", "{cards} · {n} more to play", left).format(
                    cards=sub, n=left
                )
                if left
                else _("{cards} · may end the turn").format(cards=sub)
            )
        surface.blit(
            t.label(sub, 13, LEFT_W - 88, assets.GOLD if active else MUTED),
            (rect.x + s(78), rect.y + s(31) + low),
        )


def draw_deck(t, surface) -> None:
    s, b = t.s, t.board
    rect = deck_rect(t)
    if b["deck"]:
        surface.blit(cards.card_back(rect.w, rect.h), rect)
    else:
        surface.blit(cards.slot(rect.w, rect.h), rect)
    x = rect.right + s(12)
    surface.blit(t.label(_("Draw pile"), 15, LEFT_W - 60, assets.WHITE, True), (x, rect.y + s(4)))
    text = ngettext("{n} card", "{n} cards", b["deck"]).format(n=b["deck"])
    surface.blit(t.label(text, 22, LEFT_W - 60, assets.GOLD, True), (x, rect.y + s(24)))
    left = b["cards_left"]
    text = _("Cards left: {n} of 98").format(n=left)
    t.draw_lines(
        surface, text, 13, pygame.Rect(rect.x, rect.bottom + s(8), s(LEFT_W), 0), MUTED, False
    )


def pile_key(t, i: int) -> str:
    """The key that plays on pile ``i``: its letter, or its pad button while a pad is
    in use (:data:`client.pads.PILE_BUTTONS`)."""
    return PILE_BUTTONS[i] if t.pad_in_use else PILE_KEYS[i]


def _tag(surface, t, text: str, center, fill, ink=assets.INK, size: int = 15) -> pygame.Rect:
    s = t.s
    img = t.label(text, size, PILE_W - 20, ink, True)
    box = img.get_rect(center=center).inflate(s(12), s(6))
    pygame.draw.rect(surface, fill, box, border_radius=s(6))
    surface.blit(img, img.get_rect(center=box.center))
    return box


def draw_pile(t, surface, i: int) -> None:
    s, b = t.s, t.board
    name = PILES[i]
    up = ASCENDING[name]
    rect = pile_rect(t, i)
    tint = UP_TINT if up else DOWN_TINT
    surface.blit(cards.panel(rect.w, rect.h, (*tint, 70), s(12)), rect)
    pygame.draw.rect(surface, tint, rect, s(2), border_radius=s(12))
    # Header: arrow + UP/DOWN + range, and the pile's key.
    arrow(surface, (rect.x + s(22), rect.y + s(20)), s(11), up, CREAM)
    word = _("UP") if up else _("DOWN")
    img = t.label(word, 20, 80, CREAM, True)
    surface.blit(img, img.get_rect(midleft=(rect.x + s(40), rect.y + s(20))))
    span = _("1 → 99") if up else _("100 → 2")
    img2 = t.label(span, 14, PILE_W - 90 - img.get_width() / t.k, CREAM)
    surface.blit(img2, img2.get_rect(midleft=(rect.x + s(48) + img.get_width(), rect.y + s(21))))
    key = pile_key(t, i)
    at = (rect.right - s(20 + 5 * (len(key) - 1)), rect.y + s(20))
    _tag(surface, t, key, at, (235, 235, 225), size=15)
    # The top card, large.
    top = top_rect(t, i)
    shown = b["piles"][name]
    surface.blit(cards.shadow(top.w, top.h), top.move(s(3), s(4)))
    if shown:
        surface.blit(card(shown[-1], top.w, top.h), top)
        if t.room_view and name == t.last_pile:  # the last card played, framed in gold
            pygame.draw.rect(
                surface, assets.GOLD, top.inflate(s(10), s(10)), s(4), border_radius=s(12)
            )
    else:
        surface.blit(marker(up, top.w, top.h), top)
    # The rule, and the cards beneath (public history).
    rule = _("higher, or exactly 10 lower") if up else _("lower, or exactly 10 higher")
    img = t.label(rule, 13, PILE_W - 12, CREAM)
    surface.blit(img, img.get_rect(midtop=(rect.centerx, top.bottom + s(6))))
    y = top.bottom + s(6) + max(s(18), img.get_height())
    under = list(reversed(shown[-4:-1]))
    if shown:
        hist = (
            _("beneath: {cards}").format(cards=" · ".join(map(str, under)))
            if under
            else _("beneath: start ({n})").format(n=1 if up else 100)
        )
        hist = ngettext("{hist} ({n} played)", "{hist} ({n} played)", len(shown)).format(
            hist=hist, n=len(shown)
        )
    else:
        hist = _("no card yet")
    img = t.label(hist, 13, PILE_W - 12, MUTED)
    surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
    # A selected card: light the piles it may go on, veil the others.
    choice = t.selected_choice()
    if choice is not None:
        card_no, lit = choice
        cy = top.bottom + s(54)
        if name in lit:
            pygame.draw.rect(
                surface, assets.HIGHLIGHT, rect.inflate(s(6), s(6)), s(4), border_radius=s(14)
            )
            if t.is_trick(card_no, name):
                _tag(
                    surface,
                    t,
                    _("{key}: ↶ backwards trick").format(key=pile_key(t, i)),
                    (rect.centerx, cy),
                    TRICK,
                    size=14,
                )
                pygame.draw.rect(
                    surface, TRICK, top.inflate(s(10), s(10)), s(4), border_radius=s(12)
                )
            else:
                gap = abs(card_no - b["tops"][name])
                _tag(
                    surface,
                    t,
                    _("{key}: play here (jump {gap})").format(key=pile_key(t, i), gap=gap),
                    (rect.centerx, cy),
                    assets.HIGHLIGHT,
                    size=14,
                )
        else:
            surface.blit(cards.panel(rect.w, rect.h, (0, 0, 0, 120), s(12)), rect)
            _tag(
                surface,
                t,
                _("✗ does not fit"),
                (rect.centerx, cy),
                (90, 90, 90),
                ink=(225, 225, 225),
                size=13,
            )
    draw_signals(t, surface, i)


def draw_signals(t, surface, i: int) -> None:
    """Every seat's signal on pile ``i`` (icon + name), then your own two toggles."""
    s, b = t.s, t.board
    name = PILES[i]
    rect = pile_rect(t, i)
    marks = [(seat, v) for seat, v in enumerate(b["signals"][name]) if v]
    col_w = (rect.w - s(12)) // 3
    y0 = rect.bottom - s(84)
    for k, (seat, value) in enumerate(marks[:6]):
        x = rect.x + s(6) + (k % 3) * col_w
        y = y0 + (k // 3) * s(22)
        box = pygame.Rect(x, y, col_w - s(4), s(20))
        surface.blit(cards.panel(box.w, box.h, (0, 0, 0, 110), s(5)), box)
        signal_icon(surface, (box.x + s(10), box.centery), s(8), value)
        who = t.who(seat)
        img = t.fit_text(who, t.t(12), box.w - s(24), CREAM, True)
        surface.blit(img, img.get_rect(midleft=(box.x + s(21), box.centery)))
    signaller = t.signal_seat()
    if signaller is None:
        return
    mine = b["signals"][name][signaller] if signaller < len(b["signals"][name]) else None
    for kind, label in (("dont-play", _("Don't")), ("can-play-well", _("Play well"))):
        box = toggle_rect(t, i, kind)
        on = mine == kind
        fill = (DONT if kind == "dont-play" else WELL) if on else (30, 50, 40)
        pygame.draw.rect(surface, fill, box, border_radius=s(6))
        pygame.draw.rect(surface, CREAM if on else (110, 130, 120), box, s(1), border_radius=s(6))
        signal_icon(surface, (box.x + s(13), box.centery), s(8), kind)
        img = t.fit_text(label, t.t(13), box.w - s(30), CREAM if on else MUTED, True)
        surface.blit(img, img.get_rect(midleft=(box.x + s(26), box.centery)))


def draw_status(t, surface) -> None:
    s = t.s
    text = t.prompt()
    if not text:
        return
    box = status_box(t)
    blocked = t.blocked_now()
    if blocked:
        pygame.draw.rect(surface, (150, 30, 30), box, border_radius=s(10))
        pygame.draw.rect(surface, assets.GOLD, box, s(2), border_radius=s(10))
    lines, size = t.fit_lines(text, t.t(18), box.w - s(24))
    step = max(s(22), int(size * 1.2))
    y = box.centery - len(lines) * step // 2
    for line in lines:
        img = assets.text(line, size, assets.WHITE if blocked else assets.GOLD, True)
        surface.blit(img, (box.x + s(12), y))
        y += step


def draw_hand(t, surface) -> None:
    s, b = t.s, t.board
    if t.me is None:
        if not t.room_view:  # a room's hands are on the phones: the piles take the room
            t.draw_watching(surface, (s(PILE_X), s(HAND_Y + 60)))
        return
    hand = b.get("hand", [])
    label = _("{name}'s hand").format(name=t.name(t.me)) if t.named else _("Your hand")
    surface.blit(t.label(label, 15, 700, assets.WHITE, True), (s(PILE_X), s(HAND_Y - 21)))
    deciding = t.deciding()
    playable = t.playable_cards() if deciding else set()
    rects = t.hand_rects()
    for i, c in enumerate(hand):
        rect = rects[i]
        if c == t.selected:
            rect = rect.move(0, -s(14))
        surface.blit(cards.shadow(rect.w, rect.h), rect.move(s(3), s(4)))
        surface.blit(card(c, rect.w, rect.h), rect)
        if deciding and c not in playable:
            surface.blit(cards.panel(rect.w, rect.h, (0, 0, 0, 90), s(9)), rect)
        if deciding:
            key = t.text(str(i + 1), 12, assets.WHITE, True)
            tag = key.get_rect(topright=(rect.right - s(6), rect.y + s(22))).inflate(s(6), s(2))
            pygame.draw.rect(surface, (40, 40, 40), tag, border_radius=s(4))
            surface.blit(key, key.get_rect(center=tag.center))
        if c == t.selected:
            pygame.draw.rect(
                surface, assets.HIGHLIGHT, rect.inflate(s(8), s(8)), s(4), border_radius=s(11)
            )


def draw_button(t, surface) -> None:
    s = t.s
    rect = action_button(t)
    kind = t.button_kind()
    if kind is None:
        return
    if kind == "blocked":
        fill, ink, label = (200, 40, 40), assets.WHITE, _("Declare blocked [B]")
    elif kind == "end":
        fill, ink, label = assets.GOLD, assets.INK, _("End turn [E]")
    else:  # the minimum not reached yet: shown, not active
        fill, ink = (60, 90, 75), (190, 205, 195)
        label = ngettext("Play {n} more card", "Play {n} more cards", t.board["to_play"]).format(
            n=t.board["to_play"]
        )
    pygame.draw.rect(surface, fill, rect, border_radius=s(10))
    if kind == "blocked":
        pygame.draw.rect(surface, assets.GOLD, rect, s(3), border_radius=s(10))
    img = t.label(label, 19, LEFT_W - 16, ink, True)
    surface.blit(img, img.get_rect(center=rect.center))
    if kind == "wait":
        hint = t.label(_("then End turn [E]"), 13, LEFT_W, MUTED)
        surface.blit(hint, hint.get_rect(midtop=(rect.centerx, rect.bottom + s(6))))


def draw_legend(t, surface) -> None:
    s = t.s
    x, y = s(PILE_X), s(668)
    if t.me is not None and not t.board.get("over"):
        n = max(1, len(t.board.get("hand", [])))
        keys = t.key_legend(
            _(
                "Keys: 1–{n} or ←/→ pick a card · A S D F (keypad 1–4) pick a pile · "
                "Enter: its only pile · E end turn · B declare blocked"
            ).format(n=n)
        )
        surface.blit(t.fit_text(keys, t.t(13), t.w - x - s(8), MUTED), (x, y))
    y = s(690)
    if t.signal_seat() is None:
        return
    parts = [
        ("dont-play", _("Shift+A/S/D/F: please don't play here")),
        ("can-play-well", _("Ctrl+A/S/D/F: I can play well here")),
        (None, _("(again: clear · any time)")),
    ]
    for kind, text in parts:
        if kind is not None:
            signal_icon(surface, (x + s(8), y + s(8)), s(8), kind)
            x += s(20)
        img = t.fit_text(text, t.t(13), t.w - x - s(8), MUTED)
        surface.blit(img, (x, y))
        x += img.get_width() + s(16)
    if t.couch and t.me is None:
        who = _("The pile toggles signal as {name} (Tab: next player)").format(
            name=t.name(t.signal_seat())
        )
        surface.blit(
            t.fit_text(who, t.t(15), t.w - s(PILE_X + 8), assets.GOLD, True), (s(PILE_X), s(664))
        )
