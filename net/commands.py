"""Headless commands of the ``tapete`` console script (wired in ``client/cli.py``).

Each function takes the arguments *after* its sub-command name (a leading copy of the
name is tolerated) and returns an exit code: 0 done, 1 failure (network, refused), 2
bad usage. Outcome lines are one JSON object: ``{"game", "seed", "winners", "scores",
"rounds", "actions"}``.

* :func:`play_headless` — ``tapete play GAME --seats bot,bot --headless [--seed N] [--json]``
* :func:`host_command` — ``tapete host GAME --seats open,open,bot,bot --name NAME``
* :func:`tables_command` — ``tapete tables [--timeout S] [--json]``
* :func:`join_headless` — ``tapete join HOST:PORT --headless [--bot normal | --watch]``
* :func:`replay_command` — ``tapete replay PATH --json``
* :func:`resume_headless` — ``tapete resume PATH --headless --json``
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from typing import Callable

import engine
from engine.core import RuleError


def _parse(parser: argparse.ArgumentParser, argv: list[str], name: str):
    """Parsed args, or an int exit code when argparse exits (help, bad usage)."""
    argv = list(argv)
    if argv and argv[0] == name:
        argv = argv[1:]
    try:
        return parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2


def _options(text: str | None, err) -> dict | None:
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        err(f"--options is not JSON: {exc}")
        return None
    if not isinstance(value, dict):
        err("--options must be a JSON object, e.g. '{\"threshold\": 33}'")
        return None
    return value


def _default_seats(game_id: str) -> str:
    game = engine.get_game(game_id)
    n = max(game.min_players, min(4, game.max_players))
    return ",".join(["bot"] * n)


def outcome_line(outcome: dict) -> str:
    """The outcome as one JSON line (keys in a fixed order)."""
    keys = ("game", "seed", "winners", "scores", "rounds", "actions")
    return json.dumps({k: outcome.get(k) for k in keys})


def describe_outcome(outcome: dict) -> str:
    """The outcome for people, one line."""
    return (
        f"{outcome['game']} seed {outcome['seed']}: winners "
        f"{', '.join(f'seat {w}' for w in outcome['winners'])}; scores "
        f"{outcome['scores']}; {outcome['rounds']} round(s), {outcome['actions']} actions"
    )


# --------------------------------------------------------------------------- play
def play_headless(argv: list[str], out=None, err=None) -> int:
    """``tapete play GAME --seats bot,bot,bot,bot --headless [--seed N] [--options JSON]
    [--json] [--log PATH]``: run a bots-only table to its end and print the outcome line
    (``--log``: keep the table's log there, flushed after every action).

    Exit 0 at the end; 2 for bad usage (a ``human`` or ``open`` seat, an unknown game
    or seat word, bad options)."""
    out = out or sys.stdout
    err = err or sys.stderr
    say = _printer(err)
    p = argparse.ArgumentParser(prog="tapete play", description="Play a game with bots only.")
    p.add_argument("game", help=f"one of {', '.join(engine.GAME_IDS)}")
    p.add_argument("--seats", help="comma-separated: bot, bot:easy, bot:normal, bot:hard")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--options", default=None, help="game options as a JSON object")
    p.add_argument("--headless", action="store_true", help="no window (always, here)")
    p.add_argument("--json", action="store_true", help="print the outcome as one JSON line")
    p.add_argument(
        "--log",
        default=None,
        metavar="PATH",
        help="write the game's log here (replay it with tapete replay PATH)",
    )
    args = _parse(p, argv, "play")
    if isinstance(args, int):
        return args
    from net.host import Table, parse_seat

    games = engine.available_games()
    if args.game not in games:
        say(f"tapete play: unknown game {args.game!r}; available: {', '.join(games)}")
        return 2
    words = (args.seats or _default_seats(args.game)).split(",")
    try:
        kinds = [parse_seat(w)[0] for w in words]
    except ValueError as exc:
        say(f"tapete play: {exc}")
        return 2
    if any(k != "bot" for k in kinds):
        say(
            "tapete play --headless plays bots only: every seat must be bot or "
            "bot:LEVEL (a human or open seat needs the window or `tapete host`)"
        )
        return 2
    options = _options(args.options, lambda m: say(f"tapete play: {m}"))
    if options is None:
        return 2
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    try:
        table = Table(args.game, words, seed, options)
    except (ValueError, RuleError) as exc:
        say(f"tapete play: {getattr(exc, 'message', exc)}")
        return 2
    log = None
    if args.log:
        from net.log import TableLog

        try:
            log = TableLog.for_table(args.log, table)
        except OSError as exc:
            say(f"tapete play: cannot write the log {args.log}: {exc.strerror or exc}")
            return 1
        except ValueError as exc:  # the file holds something else: never overwritten
            say(f"tapete play: will not write the log {exc}")
            return 1
    try:
        table.run_to_end()
    finally:
        if log is not None:
            log.close()
    outcome = table.outcome()
    print(outcome_line(outcome) if args.json else describe_outcome(outcome), file=out, flush=True)
    return 0


def _printer(stream) -> Callable[[str], None]:
    def say(text: str) -> None:
        print(text, file=stream, flush=True)

    return say


# --------------------------------------------------------------------------- host
def host_command(argv: list[str], out=None, err=None, ready: Callable | None = None) -> int:
    """``tapete host GAME --seats open,open,bot,bot --name NAME [--port P] [--address A]
    [--no-advertise] [--options JSON] [--seed N] [--start-after S] [--bot-delay S]
    [--takeover S] [--loopback] [--log PATH [--resume] | --no-log]``: a dedicated host,
    no window. The table is logged at ``--log`` or, by default, under the user's data
    folder (``logs/``); ``--resume`` continues a logged table after a crash.

    Prints the addresses to join, then seat changes; starts when every seat is taken
    (or after ``--start-after`` seconds, bots filling open seats); prints the outcome
    line and exits 0 when the game ends. ``ready(host)`` (tests) is called once it
    listens. Exit 2 for bad usage (a ``human`` seat: no window here), 1 if the port is
    taken."""
    out = out or sys.stdout
    err = err or sys.stderr
    say, tell = _printer(err), _printer(out)
    from net.local import LocalHost
    from net.protocol import DEFAULT_PORT

    p = argparse.ArgumentParser(prog="tapete host", description="Host a table on the LAN.")
    p.add_argument(
        "game", nargs="?", help=f"one of {', '.join(engine.GAME_IDS)} (not with --resume)"
    )
    p.add_argument("--seats", help="comma-separated: open, bot, bot:easy|normal|hard")
    p.add_argument("--name", default="", help="the table's name, shown to other players")
    p.add_argument(
        "--port",
        type=int,
        default=None,
        help=f"TCP port (default {DEFAULT_PORT}, or any free one if that is taken)",
    )
    p.add_argument("--address", default=None, help="address to listen on (default: all)")
    p.add_argument("--no-advertise", action="store_true", help="do not announce on the LAN")
    p.add_argument(
        "--loopback", action="store_true", help="listen and announce on 127.0.0.1 only (for tests)"
    )
    p.add_argument("--options", default=None, help="game options as a JSON object")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument(
        "--start-after",
        type=float,
        default=None,
        metavar="S",
        help="start after S seconds even with open seats (bots take them)",
    )
    p.add_argument("--bot-delay", type=float, default=0.6, metavar="S")
    p.add_argument(
        "--takeover",
        type=float,
        default=20.0,
        metavar="S",
        help="seconds before a bot plays a dropped player's seat",
    )
    p.add_argument(
        "--log",
        default=None,
        metavar="PATH",
        help="keep an append-only log of the table here (resume with --resume)",
    )
    p.add_argument(
        "--resume", action="store_true", help="resume the table in the --log file (after a crash)"
    )
    p.add_argument(
        "--no-log",
        action="store_true",
        help="keep no log (by default: the user's data folder, logs/)",
    )
    args = _parse(p, argv, "host")
    if isinstance(args, int):
        return args
    if args.resume:
        if not args.log:
            say("tapete host: --resume needs --log PATH")
            return 2
        try:
            from net.log import read_log

            logged = read_log(args.log)
            args.game, args.seats = logged["game"], ",".join(logged["seats"])
        except (OSError, ValueError) as exc:
            say(f"tapete host: cannot resume: {exc}")
            return 2
    elif not args.game:
        say("tapete host: which game? e.g. tapete host take5 --seats open,open,bot")
        return 2
    games = engine.available_games()
    if args.game not in games:
        say(f"tapete host: unknown game {args.game!r}; available: {', '.join(games)}")
        return 2
    from net.host import parse_seat

    n = len(_default_seats(args.game).split(","))
    words = (args.seats or ",".join(["open"] + ["bot"] * (n - 1))).split(",")
    try:
        kinds = [parse_seat(w)[0] for w in words]
    except ValueError as exc:
        say(f"tapete host: {exc}")
        return 2
    if "human" in kinds:
        say("tapete host has no window, so no human seat: use open (a player joins) or bot")
        return 2
    options = _options(args.options, lambda m: say(f"tapete host: {m}"))
    if options is None:
        return 2
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    name = args.name or f"{engine.get_game(args.game).name} table"
    try:
        if args.resume:
            from net.log import read_log, resume_table

            rec = read_log(args.log)
            table = resume_table(
                rec,
                name=args.name or rec.get("name", ""),
                bot_delay=args.bot_delay,
                takeover_delay=args.takeover,
            )
            host = LocalHost(rec["game"], rec["seats"], rec["seed"], rec["options"], table=table)
            words, name = host.table.seat_words, host.table.name or name
        else:
            host = LocalHost(
                args.game,
                words,
                seed,
                options,
                name=name,
                bot_delay=args.bot_delay,
                takeover_delay=args.takeover,
            )
    except (ValueError, RuleError, OSError) as exc:
        say(f"tapete host: {getattr(exc, 'message', exc)}")
        return 2
    address = args.address or ("127.0.0.1" if args.loopback else "0.0.0.0")
    host.start()
    stop_signals = _on_stop_signals()
    try:
        try:
            port = host.listen(args.port if args.port is not None else DEFAULT_PORT, address)
        except OSError as exc:
            if args.port is not None:
                say(f"tapete host: cannot listen on {address}:{args.port}: {exc.strerror}")
                return 1
            port = host.listen(0, address)
        # The table opened: only now is it logged (a refused host leaves no log).
        log_path = args.log if args.resume else _new_log_path(args, seed, say)
        if log_path is not None:
            from net.log import TableLog

            try:
                host.log = host.call(lambda t: TableLog.for_table(log_path, t))
            except (OSError, ValueError) as exc:
                say(f"tapete host: no log ({exc}); the table will not survive a crash")
        tell(f"Hosting {engine.get_game(args.game).name}: “{name}”, seats {', '.join(words)}")
        for line in _reachable_lines(address, port, args.loopback):
            tell(line)
        if host.log is not None:
            tell(
                f"Logging to {host.log.path} (after a crash: tapete host --log "
                f"{host.log.path} --resume --port {port})"
            )
        if not args.no_advertise:
            _announce(host, args.loopback, tell, say)
        host.call(lambda t: _report_seats(t, tell))
        if ready is not None:
            ready(host)
        deadline = None if args.start_after is None else time.monotonic() + args.start_after
        while not host.over.wait(0.2):
            if host.stopped.is_set():
                say("tapete host: stopped before the end")
                return 1
            if deadline is not None and time.monotonic() >= deadline:
                host.start_game()
                deadline = None
        outcome = host.call(lambda t: t.outcome())
        time.sleep(0.2)  # let the last deltas and the outcome reach the players
        tell(outcome_line(outcome))
        return 0
    except KeyboardInterrupt:
        say("tapete host: stopped")
        return 130
    except _Stopped as exc:
        say(f"tapete host: stopped ({exc.name}); the table said goodbye on the LAN")
        return 128 + exc.signum
    finally:
        host.stop()  # closes the server and sends the LAN goodbye
        stop_signals()


class _Stopped(BaseException):
    """SIGTERM or SIGHUP reached ``tapete host`` (``kill``, a closed terminal). A
    ``BaseException``, like ``KeyboardInterrupt``: no ``except Exception`` swallows it."""

    def __init__(self, signum: int) -> None:
        import signal

        super().__init__(signum)
        self.signum = signum
        self.name = signal.Signals(signum).name


def _on_stop_signals() -> Callable[[], None]:
    """Turn SIGTERM and SIGHUP into :class:`_Stopped` (so ``finally`` stops the host
    and the LAN hears its goodbye); returns the function that restores the old
    handlers. Does nothing off the main thread (tests run commands on threads)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return lambda: None

    def stop(signum, _frame) -> None:
        raise _Stopped(signum)

    old = {}
    for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
        if sig is not None:
            old[sig] = signal.signal(sig, stop)

    def restore() -> None:
        for sig, handler in old.items():
            signal.signal(sig, handler)

    return restore


def _new_log_path(args, seed: int, say) -> str | None:
    if args.no_log:
        return None
    if args.log:
        return args.log
    from net.log import default_log_path

    try:
        return str(default_log_path(args.game, seed))
    except OSError as exc:
        say(f"tapete host: no log ({exc}); the table will not survive a crash")
        return None


def _reachable_lines(address: str, port: int, loopback: bool) -> list[str]:
    """What ``tapete host`` says about where it can be joined: each address others can
    use (IPv6 in brackets), the network it is on, and never 127.0.0.1 as an address for
    other laptops."""
    from net.addresses import address_text
    from net.discovery import is_link_local, reachable_addresses

    if loopback or address.startswith("127.") or address == "::1":
        return [
            f"Join with: tapete join {address_text(address, port)} (this machine only)"
            if not loopback
            else f"Join with: tapete join {address_text('127.0.0.1', port)}"
        ]
    if address not in ("0.0.0.0", "::", ""):
        return [f"Join with: tapete join {address_text(address, port)}"]
    found = reachable_addresses()
    if not found:
        return [
            "No network address: other laptops cannot reach this machine (is it on a "
            "network?). On this machine: tapete join " + address_text("127.0.0.1", port)
        ]
    lines = ["Reachable at " + ", ".join(f"{a} ({n})" for a, n in found)]
    if all(is_link_local(a) for a, _n in found):
        lines.append(
            "Only link-local addresses (169.254.x.x: a network without DHCP); laptops "
            "on the same cable or switch can still join"
        )
    lines += [f"Join with: tapete join {address_text(a, port)}" for a, _n in found]
    return lines


def _announce(host, loopback: bool, tell, say) -> None:
    """Advertise the table, then check that this machine hears the announcement."""
    from net.discovery import sees_itself

    try:
        name = host.advertise(loopback=loopback)
    except Exception as exc:  # noqa: BLE001 - no LAN: joining by address still works
        say(f"tapete host: not announced on the LAN ({exc}); join by address works")
        return
    adv = host.advertiser
    if sees_itself(name, adv.addresses if adv else [], loopback=loopback):
        tell("Announced on the LAN (tapete tables lists it)")
    else:
        say(
            "tapete host: announced, but this machine cannot hear its own announcement: "
            "multicast (mDNS, UDP port 5353) is probably blocked by a firewall here, so "
            "others may not see the table; they can join by address"
        )


def _report_seats(table, tell) -> None:
    """Print the lobby now and whenever the seats change (on the host thread)."""
    last: list = []

    def show() -> None:
        nonlocal last
        if table.is_over():
            return  # players leave after the end: they are not "away"
        now = [(s["kind"], s["name"], s["connected"]) for s in table.seats]
        if now == last:
            return
        last = now
        parts = []
        for s in table.seats:
            who = s["name"] or "open"
            if s["kind"] == "remote" and not s["connected"]:
                who += " (away)"
            parts.append(f"{s['seat']}: {who}")
        tell(("Playing — " if table.started else "Lobby — ") + "; ".join(parts))

    before = table.on_seats

    def changed() -> None:
        if before is not None:
            before()
        show()

    table.on_seats = changed
    show()


# --------------------------------------------------------------------------- tables
def tables_command(argv: list[str], out=None, err=None) -> int:
    """``tapete tables [--timeout S] [--json] [--loopback]``: the tables on the LAN.

    With ``--json``: one JSON list of ``{"name", "game", "address", "seats", "open",
    "started", "host", "protocol", "addresses", "table_id"}`` (``addresses``: every
    ``HOST:PORT`` to try, in order). Without: one line per table, or — none found —
    the likely causes and the join-by-address fallback. Exit 0 (also when none)."""
    out = out or sys.stdout
    err = err or sys.stderr
    p = argparse.ArgumentParser(prog="tapete tables", description="List tables on the LAN.")
    p.add_argument(
        "--timeout", type=float, default=3.0, metavar="S", help="seconds to listen (default 3)"
    )
    p.add_argument("--json", action="store_true")
    p.add_argument("--loopback", action="store_true", help="look on 127.0.0.1 only (tests)")
    args = _parse(p, argv, "tables")
    if isinstance(args, int):
        return args
    from net.discovery import TableBrowser

    try:
        browser = TableBrowser(loopback=args.loopback, one_shot=True)
    except OSError as exc:
        _printer(err)(f"tapete tables: cannot browse the LAN ({exc}); join by address works")
        return 1
    try:
        time.sleep(max(0.0, args.timeout))
        tables = browser.poll()
    finally:
        browser.close()
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "name": t.name,
                        "game": t.game,
                        "address": t.address,
                        "seats": t.seats,
                        "open": t.open_seats,
                        "started": t.started,
                        "host": t.host_name,
                        "protocol": t.protocol,
                        "addresses": t.targets,
                        "table_id": t.table_id,
                    }
                    for t in tables
                ]
            ),
            file=out,
            flush=True,
        )
        return 0
    if not tables:
        print(
            f"No tables found in {args.timeout:g} s. If a table is hosted: the network may "
            "block multicast (mDNS, UDP port 5353: common on guest and office Wi-Fi), a "
            "firewall on either laptop may drop it, or the host is on another subnet. "
            "Join by address instead: tapete join HOST:PORT (the host prints it).",
            file=out,
            flush=True,
        )
        return 0
    for t in tables:
        state = "playing" if t.started else f"{t.open_seats} of {t.seats} seats open"
        note = "" if t.compatible else f" (protocol {t.protocol}: another Tapete version)"
        others = "".join(f", {a}" for a in t.targets[1:])
        print(
            f"{t.name} — {t.game} — {state} — {t.address}{others} ({t.host_name}){note}",
            file=out,
            flush=True,
        )
    return 0


# --------------------------------------------------------------------------- join
def join_headless(argv: list[str], out=None, err=None) -> int:
    """``tapete join HOST:PORT --headless [--bot LEVEL] [--name NAME] [--seat N]
    [--token T] [--watch] [--timeout S]``: play a seat as a bot from the client side
    (seeing only that seat's view), or watch with ``--watch``; print the outcome line
    and exit 0 at the end.

    The seat token is printed (on stderr) and kept in the user's data folder
    (:mod:`net.tokens`): run the same command again, after a crash or a restart, and it
    takes its seat back by itself; ``--seat N --token T`` takes a seat back by hand.
    A player who ends up watching (no open seat) is told so, with the open seats.

    Exit 1 when the host refuses, cannot be reached, or the link is lost for good;
    2 for bad usage."""
    out = out or sys.stdout
    err = err or sys.stderr
    say = _printer(err)
    p = argparse.ArgumentParser(prog="tapete join", description="Join a table by address.")
    p.add_argument("address", help="HOST:PORT (IPv6: [ADDR]:PORT)")
    p.add_argument("--headless", action="store_true", help="no window (always, here)")
    p.add_argument("--bot", default="normal", choices=("easy", "normal", "hard"))
    p.add_argument("--name", default="", help="player name (default: Bot LEVEL)")
    p.add_argument("--seat", type=int, default=None, help="ask for this seat")
    p.add_argument("--token", default=None, help="take back a seat with its token")
    p.add_argument("--watch", action="store_true", help="watch the table (take no seat)")
    p.add_argument(
        "--think",
        type=float,
        default=0.0,
        metavar="S",
        help="wait S seconds before each action (a slower game, e.g. for tools/lanlab.py)",
    )
    p.add_argument(
        "--timeout", type=float, default=None, metavar="S", help="give up after S seconds"
    )
    args = _parse(p, argv, "join")
    if isinstance(args, int):
        return args
    if args.watch and (args.seat is not None or args.token):
        say("tapete join: --watch takes no seat; leave out --seat and --token")
        return 2
    from net.client import JoinRefused, connect
    from net.tokens import TokenStore

    tokens = TokenStore()
    try:
        conn = connect(
            args.address,
            player=args.name or f"Bot ({args.bot})",
            seat=args.seat,
            token=args.token,
            spectator=args.watch,
            tokens=tokens,
        )
    except JoinRefused as exc:
        say(f"tapete join: the host refused: {exc.message}")
        return 1
    except ValueError as exc:
        say(f"tapete join: {exc}")
        return 2
    except ConnectionError as exc:
        say(f"tapete join: {exc}")
        return 1
    try:
        _tell_seat(conn, tokens, args.watch, say)
        return _play_as_bot(conn, args.bot, args.timeout, out, say, think=args.think)
    finally:
        conn.close()


def _tell_seat(conn, tokens, watching: bool, say) -> None:
    """Say which seat this connection holds and its token, or that it is watching and
    which seats are open."""
    welcome = conn.welcome or {}
    table = welcome.get("table") or "the table"
    seats = [s for s in welcome.get("seats") or [] if isinstance(s, dict)]
    if conn.seat is not None:
        back = "back in" if conn.recalled else "in"
        say(
            f"tapete join: {back} seat {conn.seat} at “{table}”; its token is {conn.token} "
            f"(kept in {tokens.path}; from another machine: tapete join {conn.address} "
            f"--seat {conn.seat} --token {conn.token})"
        )
        return
    open_seats = [str(s.get("seat")) for s in seats if s.get("kind") == "open"]
    away = [
        f"{s.get('seat')} ({s.get('name') or '?'})"
        for s in seats
        if s.get("kind") == "remote" and not s.get("connected")
    ]
    if watching:
        text = f"tapete join: watching “{table}”"
        if open_seats:
            text += f"; open seats: {', '.join(open_seats)} (join without --watch to take one)"
    else:
        text = f"tapete join: you are watching “{table}”: no seat is open"
        if away:
            text += (
                f"; away: {', '.join(away)} — if one is yours: tapete join "
                f"{conn.address} --seat N --token T"
            )
    say(text)


def _seat_line(seats: list) -> str:
    """The seats for people, one line: ``0: Ana; 1: Bo (away); 2: Bot 3 (bot)``."""
    parts = []
    for s in seats:
        if not isinstance(s, dict):
            continue
        who = s.get("name") or "open"
        if s.get("kind") == "bot":
            who += " (bot)"
        elif s.get("kind") == "remote" and not s.get("connected"):
            who += " (away)"
        parts.append(f"{s.get('seat')}: {who}")
    return "; ".join(parts)


def _play_as_bot(conn, level: str, timeout: float | None, out, say, think: float = 0.0) -> int:
    """Play ``conn``'s seat with a bot of ``level`` (or watch, without a seat) until the
    outcome, which is printed on ``out``; seat changes, link notices and returns to
    the seat are said on ``say``."""
    import threading

    from net.mirror import ViewMirror

    wake = threading.Event()
    conn.on_message = wake.set
    end = None if timeout is None else time.monotonic() + timeout
    mirror = ViewMirror(conn, conn.seat, keep_backlog=False)
    bot = None
    pending = False
    errors = 0
    welcomes = 0
    seats_said = _seat_line((conn.welcome or {}).get("seats") or [])
    while end is None or time.monotonic() < end:
        wake.wait(0.5)
        wake.clear()
        for m in conn.poll():
            mirror.feed(m)
            kind = m.get("type")
            if kind == "welcome":
                bot = engine.get_bot(m["game"], level, secrets.randbelow(2**31))
                welcomes += 1
                if welcomes > 1:
                    where = f"seat {m.get('seat')}" if m.get("seat") is not None else "watching"
                    say(f"tapete join: back ({where})")
            elif kind == "seats":
                line = _seat_line(m.get("seats") or [])
                if line != seats_said and not mirror.outcome:
                    seats_said = line
                    say(f"tapete join: seats — {line}")
            elif kind == "snapshot":
                pending = False
            elif kind == "delta":
                pending = pending and not m.get("yours")
            elif kind == "error":
                pending = False
                errors += 1
                if errors > 50:
                    say(f"tapete join: too many refusals, last: {m.get('message')}")
                    return 1
            elif kind == "disconnected":
                if not m.get("reconnecting"):
                    say(f"tapete join: {m.get('reason')}")
                    return 1
                say(
                    f"tapete join: link lost ({m.get('reason')}); reconnecting, attempt "
                    f"{m.get('attempt')} in {m.get('retry_in')} s"
                )
        mirror.errors.clear()
        if mirror.outcome is not None:
            print(outcome_line(mirror.outcome), file=out, flush=True)
            return 0
        legal = mirror.legal
        if bot is not None and mirror.started and not pending and legal and mirror.awaited():
            if think > 0:
                time.sleep(think)
            try:
                action = bot.choose(mirror.view, legal)
            except Exception:
                action = legal[0]
            pending = True
            conn.send({"type": "action", "action": action})
    say("tapete join: timed out")
    return 1


# --------------------------------------------------------------------------- logs
def _read(path: str, prog: str, say):
    """The log record at ``path``, or None after saying why it cannot be used."""
    from net.log import read_log

    try:
        return read_log(path)
    except ValueError as exc:  # LogError: names the file, the line and the reason
        say(f"{prog}: cannot use the log {exc}")
        return None


def replay_command(argv: list[str], out=None, err=None) -> int:
    """``tapete replay PATH --json``: replay a table's log through the engine and print
    the outcome line (``winners``/``scores``/``rounds`` null when the logged game is not
    over), or a line for people without ``--json``.

    Exit 0 when the log replays, 1 if its actions do not fit the game (a corrupt log),
    2 for a missing or unreadable file."""
    out = out or sys.stdout
    err = err or sys.stderr
    say = _printer(err)
    p = argparse.ArgumentParser(prog="tapete replay", description="Replay a table's log.")
    p.add_argument("path", help="a log written by tapete play/host --log")
    p.add_argument("--json", action="store_true", help="print the outcome as one JSON line")
    args = _parse(p, argv, "replay")
    if isinstance(args, int):
        return args
    rec = _read(args.path, "tapete replay", say)
    if rec is None:
        return 2
    from net.log import LogError, replay_table

    try:
        table = replay_table(rec)
    except LogError as exc:
        say(f"tapete replay: the log does not replay: {exc}")
        return 1
    outcome = table.outcome()
    if outcome is None:
        outcome = {
            "game": rec["game"],
            "seed": rec["seed"],
            "winners": None,
            "scores": None,
            "rounds": None,
            "actions": len(table.actions),
        }
        text = (
            f"{rec['game']}: not over after {len(table.actions)} actions "
            f"(continue it with tapete resume {args.path})"
        )
    else:
        text = describe_outcome(outcome)
    print(outcome_line(outcome) if args.json else text, file=out, flush=True)
    return 0


def resume_headless(argv: list[str], out=None, err=None) -> int:
    """``tapete resume PATH --headless [--json]``: continue a bots-only table from its
    log (after a crash) to the end, logging on into the same file, and print the outcome
    line. With easy/normal bots and the same seed it equals the uninterrupted game's.

    Exit 0 at the end; 2 for an unreadable log or a seat played by a person (resume
    that one in the window: ``tapete resume PATH``); 1 for a log that does not replay."""
    out = out or sys.stdout
    err = err or sys.stderr
    say = _printer(err)
    p = argparse.ArgumentParser(prog="tapete resume", description="Continue a logged game.")
    p.add_argument("path", help="a log written by tapete play/host --log")
    p.add_argument("--headless", action="store_true", help="no window (bots only)")
    p.add_argument("--json", action="store_true", help="print the outcome as one JSON line")
    args = _parse(p, argv, "resume")
    if isinstance(args, int):
        return args
    rec = _read(args.path, "tapete resume", say)
    if rec is None:
        return 2
    from net.log import LogError, TableLog, resume_table

    try:
        table = resume_table(rec, name=rec.get("name", ""))
    except LogError as exc:
        say(f"tapete resume: the log does not replay: {exc}")
        return 1
    people = [s["seat"] for s in table.seats if s["kind"] != "bot"]
    if people and not table.is_over():
        say(
            f"tapete resume --headless continues bots-only tables; seat(s) "
            f"{', '.join(map(str, people))} belong to people (resume it in the window: "
            f"tapete resume {args.path}, or host it: tapete host --log PATH --resume)"
        )
        return 2
    try:
        log = TableLog.for_table(args.path, table)
    except OSError as exc:
        say(f"tapete resume: cannot write {args.path}: {exc.strerror or exc}")
        return 2
    except ValueError as exc:
        say(f"tapete resume: {exc}")
        return 2
    try:
        table.run_to_end()
    finally:
        log.close()
    outcome = table.outcome()
    print(outcome_line(outcome) if args.json else describe_outcome(outcome), file=out, flush=True)
    return 0
