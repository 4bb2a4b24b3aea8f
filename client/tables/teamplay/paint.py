"""Drawing Teamplay's table from its board (``t.board``, the shown seat's view as the
animations have it): top bar, final-round banner, every player's panel with their
missions, the general mission, the bank, the draw pile and discards, the sides' points
and mission counts, the prompt, the hand, the buttons, the keep-or-swap choice, the
mission tooltip and the key legend. Every function here only reads the table.
"""

from __future__ import annotations

import pygame

from client import assets, cards
from client.assets import wrap
from client.i18n import _, ngettext
from client.tables.teamplay import faces as tc
from client.tables.teamplay.layout import (
    BANK_X,
    CARD_H,
    DECK_X,
    DISCARD_X,
    HAND_RIGHT,
    HAND_X,
    HAND_Y,
    SCORE_W,
    SCORE_X,
    bank_rect,
    button_rect,
    choice_button,
    choice_rect,
    deck_rect,
    discard_rect,
    general_rect,
    mid_y,
    mission_rect,
    prompt_y,
    seat_rect,
)

MUTED = (200, 214, 205)
EXACT = (255, 214, 40)
PARTIAL = (150, 220, 255)
READY = (120, 220, 140)
GIFT = (255, 150, 210)
TEAM_LETTERS = "ABCDEF"


# ---------------------------------------------------------------------------- table
def draw_table(t, surface: pygame.Surface) -> None:
    """Everything but flights and the error banner (drawn by the base table)."""
    draw_top(t, surface)
    for seat in range(t.board["players"]):
        draw_seat(t, surface, seat)
    draw_general(t, surface)
    draw_bank(t, surface)
    draw_piles(t, surface)
    draw_scores(t, surface)
    draw_status(t, surface)
    draw_hand(t, surface)
    draw_buttons(t, surface)
    draw_legend(t, surface)
    if t.choice_kind():
        draw_choice(t, surface)
    draw_tooltip(t, surface)


def draw_top(t, surface) -> None:
    s, b = t.s, t.board
    t.draw_band(surface, 40)
    n = b["players"]
    rnd = b["turn"] // n + 1
    if b["phase"] == "setup":
        title = _("Teamplay · set-up: keep or swap your mission")
    else:
        title = _("Teamplay · Round {round}").format(round=rnd)
    surface.blit(t.label(title, 19, 760, assets.WHITE, True), (s(16), s(9)))
    img = t.label(_("Tab: read missions · F1: rules · Esc: menu"), 15, 460, assets.WHITE)
    surface.blit(img, img.get_rect(midright=(t.w - s(16), s(20))))
    band = pygame.Rect(0, s(42), t.w, s(32))
    if b.get("end_announced") and not b.get("over"):
        pygame.draw.rect(surface, (170, 40, 40), band)
        pygame.draw.rect(surface, assets.GOLD, band, s(2))
        left = max(0, (b["last_turn"] or 0) - b["turn"])
        text = ngettext(
            "FINAL ROUND · every player has one more turn · {n} turn after this one",
            "FINAL ROUND · every player has one more turn · {n} turns after this one",
            left,
        ).format(n=left)
        img = t.label(text, 18, 1240, assets.WHITE, True)
        surface.blit(img, img.get_rect(center=band.center))
    else:
        who = _("a team") if b.get("has_teams") else _("a player")
        text = _("The end is announced when {who} completes mission number {n}").format(
            who=who, n=b["end_at"]
        )
        img = t.label(text, 14, 1240, MUTED)
        surface.blit(img, img.get_rect(center=band.center))


def side_label(t, seat: int) -> str:
    b = t.board
    if not b.get("has_teams"):
        return ""
    team = next(i for i, side in enumerate(b["teams"]) if seat in side)
    return _("Team {letter}").format(letter=TEAM_LETTERS[team])


def draw_seat(t, surface, seat: int) -> None:
    s, b = t.s, t.board
    rect = seat_rect(t, seat)
    active = seat == b["turn_seat"] and not b.get("over")
    mine = seat == t.me
    surface.blit(
        cards.panel(rect.w, rect.h, (255, 255, 255, 38) if mine else (0, 0, 0, 60), s(9)), rect
    )
    if active and t.room_view:  # whose turn it is, seen from the sofa
        surface.blit(cards.panel(rect.w, rect.h, (244, 196, 48, 60), s(9)), rect)
    if active:
        pygame.draw.rect(surface, assets.GOLD, rect, s(3), border_radius=s(9))
    name = t.who(seat, full=True)
    if active:
        name = "▶ " + name
    team = side_label(t, seat)
    room = rect.w - s(16)
    if team:
        tag = t.text(team, 13, assets.INK, True)
        box = tag.get_rect(topright=(rect.right - s(8), rect.y + s(7))).inflate(s(8), s(4))
        pygame.draw.rect(surface, (225, 225, 215), box, border_radius=s(5))
        surface.blit(tag, tag.get_rect(center=box.center))
        room -= box.w + s(6)
    img = t.fit_text(name, t.t(16), room, assets.WHITE, True)
    mid = (rect.x + s(8) + room, rect.y + s(6) + img.get_height() // 2)
    keep = min(img.get_width(), s(110)) + s(6)  # the name first, the badges beside it
    used = t.draw_presence(surface, seat, mid, room - keep)  # who is here, the clock
    if used:
        img = t.fit_text(name, t.t(16), room - used - s(6), assets.WHITE, True)
    surface.blit(img, (rect.x + s(8), rect.y + s(6)))
    below = max(rect.y + s(29), rect.y + s(6) + img.get_height())
    n = b["hand_sizes"][seat]
    done = len(b["done"][seat])
    cards_ = ngettext("{n} card", "{n} cards", n).format(n=n)
    partner = b.get("partner") == seat
    tries = [
        cards_ + " · " + ngettext("{n} mission done", "{n} missions done", done).format(n=done),
        cards_ + " · " + ngettext("{n} done", "{n} done", done).format(n=done),
    ]
    if partner:
        tries = [t_ + " · " + _("your partner") for t_ in tries] + [
            t_ + " · " + _("partner") for t_ in tries
        ]
    width = rect.w - s(16)
    img = next(
        (i for i in (t.text(t_, 13, MUTED) for t_ in tries) if i.get_width() <= width), None
    ) or t.fit_text(tries[-1], t.t(13), width, MUTED)
    surface.blit(img, (rect.x + s(8), below))
    for i, m in enumerate(b["own"][seat]):
        draw_mission(t, surface, (seat, i), m)


def draw_mission(t, surface, key, m) -> None:
    """A mission place: the card (or an empty place), its live highlight for the
    shown seat's selection, the keyboard focus and the fresh (keep-or-swap) mark."""
    s = t.s
    r = mission_rect(t, key)
    if m is None:
        surface.blit(cards.slot(r.w, r.h, 14), r)
        img = t.fit_text(_("no mission left"), t.t(12), r.w - s(8), MUTED)
        surface.blit(img, img.get_rect(center=r.center))
        return
    surface.blit(cards.shadow(r.w, r.h), r.move(s(3), s(3)))
    surface.blit(tc.mission_card(m, r.w, r.h, t.min_text), r)
    state = t.mission_state(key)
    if state:
        colour, label = {
            "exact": (EXACT, _("C: complete")),
            "partial": (PARTIAL, _("keep selecting…")),
            "ready": (READY, _("✓ possible")),
        }[state]
        pygame.draw.rect(
            surface,
            colour,
            r.inflate(s(6), s(6)),
            s(4 if state == "exact" else 3),
            border_radius=s(10),
        )
        img = t.text(label, 12, assets.INK, True)
        box = img.get_rect(midtop=(r.centerx, r.bottom + s(2))).inflate(s(8), s(2))
        pygame.draw.rect(surface, colour, box, border_radius=s(5))
        surface.blit(img, img.get_rect(center=box.center))
    if t.is_fresh(key):
        pygame.draw.rect(surface, GIFT, r.inflate(s(10), s(10)), s(3), border_radius=s(11))
        img = t.text(_("NEW"), 12, assets.INK, True)
        box = img.get_rect(topleft=(r.x - s(2), r.y - s(8))).inflate(s(6), s(2))
        pygame.draw.rect(surface, GIFT, box, border_radius=s(4))
        surface.blit(img, img.get_rect(center=box.center))
    if t.focus == key:
        pygame.draw.rect(surface, assets.WHITE, r.inflate(s(14), s(14)), s(2), border_radius=s(12))


def draw_general(t, surface) -> None:
    s, b = t.s, t.board
    r = general_rect(t)
    surface.blit(
        t.label(_("General mission (anyone)"), 15, 232, assets.WHITE, True), (r.x, s(mid_y(t) + 4))
    )
    draw_mission(t, surface, "general", b["general"])


def _key_tag(t, surface, text: str, center) -> None:
    s = t.s
    img = t.text(text, 13, assets.WHITE, True)
    box = img.get_rect(center=center).inflate(s(8), s(3))
    pygame.draw.rect(surface, (30, 30, 30), box, border_radius=s(4))
    surface.blit(img, img.get_rect(center=box.center))


def draw_bank(t, surface) -> None:
    s, b = t.s, t.board
    can = t.can_draw()
    title = _("Bank: take with 1–3") if can else _("Bank")
    surface.blit(
        t.label(title, 15, DECK_X - BANK_X - 10, assets.WHITE, True), (s(BANK_X), s(mid_y(t) + 4))
    )
    flying = t.flying_cards()
    for i in range(3):
        r = bank_rect(t, i)
        if i < len(b["bank"]) and b["bank"][i] not in flying:
            surface.blit(cards.shadow(r.w, r.h), r.move(s(3), s(4)))
            surface.blit(tc.number_card(b["bank"][i], r.w, r.h), r)
            if can:
                pygame.draw.rect(
                    surface, assets.HIGHLIGHT, r.inflate(s(6), s(6)), s(2), border_radius=s(10)
                )
                _key_tag(t, surface, str(i + 1), (r.centerx, r.bottom + s(12)))
        else:
            surface.blit(cards.slot(r.w, r.h), r)


def draw_piles(t, surface) -> None:
    s, b = t.s, t.board
    r = deck_rect(t)
    surface.blit(
        t.label(_("Draw pile"), 15, DISCARD_X - DECK_X - 6, assets.WHITE, True),
        (r.x, s(mid_y(t) + 4)),
    )
    if b["deck_size"] or b["discard_size"]:
        surface.blit(cards.card_back(r.w, r.h), r)
    else:
        surface.blit(cards.slot(r.w, r.h), r)
    if t.can_draw("deck"):
        pygame.draw.rect(
            surface, assets.HIGHLIGHT, r.inflate(s(6), s(6)), s(2), border_radius=s(10)
        )
        _key_tag(t, surface, "D", (r.centerx, r.bottom + s(12)))
    img = t.text(str(b["deck_size"]), 20, assets.WHITE, True)
    surface.blit(img, img.get_rect(center=r.center))
    d = discard_rect(t)
    surface.blit(
        t.label(_("Discards"), 15, SCORE_X - DISCARD_X - 6, assets.WHITE, True),
        (d.x, s(mid_y(t) + 4)),
    )
    if b["discard_top"] is not None:
        surface.blit(tc.number_card(b["discard_top"], d.w, d.h), d)
        surface.blit(cards.panel(d.w, d.h, (0, 0, 0, 70), s(9)), d)
    else:
        surface.blit(cards.slot(d.w, d.h), d)
    img = t.text(str(b["discard_size"]), 13, MUTED)
    surface.blit(img, img.get_rect(midtop=(d.centerx, d.bottom + s(4))))


def draw_scores(t, surface) -> None:
    s, b = t.s, t.board
    box = pygame.Rect(s(SCORE_X), s(mid_y(t)), s(SCORE_W), s(190 + (40 if t.room_view else 0)))
    surface.blit(cards.panel(box.w, box.h, (0, 0, 0, 60), s(9)), box)
    title = _("Teams: points · missions") if b.get("has_teams") else _("Players: points · missions")
    surface.blit(
        t.label(title, 15, SCORE_W - 20, assets.WHITE, True), (box.x + s(10), box.y + s(6))
    )
    sides = b["teams"]
    row_h = min(s(34), (box.h - s(80)) // max(1, len(sides)))
    best = max(b["points"]) if b["points"] else 0
    for i, side in enumerate(sides):
        y = box.y + s(30) + i * row_h
        ours = t.me in side
        if ours:
            surface.blit(
                cards.panel(box.w - s(12), row_h - s(2), (255, 255, 255, 36), s(6)),
                (box.x + s(6), y),
            )
        names = " & ".join(t.who(p) for p in side)
        label = (
            _("Team {letter}: {names}").format(letter=TEAM_LETTERS[i], names=names)
            if b.get("has_teams")
            else names
        )
        cnt = _("{n}/{end} missions").format(n=b["missions"][i], end=b["end_at"])
        img = t.text(cnt, 14, MUTED)
        right = box.right - s(10)
        surface.blit(img, img.get_rect(midright=(right, y + row_h // 2)))
        right -= img.get_width() + s(12)
        pts = ngettext("{n} point", "{n} points", b["points"][i]).format(n=b["points"][i])
        img = t.text(
            pts, 16, assets.GOLD if b["points"][i] == best and best else assets.WHITE, True
        )
        surface.blit(img, img.get_rect(midright=(right, y + row_h // 2)))
        room = right - img.get_width() - s(10) - (box.x + s(12))
        img = t.fit_text(label, t.t(15), room, assets.WHITE, ours)
        surface.blit(img, img.get_rect(midleft=(box.x + s(12), y + row_h // 2)))
    piles = _("Draw pile {deck} · discards {discards} · mission pile {missions}").format(
        deck=b["deck_size"], discards=b["discard_size"], missions=b["mission_deck_size"]
    )
    img = t.label(piles, 13, SCORE_W - 20, MUTED)
    surface.blit(img, img.get_rect(bottomleft=(box.x + s(10), box.bottom - s(5))))
    if t.note:  # the latest thing that happened, bright while fresh
        colour = assets.GOLD if t.note_t > 0 else assets.WHITE
        img = t.fit_text(t.note, t.t(15), box.w - s(20), colour, True)
        y = box.bottom - s(46)
        pygame.draw.line(surface, MUTED, (box.x + s(8), y), (box.right - s(8), y))
        surface.blit(img, img.get_rect(midleft=(box.x + s(10), y + s(12))))


def draw_status(t, surface) -> None:
    s = t.s
    if t.message_t > 0:
        return  # the base table shows the error in the prompt's place
    text = t.prompt()
    if not text:
        return
    lines, size = t.fit_lines(text, t.t(17), s(HAND_RIGHT - HAND_X))
    y = s(prompt_y(t)) if len(lines) == 1 else s(prompt_y(t) - 8)
    for line in lines:
        img = assets.text(line, size, assets.GOLD, True)
        surface.blit(img, (s(HAND_X), y))
        y += max(s(21), int(size * 1.2))


def draw_hand(t, surface) -> None:
    s, b = t.s, t.board
    if t.me is None:
        if not t.room_view:  # a room's hands are on the phones: the panels take the room
            t.draw_watching(surface, (s(HAND_X), s(HAND_Y + 50)))
        return
    hand = b.get("hand", [])
    flying = t.flying_cards()
    chosen = set(t.selected)
    usable = t.usable_cards()
    rects = t.hand_rects()
    for i, c in enumerate(hand):
        if c in flying:
            continue
        r = rects[i]
        if c in chosen:
            r = r.move(0, -s(18))
        surface.blit(cards.shadow(r.w, r.h), r.move(s(3), s(4)))
        surface.blit(tc.number_card(c, r.w, r.h), r)
        if usable is not None and c not in usable and c not in chosen:
            surface.blit(cards.panel(r.w, r.h, (0, 0, 0, 100), s(9)), r)
        if c in t.gift_cards:
            img = t.text(_("gift"), 12, assets.INK, True)
            box = img.get_rect(midbottom=(r.centerx, r.bottom - s(2))).inflate(s(8), s(2))
            pygame.draw.rect(surface, GIFT, box, border_radius=s(4))
            surface.blit(img, img.get_rect(center=box.center))
        if c in chosen:
            pygame.draw.rect(
                surface, assets.HIGHLIGHT, r.inflate(s(8), s(8)), s(4), border_radius=s(11)
            )
        if i == t.cursor and t.deciding():
            pygame.draw.rect(
                surface, assets.WHITE, r.inflate(s(14), s(14)), s(2), border_radius=s(12)
            )
    n = len(hand)
    lim = b["hand_limit"]
    label = (
        (_("{name}'s hand").format(name=t.name(t.me)) if t.named else _("Your hand"))
        + " · "
        + ngettext(
            "{n} card (limit {limit} at the start of a turn)",
            "{n} cards (limit {limit} at the start of a turn)",
            n,
        ).format(n=n, limit=lim)
    )
    img = t.label(
        label, 13, HAND_RIGHT - HAND_X, assets.WHITE if n <= lim else (255, 170, 160), True
    )
    surface.blit(img, (s(HAND_X), s(HAND_Y + CARD_H + 8)))


def draw_buttons(t, surface) -> None:
    s = t.s
    for i, (label, active) in enumerate(t.buttons()):
        r = button_rect(t, i)
        fill, ink = (assets.GOLD, assets.INK) if active else ((60, 90, 75), (180, 196, 186))
        pygame.draw.rect(surface, fill, r, border_radius=s(9))
        img = t.fit_text(label, t.t(16), r.w - s(10), ink, True)
        surface.blit(img, img.get_rect(center=r.center))


def draw_legend(t, surface) -> None:
    s = t.s
    y = s(676)
    lines = []
    if t.me is not None and not t.board.get("over"):
        lines.append(
            t.key_legend(
                _(
                    "Keys: ←/→ and Space (or click) select cards · 1–3 bank · D draw pile · "
                    "C complete · G give · E end turn · Backspace clear"
                )
            )
        )
    lines.append(
        _(
            "Mission cards: ● red · ■ blue · black: any colour · ★★ equal numbers · "
            "a b c consecutive · straight line even · wavy line odd"
        )
    )
    for line in lines:
        surface.blit(t.fit_text(line, t.t(13), t.w - s(HAND_X + 8), MUTED), (s(HAND_X), y))
        y += s(20)


def draw_choice(t, surface) -> None:
    """Keep the newly drawn mission, or swap it once for the next (which stays)."""
    s, b = t.s, t.board
    r = choice_rect(t)
    surface.blit(cards.panel(r.w, r.h, (8, 30, 20, 240), s(12)), r)
    pygame.draw.rect(surface, GIFT, r, s(2), border_radius=s(12))
    head = _("Set-up: your mission") if b["phase"] == "setup" else _("A new mission")
    surface.blit(t.label(head, 18, 480, assets.GOLD, True), (r.x + s(14), r.y + s(10)))
    m = t.fresh_mission()
    card_r = pygame.Rect(r.x + s(14), r.y + s(44), s(220), s(140))
    if m:
        surface.blit(tc.mission_card(m, card_r.w, card_r.h), card_r)
    text = tc.describe(m)[1] if m else ""
    t.draw_lines(surface, text, 14, pygame.Rect(r.x + s(250), r.y + s(38), s(244), 0))
    for kind, label, ok in (
        ("keep", _("Keep it [K]"), True),
        ("reject", _("Swap for the next [R]"), t.can_reject()),
    ):
        br = choice_button(t, kind)
        fill, ink = (assets.GOLD, assets.INK) if ok else ((60, 90, 75), (180, 196, 186))
        pygame.draw.rect(surface, fill, br, border_radius=s(9))
        img = t.fit_text(label, t.t(16), br.w - s(10), ink, True)
        surface.blit(img, img.get_rect(center=br.center))
    note = _("once: the next one must be kept")
    img = t.label(note, 13, 250, MUTED)
    surface.blit(
        img,
        img.get_rect(
            midtop=(choice_button(t, "reject").centerx, choice_button(t, "reject").bottom + s(4))
        ),
    )


def draw_tooltip(t, surface) -> None:
    """The description of the hovered (or keyboard-focused) mission."""
    key = t.hover if t.hover is not None else t.focus
    if key is None or (t.hover is None and t.choice_kind()):
        return  # the keep-or-swap panel describes its mission itself
    m = t.mission_at(key)
    if m is None:
        return
    s = t.s
    head, text = tc.describe(m)
    lines = [head] + wrap(text, t.t(16), s(340), bold=False)
    extra = t.tooltip_extra(key)
    if extra:
        lines.append(extra)
    imgs = [t.text(lines[0], 15, assets.GOLD, True)]
    imgs += [t.text(line, 16, assets.WHITE) for line in lines[1:]]
    w = max(i.get_width() for i in imgs) + s(20)
    h = sum(i.get_height() for i in imgs) + s(14) + s(3) * len(imgs)
    anchor = mission_rect(t, key)
    box = pygame.Rect(0, 0, w, h)
    box.midtop = (anchor.centerx, anchor.bottom + s(24))
    if box.bottom > t.h - s(4):
        box.midbottom = (anchor.centerx, anchor.y - s(6))
    box.clamp_ip(pygame.Rect(0, 0, t.w, t.h))
    surface.blit(cards.panel(box.w, box.h, (6, 22, 16, 245), s(8)), box)
    pygame.draw.rect(surface, assets.GOLD, box, s(2), border_radius=s(8))
    y = box.y + s(7)
    for img in imgs:
        surface.blit(img, (box.x + s(10), y))
        y += img.get_height() + s(3)
