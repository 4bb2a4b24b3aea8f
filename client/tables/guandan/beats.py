"""Guandan events turned into beats: card flights to the table, passes, places, trick
ends, deal results, tribute and return travelling between seats (guandan.md). Each
beat shows its move on the table's stage (``t.board``); the final view replaces it
afterwards. Durations shrink with ``t.fast`` (quick under --autoquit). :data:`ON`
and :data:`MOVES` are the table's handlers (see :class:`client.tables.base.TableScene`).
"""

from __future__ import annotations

from client.anim import Beat, Flight
from client.i18n import _
from client.tables.guandan import faces as gc
from client.tables.guandan import layout
from client.tables.guandan.paint import lead_text, no_tribute, place_text

BOMBS = ("bomb", "straight-flush", "four-jokers")


def note(t, text: str, seconds: float = 2.5) -> list:
    """Show ``text`` as the latest note (shorter when the table is sped up)."""
    t.show_note(text, seconds * max(t.fast, 0.3))
    return []


def _src(t, seat: int, card: int) -> tuple[int, int]:
    if seat == t.me:
        r = t.hand.rect_of(card)
        if r is not None:
            return r.center
    return layout.seat_point(t, seat)


def _play(t, seat: int, e: dict, cards: list[int]) -> Beat:
    f = t.fast
    entry = {"seat": seat, "type": "play", "combo": e["combo"], "rank": e["rank"]}
    entry["cards"] = list(cards)

    def begin():
        t.sfx("bomb" if entry["combo"] in BOMBS else "card")
        rects = layout.play_rects(t, seat, len(cards))
        order = [c for c, _stands in gc.arrange_play(entry, t.board.get("level", 2))]
        return [
            Flight(c, _src(t, seat, c), r.center, 0.45 * f, 0.02 * i * f)
            for i, (c, r) in enumerate(zip(order, rects, strict=True))
        ]

    def finish():
        _take_from_hand(t, seat, cards)
        _add_trick(t, entry)
        if not t.board.own("hand_counts")[seat]:  # its last cards: it decides no more
            t.board["awaiting"] = [a for a in t.board.get("awaiting", []) if a != seat]
        t.board["last_play"] = {k: entry[k] for k in ("seat", "combo", "rank", "cards")}

    return Beat(0.6 * f, begin=begin, finish=finish)


def _pay(t, seat: int, card: int) -> Beat:
    f = t.fast

    def begin():
        return [Flight(card, _src(t, seat, card), layout.centre(t), 0.6 * f)]

    def finish():
        _take_from_hand(t, seat, [card])
        t.board.own("tribute")["paid"].append([seat, card])
        t.board["awaiting"] = [a for a in t.board["awaiting"] if a != seat]

    return Beat(0.8 * f, begin=begin, finish=finish)


def _receive(t, seat: int, card: int, payer: int) -> Beat:
    f = t.fast
    text = _("Tribute {card}: {payer} → {receiver}").format(
        card=gc.card_text(card), payer=t.who(payer), receiver=t.who(seat)
    )

    def begin():
        note(t, text, 3.0)
        tribute = t.board.own("tribute")
        tribute["paid"] = [p for p in tribute["paid"] if p[1] != card]
        return [Flight(card, layout.centre(t), layout.seat_point(t, seat), 0.9 * f)]

    return Beat(1.3 * f, begin=begin, finish=lambda: _give_to_hand(t, seat, card), label="tribute")


def _give_back(t, giver: int, taker: int, card: int) -> Beat:
    f = t.fast
    text = _("Return {card}: {receiver} → {payer}").format(
        card=gc.card_text(card), receiver=t.who(giver), payer=t.who(taker)
    )

    def begin():
        note(t, text, 3.0)
        return [Flight(card, _src(t, giver, card), layout.seat_point(t, taker), 0.9 * f)]

    def finish():
        _take_from_hand(t, giver, [card])
        _give_to_hand(t, taker, card)

    return Beat(1.2 * f, begin=begin, finish=finish, label="return")


def _take_from_hand(t, seat: int, cards) -> None:
    b = t.board
    counts = b.own("hand_counts")
    counts[seat] = max(0, counts[seat] - len(cards))
    if seat == t.me:
        gone = set(cards)
        b["hand"] = [c for c in b["hand"] if c not in gone]
        t.sync_hand()


def _give_to_hand(t, seat: int, card: int) -> None:
    b = t.board
    b.own("hand_counts")[seat] += 1
    if seat == t.me:
        b["hand"] = sorted(b["hand"] + [card])
        t.sync_hand()


def _add_trick(t, entry: dict) -> None:
    t.board.own("trick").append(entry)
    t.board.own("plays").append(entry)


def _new_deal(t, e: dict) -> list:
    b = t.board
    b["deal"], b["level"], b["levels"] = e["deal"], e["level"], list(e["levels"])
    b["trick"], b["plays"], b["out"], b["last_play"] = [], [], [], None
    t.last_trick = []
    note(
        t,
        _("Deal {n} · level {level} · wild: ♥{level}").format(
            n=e["deal"], level=gc.level_text(e["level"])
        ),
        2.5,
    )
    return []


def _deal_end(t, e: dict) -> list:
    b = t.board
    t.deal_panel = dict(
        e, old=list(b["levels"]), level=b["level"], level_team=b.get("level_team", -1)
    )
    return []


def _deal_end_done(t, e: dict) -> None:
    t.deal_panel = None
    t.board["levels"] = list(e["levels"])
    t.board["history"] = t.board.get("history", []) + [
        {"deal": e["deal"], "places": e["places"], "team": e["team"], "advance": e["advance"]}
    ]


def _match_end(t, e: dict) -> list:
    t.match_panel = e
    t.sfx("win")
    return []


def _pass(t, e: dict) -> list[Beat]:
    entry = {"seat": e["seat"], "type": "pass"}
    return [Beat(0.4 * t.fast, finish=lambda: _add_trick(t, entry))]


def _out(t, e: dict) -> list[Beat]:
    place = place_text(e["place"])
    if e["seat"] == t.me:
        text = _("You are out: {place}").format(place=place)
    else:
        text = _("{name} is out: {place}").format(name=t.who(e["seat"]), place=place)

    def begin():
        # Out from the moment the note says so: a bot's panel showed "0 cards ·
        # thinking… · ▶ to play" under "Bot 4 is out" until this beat ended.
        out = t.board.own("out")
        if e["seat"] not in out:
            out.append(e["seat"])
        return note(t, text)

    return [Beat(0.9 * t.fast, begin=begin)]


def _noted(seconds: float, hold: float, words):
    """A handler: a note made of the event (``words(t, e)``) shown ``hold`` seconds,
    in a beat of ``seconds``."""
    return lambda t, e: [Beat(seconds * t.fast, begin=lambda: note(t, words(t, e), hold))]


def _payers(t, e: dict) -> str:
    return " & ".join(t.who(p) for p in e["payers"])


def _trick_played(t, e, src, dst) -> list[Beat]:
    def clear():
        t.last_trick = list(t.board["trick"])
        t.board["trick"] = []
        t.board["last_play"] = None

    return [Beat(0.7 * t.fast, finish=clear)]


def _dealt(t, e, src, dst) -> list[Beat]:
    def dealt():
        t.board.own("hand_counts")[dst.key] = e["count"]
        if dst.key == t.me and e.get("cards") is not None:
            t.board["hand"] = sorted(e["cards"])
            t.sync_hand()

    return [Beat(0.05, finish=dealt)]


def _collected(t, e, src, dst) -> list[Beat]:
    def collect():
        t.board["trick"], t.board["last_play"] = [], None
        if src.of("hand"):
            t.board.own("hand_counts")[src.key] = 0
            if src.key == t.me:
                t.board["hand"] = []
                t.sync_hand()

    return [Beat(0.0, finish=collect)]


ON = {
    "pass": _pass,
    "out": _out,
    "lead": _noted(0.2, 1.5, lambda t, e: lead_text(t, e["seat"])),
    "deal-end": lambda t, e: [
        Beat(
            4.5 * t.fast,
            begin=lambda: _deal_end(t, e),
            finish=lambda: _deal_end_done(t, e),
            label="deal-end",
        )
    ],
    "match-end": lambda t, e: [Beat(3.0 * t.fast, begin=lambda: _match_end(t, e))],
    "deal": lambda t, e: [Beat(0.9 * t.fast, begin=lambda: _new_deal(t, e))],
    "no-tribute": _noted(2.5, 4.0, lambda t, e: no_tribute(t, e["payers"])),
    "tribute-due": _noted(
        1.0, 3.0, lambda t, e: _("Tribute due from {names}").format(names=_payers(t, e))
    ),
    "drop": _noted(1.5, 3.0, lambda t, e: _("Three failures at A: back to level 2")),
}
MOVES = {
    ("hand", "trick"): lambda t, e, src, dst: [_play(t, src.key, e, e["cards"])],
    ("trick", "played"): _trick_played,
    ("deck", "hand"): _dealt,
    ("*", "deck"): _collected,
    ("hand", "tribute"): lambda t, e, src, dst: [_pay(t, src.key, e["cards"][0])],
    ("tribute", "hand"): lambda t, e, src, dst: [
        _receive(t, dst.key, e["cards"][0], e.get("payer", -1))
    ],
    ("hand", "hand"): lambda t, e, src, dst: [_give_back(t, src.key, dst.key, e["cards"][0])],
}
