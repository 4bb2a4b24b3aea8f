"""Guandan table: engine events turned into beats (card flights to the table, passes,
places, trick ends, deal results, tribute and return travelling between seats).

A mixin of :class:`client.tables.guandan.GuandanTable`; it updates ``self.board`` (the
display model) as each beat finishes, and the final view replaces it afterwards."""

from __future__ import annotations

from client.anim import Beat, Flight
from client.i18n import _
from client.tables import guandan_cards as gc
from client.tables import guandan_panels as panels

BOMBS = ("bomb", "straight-flush", "four-jokers")


class GuandanBeats:
    """``beats_for`` and the display-model updates it schedules."""

    # ------------------------------------------------------------------ events → beats
    def beats_for(self, events: list[dict]) -> list[Beat]:
        f = self.fast
        beats: list[Beat] = []
        for e in events:
            t = e["type"]
            if t == "move":
                beats.extend(self._move_beats(e))
            elif t == "pass":
                beats.append(
                    Beat(
                        0.4 * f,
                        finish=lambda e=e: self._add_trick({"seat": e["seat"], "type": "pass"}),
                    )
                )
            elif t == "out":
                place = panels.place_text(e["place"])
                if e["seat"] == self.me:
                    text = _("You are out: {place}").format(place=place)
                else:
                    text = _("{name} is out: {place}").format(
                        name=self.short_name(e["seat"]), place=place
                    )
                beats.append(
                    Beat(
                        0.9 * f,
                        begin=lambda t=text: self._note(t),
                        finish=lambda e=e: self.board["out"].append(e["seat"]),
                    )
                )
            elif t == "lead":
                text = _("{name} leads").format(name=self.short_name(e["seat"]))
                beats.append(Beat(0.2 * f, begin=lambda t=text: self._note(t, 1.5)))
            elif t == "deal-end":
                beats.append(
                    Beat(
                        4.5 * f,
                        begin=lambda e=e: self._deal_end(e),
                        finish=lambda e=e: self._deal_end_done(e),
                        label="deal-end",
                    )
                )
            elif t == "match-end":
                beats.append(Beat(3.0 * f, begin=lambda e=e: self._match_end(e)))
            elif t == "deal":
                beats.append(Beat(0.9 * f, begin=lambda e=e: self._new_deal(e)))
            elif t == "no-tribute":
                names = " & ".join(self.short_name(p) for p in e["payers"])
                text = panels.no_tribute_text(names, len(e["payers"]))
                beats.append(Beat(2.5 * f, begin=lambda t=text: self._note(t, 4.0)))
            elif t == "tribute-due":
                names = " & ".join(self.short_name(p) for p in e["payers"])
                text = _("Tribute due from {names}").format(names=names)
                beats.append(Beat(1.0 * f, begin=lambda t=text: self._note(t, 3.0)))
            elif t == "drop":
                text = _("Three failures at A: back to level 2")
                beats.append(Beat(1.5 * f, begin=lambda t=text: self._note(t, 3.0)))
        return beats

    def _note(self, text: str, seconds: float = 2.5) -> list:
        self.note, self.note_t = text, seconds * max(self.fast, 0.3)
        return []

    def _src(self, seat: int, card: int) -> tuple[int, int]:
        if seat == self.me:
            r = self.hand.rect_of(card)
            if r is not None:
                return r.center
        return self.seat_point(seat)

    def _move_beats(self, e: dict) -> list[Beat]:
        f = self.fast
        src, dst = e["from"], e["to"]
        cards = e.get("cards")
        if src.startswith("hand/") and dst == "trick":
            seat = int(src[5:])
            entry = {
                "seat": seat,
                "type": "play",
                "combo": e["combo"],
                "rank": e["rank"],
                "cards": list(cards),
            }

            def begin():
                self.sfx("bomb" if entry["combo"] in BOMBS else "card")
                rects = self.play_rects(seat, len(cards))
                return [
                    Flight(c, self._src(seat, c), r.center, 0.45 * f, 0.02 * i * f)
                    for i, (c, r) in enumerate(zip(cards, rects, strict=True))
                ]

            def finish():
                self._take_from_hand(seat, cards)
                self._add_trick(entry)
                self.board["last_play"] = {k: entry[k] for k in ("seat", "combo", "rank", "cards")}

            return [Beat(0.6 * f, begin=begin, finish=finish)]
        if src == "trick" and dst == "played":

            def clear():
                self.board["trick"] = []
                self.board["last_play"] = None

            return [Beat(0.7 * f, finish=clear)]
        if src == "deck" and dst.startswith("hand/"):
            seat = int(dst[5:])

            def dealt():
                self.board["hand_counts"][seat] = e["count"]
                if seat == self.me and cards is not None:
                    self.board["hand"] = sorted(cards)
                    self._sync_hand()

            return [Beat(0.05, finish=dealt)]
        if dst == "deck":

            def collect():
                self.board["trick"], self.board["last_play"] = [], None
                if src.startswith("hand/"):
                    self.board["hand_counts"][int(src[5:])] = 0
                    if int(src[5:]) == self.me:
                        self.board["hand"] = []
                        self._sync_hand()

            return [Beat(0.0, finish=collect)]
        if src.startswith("hand/") and dst == "tribute":
            seat = int(src[5:])
            card = cards[0]

            def begin():
                return [Flight(card, self._src(seat, card), self.centre(), 0.6 * f)]

            def finish():
                self._take_from_hand(seat, [card])
                self.board["tribute"]["paid"].append([seat, card])
                self.board["awaiting"] = [a for a in self.board["awaiting"] if a != seat]

            return [Beat(0.8 * f, begin=begin, finish=finish)]
        if src == "tribute" and dst.startswith("hand/"):
            seat, card = int(dst[5:]), cards[0]
            text = _("Tribute {card}: {payer} → {receiver}").format(
                card=gc.card_text(card),
                payer=self.short_name(e.get("payer", -1)),
                receiver=self.short_name(seat),
            )

            def begin():
                self._note(text, 3.0)
                self.board["tribute"]["paid"] = [
                    p for p in self.board["tribute"]["paid"] if p[1] != card
                ]
                return [Flight(card, self.centre(), self.seat_point(seat), 0.9 * f)]

            def finish():
                self._give_to_hand(seat, card)

            return [Beat(1.3 * f, begin=begin, finish=finish, label="tribute")]
        if src.startswith("hand/") and dst.startswith("hand/"):
            giver, taker, card = int(src[5:]), int(dst[5:]), cards[0]
            text = _("Return {card}: {receiver} → {payer}").format(
                card=gc.card_text(card),
                receiver=self.short_name(giver),
                payer=self.short_name(taker),
            )

            def begin():
                self._note(text, 3.0)
                return [Flight(card, self._src(giver, card), self.seat_point(taker), 0.9 * f)]

            def finish():
                self._take_from_hand(giver, [card])
                self._give_to_hand(taker, card)

            return [Beat(1.2 * f, begin=begin, finish=finish, label="return")]
        return []

    def _take_from_hand(self, seat: int, cards) -> None:
        b = self.board
        b["hand_counts"][seat] = max(0, b["hand_counts"][seat] - len(cards))
        if seat == self.me:
            gone = set(cards)
            b["hand"] = [c for c in b["hand"] if c not in gone]
            self._sync_hand()

    def _give_to_hand(self, seat: int, card: int) -> None:
        b = self.board
        b["hand_counts"][seat] += 1
        if seat == self.me:
            b["hand"] = sorted(b["hand"] + [card])
            self._sync_hand()

    def _add_trick(self, entry: dict) -> None:
        self.board["trick"].append(entry)
        self.board["plays"].append(entry)

    def _new_deal(self, e: dict) -> list:
        b = self.board
        b["deal"], b["level"], b["levels"] = e["deal"], e["level"], list(e["levels"])
        b["trick"], b["plays"], b["out"], b["last_play"] = [], [], [], None
        self._note(
            _("Deal {n} · level {level} · wild: ♥{level}").format(
                n=e["deal"], level=gc.level_text(e["level"])
            ),
            2.5,
        )
        return []

    def _deal_end(self, e: dict) -> list:
        b = self.board
        self.deal_panel = dict(
            e, old=list(b["levels"]), level=b["level"], level_team=b.get("level_team", -1)
        )
        return []

    def _deal_end_done(self, e: dict) -> None:
        self.deal_panel = None
        self.board["levels"] = list(e["levels"])
        self.board["history"] = self.board.get("history", []) + [
            {"deal": e["deal"], "places": e["places"], "team": e["team"], "advance": e["advance"]}
        ]

    def _match_end(self, e: dict) -> list:
        self.match_panel = e
        self.sfx("win")
        return []
