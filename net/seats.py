"""A table's seats and connections: the seat words, a seat's live state, an attached
connection, and the refusal of an attach (PROTOCOL.md "Seat choice at hello" and the
seat description). Plain records; :class:`net.seating.Seating` seats them."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, Callable

from engine.bots import LEVELS

from net import text
from net.budget import Budget
from net.protocol import error

#: Level of the bot that fills an unfilled open seat at start or plays for a dropped player.
STAND_IN_LEVEL = "normal"
#: Longest player name kept (characters).
MAX_NAME = text.MAX_NAME
#: Longest table name kept (characters): cleaned and cut at creation and on resume.
MAX_TABLE_NAME = text.MAX_TABLE_NAME
#: Seat kinds a person plays (the turn clock, stand-ins and hand-overs are for these):
#: ``human`` (this machine's screen), ``remote`` (a LAN or browser player), ``phone``
#: (a couch player whose hand is on their phone: a seat kept for its token from the
#: start, :meth:`Table.seat_token`).
PLAYER_KINDS = ("human", "remote", "phone")


class Refused(ValueError):
    """An attach the table refuses: ``code`` (wire code) and a message for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_wire(self) -> dict:
        return error(self.code, self.message)


@dataclass
class Seat:
    """One seat: ``kind`` is ``human`` (local player), ``remote`` (a remote player
    holds it), ``phone`` (a couch player's phone holds it: only its token takes it),
    ``bot`` or ``open``; ``level`` for bots; ``token`` (private) for the
    player who holds it; ``client`` while someone is attached; ``away_since`` (clock
    time) while its player is gone after the start; ``stand_in`` while a stand-in bot
    plays it (its player away past the takeover delay, or *idle*); ``idle`` while its
    player, still connected, let :data:`net.standins.IDLE_AFTER` turn clocks in a row
    run out (a stand-in plays until the player acts again); ``timeouts`` counts those
    (reset by the player's own action)."""

    index: int
    kind: str
    name: str = ""
    level: str | None = None
    token: str | None = None
    client: "Client | None" = None
    away_since: float | None = None
    stand_in: bool = False
    idle: bool = False
    timeouts: int = 0
    #: The seat's emote allowance (:meth:`Table.emote`; made at its first emote).
    emotes: "Budget | None" = None

    def state(self) -> str:
        """The live state: ``open``, ``bot``, ``stand-in``, ``away``, ``connected`` or
        ``waiting`` (a player's seat nobody holds now and no stand-in is due for)."""
        if self.kind in ("open", "bot"):
            return self.kind
        if self.stand_in:
            return "stand-in"
        if self.away_since is not None:
            return "away"
        return "connected" if self.client is not None else "waiting"


@dataclass(eq=False)
class Client:
    """One attached connection: ``seat`` (None = spectator), ``send`` (called with each
    outgoing message dict), ``player`` (name), ``token``, ``seq`` (sequence number of the
    last snapshot or delta sent to it), ``close`` (asks the transport to hang up),
    ``thin`` (its ``hello`` asked for legal lists: they are sent to it alone)."""

    seat: int | None
    send: Callable[[dict], None]
    player: str = ""
    token: str | None = None
    close: Callable[[], None] | None = None
    seq: int = 0
    attached: bool = True
    #: The private part of the view last sent (``Game.private_view``; None: spectator).
    mine: dict | None = None
    #: The compact legal list last sent, packed (thin connections only).
    legal: bytes = b""
    thin: bool = False
    #: The action budget (remote connections; None: trusted, in-process).
    budget: Budget | None = None
    #: A ``hint`` is being worked out for this connection (one at a time).
    hinting: bool = False


def parse_seat(word: str) -> tuple[str, str | None]:
    """``(kind, level)`` for one seat word: ``human``, ``phone``, ``open``, ``bot``
    (normal) or ``bot:easy|normal|hard``. Raises ``ValueError`` naming the accepted
    words."""
    w = word.strip().lower() if isinstance(word, str) else word
    if w in ("human", "phone", "open"):
        return w, None
    if w == "bot":
        return "bot", "normal"
    if isinstance(w, str) and w.startswith("bot:") and w[4:] in LEVELS:
        return "bot", w[4:]
    raise ValueError(f"bad seat {word!r}: use human, phone, open, bot, or bot:" + "|".join(LEVELS))


def clean_name(name: Any, default: str, limit: int = MAX_NAME) -> str:
    """A printable name (a player's; a table's with ``limit`` :data:`MAX_TABLE_NAME`) of
    at most ``limit`` characters (:func:`net.text.clean`: no control or format
    characters, single spaces, "…" where cut), or ``default``."""
    return text.clean_name(name, default, limit)


def _same_token(held: str, given: Any) -> bool:
    """Constant-time token check; any value (a hostile one too) is just unequal."""
    return isinstance(given, str) and secrets.compare_digest(
        held.encode("utf-8"), given.encode("utf-8", "replace")
    )
