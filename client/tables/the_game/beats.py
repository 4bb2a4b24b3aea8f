"""The Game's events turned into beats: a card flying from a hand to a pile, cards
drawn from the draw pile, a signal set, the next turn, a declared block, the end
(the-game.md). :data:`ON` and :data:`MOVES` are the table's handlers (see
:class:`client.tables.base.TableScene`); each beat shows its move on the table's
stage (``t.board``)."""

from __future__ import annotations

from client.anim import Beat, Flight
from client.i18n import _
from client.tables.the_game import layout


def _signal(t, e: dict) -> None:
    t.board.own("signals")[e["pile"]][e["seat"]] = e["signal"]


def _turn(t, seat: int) -> None:
    b = t.board
    b["turn"], b["awaiting"], b["played"] = seat, [seat], 0


def pile_point(t, name: str) -> tuple[int, int]:
    return layout.top_rect(t, layout.PILES.index(name)).center


def seat_point(t, seat: int) -> tuple[int, int]:
    return layout.seat_rect(t, seat).center


def _play(t, seat: int, pile: str, c: int) -> Beat:
    def begin():
        b = t.board
        src = seat_point(t, seat)
        hand = b.get("hand", [])
        if seat == t.me and c in hand:
            src = t.hand_rects()[hand.index(c)].center
            b["hand"] = [x for x in hand if x != c]
            if t.selected == c:
                t.selected = None
        sizes = b.own("hand_sizes")
        sizes[seat] = max(0, sizes[seat] - 1)
        t.sfx("card")
        return [Flight(("card", c), src, pile_point(t, pile), 0.35)]

    def finish():
        b = t.board
        b.own("piles")[pile].append(c)
        b.own("tops")[pile] = c
        b["played"] = b["played"] + 1
        b["to_play"] = max(0, b["to_play"] - 1)
        b["cards_left"] = max(0, b["cards_left"] - 1)

    return Beat(0.4, begin=begin, finish=finish)


def _draw(t, seat: int, faces: list[int] | None, count: int) -> Beat:
    def begin():
        src = layout.deck_rect(t).center
        if seat == t.me and faces:
            n = len(t.board.get("hand", []))
            return [
                Flight(
                    ("card", f), src, layout.hand_slot(t, n + k, n + count).center, 0.35, 0.05 * k
                )
                for k, f in enumerate(faces)
            ]
        return [
            Flight(("back",), src, seat_point(t, seat), 0.3, 0.05 * k) for k in range(min(count, 4))
        ]

    def finish():
        b = t.board
        b["deck"] = max(0, b["deck"] - count)
        b.own("hand_sizes")[seat] += count
        if seat == t.me and faces:
            b["hand"] = sorted(b["hand"] + list(faces))

    return Beat(0.35 + 0.05 * min(count, 4), begin=begin, finish=finish)


def _blocked(t, e: dict) -> list[Beat]:
    text = _("{name} cannot play the minimum: blocked").format(name=t.who(e["seat"]))
    return [Beat(0.6, begin=lambda: t.show_note(text) or [])]


def _end(t, e: dict) -> list[Beat]:
    won = not e.get("details", {}).get("cards_left", 1)
    return [Beat(0.2, finish=lambda: t.sfx("win" if won else "card"))]


ON = {
    "signal": lambda t, e: [Beat(0.05, finish=lambda: _signal(t, e))],
    "turn": lambda t, e: [Beat(0.05, finish=lambda: _turn(t, e["seat"]))],
    "blocked": _blocked,
    "game-end": _end,
}
MOVES = {
    ("hand", "pile"): lambda t, e, src, dst: [_play(t, src.key, dst.key, e["cards"][0])],
    ("deck", "hand"): lambda t, e, src, dst: [_draw(t, dst.key, e.get("cards"), e["count"])],
}
