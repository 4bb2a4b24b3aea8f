"""Teamplay's table: the bank, the general mission, every player's missions in the
card language, your hand, team points and mission counts (teamplay.md).

Layout at 1280×720 (scaled): the top bar and the final-round band; one panel per
player across the top with their own missions; the general mission, the bank, the
draw pile and the discards, and the sides' scores in the middle; the prompt, your
hand and the buttons at the bottom, the key legend under them.

Input (keyboard for every decision):

* select cards: click them, or ←/→ and Space (Backspace clears). Your missions that
  the selection completes light up gold (blue while the selection is part of a
  completion, green when the hand could complete it) — the engine's completion list
  on your own hand;
* draw: 1–3 takes a bank card, D the top of the draw pile (two draws a turn, in any
  order around completing missions);
* C (or Enter, or a click on the gold mission) completes a mission with the
  selected cards; Tab / Shift+Tab walk through every mission on the table and show
  its description (as hovering does);
* G gives the 1 or 2 selected cards face down to your partner (once a turn, teams);
* K keeps a newly drawn mission, R swaps it once (set-up and after completing);
* over the hand limit at the start of your turn: select the cards, Enter discards;
* E ends the turn once both cards are drawn.
"""

from __future__ import annotations

import pygame

from client import cards
from client.anim import Beat, Flight
from client.i18n import _, ngettext
from client.tables import teamplay_cards as tc
from client.tables import teamplay_paint as paint
from client.tables.base import TableScene, headline
from engine.teamplay.missions import MISSIONS, completions

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class TeamplayTable(TableScene):
    """Teamplay: draw two cards, complete missions with exactly the cards they ask for,
    help your partner with a face-down gift; the side with most points wins."""

    game_id = "teamplay"
    #: ~150–400 small actions a game (draws, completions, gifts, ends of turn).
    autoquit_bot_delay = 0.05

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        paint.reset_caches()
        self.layout()
        self.selected: list[int] = []  # selected card ids, in selection order
        self.cursor = 0  # keyboard position in the hand
        self.hover = None  # mission place under the mouse: "general" or (seat, i)
        self.focus = None  # mission place with keyboard focus
        self.note, self.note_t = "", 0.0
        self.pending: tuple[int, int] | None = None  # (seat, seq) of a sent action
        self.pending_more = 0  # answers still due for a batch of discards
        self.gift_cards: set[int] = set()  # cards received from the partner lately

    # ------------------------------------------------------------------ results
    @staticmethod
    def summary(view: dict, names: list[str], me: int | None) -> dict:
        """Sides by points, then fewer missions (teamplay.md "End"): one row per side
        with its players, points and completed missions."""
        winners = set(view.get("winners", []))
        sides = view["teams"]
        order = sorted(
            range(len(sides)), key=lambda i: (-view["points"][i], view["missions"][i], i)
        )
        rows = []
        for i in order:
            who = [(_("You") if p == me else names[p].split(" (")[0][:12]) for p in sides[i]]
            value = ngettext(
                "{p} pts · {n} mission", "{p} pts · {n} missions", view["missions"][i]
            ).format(p=view["points"][i], n=view["missions"][i])
            rows.append((" & ".join(who), value, bool(set(sides[i]) & winners)))
        return {
            "headline": headline(winners, names, me),
            "subtitle": _("Teamplay · most points wins; on equal points, fewer missions"),
            "rows": rows,
        }

    # ------------------------------------------------------------------ geometry
    def layout(self) -> None:
        self.k = min(self.w / 1280, self.h / 720)
        paint.reset_caches()

    def s(self, v: float) -> int:
        return int(v * self.k)

    def message_pos(self) -> tuple[int, int]:
        return (self.s(528), self.s(485))

    # ------------------------------------------------------------------ state helpers
    @property
    def me(self) -> int | None:
        return self.perspective

    def who(self, seat: int, full: bool = False) -> str:
        """ "You" for the shown seat (on a couch: that player's name), else the name."""
        if seat == self.me and not self.couch:
            return _("You")
        return self.name(seat) if full else self.name(seat).split(" (")[0]

    def latest(self) -> dict:
        if self.me is None:
            return self.board or {}
        return self.session.mirrors[self.me].view or self.board or {}

    def my_turn(self) -> bool:
        if self.me is None or not self.board or self.board.get("over"):
            return False
        v = self.latest()
        return not v.get("over") and self.me in v.get("awaiting", [])

    def deciding(self) -> bool:
        return self.timeline.idle and self.pending is None and self.my_turn()

    def legal(self) -> list[dict]:
        return self.session.mirrors[self.me].legal if self.me is not None else []

    def mode(self) -> str | None:
        """ "fresh" (keep or swap a new mission), "discard" (hand limit), "play" or
        None (not deciding now)."""
        if not self.deciding():
            return None
        b = self.board
        if b.get("fresh") is not None:
            return "fresh"
        if b.get("must_discard"):
            return "discard"
        return "play"

    def choice_kind(self) -> str | None:
        return "fresh" if self.mode() == "fresh" else None

    def fresh_mission(self) -> str | None:
        b = self.board
        place = b.get("fresh")
        if place is None:
            return None
        return self.mission_at(self.place_key(place, b["turn_seat"]))

    def is_fresh(self, key) -> bool:
        b = self.board
        place = b.get("fresh")
        return (
            place is not None and not b.get("over") and self.place_key(place, b["turn_seat"]) == key
        )

    @staticmethod
    def place_key(place: str, seat: int):
        """Engine place ("general" / "own/i") of ``seat`` → mission key."""
        return "general" if place == "general" else (seat, int(place.split("/")[1]))

    def mission_at(self, key) -> str | None:
        b = self.board
        if key == "general":
            return b["general"]
        seat, i = key
        own = b["own"][seat]
        return own[i] if i < len(own) else None

    def mission_keys(self) -> list:
        """Every mission place in reading order: the general one, then the seats'
        own, starting with the shown seat."""
        b = self.board
        n = b["players"]
        start = self.me or 0
        keys = ["general"]
        for k in range(n):
            seat = (start + k) % n
            keys += [(seat, i) for i in range(len(b["own"][seat]))]
        return keys

    def my_places(self) -> list:
        """The mission keys the shown seat may complete (general + own)."""
        if self.me is None:
            return []
        return ["general"] + [(self.me, i) for i in range(len(self.board["own"][self.me]))]

    def options_for(self, key) -> list[tuple[int, ...]]:
        """Sets of the shown hand's cards that complete the mission at ``key`` (engine
        :func:`completions` on the seat's own visible hand)."""
        m = self.mission_at(key)
        if m is None or self.me is None or key not in self.my_places():
            return []
        return completions(m, self.board.get("hand", []))

    def mission_state(self, key) -> str | None:
        """Live highlight of the shown seat's mission: "exact" (the selection completes
        it), "partial" (the selection is part of a completion), "ready" (the hand
        could complete it) or None."""
        if self.mode() != "play":
            return None
        opts = self.options_for(key)
        if not opts:
            return None
        sel = tuple(sorted(self.selected))
        if not sel:
            return "ready"
        if sel in opts:
            return "exact"
        chosen = set(sel)
        if any(chosen <= set(o) for o in opts):
            return "partial"
        return None

    def exact_keys(self) -> list:
        return [k for k in self.my_places() if self.mission_state(k) == "exact"]

    def usable_cards(self) -> set[int] | None:
        """While a mission is focused and completable: the cards some completion of it
        uses (others are dimmed); else None."""
        if self.mode() != "play" or self.focus not in self.my_places():
            return None
        opts = self.options_for(self.focus)
        if not opts:
            return None
        return {c for o in opts for c in o}

    def tooltip_extra(self, key) -> str:
        """What the shown seat's hand can do for the mission at ``key``."""
        if key not in self.my_places() or self.me is None or self.board.get("over"):
            return ""
        n = len(self.options_for(key))
        if not n:
            return _("Your hand cannot complete it yet.")
        return ngettext(
            "Your hand can complete it ({n} way).", "Your hand can complete it ({n} ways).", n
        ).format(n=n)

    def can_draw(self, src: str | None = None) -> bool:
        if self.mode() != "play":
            return False
        return any(a["type"] == "draw" and (src is None or a["from"] == src) for a in self.legal())

    def can_end(self) -> bool:
        return self.mode() == "play" and any(a["type"] == "end-turn" for a in self.legal())

    def can_give(self) -> bool:
        return self.mode() == "play" and any(a["type"] == "give" for a in self.legal())

    def can_reject(self) -> bool:
        return any(a["type"] == "reject" for a in self.legal())

    def flying_cards(self) -> set[int]:
        return {f.card[1] for f, _p in self.timeline.flights() if f.card[0] == "num"}

    def buttons(self) -> list[tuple[str, bool]]:
        """(label, active) of the buttons beside the hand, by mode."""
        mode = self.mode()
        if mode == "discard":
            n = self.board["must_discard"]
            return [
                (
                    ngettext("Discard {n} card [Enter]", "Discard {n} cards [Enter]", n).format(
                        n=n
                    ),
                    len(self.selected) == n,
                )
            ]
        if mode != "play":
            return []
        out = [(_("Complete [C]"), bool(self.exact_keys()))]
        if self.board.get("has_teams"):
            out.append((_("Give to partner [G]"), self.can_give() and 1 <= len(self.selected) <= 2))
        out.append((_("End turn [E]"), self.can_end()))
        return out

    def on_reset(self) -> None:
        hand = self.board.get("hand", [])
        self.selected = [c for c in self.selected if c in hand]
        self.cursor = min(self.cursor, max(0, len(hand) - 1))
        self.gift_cards &= set(hand)

    # ------------------------------------------------------------------ actions
    def send(self, action: dict) -> None:
        """Send ``action`` for the shown seat; input waits for the host's answer."""
        self.session.send(self.me, action)
        self.pending = (self.me, self.session.mirrors[self.me].seq)

    def toggle(self, c: int) -> None:
        """Select card ``c`` (again: unselect). In the hand-limit discard at most as
        many cards as must go."""
        if c in self.selected:
            self.selected.remove(c)
        elif self.mode() == "discard" and len(self.selected) >= self.board["must_discard"]:
            self.show_error(
                ngettext(
                    "Discard exactly {n} card",
                    "Discard exactly {n} cards",
                    self.board["must_discard"],
                ).format(n=self.board["must_discard"])
            )
        else:
            self.selected.append(c)

    def take(self, src: str, i: int = 0) -> None:
        b = self.board
        if not b["draws_left"]:
            self.show_error(_("Both cards are drawn this turn"))
            return
        if src == "bank":
            if i >= len(b["bank"]):
                self.show_error(_("No card there in the bank"))
                return
            self.send({"type": "draw", "from": "bank", "card": b["bank"][i]})
        elif not self.can_draw("deck"):
            self.show_error(_("The draw pile and the discards are empty"))
        else:
            self.send({"type": "draw", "from": "deck"})

    def complete(self, key=None) -> None:
        """Complete the mission at ``key`` (default: the focused one, else the one the
        selection completes) with the selected cards, or explain why not."""
        exact = self.exact_keys()
        if key is None:
            key = self.focus if self.focus in exact else (exact[0] if exact else None)
        if not self.selected:
            self.show_error(_("Select the cards first (click them, or ←/→ and Space)"))
            return
        if key is None or key not in exact:
            if key is not None and key not in self.my_places():
                self.show_error(_("Only the general mission and your own can be completed"))
            else:
                self.show_error(_("The selected cards complete none of your missions exactly"))
            return
        m = self.mission_at(key)
        self.send({"type": "complete", "mission": m, "cards": sorted(self.selected)})
        self.selected = []
        self.focus = None  # that place gets a new mission

    def give(self) -> None:
        b = self.board
        if not b.get("has_teams"):
            self.show_error(_("Everybody plays alone: no gifts"))
        elif b.get("gave"):
            self.show_error(_("You gave cards to your partner already this turn"))
        elif not 1 <= len(self.selected) <= 2:
            self.show_error(_("Select 1 or 2 cards to give to your partner"))
        else:
            self.send({"type": "give", "cards": sorted(self.selected)})
            self.selected = []

    def discard(self) -> None:
        n = self.board["must_discard"]
        if len(self.selected) != n:
            self.show_error(
                ngettext("Select {n} card to discard", "Select {n} cards to discard", n).format(n=n)
            )
            return
        for c in list(self.selected):  # each one a discard action, in order
            self.session.send(self.me, {"type": "discard", "card": c})
        self.pending = (self.me, self.session.mirrors[self.me].seq)
        self.pending_more = n - 1
        self.selected = []

    def end_turn(self) -> None:
        if not self.can_end():
            n = self.board["draws_left"]
            self.show_error(
                ngettext(
                    "Draw {n} more card first (bank 1–3 or pile D)",
                    "Draw {n} more cards first (bank 1–3 or pile D)",
                    n,
                ).format(n=n)
            )
            return
        self.send({"type": "end-turn"})
        self.selected = []

    def decide_fresh(self, keep: bool) -> None:
        if not keep and not self.can_reject():
            self.show_error(_("The mission pile is empty: the new mission stays"))
            return
        self.send({"type": "keep" if keep else "reject"})

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        # Reading missions works at any time (hover or Tab), also out of turn.
        if self.board is not None and not self.help_open and self.privacy_for is None:
            if event.type == pygame.MOUSEMOTION:
                self.hover = self.mission_hit(event.pos)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
                keys = self.mission_keys()
                step = -1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1
                i = keys.index(self.focus) if self.focus in keys else (-1 if step > 0 else 0)
                self.focus = keys[(i + step) % len(keys)]
                self.hover = None
                return
        super().handle_event(event)

    def mission_hit(self, pos):
        for key in self.mission_keys():
            if paint.mission_rect(self, key).collidepoint(pos):
                return key
        return None

    def hand_hit(self, pos) -> int | None:
        hand = self.board.get("hand", [])
        for i in reversed(range(len(hand))):
            r = paint.hand_slot(self, i, len(hand))
            if hand[i] in self.selected:
                r = r.move(0, -self.s(18))
            if r.collidepoint(pos):
                return i
        return None

    def handle_table_event(self, event: pygame.event.Event) -> None:
        mode = self.mode()
        if mode is None:
            return
        if mode == "fresh":
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                for kind in ("keep", "reject"):
                    if paint.choice_button(self, kind).collidepoint(event.pos):
                        self.decide_fresh(kind == "keep")
            elif event.type == pygame.KEYDOWN:
                if event.key in (pygame.K_k, *ENTER):
                    self.decide_fresh(True)
                elif event.key == pygame.K_r:
                    self.decide_fresh(False)
            return
        hand = self.board.get("hand", [])
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            i = self.hand_hit(event.pos)
            if i is not None:
                self.cursor = i
                self.toggle(hand[i])
                return
            for k in range(len(self.buttons())):
                if paint.button_rect(self, k).collidepoint(event.pos):
                    self.press_button(k)
                    return
            if mode != "play":
                return
            for k in range(len(self.board["bank"])):
                if paint.bank_rect(self, k).collidepoint(event.pos):
                    self.take("bank", k)
                    return
            if paint.deck_rect(self).collidepoint(event.pos):
                self.take("deck")
                return
            key = self.mission_hit(event.pos)
            if key is not None:
                self.focus = key
                if self.selected:
                    self.complete(key)
            return
        if event.type != pygame.KEYDOWN:
            return
        k = event.key
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            self.cursor = (self.cursor + (1 if k == pygame.K_RIGHT else -1)) % len(hand)
        elif k in (pygame.K_SPACE, pygame.K_UP) and hand:
            self.toggle(hand[min(self.cursor, len(hand) - 1)])
        elif k == pygame.K_BACKSPACE:
            self.selected = []
        elif mode == "discard":
            if k in ENTER or k == pygame.K_x:
                self.discard()
        elif k in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_KP1, pygame.K_KP2, pygame.K_KP3):
            i = {
                pygame.K_1: 0,
                pygame.K_2: 1,
                pygame.K_3: 2,
                pygame.K_KP1: 0,
                pygame.K_KP2: 1,
                pygame.K_KP3: 2,
            }[k]
            self.take("bank", i)
        elif k == pygame.K_d:
            self.take("deck")
        elif k in (pygame.K_c, *ENTER):
            self.complete()
        elif k == pygame.K_g:
            self.give()
        elif k == pygame.K_e:
            self.end_turn()

    def press_button(self, k: int) -> None:
        if self.mode() == "discard":
            self.discard()
            return
        labels = ["complete"] + (["give"] if self.board.get("has_teams") else []) + ["end"]
        {"complete": self.complete, "give": self.give, "end": self.end_turn}[labels[k]]()

    # ------------------------------------------------------------------ events → beats
    def beats_for(self, events: list[dict]) -> list[Beat]:
        beats: list[Beat] = []
        for e in events:
            t = e["type"]
            if t == "move":
                beat = self._move_beat(e)
                if beat is not None:
                    beats.append(beat)
            elif t == "turn":
                beats.append(Beat(0.05, finish=lambda e=e: self._turn(e)))
            elif t == "end-announced":
                text = _("{name} completed mission number {n}: the final round begins!").format(
                    name=self.who(e["seat"]), n=e["missions"]
                )
                beats.append(Beat(1.0, begin=lambda text=text, e=e: self._announce(text, e)))
            elif t == "reshuffle":
                text = (
                    _("The discards are shuffled into a new draw pile")
                    if e["to"] == "deck"
                    else _("The set-aside missions become a new pile")
                )
                beats.append(Beat(0.3, begin=lambda text=text: self.show_note(text) or []))
            elif t == "game-end":
                beats.append(Beat(0.2, finish=lambda: self.sfx("win")))
        return beats

    def show_note(self, text: str) -> None:
        self.note, self.note_t = text, 2.5

    def _announce(self, text: str, e: dict) -> list:
        self.show_note(text)
        self.board["end_announced"] = True
        self.board["last_turn"] = e["last_turn"]
        self.sfx("row")
        return []

    def _turn(self, e: dict) -> None:
        b = self.board
        b["turn_seat"], b["turn"] = e["seat"], e["turn"]
        b["awaiting"] = [e["seat"]]
        b["draws_left"], b["gave"] = 2, False
        b["must_discard"] = e.get("must_discard", 0)
        b["fresh"] = None
        if b["phase"] == "setup":
            b["phase"] = "play"

    def seat_point(self, seat: int) -> tuple[int, int]:
        r = paint.seat_rect(self, seat)
        return (r.centerx, r.y + self.s(36))

    def hand_point(self, c: int) -> tuple[int, int]:
        hand = self.board.get("hand", [])
        if c in hand:
            return paint.hand_slot(self, hand.index(c), len(hand)).center
        return paint.hand_slot(self, len(hand), len(hand) + 1).center

    def zone_point(self, zone: str, card=None) -> tuple[int, int]:
        """Pixel centre of an event zone (for flights)."""
        b = self.board
        if zone == "bank":
            i = b["bank"].index(card) if card in b["bank"] else len(b["bank"])
            return paint.bank_rect(self, min(i, 2)).center
        if zone == "deck":
            return paint.deck_rect(self).center
        if zone == "discard":
            return paint.discard_rect(self).center
        if zone.startswith("hand/"):
            seat = int(zone[5:])
            return (
                self.hand_point(card)
                if seat == self.me and card is not None
                else self.seat_point(seat)
            )
        if zone.startswith("done/"):
            return self.seat_point(int(zone[5:]))
        if zone == "missions/general":
            return paint.general_rect(self).center
        if zone.startswith("missions/") and zone[9:].isdigit():
            return paint.own_rect(self, int(zone[9:]), 0).center
        return paint.choice_rect(self).midtop  # the mission pile and its discards

    def _move_beat(self, e: dict) -> Beat | None:
        src, dst = e["from"], e["to"]
        faces = e.get("cards")
        count = e["count"]
        mission = src.startswith("missions/") or dst.startswith("missions/")
        if mission or dst.startswith("done/"):
            return self._mission_beat(e)

        def begin():
            flights = []
            for k in range(min(count, 6)):
                c = faces[k] if faces else None
                art = ("num", c) if c is not None else ("back",)
                flights.append(
                    Flight(art, self.zone_point(src, c), self.zone_point(dst, c), 0.4, 0.06 * k)
                )
            self.sfx("card")
            if src.startswith("hand/") and dst.startswith("hand/"):
                giver, to = int(src[5:]), int(dst[5:])
                if faces and self.me == to:
                    words = ", ".join(tc.card_label(c) for c in faces)
                    self.show_note(
                        _("{name} gave you {cards}").format(name=self.who(giver), cards=words)
                    )
                elif faces:
                    self.show_note(
                        ngettext(
                            "You gave your partner {cards}", "You gave your partner {cards}", count
                        ).format(cards=", ".join(tc.card_label(c) for c in faces))
                    )
                else:
                    self.show_note(
                        ngettext(
                            "{name} gave {to} {n} card face down",
                            "{name} gave {to} {n} cards face down",
                            count,
                        ).format(name=self.who(giver), to=self.who(to), n=count)
                    )
            return flights

        def finish():
            self._apply_move(src, dst, faces, count)

        return Beat(0.45 + 0.06 * min(count, 6), begin=begin, finish=finish)

    def _apply_move(self, src: str, dst: str, faces, count: int) -> None:
        b = self.board
        if src == "bank" and faces:
            b["bank"] = [c for c in b["bank"] if c not in faces]
        elif src == "deck":
            b["deck_size"] = max(0, b["deck_size"] - count)
        if src.startswith("hand/"):
            seat = int(src[5:])
            b["hand_sizes"][seat] = max(0, b["hand_sizes"][seat] - count)
            if seat == self.me and faces:
                b["hand"] = [c for c in b["hand"] if c not in faces]
        if dst == "bank" and faces:
            b["bank"] = sorted(b["bank"] + list(faces))
        elif dst == "discard":
            b["discard_size"] += count
            if faces:
                b["discard_top"] = faces[-1]
        elif dst.startswith("hand/"):
            seat = int(dst[5:])
            b["hand_sizes"][seat] += count
            if seat == self.me and faces:
                b["hand"] = sorted(b["hand"] + list(faces))
                if src.startswith("hand/"):
                    self.gift_cards |= set(faces)
            if src == "bank" and b["draws_left"]:
                b["draws_left"] -= 1
            elif src == "deck" and b["draws_left"]:
                b["draws_left"] -= 1
        self.selected = [c for c in self.selected if c in b.get("hand", [])]

    def _mission_beat(self, e: dict) -> Beat:
        src, dst = e["from"], e["to"]
        m = (e.get("cards") or [None])[0]
        seat = self.board["turn_seat"]
        for zone in (src, dst):
            if zone.startswith("missions/") and zone[9:].isdigit():
                seat = int(zone[9:])

        def begin():
            if m is None:
                return []
            if dst.startswith("done/"):
                self.show_note(
                    _("{name} completed {id} (+{vp})").format(
                        name=self.who(int(dst[5:])), id=m, vp=MISSIONS[m].vp
                    )
                )
                self.sfx("row")
            return [Flight(("mission", m), self.zone_point(src), self.zone_point(dst), 0.5)]

        def finish():
            b = self.board
            place = e.get("place")
            key = self.place_key(place, seat) if place else None
            if dst.startswith("done/"):
                who = int(dst[5:])
                b["done"][who].append(m)
                team = next(i for i, side in enumerate(b["teams"]) if who in side)
                b["points"][team] += MISSIONS[m].vp
                b["missions"][team] += 1
            if key is not None and (src.startswith("missions/") and src != "missions/deck"):
                self._set_place(key, None)
            if key is not None and src == "missions/deck":
                self._set_place(key, m)
                b["mission_deck_size"] = max(0, b["mission_deck_size"] - 1)

        return Beat(0.6 if dst.startswith("done/") else 0.35, begin=begin, finish=finish)

    def _set_place(self, key, m) -> None:
        if key == "general":
            self.board["general"] = m
        else:
            seat, i = key
            self.board["own"][seat][i] = m

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        if self.pending is not None:
            self.session.pump()  # before the base table consumes the errors
            m = self.session.mirrors.get(self.pending[0])
            if m is None or m.errors or m.link is not None:
                self.pending = None  # a refusal (or the link broke)
            elif m.seq != self.pending[1]:
                v = m.view or {}
                more = (
                    self.pending_more
                    and v.get("must_discard")
                    and v.get("turn_seat") == self.pending[0]
                )
                if more:  # a batch of discards: wait for the next answer
                    self.pending_more -= 1
                    self.pending = (self.pending[0], m.seq)
                else:
                    self.pending, self.pending_more = None, 0  # answered: a new view
        was = self.board.get("turn_seat") if self.board else None
        super().update(dt)
        if self.board and was == self.me and self.board.get("turn_seat") != was:
            self.gift_cards = set()  # my turn is over: the gifts are plain cards now

    def draw_flight(self, surface, flight, pos) -> None:
        s = self.s
        art = flight.card
        if art[0] == "num":
            img = tc.number_card(art[1], s(paint.CARD_W), s(paint.CARD_H))
        elif art[0] == "mission":
            img = tc.mission_card(art[1], s(150), s(100))
        else:
            img = cards.card_back(s(50), s(70))
        surface.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))

    def draw_board(self, surface: pygame.Surface) -> None:
        paint.draw_table(self, surface)

    # ------------------------------------------------------------------ prompt
    def status_line(self) -> str:
        """The one obvious prompt for whoever looks at the screen."""
        b = self.board
        if b.get("over"):
            return _("Game over")
        if not self.my_turn():
            v = self.latest()
            seat = v.get("turn_seat", b["turn_seat"])
            if v.get("phase") == "setup":
                return _("{name} looks at their mission: keep it or swap it once…").format(
                    name=self.who(seat, full=True)
                )
            return _("{name} is playing…").format(name=self.who(seat, full=True))
        mode = self.mode()
        if mode is None:
            return ""
        if mode == "fresh":
            m = self.fresh_mission()
            if b["phase"] == "setup":
                return _(
                    "Set-up: keep your mission {id} (K) or swap it once for the next (R), "
                    "which you must keep"
                ).format(id=m)
            return _("New mission {id}: keep it (K) or swap it once for the next (R)").format(id=m)
        if mode == "discard":
            n = b["must_discard"]
            return ngettext(
                "Hand limit {limit}: select {n} card to discard, then press Enter",
                "Hand limit {limit}: select {n} cards to discard, then press Enter",
                n,
            ).format(limit=b["hand_limit"], n=n)
        exact = self.exact_keys()
        if exact:
            m = self.mission_at(exact[0])
            points = ngettext("{n} point", "{n} points", MISSIONS[m].vp).format(n=MISSIONS[m].vp)
            return _(
                "These cards complete {id} ({points}): press C or click the gold mission"
            ).format(id=m, points=points)
        left = b["draws_left"]
        if self.selected and any(self.mission_state(k) == "partial" for k in self.my_places()):
            return _("Part of a mission (blue): keep selecting, or give (G) / draw")
        if left:
            return ngettext(
                "Your turn: draw {n} more card (bank 1–3 or pile D); select cards to complete "
                "missions",
                "Your turn: draw {n} more cards (bank 1–3 or pile D); select cards to complete "
                "missions",
                left,
            ).format(n=left)
        if b.get("has_teams") and not b.get("gave"):
            return _(
                "Both cards drawn: complete missions, give 1–2 cards to your partner (G), "
                "or end your turn (E)"
            )
        return _("Both cards drawn: complete missions or end your turn (E)")

    # ------------------------------------------------------------------ screenshots
    @classmethod
    def shots(cls, app, shot, seed: int) -> None:
        """setup.png (keep or swap), selection.png (a selection completing a mission),
        hover.png (a mission's description), gift.png, discard.png (hand limit),
        final-round.png, privacy.png (couch), results.png."""
        from client.tables.teamplay_shots import take_screenshots

        take_screenshots(cls, app, shot, seed)
