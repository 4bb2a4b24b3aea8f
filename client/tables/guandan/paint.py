"""Drawing the Guandan table from its board (``t.board``, the shown seat's view as the
animations have it): the deal facts, the log, the seats and their plays, the centre,
the prompt and the controls, the hand, the deal result and the match end; and the
words several of them share. Every function here only reads the table."""

from __future__ import annotations

import math
import re

import pygame

from client import assets, cards
from client.i18n import _, ngettext
from client.tables.guandan import faces as gc
from client.tables.guandan.handpaint import draw_hand
from client.tables.guandan.layout import centre, log_rect, panel_rect, play_rects, prompt_point, rel
from client.tables.guandan.layout import info_rect, review_button

TEAM_MARKS = ("●", "◆")  # a shape per team, besides its colour
TEAM_COLOURS = ((120, 190, 255), (255, 170, 90))


def place_text(place: int) -> str:
    """1 → "1st", …, 4 → "last"."""
    return {1: _("1st"), 2: _("2nd"), 3: _("3rd")}.get(place, _("last"))


def no_tribute_text(names: str, n: int) -> str:
    """The cancelled tribute and its reason (guandan.md "Tribute": no tribute when the
    payers hold both red jokers)."""
    return ngettext(
        "No tribute: {names} holds both big (red) jokers",
        "No tribute: {names} hold both big (red) jokers",
        n,
    ).format(names=names)


def no_tribute(t, payers: list[int]) -> str:
    """:func:`no_tribute_text` for ``payers`` as the table names them; "you hold"
    when you alone are the payer (no "You holds")."""
    if list(payers) == [t.me] and not t.named:
        return _("No tribute: you hold both big (red) jokers")
    return no_tribute_text(" & ".join(t.who(p) for p in payers), len(payers))


def lead_text(t, seat: int) -> str:
    """Who leads the next trick: "Your lead", else "Ana leads" (a sentence per
    person: "You" is no name to put before "leads" in any language)."""
    if seat == t.me and not t.named:
        return _("Your lead")
    return _("{name} leads").format(name=t.who(seat))


def team_name(t, team: int, lower: bool = False) -> str:
    """ "Your team" / "Opponents" for a player, else "Team 1" / "Team 2" (``lower``:
    inside a sentence; a :attr:`foreign` seat's review: by number)."""
    if t.me is not None and not t.foreign:
        if lower:
            return _("your team") if team == t.me % 2 else _("the opponents")
        return _("Your team") if team == t.me % 2 else _("Opponents")
    return _("Team {n}").format(n=team + 1)


def _panel(surface, rect, alpha=70, colour=(0, 0, 0)) -> None:
    surface.blit(cards.panel(rect.w, rect.h, (*colour, alpha), 8), rect)


# --------------------------------------------------------------------------- table
def draw_table(t, surface) -> None:
    """Everything but flights and the error banner (drawn by the base table)."""
    t.sync_hand()
    draw_top(t, surface)
    draw_info(t, surface)
    draw_log(t, surface)
    for seat in range(4):
        draw_seat(t, surface, seat)
        draw_play(t, surface, seat)
    draw_centre(t, surface)
    draw_hand(t, surface)
    t.draw_controls(surface)
    t.draw_note(surface, (40, 90, 150))
    if t.deal_panel:
        draw_deal_end(t, surface, t.deal_panel)
    if t.match_panel:
        draw_match_end(t, surface, t.match_panel)
    if t.review:
        draw_review(t, surface)


def draw_controls(t, surface) -> None:
    """The prompt, the buttons (the readings among them) and the notes under them."""
    s = t.s
    status = t.prompt()
    if status:
        width = s(480) if t.room_view else t.w - s(40)  # (a room's: between the side plays)
        img = t.fit_text(status, t.t(18), width, assets.GOLD, True)
        surface.blit(img, img.get_rect(center=prompt_point(t)))
    for r, label, _fn, enabled in t.controls():
        number = re.match(r"(\d+)  ", label)  # a reading button: "{n}  {reading}"
        reading = number is not None
        on = reading and int(number.group(1)) - 1 == t.reading_i
        fill = (
            assets.GOLD
            if enabled and (on or not reading)
            else ((225, 225, 215) if enabled else (90, 110, 100))
        )
        pygame.draw.rect(surface, fill, r, border_radius=s(8))
        if on:
            pygame.draw.rect(surface, assets.WHITE, r, 3, border_radius=s(8))
        img = t.fit_text(label, t.t(16 if reading else 18), r.width - s(12), assets.INK, True)
        surface.blit(img, img.get_rect(center=r.center))
    d = t.my_decision() if t.timeline.idle else None
    notes = []
    options = t.options() if d == "play" else []
    if d == "play" and t.hand.selected:
        n = len(t.hand.selected)
        notes.append(ngettext("{n} selected", "{n} selected", n).format(n=n))
        if not options:
            notes.append(_("no legal play with these cards"))
        elif len(options) > 1:
            notes.append(
                _("several readings: click one, or Tab / 1–{n}").format(n=min(6, len(options)))
            )
    if t.hint_label and d == "play":
        notes.append(t.hint_label)
    if notes and not (d == "play" and t.reading_rows > 1 and len(options) > 1):
        img = t.fit_text("   ·   ".join(notes), t.t(15), t.w - s(262), assets.WHITE)
        surface.blit(img, img.get_rect(midleft=(s(250), s(506))))


# --------------------------------------------------------------------------- top
def draw_top(t, surface) -> None:
    s, b = t.s, t.board
    t.draw_band(surface, 34)
    title = _("Guandan · Deal {deal} · playing level {level}").format(
        deal=b["deal"], level=gc.level_text(b["level"])
    )
    surface.blit(t.label(title, 18, 700, assets.WHITE, True), (s(12), s(7)))
    img = t.label(_("L: last trick · F1: rules · Esc: menu"), 15, 540, assets.WHITE)
    surface.blit(img, img.get_rect(midright=(t.w - s(12), s(17))))


def team_level(t, team: int) -> str:
    """Whose level a deal is played at: "your team's level", "the opponents' level",
    "team 2's level" (whole phrases: a possessive is not an ending to add)."""
    if t.me is None or t.foreign:
        return _("team {n}'s level").format(n=team + 1)
    return _("your team's level") if team == t.me % 2 else _("the opponents' level")


def info_lines(t, short: bool = False) -> list[tuple[str, tuple, bool]]:
    """The deal facts as ``(text, colour, bold)``: the level played and whose it is,
    the wild card, both teams' levels, the tribute. ``short``: the level, the wild card
    and the tribute in fewer words, for a panel that cannot hold them whole (a small
    window)."""
    b = t.board
    level = gc.level_text(b["level"])
    lt = b.get("level_team", -1)
    if lt in (0, 1):
        head = _("Playing level {level}: {whose}").format(level=level, whose=team_level(t, lt))
    elif short:
        head = _("Level {level}").format(level=level)
    else:
        head = _("Level {level} (both teams start here)").format(level=level)
    wild = _("Wild: ♥{rank}") if short else _("Wild this deal: ♥{rank} (both copies)")
    lines = [(head, assets.WHITE, True), (wild.format(rank=level), assets.GOLD, True)]
    for team in (0, 1):
        who = " & ".join(t.who(p) for p in (team, team + 2))
        # The level before the names: where the line must be cut, the names go.
        text = "{mark} {team}: {level} ({who})".format(
            mark=TEAM_MARKS[team],
            team=team_name(t, team),
            who=who,
            level=gc.level_text(b["levels"][team]),
        )
        lines.append((text, TEAM_COLOURS[team], True))
    tr = b.get("tribute", {})
    if tr.get("exempt"):
        lines.append((no_tribute(t, tr.get("payers", [])), (255, 200, 200), False))
    for payer, receiver, card in tr.get("transfers", []):
        ret = next((c for r, p, c in tr.get("returns", []) if r == receiver), None)
        words = (
            _("{card}: {payer} → {receiver}")
            if short
            else _("Tribute {card}: {payer} → {receiver}")
        )
        text = words.format(card=gc.card_text(card), payer=t.who(payer), receiver=t.who(receiver))
        if ret is not None and short:  # the card given back, after an arrow back
            text += " ↩ " + gc.card_text(ret)
        elif ret is not None:
            text += _(", back {card}").format(card=gc.card_text(ret))
        lines.append((text, assets.WHITE, False))
    return lines


def draw_info(t, surface) -> None:
    """Deal facts (:func:`info_lines`), each wrapped to two lines at most; when the
    panel cannot hold them so (a small window, a long language), one line each, then
    in fewer words, and only then cut with "…", so both teams' levels stay in sight;
    then as many as the panel holds."""
    s = t.s
    rect = info_rect(t)
    _panel(surface, rect)
    for short, most in ((False, 2), (False, 1), (True, 1)):
        laid = []
        for text, colour, bold in info_lines(t, short):
            lines, px = t.fit_lines(text, t.t(15), rect.w - s(20), most, bold)
            laid.append((lines, px, colour, bold, assets.font(px, bold).get_linesize()))
        tall = s(6) + sum(step * len(lines) for lines, *_rest, step in laid)
        if tall <= rect.h and not any(ls[-1].endswith("…") for ls, *_rest in laid if ls):
            break
    y = rect.y + s(6)
    for lines, px, colour, bold, step in laid:
        if y + step * len(lines) > rect.bottom:
            break
        for line in lines:
            surface.blit(assets.text(line, px, colour, bold), (rect.x + s(10), y))
            y += step


def draw_log(t, surface) -> None:
    """This deal's plays and passes, newest last (as many as the panel holds), and the
    last-trick button."""
    s, b = t.s, t.board
    rect = log_rect(t)
    _panel(surface, rect)
    x, y = rect.x + s(10), rect.y + s(6)
    button = review_button(t)
    head = t.fit_text(_("This deal"), t.t(15), button.x - x - s(6), assets.GOLD, True)
    surface.blit(head, (x, y))
    on = t.review or bool(t.last_trick)
    pygame.draw.rect(surface, assets.GOLD if on else (60, 90, 75), button, border_radius=s(6))
    img = t.fit_text(_("Last trick (L)"), t.t(13), button.w - s(8), assets.INK, True)
    surface.blit(img, img.get_rect(center=button.center))
    y = max(y + head.get_height(), button.bottom) + s(2)
    step = assets.font(t.t(14)).get_linesize()
    plays = b.get("plays", [])
    if not plays:
        surface.blit(t.text(_("no plays yet"), 14, assets.WHITE), (x, y))
    room = max(1, (rect.bottom - s(4) - y) // step)
    for e in plays[-room:]:
        what = _("pass") if e["type"] == "pass" else gc.play_text(e)
        img = t.fit_text(
            "{name}: {what}".format(name=t.who(e["seat"]), what=what),
            t.t(14),
            rect.width - s(20),
            assets.WHITE if e["type"] != "pass" else (200, 210, 200),
        )
        surface.blit(img, (x, y))
        y += step


def draw_review(t, surface) -> None:
    """The last trick, play by play: who, the cards in their reading's order (wilds
    where they stand in), the reading; passes as words. Opened with L or the button."""
    s = t.s
    trick = t.last_trick
    box = pygame.Rect(0, 0, s(760), s(470))
    box.center = (t.w // 2, s(300))
    surface.blit(cards.panel(box.w, box.h, (8, 30, 20, 245), s(14)), box)
    pygame.draw.rect(surface, assets.GOLD, box, 2, border_radius=s(14))
    head = t.label(_("Last trick"), 24, 700, assets.GOLD, True)
    surface.blit(head, head.get_rect(midtop=(box.centerx, box.y + s(12))))
    foot = t.label(_("L, Esc or a click: close"), 14, 700, (200, 214, 205))
    surface.blit(foot, foot.get_rect(midbottom=(box.centerx, box.bottom - s(8))))
    y, bottom = box.y + s(22) + head.get_height(), box.bottom - s(12) - foot.get_height()
    if not trick:
        img = t.label(_("No trick has been won yet this deal"), 17, 700, assets.WHITE)
        surface.blit(img, img.get_rect(midtop=(box.centerx, y + s(20))))
        return
    cw, ch = (s(60), s(84)) if t.room_view else (s(36), s(50))  # (a room's: corners of 24 px)
    rows = [(e, ch + s(8) if e["type"] == "play" else s(28)) for e in trick]
    while len(rows) > 1 and y + sum(h for _e, h in rows) > bottom:
        rows.pop(0)  # the earliest entries give way (the play that won is last)
    name_w = s(170)
    for e, h in rows:
        team = e["seat"] % 2
        name = t.fit_text(
            "{mark} {name}".format(mark=TEAM_MARKS[team], name=t.who(e["seat"])),
            t.t(16),
            name_w,
            TEAM_COLOURS[team],
            True,
        )
        surface.blit(name, name.get_rect(midleft=(box.x + s(20), y + h // 2)))
        x = box.x + s(30) + name_w
        if e["type"] == "pass":
            img = t.text(_("pass"), 15, (200, 210, 200))
            surface.blit(img, img.get_rect(midleft=(x, y + h // 2)))
        else:
            arranged = gc.arrange_play(e, t.board.get("level", 2))
            step = min(s(40 if t.room_view else 26), (s(300) - cw) // max(1, len(arranged) - 1))
            rects = [pygame.Rect(x + i * step, y + s(4), cw, ch) for i in range(len(arranged))]
            draw_cards(t, surface, arranged, rects)
            x = rects[-1].right + s(14)
            img = t.fit_text(gc.play_text(e), t.t(16), box.right - s(16) - x, assets.WHITE, True)
            surface.blit(img, img.get_rect(midleft=(x, y + h // 2)))
        y += h


# --------------------------------------------------------------------------- seats
def draw_seat(t, surface, seat: int) -> None:
    s, b = t.s, t.board
    rect = panel_rect(t, seat)
    latest = b
    turn = (
        seat in latest.get("awaiting", [])
        and not b.get("over")
        and seat not in b.get("out", [])
        and not t.deal_panel
        and not t.match_panel
    )
    _panel(
        surface, rect, 110 if seat == t.me else 70, (255, 255, 255) if seat == t.me else (0, 0, 0)
    )
    if turn and t.room_view:  # whose turn it is, seen from the sofa
        _panel(surface, rect, 60, assets.GOLD)
    if turn:
        pygame.draw.rect(surface, assets.GOLD, rect, 3, border_radius=8)
    team = seat % 2
    mark = t.text(TEAM_MARKS[team], 16, TEAM_COLOURS[team], True)
    surface.blit(mark, (rect.x + s(8), rect.y + s(5)))
    name = _("You") if t.is_you(seat) else t.name(seat)
    x = rect.x + s(12) + mark.get_width()
    role_w = s(62)  # the room kept for "partner" / "opponent" at the right
    if t.me is not None and seat != t.me:
        role = _("partner") if seat % 2 == t.me % 2 else _("opponent")
        img = t.text(role, 13, TEAM_COLOURS[team])
        surface.blit(img, img.get_rect(topright=(rect.right - s(8), rect.y + s(7))))
        role_w = max(role_w, img.get_width() + s(6))
    img = t.fit_text(name, t.t(16), rect.right - s(8) - role_w - x, assets.WHITE, True)
    t.blit_clipped(surface, img, (x, rect.y + s(5)), rect)  # marks stay in the panel
    n = b["hand_counts"][seat]
    y2 = rect.y + s(30)
    if seat in b.get("out", []):
        place = b["out"].index(seat) + 1
        img = t.text(_("out · {place}").format(place=place_text(place)), 15, assets.GOLD, True)
        pygame.draw.rect(
            surface,
            (20, 50, 35),
            img.get_rect(topleft=(rect.x + s(8), y2)).inflate(s(8), s(2)),
            border_radius=4,
        )
        surface.blit(img, (rect.x + s(8), y2))
        left, line_h = rect.x + s(16) + img.get_width(), img.get_height()
    else:
        surface.blit(gc.back(s(14), s(20)), (rect.x + s(8), y2 - s(1)))
        colour = (255, 150, 130) if n <= 10 else assets.WHITE
        txt = ngettext("{n} card", "{n} cards", n).format(n=n)
        img = t.text(txt, 15, colour, n <= 10)
        surface.blit(img, (rect.x + s(28), y2))
        left, line_h = rect.x + s(36) + img.get_width(), img.get_height()
    right = rect.right - s(8)
    if turn:
        word = {"tribute": _("▶ paying tribute"), "return": _("▶ choosing a return")}.get(
            b.get("phase"), _("▶ to play")
        )
        img = t.text(word, 15, assets.GOLD, True)
        if rect.height > s(70):
            surface.blit(img, (rect.x + s(8), rect.y + s(56)))
        else:
            surface.blit(img, img.get_rect(topright=(right, y2)))
            right -= img.get_width() + s(8)
    # Who is here and the turn clock, right of the card count.
    t.draw_presence(surface, seat, (right, y2 + line_h // 2), right - left, rect)


def draw_play(t, surface, seat: int) -> None:
    """The seat's latest play or pass in this trick, with its reading; the play to
    beat is framed. A pass is shown only while no play came after it (your Pass on
    an opponent's play goes when your partner beats it)."""
    s, b = t.s, t.board
    trick = b.get("trick", [])
    mine = [i for i, e in enumerate(trick) if e["seat"] == seat]
    if not mine:
        return
    entry = trick[mine[-1]]
    if entry["type"] == "pass" and any(e["type"] == "play" for e in trick[mine[-1] + 1 :]):
        return  # a pass on an earlier play: a newer play (a partner's) stands now
    rects = play_rects(t, seat, max(1, len(entry.get("cards", []))))
    if entry["type"] == "pass":
        r = rects[0]
        img = t.text(_("Pass"), 20, assets.WHITE, True)
        box = img.get_rect(
            center=(r.centerx if rel(t, seat) != 1 else r.right - s(40), r.centery)
        ).inflate(s(20), s(10))
        if rel(t, seat) == 3:
            box.left = r.left
        pygame.draw.rect(surface, (60, 60, 70), box, border_radius=s(8))
        pygame.draw.rect(surface, (200, 200, 200), box, 2, border_radius=s(8))
        surface.blit(img, img.get_rect(center=box.center))
        return
    flying = {fl.card for fl, _p in t.timeline.flights()}
    draw_cards(t, surface, gc.arrange_play(entry, b.get("level", 2)), rects, flying)
    last = b.get("last_play")
    top = last is not None and last["seat"] == seat and last["cards"] == entry["cards"]
    area = rects[0].union(rects[-1])
    if top:
        pygame.draw.rect(surface, assets.GOLD, area.inflate(s(8), s(8)), 3, border_radius=s(8))
    text = gc.play_text(entry)
    img = t.label(text, 16, 300, assets.INK, True)
    tag = img.get_rect(midtop=(area.centerx, area.bottom + s(6))).inflate(s(12), s(4))
    tag.clamp_ip(pygame.Rect(0, 0, t.w, t.h))
    pygame.draw.rect(surface, assets.GOLD if top else (225, 225, 215), tag, border_radius=s(6))
    surface.blit(img, img.get_rect(center=tag.center))


def draw_cards(t, surface, arranged, rects, flying=()) -> None:
    """A play's cards (``arranged``: :func:`faces.arrange_play`) at ``rects``, table
    size; a wild that stands for another rank carries "= Q" along its bottom."""
    level = t.board.get("level", 2)
    for (c, _stands), r in zip(arranged, rects, strict=True):
        if c not in flying:
            surface.blit(gc.face(c, level, r.w, r.h, t.min_text), r)
    for (c, stands), r in zip(arranged, rects, strict=True):
        if stands is not None and c not in flying:
            img = t.text("= " + gc.rank_text(stands), 12, assets.INK, True)
            pill = img.get_rect(bottomleft=(r.x + t.s(2), r.bottom - t.s(3))).inflate(6, 2)
            pygame.draw.rect(surface, assets.GOLD, pill, border_radius=4)
            pygame.draw.rect(surface, gc.RED_INK, pill, 1, border_radius=4)
            surface.blit(img, img.get_rect(center=pill.center))


def draw_centre(t, surface) -> None:
    """The tribute spot while cards wait there, else the play-order ring (↺)."""
    s, b = t.s, t.board
    cx, cy = centre(t)
    paid = b.get("tribute", {}).get("paid", [])
    if paid:
        for i, (_payer, card) in enumerate(paid):
            r = pygame.Rect(0, 0, t.sw, t.sh)
            r.center = (cx + (i * 2 - (len(paid) - 1)) * s(40), cy)
            surface.blit(gc.face(card, b["level"], t.sw, t.sh, t.min_text), r)
        img = t.text(_("tribute"), 14, assets.WHITE, True)
        surface.blit(img, img.get_rect(midtop=(cx, cy + t.sh // 2 + s(2))))
        return
    r = s(26)
    colour = (210, 230, 215)
    # Arc from the bottom seat round to the right (counter-clockwise on screen).
    pts = [
        (cx + r * math.cos(a), cy + r * math.sin(a))
        for a in [math.pi / 2 - i * math.pi / 16 for i in range(0, 29)]
    ]
    pygame.draw.lines(surface, colour, False, pts, 3)
    ex, ey = pts[-1]
    ang = math.pi / 2 - 28 * math.pi / 16 - math.pi / 2
    head = [
        (ex + 9 * math.cos(ang), ey + 9 * math.sin(ang)),
        (ex + 7 * math.cos(ang + 2.3), ey + 7 * math.sin(ang + 2.3)),
        (ex + 7 * math.cos(ang - 2.3), ey + 7 * math.sin(ang - 2.3)),
    ]
    pygame.draw.polygon(surface, colour, head)
    img = t.text(_("play order"), 13, colour)
    surface.blit(img, img.get_rect(midtop=(cx, cy + r + s(6))))


# --------------------------------------------------------------------------- overlays
def _box(t, surface, w: int, h: int) -> pygame.Rect:
    s = t.s
    box = pygame.Rect(0, 0, s(w), s(h))
    box.center = (t.w // 2, s(270))
    surface.blit(cards.panel(box.w, box.h, (8, 30, 20, 240), s(14)), box)
    pygame.draw.rect(surface, assets.GOLD, box, 2, border_radius=s(14))
    return box


def draw_deal_end(t, surface, e: dict) -> None:
    """The deal's places, which team advances and by how much, the new levels."""
    s = t.s
    box = _box(t, surface, 600, 290)
    head = t.text(_("Deal {n} over").format(n=e["deal"]), 28, assets.GOLD, True)
    surface.blit(head, head.get_rect(midtop=(box.centerx, box.y + s(14))))
    y = box.y + s(60)
    places = e["places"]
    for i, seat in enumerate(places):
        place = place_text(i + 1)
        if i >= 2 and e.get("shared_last"):
            place = _("last (shared)")
        colour = TEAM_COLOURS[seat % 2]
        surface.blit(t.text(TEAM_MARKS[seat % 2], 18, colour, True), (box.x + s(40), y))
        label = "{place}: {name}".format(place=place, name=t.who(seat))
        surface.blit(t.text(label, 18, colour, True), (box.x + s(64), y))
        y += s(26)
    team, adv = e["team"], e["advance"]
    old, new = e["old"][team], e["levels"][team]
    y += s(8)
    if new == old and old == 14:
        text = _("{team} finished 1st at A").format(team=team_name(t, team))
    else:
        text = ngettext(
            "+{n} level for {team}: {old} → {new}", "+{n} levels for {team}: {old} → {new}", adv
        ).format(
            team=team_name(t, team, True), n=adv, old=gc.level_text(old), new=gc.level_text(new)
        )
    img = t.fit_text(text, t.t(22), box.width - s(40), assets.GOLD, True)
    surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
    y += s(36)
    levels = e["levels"]
    text = _("Levels now: {a} {ta} · {b} {tb}").format(
        a=team_name(t, 0),
        ta=gc.level_text(levels[0]),
        b=team_name(t, 1),
        tb=gc.level_text(levels[1]),
    )
    img = t.fit_text(text, t.t(18), box.width - s(40), assets.WHITE)
    surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
    y += s(28)
    if not (old == 14 and e["places"][0] % 2 == team and e["places"][-1] % 2 != team):
        nxt = _("Next: deal {n} at level {level} ({whose}) · wild ♥{level}").format(
            n=e["deal"] + 1, level=gc.level_text(new), whose=team_level(t, team)
        )
        img = t.fit_text(nxt, t.t(17), box.width - s(40), (200, 220, 210))
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))


def draw_match_end(t, surface, e: dict) -> None:
    s = t.s
    winners = e.get("winners", [])
    team = winners[0] % 2 if winners else 0
    levels = e.get("details", {}).get("levels", [2, 2])
    if levels[team] == 14:
        text = _("Match won at A by {team}!").format(team=team_name(t, team, True))
    else:
        text = _("Match won by {team}").format(team=team_name(t, team, True))
    # Two lines rather than a cut: "Partida ganada por los rival…" at a larger text size.
    lines, px = t.fit_lines(text, t.t(30), s(560) - s(40), 2, True)
    imgs = [assets.text(line, px, assets.GOLD, True) for line in lines]
    extra = sum(i.get_height() for i in imgs[1:])
    box = _box(t, surface, 560, 150 + extra / t.k)
    y = box.y + s(50) - imgs[0].get_height() // 2
    for img in imgs:
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += img.get_height()
    who = " & ".join(t.who(p) for p in winners)
    img = t.text(who, 20, assets.WHITE, True)
    surface.blit(img, img.get_rect(center=(box.centerx, y + s(33))))
