"""The ``tapete`` commands that open no window (``client/cli.py`` parses their
arguments). This module and what it imports never load pygame.

Each function takes the parsed arguments and the output streams and returns an exit
code: 0 done, 1 failure (network, refused, a log that does not replay), 2 bad usage.
Outcome lines are one JSON object: ``{"game", "seed", "winners", "scores", "rounds",
"actions"}``, plus ``chosen_seed`` and ``seed_secret`` at a served table whose seed a
player chose (:func:`outcome_line`).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Callable

from client.launch import SetupError, TableSpec

OUTCOME_KEYS = ("game", "seed", "winners", "scores", "rounds", "actions")


def outcome_line(outcome: dict) -> str:
    """The outcome as one JSON line (keys in a fixed order), the seed a whole int (the
    ``outcome`` message carries it as a decimal string: msgpack ints stop at 64 bits);
    when the seed was mixed from one a player chose (a served table), ``chosen_seed``
    (a whole int) and ``seed_secret`` (hex) follow, so the deal can be checked."""
    line = {k: outcome.get(k) for k in OUTCOME_KEYS}
    line["seed"] = seed_int(line["seed"])
    if outcome.get("chosen_seed") is not None:
        line["chosen_seed"] = seed_int(outcome["chosen_seed"])
        line["seed_secret"] = outcome.get("seed_secret")
    return json.dumps(line)


def seed_int(seed):
    """A seed as an int: the ``outcome`` message's decimal string, or an int as it is
    (anything else unchanged)."""
    if isinstance(seed, str) and seed.isascii() and seed.isdigit():
        return int(seed)
    return seed


def describe_outcome(outcome: dict) -> str:
    """The outcome for people, one line."""
    return (
        f"{outcome['game']} seed {outcome['seed']}: winners "
        f"{', '.join(f'seat {w}' for w in outcome['winners'])}; scores "
        f"{outcome['scores']}; {outcome['rounds']} round(s), {outcome['actions']} actions"
    )


def printer(stream) -> Callable[[str], None]:
    """A ``say(text)`` that prints a line to ``stream`` and flushes."""

    def say(text: str) -> None:
        print(text, file=stream, flush=True)

    return say


def _spec(
    args, kinds: tuple[str, ...], prog: str, say, refuse: str, served: bool = False
) -> TableSpec | None:
    """The table ``args`` asks for, or None after saying why not. ``refuse``: what to
    say when a seat is of a kind this command cannot seat; ``served``: the table is
    served to other machines (a chosen seed is mixed with a secret:
    :meth:`TableSpec.new`)."""
    try:
        TableSpec.new(args.game, args.seats, 0, args.options, kinds=("human", "open", "bot"))
    except SetupError as exc:
        say(f"{prog}: {exc.message}")
        return None
    try:
        return TableSpec.new(
            args.game, args.seats, args.seed, args.options, kinds=kinds, served=served
        )
    except SetupError:
        say(refuse)
        return None


# --------------------------------------------------------------------------- play
def play(args, out=None, err=None) -> int:
    """``tapete play GAME --headless [--seats bot,bot] [--seed N] [--options JSON]
    [--json] [--log PATH]``: run a bots-only table to its end and print the outcome
    line (``--log``: keep the table's log there, flushed after every action).

    Exit 0 at the end; 2 for bad usage (a ``human`` or ``open`` seat, an unknown game
    or seat word, bad options); 1 if the log cannot be written."""
    out, err = out or sys.stdout, err or sys.stderr
    say = printer(err)
    spec = _spec(
        args,
        ("bot",),
        "tapete play",
        say,
        "tapete play --headless plays bots only: every seat must be bot or "
        "bot:LEVEL (a human or open seat needs the window or `tapete host`)",
    )
    if spec is None:
        return 2
    table = spec.table()
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


# --------------------------------------------------------------------------- logs
def replay(args, out=None, err=None) -> int:
    """``tapete replay PATH --json``: replay a table's log through the engine and print
    the outcome line (``winners``/``scores``/``rounds`` null when the logged game is not
    over), or a line for people without ``--json``.

    Exit 0 when the log replays, 1 if its actions do not fit the game (a corrupt log),
    2 for a missing or unreadable file."""
    out, err = out or sys.stdout, err or sys.stderr
    say = printer(err)
    try:
        spec = TableSpec.from_log(args.path)
    except SetupError as exc:  # names the file, the line and the reason
        say(f"tapete replay: {exc.message}")
        return 2
    try:
        table = spec.replayed()
    except SetupError as exc:
        say(f"tapete replay: {exc.message}")
        return 1
    outcome = table.outcome()
    if outcome is None:
        outcome = {
            "game": spec.game_id,
            "seed": spec.seed,
            "winners": None,
            "scores": None,
            "rounds": None,
            "actions": len(table.actions),
        }
        text = (
            f"{spec.game_id}: not over after {len(table.actions)} actions "
            f"(continue it with tapete resume {args.path})"
        )
    else:
        text = describe_outcome(outcome)
    print(outcome_line(outcome) if args.json else text, file=out, flush=True)
    return 0


def resume(args, out=None, err=None) -> int:
    """``tapete resume PATH --headless [--json]``: continue a bots-only table from its
    log (after a crash) to the end, logging on into the same file, and print the outcome
    line. With easy/normal bots and the same seed it equals the uninterrupted game's.

    Exit 0 at the end; 2 for an unreadable log or a seat played by a person (resume
    that one in the window: ``tapete resume PATH``); 1 for a log that does not replay."""
    out, err = out or sys.stdout, err or sys.stderr
    say = printer(err)
    try:
        spec = TableSpec.from_log(args.path)
    except SetupError as exc:
        say(f"tapete resume: {exc.message}")
        return 2
    try:
        table = spec.table()
    except SetupError as exc:
        say(f"tapete resume: {exc.message}")
        return 1
    people = [s["seat"] for s in table.seats if s["kind"] != "bot"]
    if people and not table.is_over():
        say(
            f"tapete resume --headless continues bots-only tables; seat(s) "
            f"{', '.join(map(str, people))} belong to people (resume it in the window: "
            f"tapete resume {args.path}, or host it: tapete host --log PATH --resume)"
        )
        return 2
    from net.log import TableLog

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


# --------------------------------------------------------------------------- host
def host(args, out=None, err=None, ready: Callable | None = None) -> int:
    """``tapete host GAME --seats open,open,bot,bot --name NAME [--port P] [--address A]
    [--no-advertise] [--no-web] [--options JSON] [--seed N] [--start-after S] [--bot-delay S]
    [--takeover S] [--turn-seconds S] [--linger S] [--loopback] [--log PATH [--resume] |
    --no-log]``:
    a dedicated host (``--turn-seconds``: the turn clock, on by default here),
    no window. The table is logged at ``--log`` or, by default, under the user's data
    folder (``logs/``); ``--resume`` continues a logged table after a crash.

    Serves the browser page and its WebSocket door (:mod:`net.web`) on the TCP port + 1
    (or any free port) unless ``--no-web``. Prints the addresses to join (``Join with``
    and ``Browser`` lines), then seat changes; starts when every seat is taken
    (or after ``--start-after`` seconds, bots filling open seats); prints the outcome
    line when the game ends and exits 0 once every player has it — waiting up to
    ``--linger`` seconds (60) for those who were away (:func:`_linger`). A log that
    cannot be written never stops the game (:class:`net.log.TableLog`); the host says at
    the end what it lacks. ``ready(host)`` (tests) is called once it
    listens. Exit 2 for bad usage (a ``human`` seat: no window here), 1 if the port is
    taken or, with ``--resume``, another host runs the log's table (its lock:
    :mod:`net.loglock`, naming that host's pid and since when)."""
    lock = None
    if args.resume and args.log:
        from net.loglock import LogBusy, LogLock

        lock = LogLock(args.log)
        try:
            lock.acquire()  # before the log is read: one host per log
        except LogBusy as exc:
            printer(err or sys.stderr)(f"tapete host: cannot resume: {exc}")
            return 1
        except OSError:
            lock = None  # no lock file beside it: the log will say it cannot be written
    try:
        return _host(args, out, err, ready, lock)
    finally:
        if lock is not None:
            lock.release()


def _host(args, out, err, ready: Callable | None, lock) -> int:
    """:func:`host`, the log's lock held (``lock``: a resumed log's, or None)."""
    out, err = out or sys.stdout, err or sys.stderr
    say, tell = printer(err), printer(out)
    import engine
    from net.protocol import DEFAULT_PORT

    if args.resume:
        if not args.log:
            say("tapete host: --resume needs --log PATH")
            return 2
        try:
            spec = TableSpec.from_log(args.log)
        except SetupError as exc:
            say(f"tapete host: cannot resume: {exc.message}")
            return 2
        spec.name = args.name or spec.name
    elif not args.game:
        say("tapete host: which game? e.g. tapete host take5 --seats open,open,bot")
        return 2
    else:
        spec = _spec(
            args,
            ("open", "bot"),
            "tapete host",
            say,
            "tapete host has no window, so no human seat: use open (a player joins) or bot",
            served=True,
        )
        if spec is None:
            return 2
        spec.name = args.name or f"{engine.get_game(spec.game_id).name} table"
    try:
        turn = args.turn_seconds if args.turn_seconds and args.turn_seconds > 0 else None
        host = spec.host(
            bot_delay=args.bot_delay,
            takeover_delay=args.takeover,
            turn_seconds=turn,
            name=spec.name,
        )
    except SetupError as exc:
        say(f"tapete host: {exc.message}")
        return 2
    words, name = host.table.seat_words, spec.name
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
        log_path = args.log if args.resume else _new_log_path(args, spec, say)
        if log_path is not None:
            from net.log import TableLog

            try:
                host.log = host.call(lambda t: TableLog.for_table(log_path, t, lock))
            except (OSError, ValueError) as exc:
                say(f"tapete host: no log ({exc}); the table will not survive a crash")
        web_port = None
        if not getattr(args, "no_web", False):
            try:
                web_port = host.listen_web()  # the TCP port + 1, or any free one
            except OSError as exc:
                say(f"tapete host: no browser page ({exc.strerror or exc}); tapete join works")
        tell(f"Hosting {engine.get_game(spec.game_id).name}: “{name}”, seats {', '.join(words)}")
        for line in _reachable_lines(address, port, args.loopback, web_port):
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
        _linger(host, getattr(args, "linger", 0.0) or 0.0, say)
        return 0
    except (KeyboardInterrupt, _Stopped) as exc:
        try:
            say(_stopping(host, exc))
        except OSError:  # a closed terminal (SIGHUP): nobody to tell, stop all the same
            pass
        host.stop(resumable=_resumable(host))  # players keep their seats and wait
        return 130 if isinstance(exc, KeyboardInterrupt) else 128 + exc.signum
    finally:
        host.stop()  # closes the server and sends the LAN goodbye
        stop_signals()


def _resumable(host) -> bool:
    """Whether a stopped host's table can be resumed: it is logged (and its log has every
    record) and not over."""
    try:
        log = host.log
        return log is not None and not getattr(log, "failing", False) and not host.over.is_set()
    except Exception:  # noqa: BLE001 - a host half started: nothing to resume
        return False


def _stopping(host, exc: BaseException) -> str:
    """What ``tapete host`` says when Ctrl-C, SIGTERM or SIGHUP stops it."""
    why = "Ctrl-C" if isinstance(exc, KeyboardInterrupt) else exc.name
    if not _resumable(host):
        return f"tapete host: stopped ({why}); the table said goodbye on the LAN"
    port = host.address[1] if host.address else ""
    return (
        f"tapete host: stopping ({why}) — this table can be resumed: players keep their "
        f"seats and come back by themselves when it is (tapete host --log {host.log.path} "
        f"--resume --port {port})"
    )


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


def _linger(host, seconds: float, say) -> None:
    """After the end: stay up to ``seconds`` while seats of people have not been handed
    the outcome (:meth:`net.host.Table.awaiting_outcome`: their player was away), so a
    player who comes back gets the result; leave as soon as each has it. Says whom it
    waits for, and what the log lacks if it could not be written. A stop (Ctrl-C,
    SIGTERM) only ends the wait: the game is over."""
    log = host.log
    if log is not None and log.failing:
        host.call(lambda t: log.retry())
    if log is not None and log.failing:
        say(
            f"tapete host: the log {log.path} lacks the last {log.missing} record(s) "
            f"({log.error.strerror if log.error else 'too many waited'}): it cannot "
            "resume this table"
        )
    waiting = host.call(lambda t: [t.describe_seat(s)["name"] for s in t.awaiting_outcome()])
    if not waiting or seconds <= 0:
        return
    say(
        f"tapete host: the game is over; waiting up to {seconds:g} s for "
        f"{', '.join(waiting)} to come back for the result"
    )
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline and not host.stopped.is_set():
            time.sleep(min(0.2, max(0.0, deadline - time.monotonic())))
            if not host.call(lambda t: t.awaiting_outcome()):
                time.sleep(0.2)  # the outcome reaches the one who came back
                return
    except (KeyboardInterrupt, _Stopped):
        return


def _new_log_path(args, spec: TableSpec, say) -> str | None:
    if args.no_log:
        return None
    if args.log:
        return args.log
    from net.log import default_log_path

    try:
        return str(default_log_path(spec.game_id))
    except OSError as exc:
        say(f"tapete host: no log ({exc}); the table will not survive a crash")
        return None


def _reachable_lines(
    address: str, port: int, loopback: bool, web_port: int | None = None
) -> list[str]:
    """What ``tapete host`` says about where it can be joined: each address others can
    use (IPv6 in brackets), the network it is on, and never 127.0.0.1 as an address for
    other laptops. With ``web_port`` (the browser page's port) each ``Join with`` line
    is followed by its ``Browser: http://ADDRESS:PORT/`` line."""
    from net.addresses import address_text
    from net.discovery import is_link_local, reachable_addresses

    def join(a: str, note: str = "") -> list[str]:
        lines = [f"Join with: tapete join {address_text(a, port)}{note}"]
        if web_port:
            lines.append(f"Browser: http://{address_text(a, web_port)}/{note}")
        return lines

    if loopback or address.startswith("127.") or address == "::1":
        return join("127.0.0.1") if loopback else join(address, " (this machine only)")
    if address not in ("0.0.0.0", "::", ""):
        return join(address)
    found = reachable_addresses()
    if not found:
        lines = [
            "No network address: other laptops cannot reach this machine (is it on a "
            "network?). On this machine: tapete join " + address_text("127.0.0.1", port)
        ]
        if web_port:
            lines.append(f"Browser: http://{address_text('127.0.0.1', web_port)}/")
        return lines
    lines = ["Reachable at " + ", ".join(f"{a} ({n})" for a, n in found)]
    if all(is_link_local(a) for a, _n in found):
        lines.append(
            "Only link-local addresses (169.254.x.x: a network without DHCP); laptops "
            "on the same cable or switch can still join"
        )
    for a, _n in found:
        lines += join(a)
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
def tables(args, out=None, err=None) -> int:
    """``tapete tables [--timeout S] [--json] [--loopback]``: the tables on the LAN.

    With ``--json``: one JSON list of ``{"name", "game", "address", "seats", "open",
    "started", "host", "protocol", "addresses", "table_id"}`` (``addresses``: every
    ``HOST:PORT`` to try, in order). Without: one line per table, or — none found —
    the likely causes and the join-by-address fallback. Exit 0 (also when none)."""
    out, err = out or sys.stdout, err or sys.stderr
    from net.discovery import TableBrowser

    try:
        browser = TableBrowser(loopback=args.loopback, one_shot=True)
    except OSError as exc:
        printer(err)(f"tapete tables: cannot browse the LAN ({exc}); join by address works")
        return 1
    try:
        time.sleep(max(0.0, args.timeout))
        found = browser.poll()
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
                    for t in found
                ]
            ),
            file=out,
            flush=True,
        )
        return 0
    if not found:
        print(
            f"No tables found in {args.timeout:g} s. If a table is hosted: the network may "
            "block multicast (mDNS, UDP port 5353: common on guest and office Wi-Fi), a "
            "firewall on either laptop may drop it, or the host is on another subnet. "
            "Join by address instead: tapete join HOST:PORT (the host prints it).",
            file=out,
            flush=True,
        )
        return 0
    for t in found:
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
def join(args, out=None, err=None) -> int:
    """``tapete join HOST:PORT --headless [--bot LEVEL | --watch] [--name NAME]
    [--seat N] [--token T] [--think S] [--timeout S]``: play a seat as a bot from the
    client side (seeing only that seat's view), or watch with ``--watch``; print the
    outcome line and exit 0 at the end.

    The seat token is printed (on stderr) and kept in the user's data folder
    (:mod:`net.tokens`): run the same command again, after a crash or a restart, and it
    takes its seat back by itself; ``--seat N --token T`` takes a seat back by hand.
    A player who ends up watching (no open seat) is told so, with the open seats.

    Exit 1 when the host refuses, cannot be reached, or the link is lost for good;
    2 for bad usage."""
    out, err = out or sys.stdout, err or sys.stderr
    say = printer(err)
    if args.watch and (args.seat is not None or args.token):
        say("tapete join: --watch takes no seat; leave out --seat and --token")
        return 2
    from net.botplayer import play_remote
    from net.client import connect
    from net.tokens import TokenStore

    tokens = TokenStore()
    player = args.name or ("Watcher" if args.watch else f"Bot ({args.bot})")
    try:
        conn = connect(
            args.address,
            player=player,
            seat=args.seat,
            token=args.token,
            spectator=args.watch,
            tokens=tokens,
        )
    except ValueError as exc:
        say(f"tapete join: {exc}")
        return 2
    except ConnectionError as exc:  # JoinRefused, JoinFailed: in words (English here)
        from client.lanwords import error_text

        say(f"tapete join: {error_text(exc)}")
        return 1
    try:
        _tell_seat(conn, tokens, args.watch, say)
        notices = _Notices(conn, say)
        run = play_remote(
            conn,
            None if args.watch else args.bot,
            timeout=args.timeout,
            think=args.think,
            on_message=notices,
        )
    finally:
        conn.close()
    if run.outcome is None:
        if run.lost is not None:  # the link ended for good: in words (English here)
            from client.lanwords import notice_text

            say(f"tapete join: {notice_text(run.lost)}")
        else:
            say(f"tapete join: {run.reason}")
        return 1
    print(outcome_line(run.outcome), file=out, flush=True)
    return 0


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
        others = sorted(
            e["seat"] for e in tokens.kept(conn.address, welcome.get("table_id"))
            if e["seat"] != conn.seat
        )  # fmt: skip
        if others:
            say(
                f"tapete join: this machine also holds seat{'s' if len(others) > 1 else ''} "
                f"{', '.join(map(str, others))} at this table; to take one back: tapete "
                f"join {conn.address} --seat N"
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


class _Notices:
    """What ``tapete join --headless`` says while it plays: seat changes, link
    notices and returns to the seat (``on_message`` of :func:`net.botplayer.play_remote`)."""

    def __init__(self, conn, say) -> None:
        self.conn = conn
        self.say = say
        self.welcomes = 0
        self.seats_said = _seat_line((conn.welcome or {}).get("seats") or [])

    def __call__(self, m: dict, mirror) -> None:
        kind = m.get("type")
        if kind == "welcome":
            self.welcomes += 1
            if self.welcomes > 1:
                where = f"seat {m.get('seat')}" if m.get("seat") is not None else "watching"
                self.say(f"tapete join: back ({where})")
        elif kind == "seats":
            line = _seat_line(m.get("seats") or [])
            if line != self.seats_said and not mirror.outcome:
                self.seats_said = line
                self.say(f"tapete join: seats — {line}")
        elif kind == "notice" and m.get("message"):
            # every notice: stand-in, back, timed-out, left (the host's words, cleaned
            # by net.text.from_host) and this client's own (unproven)
            self.say(f"tapete join: {m.get('message')}")
        elif kind == "disconnected" and m.get("waiting") == "resume":
            seat = self.conn.seat
            keep = f"keeping seat {seat}" if seat is not None else "watching"
            self.say(
                f"tapete join: the host stopped — this table can be resumed; {keep} and "
                f"waiting for it (Ctrl-C to leave; giving up in {m.get('gives_up_in'):g} s)"
            )
        elif kind == "disconnected" and m.get("reconnecting"):
            self.say(
                f"tapete join: link lost ({m.get('reason')}); reconnecting, attempt "
                f"{m.get('attempt')} in {m.get('retry_in')} s"
            )
