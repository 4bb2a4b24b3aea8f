"""Sequence Numbers events turned into beats: a chip flying from its player to the
board, a chip removed by Minus, a sequence completed (and locked), cards discarded
and drawn, dead cards traded in, reshuffles, the next turn, the end
(sequence-numbers.md). Each beat shows its move on the table's stage (``t.board``)."""

from __future__ import annotations

from client.anim import Beat, Flight, zone
from client.i18n import _
from client.tables.sequence_numbers import faces, layout


def beats_for(t, events: list[dict]) -> list[Beat]:
    """The beats of one message's ``events`` at Sequence Numbers table ``t``."""
    beats: list[Beat] = []
    for e in events:
        kind = e["type"]
        if kind == "move":
            src, dst = zone(e["from"]), zone(e["to"])
            if src.of("hand") and dst.of("discard"):
                beats.append(_discard(t, src.key, e.get("cards") or []))
            elif src.of("deck") and dst.of("hand"):
                beats.append(_draw(t, dst.key, e.get("cards"), e["count"]))
            elif src.of("discard") and dst.of("deck"):
                beats.append(_collect(t, src.key, e["count"]))
        elif kind in ("chip", "remove", "sequence"):
            sound = "sequence" if kind == "sequence" else "card"
            beats.append(Beat(0.0, finish=lambda sound=sound: t.sfx(sound)))
            beats.append({"chip": _chip, "remove": _remove, "sequence": _sequence}[kind](t, e))
        elif kind == "game-end" and e.get("winners"):
            beats.append(Beat(0.0, finish=lambda: t.sfx("win")))
        elif kind == "dead":
            text = _("{name}: dead card {card} traded in").format(
                name=t.who(e["seat"]), card=faces.face_text(e["card"])
            )
            beats.append(_note(t, text))
        elif kind == "no-play":
            text = _("{name} cannot play: {card} discarded").format(
                name=t.who(e["seat"]), card=faces.face_text(e["card"])
            )
            beats.append(_note(t, text))
        elif kind == "reshuffle":
            beats.append(_note(t, _("The discards are shuffled into a new deck")))
        elif kind == "turn":
            beats.append(Beat(0.0, finish=lambda seat=e["seat"]: _turn(t, seat)))
    return beats


def _note(t, text: str) -> Beat:
    return Beat(0.5, begin=lambda: t.show_note(text) or [])


def _turn(t, seat: int) -> None:
    t.board["turn"] = seat
    t.board["awaiting"] = [seat]
    t.board["dead_used"] = False


def _discard(t, seat: int, cards: list[str]) -> Beat:
    face = cards[0] if cards else None

    def begin():
        b = t.board
        src = layout.seat_rect(t, seat).center
        hand = b.get("hand", [])
        if seat == t.me and face in hand:
            i = hand.index(face)
            src = layout.hand_slot(t, i, len(hand)).center
            b["hand"] = hand[:i] + hand[i + 1 :]
            if face in b.get("dead", []):
                b["dead"] = [f for f in b["dead"] if f != face]
            t.selected, t.selected_face = None, None
        sizes = b.own("hand_sizes")
        sizes[seat] = max(0, sizes[seat] - 1)
        if face is None:
            return []
        return [Flight(("card", face), src, layout.discard_rect(t, seat).center, 0.35)]

    def finish():
        if face is not None:
            t.board.own("discards")[seat].append(face)

    return Beat(0.4, begin=begin, finish=finish)


def _draw(t, seat: int, cards: list[str] | None, count: int) -> Beat:
    def begin():
        if seat == t.me and cards:
            n = len(t.board.get("hand", []))
            dst = layout.hand_slot(t, n, n + 1).center
            return [Flight(("card", cards[0]), layout.deck_point(t), dst, 0.3)]
        return [Flight(("back",), layout.deck_point(t), layout.seat_rect(t, seat).center, 0.3)]

    def finish():
        b = t.board
        b["deck_size"] = max(0, b["deck_size"] - count)
        b.own("hand_sizes")[seat] += count
        if seat == t.me and cards:
            b["hand"] = b["hand"] + list(cards)

    return Beat(0.32, begin=begin, finish=finish)


def _collect(t, seat: int, count: int) -> Beat:
    def finish():
        t.board.own("discards")[seat] = []
        t.board["deck_size"] = t.board["deck_size"] + count

    return Beat(0.15, finish=finish)


def _chip(t, e: dict) -> Beat:
    seat, colour, r, c = e["seat"], e["colour"], e["row"], e["col"]

    def begin():
        return [
            Flight(
                ("chip", colour), layout.seat_chip_point(t, seat), layout.chip_point(t, r, c), 0.4
            )
        ]

    def finish():
        t.board.own("chips")[r][c] = colour

    return Beat(0.45, begin=begin, finish=finish)


def _remove(t, e: dict) -> Beat:
    seat, colour, r, c = e["seat"], e["colour"], e["row"], e["col"]

    def begin():
        t.board.own("chips")[r][c] = None
        t.show_note(
            _("{name} plays Minus: a {team} chip is removed").format(
                name=t.who(seat), team=faces.team_name(colour)
            )
        )
        return [
            Flight(
                ("chip", colour), layout.chip_point(t, r, c), layout.seat_chip_point(t, seat), 0.45
            )
        ]

    return Beat(0.6, begin=begin)


def _sequence(t, e: dict) -> Beat:
    spaces, colour = e["spaces"], e["colour"]

    def begin():
        t.flash = (spaces, colour)
        t.show_note(_("{team} completes a sequence!").format(team=faces.team_name(colour)))
        return []

    def finish():
        b = t.board
        t.flash = None
        b.own("sequences")[colour].append(spaces)
        b.own("sequence_counts")[colour] += 1
        locked = b.own("locked")
        for r, c in spaces:
            if [r, c] not in b["corners"]:
                locked[r][c] = True

    return Beat(1.1, begin=begin, finish=finish, label="sequence")
