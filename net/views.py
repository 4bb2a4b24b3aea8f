"""What each connection is sent (DESIGN.md "Hidden information is a property"): the
lobby view, the public view shared by spectators, a seat's view, its ``snapshot`` and,
after every accepted action, its ``delta`` — taken between *views*, never from the
state, so nothing outside a seat's view can be sent. A part of :class:`net.host.Table`."""

from __future__ import annotations

from typing import Any

from net.delta import NONE, pack_legal
from net.protocol import Encoded
from net.seats import Client

#: The public view was built for no state yet.
_NO_STATE = object()


class Views:
    """The views and messages of :class:`net.host.Table`: :meth:`view`,
    :meth:`public_view`, :meth:`legal_actions`, snapshots and deltas."""

    def lobby_view(self, seat: int | None) -> dict:
        """The view before the start: public and dealt from nothing, ``{"game", "seat",
        "players", "awaiting": [], "over": False, "lobby": True}`` (no card of any kind:
        the deal happens at the start)."""
        return {
            "game": self.game_id,
            "seat": seat,
            "players": len(self._seats),
            "awaiting": [],
            "over": False,
            "lobby": True,
        }

    def public_view(self) -> dict:
        """The spectator's view now (:meth:`lobby_view` before the start), built once per
        state and shared: never change it."""
        state = self.state if self.started else None
        if self._public_of is not state:
            self._public_view = (
                self.lobby_view(None) if state is None else self.game.view(state, None)
            )
            self._public_of = state
        return self._public_view

    def _private(self, seat: int) -> dict:
        """The part of ``seat``'s view that is its own (``Game.private_view``)."""
        if not self.started:
            return {"seat": seat}
        return self.game.private_view(self.state, seat)

    def view(self, seat: int | None) -> dict:
        """The view of ``seat`` now (None = spectator), a new dict: the engine's once
        started — the public view with the seat's private part laid over it — and the
        public :meth:`lobby_view` before."""
        public = self.public_view()
        if seat is None:
            return dict(public)
        return {**public, **self._private(seat)}

    def legal_actions(self, seat: int | None) -> list:
        """``seat``'s legal actions now (``[]`` for a spectator or before the start)."""
        if seat is None or not self.started:
            return []
        return self.game.legal_actions(self.state, seat)

    def _snapshot(self, client: Client) -> None:
        public = self.public_view()
        if client.seat is None:
            view, client.mine = dict(public), None
        else:
            client.mine = self._private(client.seat)
            view = {**public, **client.mine}
        client.seq = len(self.actions)
        msg = {"type": "snapshot", "seq": client.seq, "view": view, "started": self.started}
        if client.thin:
            legal = pack_legal(self.legal_actions(client.seat))
            client.legal = self._writer.pack(legal)
            msg["legal"] = legal
        client.send(msg)

    def _send_deltas(self, old_state: Any, events: list, by: Client | None) -> None:
        """After an accepted action (the state was ``old_state``): send every attached
        client its delta. The public part — the spectator's view — is built, compared and
        packed once and shared; each seat adds its private part (``Game.private_view``)
        and its events; a thin connection its legal list when it changed.

        Every message is built before the first is sent, then all are sent back to back,
        the seats' before the spectators' (issue 18): a client woken by its bytes can
        take the CPU from the host, and would then hold up the clients not yet sent to;
        players act on what they get, spectators only watch."""
        out = self._deltas(old_state, events, by)
        for c, msg in out:
            if c.seat is not None:
                c.send(msg)
        for c, msg in out:
            if c.seat is None:
                c.send(msg)

    def _deltas(self, old_state: Any, events: list, by: Client | None) -> list[tuple]:
        """``[(client, message)]``: the delta of every attached client (see
        :meth:`_send_deltas`), built, not sent; each client's ``seq`` and private part
        are taken as sent."""
        clients = [c for c in self.clients if c.attached]
        out: list[tuple[Client, Encoded]] = []
        if not clients:
            return out
        w = self._writer
        old = self._public_view if self._public_of is old_state else None
        if old is None:  # no snapshot was sent since that state (not expected): rebuild it
            old = self.game.view(old_state, None)
        new = self.public_view()
        seq = len(self.actions)
        mine_keys = next((c.mine.keys() for c in clients if c.mine is not None), ())
        layout = (tuple(new), tuple(mine_keys))
        split = self._split.get(layout)
        if split is None:  # the public keys and the private ones (the same every action)
            split = self._split[layout] = (
                [k for k in new if k not in mine_keys],
                [k for k in new if k in mine_keys],
            )
        shared = w.diff(old, new, split[0])
        watched = w.diff(old, new, split[1]) if mine_keys else NONE
        packed_events: dict[tuple, tuple[bytes, list]] = {}
        secret_seats: set = set()  # seats shown some event's secret part
        # Every event in the two forms a connection can get (Event.for_seat): the public
        # one, and with its secret for the seats it names — each built and packed once
        # per action; a connection's list is joined from them (issue 18: a reveal's
        # events were redacted and packed whole once per distinct set of seats shown).
        public_forms = [e.for_seat(None) for e in events]
        public_packed = [w.pack(e) for e in public_forms]
        full: dict[int, tuple[dict, bytes]] = {}  # event index -> its form with the secret
        for e in events:
            if e.secret and e.seen_by:
                secret_seats.update(e.seen_by)
        same: dict[tuple, Encoded] = {}  # deltas that are the same for several clients
        for c in clients:
            seat = c.seat
            # The events as this connection may see them: seats differ only by the
            # secrets shown to them (Event.for_seat), so each redaction is built once.
            shown = ()
            if seat in secret_seats:
                shown = tuple(
                    i
                    for i, e in enumerate(events)
                    if e.secret and e.seen_by is not None and seat in e.seen_by
                )
            ev = packed_events.get(shown)
            if ev is None:
                redacted, packed = public_forms, public_packed
                if shown:
                    redacted, packed = list(public_forms), list(public_packed)
                    for i in shown:
                        if i not in full:
                            shown_form = events[i].for_seat(seat)
                            full[i] = (shown_form, w.pack(shown_form))
                        redacted[i], packed[i] = full[i]
                ev = packed_events[shown] = (w.pack_list(packed), redacted)
            c.seq = seq
            if seat is None:
                parts, key = (shared, watched), ("spectator",)
            else:
                mine = self.game.private_view(self.state, seat)
                own = w.diff(c.mine, mine)
                c.mine = mine
                parts, key = (shared, own), ("seat", shown)
                legal = None
                if c.thin:
                    compact = pack_legal(self.game.legal_actions(self.state, seat))
                    packed = w.pack(compact)
                    if packed != c.legal:
                        c.legal, legal = packed, (packed, compact)
                if own is not NONE or legal is not None or c is by:
                    out.append((c, Encoded(*w.delta(seq, parts, ev, c is by, legal))))
                    continue
            msg = same.get(key)
            if msg is None:
                msg = same[key] = Encoded(*w.delta(seq, parts, ev))
            out.append((c, msg))
        return out
