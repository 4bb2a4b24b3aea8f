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
from client.i18n import _, ngettext
from client.tables.base import TableScene, headline, team_headline
from client.tables.teamplay import beats, layout, paint
from client.tables.teamplay import faces as tc
from engine.teamplay.missions import MISSIONS, completions

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


class TeamplayTable(TableScene):
    """Teamplay: draw two cards, complete missions with exactly the cards they ask for,
    help your partner with a face-down gift; the side with most points wins."""

    game_id = "teamplay"
    paint = paint
    beats = beats
    #: ~150–400 small actions a game (draws, completions, gifts, ends of turn).
    autoquit_bot_delay = 0.05

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.selected: list[int] = []  # selected card ids, in selection order
        self.cursor = 0  # keyboard position in the hand
        self.hover = None  # mission place under the mouse: "general" or (seat, i)
        self.focus = None  # mission place with keyboard focus
        self.discards: list[int] = []  # selected discards still to send, one by one
        self.gift_cards: set[int] = set()  # cards received from the partner lately

    # ------------------------------------------------------------------ results
    @staticmethod
    def summary(view: dict, names: list[str], me: int | None, story: list[dict] = ()) -> dict:
        """Sides by points, then fewer missions (teamplay.md "End"): one row per side
        with its players, points and the missions it completed."""
        winners = set(view.get("winners", []))
        sides = view["teams"]
        done = view.get("done")
        order = sorted(
            range(len(sides)), key=lambda i: (-view["points"][i], view["missions"][i], i)
        )
        rows = []
        for i in order:
            who = [(_("You") if p == me else names[p].split(" (")[0][:12]) for p in sides[i]]
            value = ngettext(
                "{p} pts · {n} mission", "{p} pts · {n} missions", view["missions"][i]
            ).format(p=view["points"][i], n=view["missions"][i])
            label = " & ".join(who)
            if view.get("has_teams"):
                label = _("Team {letter}: {names}").format(
                    letter=paint.TEAM_LETTERS[i], names=label
                )
            row = (label, value, bool(set(sides[i]) & winners))
            if done is not None:
                ids = [m for p in sides[i] for m in done[p]]
                row = (*row, [" ".join(ids) or "—"])
            rows.append(row)
        won = [i for i in range(len(sides)) if set(sides[i]) & winners]
        if view.get("has_teams") and len(won) == 1:
            team = _("Team {letter}").format(letter=paint.TEAM_LETTERS[won[0]])
            title = team_headline(team, me is not None and me in winners)
        else:
            title = headline(winners, names, me)
        info = {
            "headline": title,
            "subtitle": _("Teamplay · most points wins; on equal points, fewer missions"),
            "rows": rows,
        }
        if done is not None:
            info["columns"] = [_("Missions completed")]
        return info

    @classmethod
    def shots(cls, app, shot, seed: int) -> None:
        """setup.png (keep or swap), selection.png (a selection completing a mission),
        hover.png (a mission's description), gift.png, discard.png (hand limit),
        final-round.png, privacy.png (couch), results.png."""
        from client.tables.teamplay import shots

        shots.take(app, shot, seed)

    # ------------------------------------------------------------------ geometry
    def layout(self) -> None:
        """Nothing to keep: :mod:`client.tables.teamplay.layout` places every piece
        from the table's scale."""

    def message_pos(self) -> tuple[int, int]:
        return (self.s(528), self.s(485))

    # ------------------------------------------------------------------ state helpers
    def mode(self) -> str | None:
        """ "fresh" (keep or swap a new mission), "discard" (hand limit), "play" or
        None (not deciding now), from the seat's legal actions."""
        if not self.deciding() or self.discards:
            return None
        if self.choices(type="keep"):
            return "fresh"
        if self.choices(type="discard"):
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
        """Sets of the shown hand's cards that complete the mission at ``key`` now (the
        seat's legal completions)."""
        m = self.mission_at(key)
        if m is None or key not in self.my_places():
            return []
        return [tuple(a["cards"]) for a in self.choices(type="complete", mission=m)]

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
        m = self.mission_at(key)
        if key not in self.my_places() or m is None or self.board.get("over"):
            return ""
        n = len(completions(m, self.board.get("hand", [])))
        if not n:
            return _("Your hand cannot complete it yet.")
        return ngettext(
            "Your hand can complete it ({n} way).", "Your hand can complete it ({n} ways).", n
        ).format(n=n)

    def can_draw(self, src: str | None = None) -> bool:
        """Whether the seat may draw now (from ``src``: "bank" or "deck")."""
        where = {"from": src} if src else {}
        return self.mode() == "play" and bool(self.choices(type="draw", **where))

    def can_end(self) -> bool:
        return self.mode() == "play" and bool(self.choices(type="end-turn"))

    def can_give(self) -> bool:
        return self.mode() == "play" and bool(self.choices(type="give"))

    def can_reject(self) -> bool:
        return bool(self.choices(type="reject"))

    def lit(self) -> list[dict]:
        """By mode: keep / swap; the discards; or the draws (bank and pile), the
        completions the selection makes (gold missions), the gift of the selection and
        the end of the turn when their buttons are active."""
        mode = self.mode()
        if mode == "fresh":
            return self.choices(type="keep") + self.choices(type="reject")
        if mode == "discard":
            return self.choices(type="discard")
        if mode != "play":
            return []
        cards = sorted(self.selected)
        out = self.choices(type="draw")
        for key in self.exact_keys():
            out += self.choices(type="complete", mission=self.mission_at(key), cards=cards)
        return out + self.choices(type="give", cards=cards) + self.choices(type="end-turn")

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
            self.seat.send({"type": "draw", "from": "bank", "card": b["bank"][i]})
        elif not self.can_draw("deck"):
            self.show_error(_("The draw pile and the discards are empty"))
        else:
            self.seat.send({"type": "draw", "from": "deck"})

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
        if self.seat.send({"type": "complete", "mission": m, "cards": sorted(self.selected)}):
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
        elif self.seat.send({"type": "give", "cards": sorted(self.selected)}):
            self.selected = []

    def discard(self) -> None:
        n = self.board["must_discard"]
        if len(self.selected) != n:
            self.show_error(
                ngettext("Select {n} card to discard", "Select {n} cards to discard", n).format(n=n)
            )
            return
        # One discard action a card, in order: each one after the host took the last.
        self.discards, self.selected = list(self.selected), []
        self.send_discards()

    def send_discards(self) -> None:
        """Send the next queued discard once the last one is answered."""
        seat = self.seat
        if not self.discards or seat is None or seat.waiting:
            return
        c = self.discards.pop(0)
        if not seat.can(type="discard", card=c) or not seat.send({"type": "discard", "card": c}):
            self.discards = []

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
        if self.seat.send({"type": "end-turn"}):
            self.selected = []

    def decide_fresh(self, keep: bool) -> None:
        if not keep and not self.can_reject():
            self.show_error(_("The mission pile is empty: the new mission stays"))
            return
        self.seat.send({"type": "keep" if keep else "reject"})

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        # Reading missions works at any time (hover or Tab), also out of turn.
        free = not self.help_open and self.privacy_for is None and not self.leaving.open
        if self.board is not None and free:
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
            if layout.mission_rect(self, key).collidepoint(pos):
                return key
        return None

    def hand_slot(self, i: int, n: int) -> pygame.Rect:
        return layout.hand_slot(self, i, n)

    def clear_selection(self) -> bool:
        """Drop the selected cards (and the discards still to send)."""
        had = bool(self.selected)
        self.selected = []
        return had

    def hand_hit(self, pos) -> int | None:
        hand = self.board.get("hand", [])
        rects = [] if self.hand_settling() else self.hand_rects()
        for i in reversed(range(len(rects))):
            r = rects[i]
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
                    if layout.choice_button(self, kind).collidepoint(event.pos):
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
                if layout.button_rect(self, k).collidepoint(event.pos):
                    self.press_button(k)
                    return
            if mode != "play":
                return
            for k in range(len(self.board["bank"])):
                if layout.bank_rect(self, k).collidepoint(event.pos):
                    self.take("bank", k)
                    return
            if layout.deck_rect(self).collidepoint(event.pos):
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

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        was = self.board.get("turn_seat") if self.board else None
        super().update(dt)
        self.send_discards()
        if self.board and was == self.me and self.board.get("turn_seat") != was:
            self.gift_cards = set()  # my turn is over: the gifts are plain cards now

    def flight_image(self, flight) -> pygame.Surface:
        s, art = self.s, flight.card
        if art[0] == "num":
            return tc.number_card(art[1], s(layout.CARD_W), s(layout.CARD_H))
        if art[0] == "mission":
            return tc.mission_card(art[1], s(150), s(100), self.min_text)
        return cards.card_back(s(50), s(70))

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
