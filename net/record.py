"""The end of a table's game and its record: the ``outcome`` (the seed and the bots'
key revealed), the replay record, and a table rebuilt from one (DESIGN.md "Protocol",
PROTOCOL.md "outcome"). A part of :class:`net.host.Table`."""

from __future__ import annotations

from typing import Any, Self

from net.seats import PLAYER_KINDS, Client

#: Seconds a host stays after the game's end while seats of people have not been handed
#: the ``outcome`` (their player was away): ``tapete host --linger``, and the window's
#: host process once the window left (``client.hostchild``).
END_LINGER = 60.0
#: A record's keys (besides game, seats, seed, options) that rebuild the same table.
RECORD_KEYS = ("bot_key", "table_key", "table_id", "chosen_seed", "seed_secret")


class Records:
    """The end and the record of :class:`net.host.Table`: :meth:`is_over`,
    :meth:`outcome`, :meth:`wire_outcome`, :meth:`replay`, :meth:`from_record`,
    :meth:`record`."""

    def is_over(self) -> bool:
        return self.state is not None and self.game.is_over(self.state)

    def _announce_outcome(self, clients: list[Client] | None = None) -> None:
        """Send ``{"type": "outcome", "outcome": ...}`` (:meth:`wire_outcome`: the seed
        and the bots' key — the game is over, nothing is hidden any more) to ``clients``
        (default: all)."""
        msg = {"type": "outcome", "outcome": self.wire_outcome()}
        for c in list(self.clients if clients is None else clients):
            if c.attached:
                c.send(dict(msg))
                if c.seat is not None and c.attached:
                    self._told.add(c.seat)

    def awaiting_outcome(self) -> list[int]:
        """The seats of people (:data:`net.seats.PLAYER_KINDS`) that were not handed the
        ``outcome`` yet — their player was away at the end — once the game is over
        (else ``[]``). A host stays up to :data:`END_LINGER` seconds after the end for
        them: a seat that comes back with its token gets the outcome (:meth:`attach`)."""
        if not self.is_over():
            return []
        return [
            s.index for s in self._seats if s.kind in PLAYER_KINDS and s.index not in self._told
        ]

    def outcome(self) -> dict | None:
        """``{"game", "seed", "winners", "scores", "rounds", "actions"}`` once over
        (``seed`` the int, whole: for JSON lines and logs), plus ``chosen_seed`` (int)
        and ``seed_secret`` (hex) when the seed was mixed from a chosen one."""
        if not self.is_over():
            return None
        out = self.game.result(self.state)
        record = {
            "game": self.game_id,
            "seed": self.seed,
            "winners": list(out.winners),
            "scores": list(out.scores),
            "rounds": dict(out.details).get("rounds"),
            "actions": len(self.actions),
        }
        return {**record, **self._chosen_fields()}

    def _chosen_fields(self) -> dict:
        """``{"chosen_seed": int, "seed_secret": hex}`` for a table that mixed a chosen
        seed (:func:`mixed_seed`), else ``{}``."""
        if self.chosen_seed is None or self.seed_secret is None:
            return {}
        return {"chosen_seed": self.chosen_seed, "seed_secret": self.seed_secret.hex()}

    def wire_outcome(self) -> dict | None:
        """:meth:`outcome` as the ``outcome`` message carries it: ``seed`` as a decimal
        string (msgpack ints stop at 64 bits) and ``bot_key`` (hex), so anyone can
        replay the game and check the bots (:func:`bot_seed`); a mixed seed's
        ``chosen_seed`` (decimal string) and ``seed_secret`` (hex), so anyone can check
        that the deal came from the chosen seed (:func:`mixed_seed`)."""
        out = self.outcome()
        if out is None:
            return None
        out = {**out, "seed": str(self.seed), "bot_key": self.bot_key.hex()}
        if "chosen_seed" in out:
            out["chosen_seed"] = str(out["chosen_seed"])
        return out

    def replay(self, actions: list) -> None:
        """Re-apply ``[[seat, action], ...]`` (a log or a record) silently, before any
        client attaches: resumes a table after a host crash (deals first if needed).
        Raises the engine's ``RuleError`` if the log does not fit this game and seed."""
        if self.clients:
            raise RuntimeError("replay before any client attaches")
        self.deal()
        for seat, action in actions:
            self.state, _ = self.game.apply(self.state, seat, action)
            self.actions.append([seat, action])
        now = self.clock()
        self._awaited_since = {s: now for s in self.game.awaiting(self.state)}

    @classmethod
    def from_record(cls, record: dict, **kw: Any) -> Self:
        """The table a replay record (or a log, see :mod:`net.log`) describes, with its
        actions applied. ``kw`` as for :class:`Table` (name, delays, clock); the
        record's ``bot_key``, ``table_key``, ``table_id``, ``chosen_seed`` and
        ``seed_secret`` are kept when it has them."""
        for k in RECORD_KEYS:
            if record.get(k) is not None:
                kw.setdefault(k, record[k])
        table = cls(record["game"], record["seats"], record["seed"], record.get("options"), **kw)
        table.replay(record.get("actions", []))
        return table

    def record(self) -> dict:
        """The replay record ``{game, rules_version, options, seats, seed, bot_key,
        table_key, table_id, actions}`` (``actions`` = ``[[seat, action], ...]``,
        ``bot_key`` and ``table_key`` hex), plus ``chosen_seed`` and ``seed_secret`` (hex)
        for a mixed seed. Holds the seed and the keys, the table's private key among
        them: never send it to a client (the ``outcome`` is :meth:`wire_outcome`)."""
        return {
            "game": self.game_id,
            "rules_version": self.game.rules_version,
            "options": dict(self.options),
            "seats": list(self.seat_words),
            "seed": self.seed,
            "bot_key": self.bot_key.hex(),
            "table_key": self.key.private_hex,
            "table_id": self.table_id,
            "actions": [[s, a] for s, a in self.actions],
            **self._chosen_fields(),
        }
