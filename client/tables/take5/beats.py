"""Take 5 events turned into beats: choices, the reveal, each card flying to its row,
a row taken into a penalty pile, a round's end and the next deal (take5.md "A round").

:data:`ON` and :data:`MOVES` are the table's handlers (see
:class:`client.tables.base.TableScene`). Each beat shows its move on the table's stage
(``t.board``); the view that follows the events replaces the stage once they are
shown."""

from __future__ import annotations

from client.anim import Beat, Flight
from client.i18n import _
from client.tables.take5 import layout
from engine.take5 import bullheads


def _chosen(t, e: dict) -> None:
    # The view has no has_chosen: a choosing seat that has chosen is no longer awaited.
    t.board["awaiting"] = [s for s in t.board.get("awaiting", []) if s != e["seat"]]
    if e.get("card") is not None and e["seat"] == t.me:
        t.board["chosen"] = e["card"]


def _row_choice(t, e: dict) -> list[Beat]:
    if e["seat"] == t.me:
        return []
    note = _("{name}'s {card} is too low: a row is taken").format(
        name=t.short_name(e["seat"]), card=e["card"]
    )
    return [Beat(0.6, finish=lambda: t.show_note(note))]


def _reveal(t, pairs: list[list[int]]) -> Beat:
    def begin():
        t.sfx("card")
        return [
            Flight(
                card,
                layout.player_rect(t, seat).center
                if seat != t.me
                else layout.hand_card_center(t, card),
                layout.reveal_slot(t, i).center,
                0.5,
                0.05 * i,
            )
            for i, (seat, card) in enumerate(pairs)
        ]

    def finish():
        b = t.board
        b["revealed"] = [list(p) for p in pairs]
        b["pending"] = sorted([c, s] for s, c in pairs)
        b["phase"] = "reveal"  # on the stage only: no choice stands until the next view
        if t.me is not None:
            mine = [c for s, c in pairs if s == t.me]
            b["hand"] = [c for c in b["hand"] if c not in mine]
            b["chosen"] = None
        t.placed = set()

    return Beat(1.1, begin=begin, finish=finish, label="reveal")


def _to_row(t, card: int, r: int) -> Beat:
    def begin():
        t.sfx("card")
        rev = t.board["revealed"]
        i = next((k for k, (_s, c) in enumerate(rev) if c == card), 0)
        t.placed.add(card)
        n = len(t.board["rows"][r])
        return [
            Flight(
                card, layout.reveal_slot(t, i).center, layout.row_slot(t, r, min(n, 5)).center, 0.5
            )
        ]

    def finish():
        t.board.own("rows")[r].append(card)
        t.board["pending"] = [p for p in t.board["pending"] if p[0] != card]

    return Beat(0.65, begin=begin, finish=finish)


def _take_row(t, r: int, seat: int, heads: int | None) -> Beat:
    """Row ``r`` flies to ``seat``'s pile with a "+N" bullheads tag: the row was face
    up on the table, so its cost is what everyone just saw (take5.md "What each player
    may know": a client may help its player remember what was taken publicly)."""
    taken: dict = {}

    def begin():
        t.sfx("row")
        row = t.board["rows"][r]
        taken["cards"] = list(row)
        dst = layout.player_rect(t, seat).center
        flights = [
            Flight(c, layout.row_slot(t, r, i).center, dst, 0.55, 0.04 * i)
            for i, c in enumerate(row)
        ]
        t.board.own("rows")[r] = []
        cost = heads if heads is not None else sum(bullheads(c) for c in row)
        x, y = layout.player_rect(t, seat).midright
        t.floaters.append([cost, x - t.s(6), y, 1.8])
        return flights

    def finish():
        cards = taken.get("cards", [])
        t.board.own("penalty_counts")[seat] += len(cards)
        if seat == t.me:
            t.board["own_penalty"] = sorted(list(t.board.get("own_penalty", [])) + cards)
            t.board["own_bullheads"] = t.board["own_bullheads"] + sum(bullheads(c) for c in cards)

    return Beat(0.8, begin=begin, finish=finish)


def _round_banner(t, e: dict) -> list:
    """The round's summary, and the totals on the players' panels at once."""
    t.round_summary = e
    t.round_summary_t = 2.6 / max(0.1, t.timeline.speed)
    t.board["totals"] = list(e["totals"])
    return []


def _deal(t, e: dict, _src, dst) -> list[Beat]:
    """A new round's deal: the four row cards, and your own hand, fly from the deck."""
    faces = e.get("cards")
    if not faces:
        return []
    if dst.of("row"):
        r = dst.key

        def begin():
            return [Flight(faces[0], layout.deck_point(t), layout.row_slot(t, r, 0).center, 0.3)]

        def finish():
            t.board.own("rows")[r] = [faces[0]]

        return [Beat(0.32, begin=begin, finish=finish)]
    if dst.of("hand") and dst.key == t.me:
        n = len(faces)

        def begin():
            return [
                Flight(c, layout.deck_point(t), layout.hand_slot(t, i, n).center, 0.35, 0.05 * i)
                for i, c in enumerate(faces)
            ]

        def finish():
            t.board["hand"] = list(faces)

        return [Beat(0.35 + 0.05 * n, begin=begin, finish=finish)]
    return []


def _clear_rows(t) -> None:
    b = t.board
    if t.me is not None:
        b["hand"] = []
    b["rows"] = [[], [], [], []]
    b["revealed"] = []
    b["pending"] = []


ON = {
    "choose": lambda t, e: [Beat(0.05, finish=lambda: _chosen(t, e))],
    "reveal": lambda t, e: [_reveal(t, e["cards"])],
    "row-choice": _row_choice,
    "game-end": lambda t, e: [Beat(0.1, finish=lambda: t.sfx("win"))],
    "round-end": lambda t, e: [Beat(2.6, begin=lambda: _round_banner(t, e), label="round")],
    "round": lambda t, e: [Beat(0.3, finish=lambda: _clear_rows(t))],
}
MOVES = {
    ("table", "row"): lambda t, e, src, dst: [_to_row(t, e["cards"][0], dst.key)],
    ("row", "penalty"): lambda t, e, src, dst: [_take_row(t, src.key, dst.key, e.get("bullheads"))],
    ("deck", "*"): _deal,
}
