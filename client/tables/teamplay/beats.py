"""Teamplay's events turned into beats: cards drawn from the bank or the pile, gifts
between partners, discards, missions drawn, kept, set aside and completed, the next
turn, the final round announced, reshuffles, the end (teamplay.md). :data:`ON` and
:data:`MOVES` are the table's handlers (see :class:`client.tables.base.TableScene`);
each beat shows its move on the table's stage (``t.board``)."""

from __future__ import annotations

from client.anim import Beat, Flight
from client.i18n import _, ngettext
from client.tables.teamplay import faces as tc
from client.tables.teamplay import layout
from engine.teamplay.missions import MISSIONS


def _announce(t, text: str, e: dict) -> list:
    t.show_note(text)
    t.board["end_announced"] = True
    t.board["last_turn"] = e["last_turn"]
    t.sfx("row")
    return []


def _turn(t, e: dict) -> None:
    b = t.board
    b["turn_seat"], b["turn"] = e["seat"], e["turn"]
    b["awaiting"] = [e["seat"]]
    b["draws_left"], b["gave"] = 2, False
    b["must_discard"] = e.get("must_discard", 0)
    b["fresh"] = None
    if b["phase"] == "setup":
        b["phase"] = "play"


def seat_point(t, seat: int) -> tuple[int, int]:
    r = layout.seat_rect(t, seat)
    return (r.centerx, r.y + t.s(36))


def hand_point(t, c: int) -> tuple[int, int]:
    hand = t.board.get("hand", [])
    if c in hand:
        return t.hand_rects()[hand.index(c)].center
    return layout.hand_slot(t, len(hand), len(hand) + 1).center


def zone_point(t, z, card=None) -> tuple[int, int]:
    """Pixel centre of event zone ``z`` (a :class:`client.anim.Zone`) for flights."""
    b = t.board
    if z.of("bank"):
        i = b["bank"].index(card) if card in b["bank"] else len(b["bank"])
        return layout.bank_rect(t, min(i, 2)).center
    if z.of("deck"):
        return layout.deck_rect(t).center
    if z.of("discard"):
        return layout.discard_rect(t).center
    if z.of("hand"):
        return hand_point(t, card) if z.key == t.me and card is not None else seat_point(t, z.key)
    if z.of("done"):
        return seat_point(t, z.key)
    if z.of("missions") and z.key == "general":
        return layout.general_rect(t).center
    if z.of("missions") and z.seat is not None:
        return layout.own_rect(t, z.key, 0).center
    return layout.choice_rect(t).midtop  # the mission pile and its discards


def _move(t, e: dict, src, dst) -> list[Beat]:
    faces = e.get("cards")
    count = e["count"]

    def begin():
        flights = []
        for k in range(min(count, 6)):
            c = faces[k] if faces else None
            art = ("num", c) if c is not None else ("back",)
            flights.append(Flight(art, zone_point(t, src, c), zone_point(t, dst, c), 0.4, 0.06 * k))
        t.sfx("card")
        if src.of("hand") and dst.of("hand"):
            _gift_note(t, src.key, dst.key, faces, count)
        return flights

    def finish():
        _apply_move(t, src, dst, faces, count)

    return [Beat(0.45 + 0.06 * min(count, 6), begin=begin, finish=finish)]


def _gift_note(t, giver: int, to: int, faces, count: int) -> None:
    if faces and t.me == to:
        words = ", ".join(tc.card_label(c) for c in faces)
        t.show_note(_("{name} gave you {cards}").format(name=t.who(giver), cards=words))
    elif faces:
        t.show_note(
            ngettext(
                "You gave your partner {cards}", "You gave your partner {cards}", count
            ).format(cards=", ".join(tc.card_label(c) for c in faces))
        )
    else:
        t.show_note(
            ngettext(
                "{name} gave {to} {n} card face down",
                "{name} gave {to} {n} cards face down",
                count,
            ).format(name=t.who(giver), to=t.who(to), n=count)
        )


def _apply_move(t, src, dst, faces, count: int) -> None:
    b = t.board
    if src.of("bank") and faces:
        b["bank"] = [c for c in b["bank"] if c not in faces]
    elif src.of("deck"):
        b["deck_size"] = max(0, b["deck_size"] - count)
    if src.of("hand"):
        sizes = b.own("hand_sizes")
        sizes[src.key] = max(0, sizes[src.key] - count)
        if src.key == t.me and faces:
            b["hand"] = [c for c in b["hand"] if c not in faces]
    if dst.of("bank") and faces:
        b["bank"] = sorted(b["bank"] + list(faces))
    elif dst.of("discard"):
        b["discard_size"] = b["discard_size"] + count
        if faces:
            b["discard_top"] = faces[-1]
    elif dst.of("hand"):
        b.own("hand_sizes")[dst.key] += count
        if dst.key == t.me and faces:
            b["hand"] = sorted(b["hand"] + list(faces))
            if src.of("hand"):
                t.gift_cards |= set(faces)
        if (src.of("bank") or src.of("deck")) and b["draws_left"]:
            b["draws_left"] = b["draws_left"] - 1
    t.selected = [c for c in t.selected if c in b.get("hand", [])]


def _mission(t, e: dict, src, dst) -> list[Beat]:
    m = (e.get("cards") or [None])[0]
    seat = t.board["turn_seat"]
    for z in (src, dst):
        if z.of("missions") and z.seat is not None:
            seat = z.key

    def begin():
        if m is None:
            return []
        if dst.of("done"):
            t.show_note(
                _("{name} completed {id} (+{vp})").format(
                    name=t.who(dst.key), id=m, vp=MISSIONS[m].vp
                )
            )
            t.sfx("row")
        return [Flight(("mission", m), zone_point(t, src), zone_point(t, dst), 0.5)]

    def finish():
        b = t.board
        place = e.get("place")
        key = t.place_key(place, seat) if place else None
        if dst.of("done"):
            who = dst.key
            b.own("done")[who].append(m)
            team = next(i for i, side in enumerate(b["teams"]) if who in side)
            b.own("points")[team] += MISSIONS[m].vp
            b.own("missions")[team] += 1
        from_pile = src.of("missions") and src.key == "deck"
        if key is not None and src.of("missions") and not from_pile:
            _set_place(t, key, None)
        if key is not None and from_pile:
            _set_place(t, key, m)
            b["mission_deck_size"] = max(0, b["mission_deck_size"] - 1)

    return [Beat(0.6 if dst.of("done") else 0.35, begin=begin, finish=finish)]


def _set_place(t, key, m) -> None:
    if key == "general":
        t.board["general"] = m
    else:
        seat, i = key
        t.board.own("own")[seat][i] = m


def _end_announced(t, e: dict) -> list[Beat]:
    text = _("{name} completed mission number {n}: the final round begins!").format(
        name=t.who(e["seat"]), n=e["missions"]
    )
    return [Beat(1.0, begin=lambda: _announce(t, text, e))]


def _reshuffle(t, e: dict) -> list[Beat]:
    text = (
        _("The discards are shuffled into a new draw pile")
        if e["to"] == "deck"
        else _("The set-aside missions become a new pile")
    )
    return [Beat(0.3, begin=lambda: t.show_note(text) or [])]


ON = {
    "turn": lambda t, e: [Beat(0.05, finish=lambda: _turn(t, e))],
    "end-announced": _end_announced,
    "reshuffle": _reshuffle,
    "game-end": lambda t, e: [Beat(0.2, finish=lambda: t.sfx("win"))],
}
#: Mission cards (to or from a mission place, or completed) and number cards.
MOVES = {
    ("missions", "*"): _mission,
    ("*", "missions"): _mission,
    ("*", "done"): _mission,
    ("*", "*"): _move,
}
