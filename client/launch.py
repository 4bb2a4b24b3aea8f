"""Starting tables: seat words, seeds, and the hand-off to a table scene."""

from __future__ import annotations

import secrets

SEAT_WORDS = ("human", "bot", "bot:easy", "bot:normal", "bot:hard")
LAN_SEAT_WORDS = SEAT_WORDS + ("open",)


def parse_seats(text: str, allowed: tuple[str, ...] = SEAT_WORDS) -> list[str]:
    """``"human,bot:hard,bot"`` → ``["human", "bot:hard", "bot:normal"]``.

    Raises ``ValueError`` naming the bad word and the allowed ones."""
    seats = []
    for word in (w.strip().lower() for w in text.split(",")):
        if word not in allowed:
            raise ValueError(f"unknown seat {word!r}; use {', '.join(allowed)}")
        seats.append("bot:normal" if word == "bot" else word)
    if not seats:
        raise ValueError("no seats given")
    return seats


def new_seed() -> int:
    """A fresh random seed (0..2³¹−1) for a table started without ``--seed``."""
    return secrets.randbelow(2**31)


def start_table(
    app,
    game_id: str,
    seats: list[str],
    seed: int | None = None,
    options: dict | None = None,
    names: list[str] | None = None,
):
    """Start an in-process host and switch ``app`` to the game's table scene.

    Raises ``KeyError`` for a game without a table and the engine's ``BadSetup`` for a
    seat count or option the rules refuse."""
    from client.session import TableSession, default_names
    from client.tables import table_for

    scene_class = table_for(game_id)
    if names is None:
        names = default_names(seats, app.settings.name)
    seed = new_seed() if seed is None else seed
    bot_delay = scene_class.autoquit_bot_delay if app.autoquit else scene_class.bot_delay
    session = TableSession(
        game_id,
        seats,
        seed,
        options,
        names=names,
        bot_delay=bot_delay,
        host=logged_host(game_id, seats, seed, options, bot_delay),
    )
    return app.go("table", session=session)


def logged_host(game_id: str, seats: list[str], seed: int, options, bot_delay: float):
    """A local host that logs the table under the user's data folder (``logs/``), so the
    menu can offer to continue it after a crash; without a writable folder it plays
    unlogged. Raises the engine's ``BadSetup`` like :func:`start_table`."""
    from net.local import LocalHost
    from net.log import default_log_path

    try:
        path = str(default_log_path(game_id, seed))
    except OSError:
        path = None
    try:
        return LocalHost(game_id, seats, seed, options, bot_delay=bot_delay, log=path)
    except OSError:
        return LocalHost(game_id, seats, seed, options, bot_delay=bot_delay)


def resume_table(app, path: str):
    """Continue the local game logged at ``path`` (seats, names and bots as logged) and
    switch ``app`` to its table scene. Raises ``OSError``/``ValueError`` for an unreadable
    log, ``KeyError`` for a game without a table, the engine's errors for a bad log."""
    from client.session import TableSession, default_names
    from client.tables import table_for
    from net.local import LocalHost

    host = LocalHost.resume(path, bot_delay=0.0)
    table = host.table
    scene_class = table_for(table.game_id)
    table.bot_delay = scene_class.autoquit_bot_delay if app.autoquit else scene_class.bot_delay
    seats = list(table.seat_words)
    names = default_names(seats, app.settings.name)
    session = TableSession(table.game_id, seats, table.seed, table.options, names=names, host=host)
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
):
    """Host a LAN table from this window: start the host, serve it over TCP on ``port``
    (0 = any free port), advertise it with zeroconf, and show its lobby.

    Returns the lobby scene. Raises ``KeyError``/``BadSetup`` like :func:`start_table`,
    ``OSError`` if the port is taken."""
    from client.i18n import _
    from client.session import TableSession, default_names
    from client.tables import table_for

    table_for(game_id)
    names = default_names(seats, app.settings.name)
    session = TableSession(
        game_id, seats, new_seed() if seed is None else seed, options, names=names, name=table_name
    )
    bound = session.host.listen(port)
    note = ""
    if advertise:
        try:
            session.host.advertise(wait=False)
            note = _("Advertised on the LAN as “{name}”.").format(name=table_name)
        except Exception as exc:  # noqa: BLE001 - no LAN: joining by address still works
            note = _("Not advertised ({reason}); others can join by address.").format(reason=exc)
    from net.discovery import lan_addresses

    addresses = lan_addresses() or ["127.0.0.1"]
    return app.go("lobby", session=session, address=f"{addresses[0]}:{bound}", advertised=note)
