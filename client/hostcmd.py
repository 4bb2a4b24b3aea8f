"""``tapete host``: the dedicated host with no window (:func:`host`, called through
:mod:`client.headless`), and what it prints — the addresses to join
(:func:`_reachable_lines`), the LAN announcement, the seats as they change — and how
Ctrl-C, SIGTERM and SIGHUP stop it. Imports no pygame."""

from __future__ import annotations

import sys
import time
from typing import Callable

from client.cmdkit import _spec, outcome_line, printer
from client.launch import SetupError, TableSpec


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
