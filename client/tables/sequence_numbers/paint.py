"""Drawing the Sequence Numbers table from its board (``t.board``, the shown seat's
view as the animations have it): top bar, board, legend, players, deck, prompt, hand,
buttons. Every function here only reads the table.
"""

from __future__ import annotations

import pygame

from client import assets, cards
from client.i18n import _, ngettext
from client.tables.sequence_numbers import faces as draw
from client.tables.sequence_numbers import layout
from client.tables.sequence_numbers.layout import SIZE, cell_rect, chip_point, deck_point
from client.tables.sequence_numbers.layout import dead_button, discard_button, discard_rect
from client.tables.sequence_numbers.layout import seat_chip_point, seat_rect, status_y

CURSOR = (70, 220, 255)


def draw_table(t, surface: pygame.Surface) -> None:
    """Everything but flights and the error banner (drawn by the base table)."""
    draw_top(t, surface)
    draw_spaces(t, surface)
    draw_legend(t, surface)
    draw_sequences_line(t, surface)
    draw_seats(t, surface)
    draw_deck(t, surface)
    draw_status(t, surface)
    draw_hand(t, surface)
    t.draw_note(surface, (20, 70, 110))


def draw_top(t, surface) -> None:
    s, b = t.s, t.board
    t.draw_band(surface, 48)
    title = _("Sequence Numbers · Turn {n}").format(n=b["turns"] + 1)
    surface.blit(t.text(title, 20, assets.WHITE, True), (s(16), s(12)))
    goal = ngettext("{n} sequence wins", "{n} sequences win", b["needed"]).format(n=b["needed"])
    img = t.text(_("{goal} · F1: rules · Esc: menu").format(goal=goal), 16, assets.WHITE)
    surface.blit(img, img.get_rect(midright=(t.w - s(16), s(24))))


def draw_spaces(t, surface) -> None:
    s, b = t.s, t.board
    chips, numbers, locked = b["chips"], b["board"], b["locked"]
    cell = t.cell
    deciding = t.deciding()
    face = t.selected_card() if deciding else None
    lit = set(t.targets()) if face else set()
    answer = draw.answer_of(face) if face else None
    frame = cell_rect(t, 0, 0).unionall([cell_rect(t, SIZE - 1, SIZE - 1)]).inflate(s(8), s(8))
    pygame.draw.rect(surface, (40, 34, 24), frame, border_radius=s(8))
    for r in range(SIZE):
        for c in range(SIZE):
            surface.blit(
                draw.space(numbers[r][c], cell, chips[r][c] is not None, t.min_text),
                cell_rect(t, r, c),
            )
    if t.room_view and t.last_space is not None:  # the last move, seen from across the room
        rect = cell_rect(t, *t.last_space)
        pygame.draw.rect(surface, assets.GOLD, rect.inflate(s(4), s(4)), s(5), border_radius=s(8))
    # Completed sequences: a band through the whole line (five or more), under the chips.
    for colour, seqs in enumerate(b["sequences"]):
        for seq in seqs:
            a = chip_point(t, *seq[0])
            z = chip_point(t, *seq[-1])
            band = draw.TEAM_COLOURS[colour % 3]
            pygame.draw.line(surface, assets.GOLD, a, z, s(14))
            pygame.draw.line(surface, band, a, z, s(8))
    for r in range(SIZE):
        for c in range(SIZE):
            colour = chips[r][c]
            if colour is not None:
                img = draw.chip(colour, t.chip_r, bool(locked[r][c]))
                surface.blit(img, img.get_rect(center=chip_point(t, r, c)))
    if face:
        veil = cards.panel(cell, cell, (0, 0, 0, 85), 0)
        for r in range(SIZE):
            for c in range(SIZE):
                rect = cell_rect(t, r, c)
                if (r, c) in lit:
                    colour = assets.RED if face == "minus" else assets.HIGHLIGHT
                    pygame.draw.rect(
                        surface, colour, rect.inflate(-2, -2), s(4), border_radius=s(6)
                    )
                else:
                    surface.blit(veil, rect)
                    if answer is not None and numbers[r][c] == answer:
                        # The answer's covered spaces: why a card is dead.
                        pygame.draw.rect(
                            surface, (170, 170, 170), rect.inflate(-4, -4), s(3), border_radius=s(6)
                        )
        if face == "minus":
            for r, c in lit:
                x, y = chip_point(t, r, c)
                d = t.chip_r
                pygame.draw.line(
                    surface,
                    assets.WHITE,
                    (x - d // 2, y - d - s(2)),
                    (x + d // 2, y - d - s(2)),
                    s(3),
                )
    if t.flash is not None:
        spaces, colour = t.flash
        for r, c in spaces:
            pygame.draw.rect(
                surface, assets.GOLD, cell_rect(t, r, c).inflate(-2, -2), s(5), border_radius=s(6)
            )
    if deciding:
        rect = cell_rect(t, *t.cursor)
        pygame.draw.rect(surface, (10, 10, 10), rect.inflate(s(8), s(8)), s(3), border_radius=s(9))
        pygame.draw.rect(surface, CURSOR, rect.inflate(s(4), s(4)), s(3), border_radius=s(8))


def draw_legend(t, surface) -> None:
    s = t.s
    y = s(698)
    x = s(24)
    img = t.text(_("Groups:"), 13, assets.WHITE, True)
    surface.blit(img, img.get_rect(midleft=(x, y)))
    x += img.get_width() + s(8)
    for tint, label in zip(draw.GROUP_TINTS, draw.GROUP_LABELS, strict=True):
        img = t.text(label, 13, assets.INK, True)
        box = img.get_rect(midleft=(x + s(6), y)).inflate(s(12), s(4))
        pygame.draw.rect(surface, tint, box, border_radius=s(4))
        surface.blit(img, img.get_rect(center=box.center))
        x = box.right + s(6)
    x += s(10)
    chip = draw.chip(0, s(9), True)
    surface.blit(chip, chip.get_rect(midleft=(x, y)))
    x += chip.get_width() + s(4)
    room = s(layout.PANEL_X - 8) - x  # the board's width: the panel's notes start there
    img = t.fit_text(_("ringed = locked in a sequence"), t.t(13), room, assets.WHITE)
    surface.blit(img, img.get_rect(midleft=(x, y)))


def draw_sequences_line(t, surface) -> None:
    s, b = t.s, t.board
    x, y = s(676), s(80)
    img = t.text(_("Sequences:"), 16, assets.WHITE, True)
    surface.blit(img, img.get_rect(midleft=(x, y)))
    x += img.get_width() + s(14)
    for colour in range(b["teams"]):
        chip = draw.chip(colour, s(11))
        surface.blit(chip, chip.get_rect(midleft=(x, y)))
        x += chip.get_width() + s(4)
        text = _("{team} {n} of {needed}").format(
            team=draw.team_name(colour).split(" ", 1)[1],
            n=b["sequence_counts"][colour],
            needed=b["needed"],
        )
        img = t.text(text, 16, assets.GOLD if b["sequence_counts"][colour] else assets.WHITE, True)
        surface.blit(img, img.get_rect(midleft=(x, y)))
        x += img.get_width() + s(22)


def draw_seats(t, surface) -> None:
    s, b = t.s, t.board
    teams = b["teams"] < b["players"]
    latest_turn = b["turn"]
    for seat in range(b["players"]):
        rect = seat_rect(t, seat)
        mine = seat == t.me
        bg = (255, 255, 255, 40) if mine else (0, 0, 0, 60)
        surface.blit(cards.panel(rect.w, rect.h, bg, s(8)), rect)
        if seat == latest_turn and not b.get("over"):
            if t.room_view:  # whose turn it is, seen from the sofa
                surface.blit(cards.panel(rect.w, rect.h, (244, 196, 48, 60), s(8)), rect)
            pygame.draw.rect(surface, assets.GOLD, rect, s(3), border_radius=s(8))
        colour = b["colours"][seat]
        chip = draw.chip(colour, s(11))
        surface.blit(chip, chip.get_rect(center=seat_chip_point(t, seat)))
        name = t.who(seat, full=True)
        if seat == latest_turn and not b.get("over"):
            name = "▶ " + name
        pile = b["discards"][seat]
        slot = discard_rect(t, seat)
        label = ngettext("{n} discard", "{n} discards", len(pile)).format(n=len(pile))
        img = t.text(label, 13, (215, 230, 220))
        x = rect.x + s(38)
        right = slot.x - s(16) - img.get_width()  # what the name and the badges may use
        text, name = name, t.label(name, 16, 300, assets.WHITE, True)
        sub = ngettext("{n} card", "{n} cards", b["hand_sizes"][seat]).format(
            n=b["hand_sizes"][seat]
        )
        if teams:
            sub = _("{cards} · team {team}").format(cards=sub, team=draw.team_name(colour))
        sub = t.label(sub, 13, 300, (215, 230, 220))
        one_line = s(3) + name.get_height() + sub.get_height() > rect.h  # a small window
        # Who is here and the turn clock: on the name's line, left of the discards.
        if one_line:
            mid, room = (right, rect.centery), right - x - name.get_width() - sub.get_width()
            used = t.draw_presence(surface, seat, mid, room - s(24))
        else:
            mid = (right, rect.y + s(3) + name.get_height() // 2)
            keep = min(name.get_width(), s(160)) + s(8)  # the name first, the badges beside it
            used = t.draw_presence(surface, seat, mid, right - x - keep)
            if used:
                room = min(s(300), right - x - used - s(8))
                name = t.fit_text(text, t.t(16), room, assets.WHITE, True)
        if not one_line:
            surface.blit(name, (x, rect.y + s(3)))
            surface.blit(sub, (x, max(rect.y + s(22), rect.y + s(3) + name.get_height())))
        else:  # a small window: one line
            surface.blit(name, name.get_rect(midleft=(x, rect.centery)))
            surface.blit(sub, sub.get_rect(midleft=(x + name.get_width() + s(12), rect.centery)))
        if pile:
            surface.blit(draw.mini_card(pile[-1], slot.w, slot.h), slot)
        else:
            surface.blit(cards.slot(slot.w, slot.h), slot)
        surface.blit(img, img.get_rect(midright=(slot.x - s(8), slot.centery)))


def draw_deck(t, surface) -> None:
    s, b = t.s, t.board
    back = cards.card_back(s(22), s(30))
    surface.blit(back, back.get_rect(center=deck_point(t)))
    limit = b.get("reshuffle_limit")
    if limit is None:
        text = ngettext(
            "Deck: {n} · reshuffled {r} time", "Deck: {n} · reshuffled {r} times", b["reshuffles"]
        ).format(n=b["deck_size"], r=b["reshuffles"])
    else:
        text = ngettext(
            "Deck: {n} · reshuffled {r} of {limit} time",
            "Deck: {n} · reshuffled {r} of {limit} times",
            limit,
        ).format(n=b["deck_size"], r=b["reshuffles"], limit=limit)
    img = t.text(text, 15, assets.WHITE)
    surface.blit(img, img.get_rect(midleft=(deck_point(t)[0] + s(20), deck_point(t)[1])))


def draw_status(t, surface) -> None:
    s = t.s
    text = t.prompt()
    if not text:
        return
    if t.pad_in_use and t.me is not None and not t.board.get("over"):  # the pad's buttons
        img = t.fit_text(t.key_legend(""), t.t(13), s(588), (190, 210, 200))
        surface.blit(img, img.get_rect(midleft=(s(676), s(424))))
    y = status_y(t)
    lines, size = t.fit_lines(text, t.t(17), s(588))
    if len(lines) == 2 and size > s(19):  # two large lines would reach the hand's label
        lines, size = t.fit_lines(text, s(19), s(588))
    for line in lines:
        img = assets.text(line, size, assets.GOLD, True)
        surface.blit(img, (s(676), y))
        y += img.get_height() + s(2)


def _button(t, surface, rect, label: str, active: bool) -> None:
    s = t.s
    fill = assets.GOLD if active else (60, 90, 75)
    pygame.draw.rect(surface, fill, rect, border_radius=s(8))
    colour = assets.INK if active else (180, 195, 185)
    img = t.label(label, 16, rect.w / t.k - 12, colour, True)
    surface.blit(img, img.get_rect(center=rect.center))


def draw_hand(t, surface) -> None:
    s, b = t.s, t.board
    if t.me is None:
        if not t.room_view:  # a room's hands are on the phones
            t.draw_watching(surface, (s(676), s(590)))
        return
    hand = b.get("hand", [])
    deciding = t.deciding()
    if t.named:
        label = _("{name}'s hand · 1–{n} or Tab to pick").format(
            name=t.name(t.me), n=max(1, len(hand))
        )
    else:
        label = _("Your hand · 1–{n} or Tab to pick").format(n=max(1, len(hand)))
    surface.blit(t.text(label, 15, assets.WHITE, True), (s(676), s(504)))
    rects = t.hand_rects()
    for i, face in enumerate(hand):
        rect = rects[i]
        surface.blit(cards.shadow(t.cw, t.ch), rect.move(3, 4))
        surface.blit(draw.card(face, t.cw, t.ch), rect)
        if face in b.get("dead", []):
            surface.blit(draw.dead_overlay(t.cw, t.ch), rect)
        if deciding:
            key = t.text(str(i + 1), 13, assets.WHITE, True)
            tag = key.get_rect(topleft=(rect.x + s(5), rect.y + s(4))).inflate(s(6), s(2))
            pygame.draw.rect(surface, (40, 40, 40), tag, border_radius=s(4))
            surface.blit(key, key.get_rect(center=tag.center))
        if deciding and i == t.selected:
            pygame.draw.rect(
                surface, assets.HIGHLIGHT, rect.inflate(s(8), s(8)), s(4), border_radius=s(11)
            )
    if not deciding:
        return
    dead = t.dead_choice()
    if dead:
        _button(
            t,
            surface,
            dead_button(t),
            _("Trade in dead {card} [D]").format(card=draw.face_text(dead)),
            True,
        )
    if t.stuck():
        face = t.selected_card()
        if face:
            _button(
                t,
                surface,
                discard_button(t),
                _("Discard {card}: no play [X]").format(card=draw.face_text(face)),
                True,
            )
        else:
            _button(t, surface, discard_button(t), _("Pick a card to discard"), False)
    elif t.can_play() and t.selected_card() is None and not dead:
        img = t.text(_("D: trade in a dead card · X: discard when stuck"), 13, (190, 210, 200))
        surface.blit(img, img.get_rect(midleft=(s(676), s(688))))
