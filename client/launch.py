"""Starting tables: the one place a table is built — from (game, seats, options, seed)
or from a log — for every command and every screen.

* :func:`parse_seats` — the one seat-word parser (``human``, ``phone``, ``open``,
  ``bot``, ``bot:easy|normal|hard``), each command saying which kinds it accepts.
* :class:`TableSpec` — a checked description of a table: :meth:`TableSpec.new` (the
  rules' own set-up checks run here, so a bad player count or option is refused before
  any window opens) or :meth:`TableSpec.from_log`; then :meth:`TableSpec.table` (the
  authoritative :class:`net.host.Table`, for headless play) or :meth:`TableSpec.host`
  (that table on its own thread, for ``tapete host``).
* :func:`start_table`, :func:`resume_table`, :func:`host_table`, :func:`join_table` —
  the window's ways to reach a table (through the router, :meth:`client.app.App.go`).

This module imports no pygame: the headless commands use it too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

#: Seat kinds, as :func:`net.host.parse_seat` reads them.
KINDS = ("human", "open", "bot")
#: Seat kinds of a table played on this machine (offline or couch): ``phone`` is a
#: couch player whose hand is on their phone (issue 31: the page served on the LAN).
COUCH_KINDS = ("human", "phone", "bot")
LEVELS = ("easy", "normal", "hard")


class SetupError(ValueError):
    """A table that cannot be set up as asked (unknown game, seat word or option, a
    player count the rules refuse, an unreadable log): ``message`` says why, for people."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def seat_words(kinds: tuple[str, ...] = ("human", "bot")) -> list[str]:
    """The seat words a command accepts when it takes seats of ``kinds``."""
    out = [k for k in kinds if k != "bot"]
    if "bot" in kinds:
        out += ["bot"] + [f"bot:{level}" for level in LEVELS]
    return out


def parse_seats(text: str | list[str], kinds: tuple[str, ...] = ("human", "bot")) -> list[str]:
    """``"Human, bot:hard,bot"`` → ``["human", "bot:hard", "bot"]`` (words checked,
    trimmed and lower-cased; ``bot`` is a normal bot). ``kinds``: the seat kinds this
    caller accepts.

    Raises :class:`SetupError` naming the bad word and the accepted ones."""
    from net.host import parse_seat

    words = text.split(",") if isinstance(text, str) else list(text)
    seats = []
    for word in words:
        w = word.strip().lower()
        try:
            kind = parse_seat(w)[0]
        except ValueError:
            kind = None
        if kind not in kinds:
            raise SetupError(f"unknown seat {w!r}; use {', '.join(seat_words(kinds))}")
        seats.append(w)
    if not seats or seats == [""]:
        raise SetupError("no seats given")
    return seats


def parse_names(text: str, seats: list[str]) -> list[str | None]:
    """``--names Ana,Bea,,Cid`` for ``seats`` → ``["Ana", "Bea", None, "Cid"]``: one
    name per seat in seat order, an empty one keeping that seat's default; each name
    cleaned as the host cleans a player's (:func:`net.text.clean_name`: printable, at
    most 32 characters). Raises :class:`SetupError` for a count that is not the number
    of seats."""
    from net.text import MAX_NAME, clean_name

    given = text.split(",")
    if len(given) != len(seats):
        raise SetupError(
            f"--names gives {len(given)} name{'s' if len(given) != 1 else ''} for "
            f"{len(seats)} seats: one per seat, in seat order (an empty one keeps the "
            "default, e.g. --names Ana,,Cid)"
        )
    return [clean_name(n, "", MAX_NAME) or None for n in given]


def parse_options(text: str | None) -> dict:
    """Game options from a JSON object (``None`` or empty: none). Raises
    :class:`SetupError` for text that is not a JSON object."""
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SetupError(f"--options is not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise SetupError("--options must be a JSON object, e.g. '{\"threshold\": 33}'")
    return value


def new_seed() -> int:
    """A fresh random seed for a table started without ``--seed``: 128 bits from
    ``secrets`` (:func:`net.host.new_seed`), so no seat can search for it."""
    from net.host import new_seed as draw

    return draw()


def default_seats(game_id: str, first: str = "bot", rest: str = "bot:normal") -> list[str]:
    """``first`` then ``rest`` seats, as many as the game's usual table (4 where the
    rules allow it, else the nearest count they do)."""
    import engine

    game = engine.get_game(game_id)
    n = max(game.min_players, min(4, game.max_players))
    return [first] + [rest] * (n - 1)


def check_game(game_id: str) -> None:
    """Raises :class:`SetupError` unless ``game_id`` is a game this build plays (only
    that game's package is loaded)."""
    import engine

    try:
        engine.get_game(game_id)
    except (KeyError, TypeError):
        games = engine.available_games()
        raise SetupError(f"unknown game {game_id!r}; available: {', '.join(games)}") from None


@dataclass
class TableSpec:
    """A table to build: ``game_id``, one seat word per seat, ``seed`` (int),
    ``options`` (the rules' options), ``name`` (shown on the LAN); for a table that
    continues a log, ``record`` (:func:`net.log.read_log`) and ``path``; ``state``
    (tests only): an engine state to start from instead of the deal."""

    game_id: str
    seats: list[str]
    seed: int
    options: dict = field(default_factory=dict)
    name: str = ""
    record: dict | None = None
    path: str | None = None
    #: The bots' key: for a seed a player chose at a table nobody joins from another
    #: machine, the one that follows from it (so the seed reproduces the game, bots
    #: included); None: a fresh secret per table.
    bot_key: bytes | None = None
    state: Any = None
    #: At a served table, the seed a player chose and the secret mixed into it: ``seed``
    #: is then :func:`net.host.mixed_seed` of the two (None, None: ``seed`` as chosen
    #: or drawn).
    chosen_seed: int | None = None
    seed_secret: bytes | None = None
    #: The names the player gave the seats (``--names``; None per seat, or no list: the
    #: defaults): shown on the screen and, for phone and bot seats, given to the host.
    names: list[str | None] | None = None
    #: The phones of the game before, when this one is its "New game, same players":
    #: ``{"table_key": hex, "tokens": {seat: token}, "web_port": P}`` (private: the
    #: next table holds the same key and tokens and serves the page on the same port,
    #: so each phone takes its seat again by itself; :mod:`client.nextgame`).
    follow: dict | None = None

    @classmethod
    def new(
        cls,
        game_id: str,
        seats: str | list[str] | None = None,
        seed: int | None = None,
        options: str | dict | None = None,
        *,
        kinds: tuple[str, ...] = ("human", "bot"),
        name: str = "",
        served: bool = False,
    ) -> "TableSpec":
        """A checked spec: known game, seat words of ``kinds`` (default: the game's
        usual table, first seat ``human`` if allowed, else ``open``, else a bot),
        options as a dict or JSON text, ``seed`` (None: a fresh one). The engine's own
        set-up runs once, so whatever the rules refuse is refused here.

        A chosen ``seed`` at a table nobody joins from another machine deals as it is,
        bots keyed from it (:func:`net.host.seeded_bot_key`): the game can be played
        again. At a ``served`` table (``tapete host``, a LAN table hosted from the
        window) and a couch table with phone seats a chosen seed is mixed with a fresh
        secret (:func:`net.host.mixed_seed`)
        and the bots get a fresh key, so no seat can search the deal from its cards;
        the outcome reveals both, and the log keeps them (net/PROTOCOL.md, "Seeds and
        the bots' key").

        Raises :class:`SetupError`."""
        from engine.core import RuleError

        check_game(game_id)
        if seats is None:
            first = next((k for k in ("human", "open") if k in kinds), "bot:normal")
            rest = "open" if "open" in kinds and "human" not in kinds else "bot:normal"
            seats = default_seats(game_id, first, rest)
        words = parse_seats(seats, kinds)
        opts = parse_options(options) if not isinstance(options, dict) else dict(options)
        spec = cls(game_id, words, new_seed() if seed is None else int(seed), opts, name)
        if seed is not None and (served or "phone" in words):  # a phone: another machine
            from net.host import mixed_seed, new_seed_secret

            spec.chosen_seed, spec.seed_secret = spec.seed, new_seed_secret()
            spec.seed = mixed_seed(spec.chosen_seed, spec.seed_secret)
        elif seed is not None:
            from net.host import seeded_bot_key

            spec.bot_key = seeded_bot_key(spec.seed)
        try:
            import engine

            # A throw-away deal (seed 0) checks the set-up: the table deals at the start.
            engine.get_game(game_id).setup(len(words), 0, opts)
        except RuleError as exc:
            raise SetupError(exc.message) from None
        return spec

    @classmethod
    def from_log(cls, path: str) -> "TableSpec":
        """The table logged at ``path``, to continue or replay. Raises
        :class:`SetupError` for a missing, unreadable or foreign file."""
        from net.log import read_log

        try:
            rec = read_log(path)
        except ValueError as exc:  # net.log.LogError: names the file, line and reason
            raise SetupError(f"cannot use the log {exc}") from None
        return cls(
            rec["game"],
            list(rec["seats"]),
            rec["seed"],
            dict(rec.get("options") or {}),
            rec.get("name", ""),
            record=rec,
            path=str(path),
        )

    def table(self, **kw: Any):
        """The authoritative :class:`net.host.Table` (``kw``: name, delays): a fresh
        deal, or for a logged table its seats restored and its actions replayed
        (:func:`net.log.resume_table`). Raises :class:`SetupError` for a log that does
        not replay."""
        from engine.core import RuleError
        from net.host import Table
        from net.log import resume_table

        kw.setdefault("name", self.name)
        if self.state is not None:
            kw["state"] = self.state
        try:
            if self.record is None:
                kw.setdefault("bot_key", self.bot_key)
                if self.chosen_seed is not None:
                    kw.setdefault("chosen_seed", self.chosen_seed)
                    kw.setdefault("seed_secret", self.seed_secret)
                return Table(self.game_id, self.seats, self.seed, self.options, **kw)
            return resume_table(self.record, **kw)
        except (ValueError, RuleError) as exc:  # net.log.LogError is a ValueError
            raise SetupError(f"the log does not replay: {getattr(exc, 'message', exc)}") from None

    def replayed(self):
        """The logged table with its actions applied (nothing else restored): its
        outcome, or how far it got. Raises :class:`SetupError` like :meth:`table`."""
        from net.log import LogError, replay_table

        try:
            return replay_table(self.record)
        except LogError as exc:
            raise SetupError(f"the log does not replay: {exc}") from None

    def host(self, *, log: str | None = None, **kw: Any):
        """:meth:`table` on its own thread (:class:`net.local.LocalHost`, not started),
        logging to ``log`` if given (a continued table appends to its own log). ``kw``:
        bot_delay, takeover_delay, turn_seconds, name, names (the player seats' names
        before anyone sits: a couch's phone seats), table_key and tokens (the game this
        one follows: :attr:`follow`), log_lock (the log's lock, held:
        :func:`net.loglock.hold`). Raises :class:`SetupError`,
        ``OSError`` if the
        log cannot be written, :class:`net.log.LogError` if ``log`` holds another
        table's log (that file is left untouched)."""
        from net.local import LocalHost

        keys = (
            "bot_delay",
            "takeover_delay",
            "turn_seconds",
            "name",
            "names",
            "table_key",
            "tokens",
        )
        table_kw = {k: kw[k] for k in keys if k in kw}
        table = self.table(**table_kw)
        return LocalHost(
            self.game_id,
            self.seats,
            self.seed,
            self.options,
            table=table,
            log=log,
            log_lock=kw.get("log_lock"),
        )

    def default_log(self) -> str | None:
        """A fresh log path under the user's data folder, or None where it cannot be
        written (the table then plays unlogged)."""
        from net.log import default_log_path

        try:
            return str(default_log_path(self.game_id))
        except OSError:
            return None


# --------------------------------------------------------------------------- the window
def start_table(
    app,
    game_id: str,
    seats: list[str],
    seed: int | None = None,
    options: dict | None = None,
    names: list[str] | None = None,
    *,
    named: list[str | None] | None = None,
    follow: dict | None = None,
):
    """A new local table (offline or couch: seats ``human``, ``phone`` and bots) logged
    under the user's data folder, and the window switched to it; returns the table scene.

    The first table of a game in this window opens its How to play (once per game:
    :func:`client.howto.offer`); the game is remembered for Quick game.

    ``named``: the names the player gave (:attr:`TableSpec.names`); ``follow``: the
    phones of the game this one follows (:attr:`TableSpec.follow`).

    Raises :class:`SetupError` for an unknown game, bad seats or what the rules refuse."""
    from client import howto

    spec = TableSpec.new(game_id, seats, seed, options or {}, kinds=COUCH_KINDS)
    spec.names, spec.follow = named, follow
    table = open_local(app, spec, names)
    howto.remember(app, game_id)
    howto.offer(app, table)
    return table


def resume_table(app, path: str):
    """Continue the game logged at ``path`` (seats, names and bots as logged) and switch
    the window to it; returns the table scene. A table that had LAN seats (an "open"
    seat word: only LAN tables have them) is served on the LAN again and advertised
    under its name, so its guests come back to their seats with their kept tokens
    (issue 14); the window then shows its lobby until this screen's seats are in.
    Raises :class:`SetupError`."""
    from client import howto

    spec = TableSpec.from_log(path)
    howto.remember(app, spec.game_id)  # Quick game deals the last game played
    if "open" not in spec.seats:
        return open_local(app, spec)
    from client.session import TableSession, default_names, logged_names

    app.table_class(spec.game_id)
    names = logged_names(spec.record, default_names(spec.seats, app.settings.name))
    lan = {"port": 0, "advertise": spec.name or None}
    session = TableSession.local(spec, names, bot_delay=app.settings.bot_delay(), lan=lan)
    session.name = spec.name
    app.watch(session)
    return app.go("lobby", session=session)


def open_local(app, spec: TableSpec, names: list[str] | None = None):
    """The window at ``spec``'s table, its host logging it; returns the table scene."""
    from client.session import TableSession, default_names, logged_names

    scene_class = app.table_class(spec.game_id)
    if names is None:
        names = default_names(spec.seats, app.settings.name)
        if spec.record is not None:
            names = logged_names(spec.record, names)
        if spec.names:  # the names the player gave (``--names``)
            names = [given or n for given, n in zip(spec.names, names, strict=False)]
    # The player's "Bots' pause" setting (faster under --autoquit).
    bot_delay = scene_class.autoquit_bot_delay if app.autoquit else app.settings.bot_delay()
    session = TableSession.local(spec, names, bot_delay=bot_delay)
    app.watch(session)
    if session.room:  # the screen is the room's table: fullscreen (a setting)
        app.room_screen()
    return app.go("table", session=session)


def host_table(
    app,
    game_id: str,
    seats: list[str],
    seed: int | None,
    options: dict | None,
    table_name: str,
    port: int = 0,
    advertise: bool = True,
    turn_seconds: float | None = None,
):
    """Host a LAN table from this window: its host (a child process, logging it) takes
    this screen's seats, then serves the LAN on ``port`` (0 or taken: any free port)
    and advertises the table with zeroconf (``advertise``); the window shows the
    lobby, which gives the address once the host serves. The table is logged like
    ``tapete host``'s; ``turn_seconds`` is its turn clock (None or 0: off).

    Returns the lobby scene. Raises :class:`SetupError` like :func:`start_table`."""
    from client.session import TableSession, default_names

    spec = TableSpec.new(
        game_id, seats, seed, options or {}, kinds=KINDS, name=table_name, served=True
    )
    app.table_class(game_id)
    names = default_names(spec.seats, app.settings.name)
    lan = {"port": port, "advertise": table_name if advertise else None}
    turn = turn_seconds if turn_seconds and turn_seconds > 0 else None
    session = TableSession.local(
        spec, names, bot_delay=app.settings.bot_delay(), lan=lan, turn_seconds=turn
    )
    session.name = table_name
    app.watch(session)
    from client import howto

    howto.remember(app, game_id)
    return app.go("lobby", session=session)


def join_table(app, conn):
    """The window at somebody else's table through ``conn`` (a TCP connection whose
    ``welcome`` arrived: a seat, or a spectator's place): its lobby, which opens the
    table when the game starts. Returns the lobby scene."""
    from client import howto
    from client.session import TableSession

    session = TableSession.join(conn)
    howto.remember(app, session.game_id)  # Quick game deals the last game played
    return app.go("lobby", session=session)
