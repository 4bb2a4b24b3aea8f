"""Sequence Numbers events turned into beats: a chip flying from its player to the
board, a chip removed by Minus, a sequence completed (and locked), cards discarded
and drawn, dead cards traded in, reshuffles, the next turn, the end
(sequence-numbers.md). :data:`ON` and :data:`MOVES` are the table's handlers (see
:class:`client.tables.base.TableScene`); each beat shows its move on the table's
stage (``t.board``)."""

from __future__ import annotations

from client.anim import Beat, Flight
from client.i18n import _
from client.tables.sequence_numbers import faces, layout


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
            src = t.hand_rects()[i].center
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
        for r, c in e["locked"]:  # every chip of the line completed, turned over
            locked[r][c] = True

    return Beat(1.1, begin=begin, finish=finish, label="sequence")


def _sounded(sound: str, make):
    """A handler: the sound, then the beat ``make(t, e)`` builds."""
    return lambda t, e: [Beat(0.0, finish=lambda: t.sfx(sound)), make(t, e)]


def _noted(words):
    """A handler: a note made of the event (``words(t, e)``)."""
    return lambda t, e: [_note(t, words(t, e))]


ON = {
    "chip": _sounded("card", _chip),
    "remove": _sounded("card", _remove),
    "sequence": _sounded("sequence", _sequence),
    "game-end": lambda t, e: [Beat(0.0, finish=lambda: t.sfx("win"))] if e.get("winners") else [],
    "dead": _noted(
        lambda t, e: _("{name}: dead card {card} traded in").format(
            name=t.who(e["seat"]), card=faces.face_text(e["card"])
        )
    ),
    "no-play": _noted(
        lambda t, e: _("{name} cannot play: {card} discarded").format(
            name=t.who(e["seat"]), card=faces.face_text(e["card"])
        )
    ),
    "reshuffle": _noted(lambda t, e: _("The discards are shuffled into a new deck")),
    "turn": lambda t, e: [Beat(0.0, finish=lambda: _turn(t, e["seat"]))],
}
MOVES = {
    ("hand", "discard"): lambda t, e, src, dst: [_discard(t, src.key, e.get("cards") or [])],
    ("deck", "hand"): lambda t, e, src, dst: [_draw(t, dst.key, e.get("cards"), e["count"])],
    ("discard", "deck"): lambda t, e, src, dst: [_collect(t, src.key, e["count"])],
}
