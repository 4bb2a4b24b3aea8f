"""The child side of :mod:`client.hostproc`: ``python -m client.hostchild`` reads the
table to host from its standard input, serves it on 127.0.0.1, and obeys the window's
operations until ``stop`` or the end of its input (the control channel is described in
:mod:`client.hostproc`). Kept apart from the parent side so that the window's session
never imports what builds tables (no import circle)."""

from __future__ import annotations

import json
import sys
import threading

from net.record import END_LINGER as _END_LINGER

_out = threading.Lock()  # answers come from the main thread and the host's


def _emit(value: dict) -> None:
    with _out:
        sys.stdout.write(json.dumps(value) + "\n")
        sys.stdout.flush()


def bot_delay(value) -> float | tuple[float, float]:
    """A bot delay from the control channel: seconds, or ``[low, high]`` (a pause drawn
    per decision: :meth:`net.host.Table.bot_pause`). Raises ``ValueError``."""
    from net.host import pause_bounds

    low, high = pause_bounds(value)
    return low if low == high else (low, high)


def set_bot_delay(host, value) -> None:
    """Give ``host``'s table the bot delay ``value`` and let due bots act at once (on
    the host's loop thread: a bot held back by the window's hold starts now, not at
    the next message)."""
    host.table.bot_delay = value
    host.kick()


def apply_bot_delay(host, value) -> None:
    """:func:`set_bot_delay`, then tell the window it is in effect: ``{"bot_delay":
    S}`` (``S`` as :func:`bot_delay` returns it; a pair as a list) on the control
    channel — the window's seats talk to the host over TCP, so without the answer a
    window could not know whether an action it sends next meets the old pause or the
    new one."""
    set_bot_delay(host, value)
    _emit({"bot_delay": list(value) if isinstance(value, tuple) else value})


def build(req: dict):
    """The :class:`net.local.LocalHost` a request describes (not started). A resumed
    log is locked before it is read (:mod:`net.loglock`) and stays locked while this
    process hosts it. Raises :class:`client.launch.SetupError` (also for a log another
    host holds: its words name that host's pid and since when)."""
    from client.launch import SetupError, TableSpec
    from net.host import TAKEOVER_DELAY

    lock = None
    if req.get("resume"):
        from net.loglock import LogBusy, LogLock

        lock = LogLock(req["resume"])
        try:
            lock.acquire()  # before reading: one host per log
        except LogBusy as exc:
            raise SetupError(str(exc)) from None
        except OSError:
            pass  # no lock file here (a read-only folder): the log cannot be written either
        try:
            spec = TableSpec.from_log(req["resume"])
        except BaseException:
            lock.release()
            raise
    else:
        spec = TableSpec(
            req["game"], list(req["seats"]), int(req["seed"]), req.get("options") or {}
        )
        if req.get("bot_key"):
            spec.bot_key = bytes.fromhex(req["bot_key"])
        if req.get("chosen_seed") is not None:
            spec.chosen_seed = int(req["chosen_seed"])
            spec.seed_secret = bytes.fromhex(req["seed_secret"])
        if req.get("state"):
            import base64
            import pickle

            spec.state = pickle.loads(base64.b64decode(req["state"]))
    spec.name = req.get("name") or spec.name
    kw = {
        "bot_delay": bot_delay(req.get("bot_delay", 0.6)),
        "takeover_delay": float(req.get("takeover", TAKEOVER_DELAY)),
        "turn_seconds": req.get("turn_seconds"),  # the turn clock (None: off)
        "name": spec.name,
    }
    if req.get("names") and spec.record is None:
        kw["names"] = [n if isinstance(n, str) else None for n in req["names"]]
    follow = req.get("follow")
    if isinstance(follow, dict) and spec.record is None:
        # "New game, same players": the table of the game before's identity and phone
        # tokens (from the window, over this private pipe), so each phone comes back
        kw["table_key"] = follow.get("table_key")
        tokens = follow.get("tokens") or {}
        kw["tokens"] = {int(k): v for k, v in tokens.items() if str(k).isdigit()}
    from net.loglock import LogBusy

    held = lock if lock is not None and req.get("log") == req.get("resume") else None
    try:
        return spec.host(log=req.get("log"), log_lock=held, **kw)
    except LogBusy as exc:  # a log another process writes: never a second host on it
        if lock is not None:
            lock.release()
        raise SetupError(str(exc)) from None
    except (OSError, ValueError) as exc:  # an unwritable or foreign log file
        print(f"tapete host process: no log ({exc})", file=sys.stderr, flush=True)
        return spec.host(log=None, **kw)
    except BaseException:
        if lock is not None:
            lock.release()
        raise


def serve(host, op: dict) -> dict:
    """Listen on every interface for LAN players (``op``: ``port``, 0 = any free one;
    ``advertise``: the name to announce, or None; ``web``: serve the browser page too,
    true unless false — :mod:`net.web`, on the TCP port + 1 or any free one). Returns the
    answer: ``{"serving", "port", "web_port" (None without the page), "advertised",
    "error"}``."""
    try:
        try:
            port = host.listen(int(op.get("port") or 0), "0.0.0.0")
        except OSError:
            port = host.listen(0, "0.0.0.0")
    except OSError as exc:
        return {
            "serving": False,
            "port": None,
            "web_port": None,
            "advertised": False,
            "error": str(exc),
        }
    web_port = None
    if op.get("web", True) is not False:
        try:
            web_port = host.listen_web()  # before advertising: the TXT record carries it
        except OSError as exc:
            print(f"tapete host process: no browser page ({exc})", file=sys.stderr, flush=True)
    error = None
    if op.get("advertise"):
        try:
            host.advertise(wait=False)
        except Exception as exc:  # noqa: BLE001 - no LAN: joining by address still works
            error = str(exc)
    advertised = bool(op.get("advertise")) and error is None
    return {
        "serving": True,
        "port": port,
        "web_port": web_port,
        "advertised": advertised,
        "error": error,
    }


def phones(host, op: dict) -> dict:
    """Serve the browser page on every LAN address for a couch table's phone seats
    (``op["seats"]``): the TCP door stays on 127.0.0.1 (the window's own), the page
    and its WebSocket door listen on all interfaces (:mod:`net.web`), nothing is
    advertised. Returns ``{"phones": {seat: link}, "addresses", "web_port",
    "error", "follow"}``: each link is ``http://ADDRESS:PORT/#t=TOKEN&s=SEAT`` on the first
    address a phone on the LAN can reach (:func:`net.discovery.reachable_addresses`;
    127.0.0.1 when the machine has none, with ``error`` saying so); ``addresses``
    lists every usable one; ``op["port"]``: the port to serve on (the game before's,
    :func:`listen_web_again`; 0 or none: any). ``follow`` is what a next game needs to
    be this table again for its phones (``{"table_key", "tokens", "web_port"}``: private,
    for the window's "New game, same players")."""
    from net.addresses import address_text
    from net.discovery import reachable_addresses

    seats = [int(s) for s in op.get("seats") or []]
    asked = int(op.get("port") or 0)
    tried = asked or host.call(lambda t: home_port(t.table_id))
    try:
        port = listen_web_again(host, tried) if asked else listen_web_again(host, tried, 0.0)
    except OSError as exc:
        return {"phones": {}, "addresses": [], "web_port": None, "error": str(exc)}
    if port != tried:
        # This table's port (the game before's, or its home port: a continued table's)
        # is someone else's now: whoever holds it serves that origin, and a page
        # reloaded there runs its script, which can read the tokens kept there — they
        # take no seat here. The phones scan the new codes anyway (PROTOCOL "The next
        # game"); a new table's tokens were never shown.
        host.call(lambda t: t.renew_tokens(seats))
    found = [a for a, _name in reachable_addresses()]
    error = None if found else "no LAN address: phones cannot reach this machine"
    addresses = found or ["127.0.0.1"]
    tokens = host.call(lambda t: {s: t.seat_token(s) for s in seats})
    base = f"http://{address_text(addresses[0], port)}/"
    links = {s: f"{base}#t={tokens[s]}&s={s}" for s in seats if tokens.get(s)}
    # What the next game needs to be this table again for its phones (the window keeps
    # it, never shows it): the same key, the same tokens, the same port.
    key = host.call(lambda t: t.key.private_hex)
    follow = {"table_key": key, "tokens": {str(s): t for s, t in tokens.items() if t}}
    follow["web_port"] = port
    return {
        "phones": links,
        "addresses": addresses,
        "web_port": port,
        "error": error,
        "follow": follow,
    }


#: The ports :func:`home_port` draws from: unassigned-looking user ports beside the TCP
#: door's usual 47470. They lie inside Linux's ephemeral range (32768–60999), so an
#: outgoing connection may hold one now and then: the page then takes any free port.
HOME_PORTS = (42000, 48000)


def home_port(table_id: str) -> int:
    """The port a table's phones are served on when it is free: one that follows from
    its identity (``table_id``, public), so the same table — continued from its log, or
    its next game — is at the same address for the phones' pages, which keep each
    seat's token per address and port (PROTOCOL.md "What the page keeps")."""
    low, high = HOME_PORTS
    try:
        return low + int(table_id[:8], 16) % (high - low)
    except (TypeError, ValueError):
        return 0


#: Seconds the page's door waits for the port the game before served it on (its host
#: process ends as the next one starts), before it takes any free port.
PORT_WAIT = 5.0


def listen_web_again(host, port: int, wait: float = PORT_WAIT) -> int:
    """Serve the page on every interface on ``port`` — the one the game before served
    its phones on, so their pages find their seats again (tried for ``wait`` seconds:
    that game's process may still be letting go of it) — or, when ``port`` is 0 or
    stays taken, on any free port (the phones then scan the new codes). Raises
    ``OSError`` when no port can be had."""
    import time

    end = time.monotonic() + wait
    while port:
        try:
            return host.listen_web(port, "0.0.0.0")
        except OSError:
            if time.monotonic() >= end:
                print(
                    f"tapete host process: port {port} is taken; the phones scan new codes",
                    file=sys.stderr,
                    flush=True,
                )
                break
            time.sleep(0.2)
    return host.listen_web(0, "0.0.0.0")


def stand_in(host, op: dict) -> None:
    """A stand-in bot plays each of ``op["seats"]`` until its player comes with the
    seat's token (:meth:`net.host.Table.hand_over`): the couch plays without a phone
    that has not come."""
    seats = [int(s) for s in op.get("seats") or []]
    host.call(lambda t: [t.hand_over(s) for s in seats])


#: Seconds a table hosted in the background stays up after its game ended while seats
#: of people were not handed the outcome (their player was away: when they come back
#: they get it; :meth:`net.host.Table.awaiting_outcome`), before the child stops on its
#: own — at once when every seat has it: the host's own grace, 60 s.
END_LINGER = _END_LINGER
#: Seconds between two looks at a background table's end.
POLL = 0.25


def status(table) -> dict:
    """What the window's "still hosting" line shows, from ``table`` (host thread):
    ``{"status": {"players": people connected, "seats": seats, "started", "over"}}``."""
    from net.host import PLAYER_KINDS

    players = sum(1 for s in table.seats if s["kind"] in PLAYER_KINDS and s["state"] == "connected")
    over = table.is_over()
    return {
        "status": {
            "players": players,
            "seats": len(table.seats),
            "started": table.started,
            "over": over,
        }
    }


class Background:
    """The child's "hosted in the background" mode: after ``hand`` (the window handed its
    seats to bots and left) the child reports each change of the seats (:func:`status`)
    and, once the game is over, stops on its own after ``linger`` seconds; ``back`` (the
    window took a seat back) ends the mode."""

    def __init__(self, host) -> None:
        self.host = host
        self.on = False
        self.linger = END_LINGER
        self._hooked = False

    def hand(self, op: dict) -> None:
        """Hand ``op["seats"]`` to stand-in bots (:meth:`net.host.Table.hand_over`)."""
        seats = [int(s) for s in op.get("seats") or []]
        self.linger = float(op.get("linger", END_LINGER))
        self.on = True
        handed = self.host.call(lambda t: [s for s in seats if t.hand_over(s)])
        if not self._hooked:
            self._hooked = True
            self.host.call(self._hook)
        _emit({"handed": handed})
        self.report()

    def _hook(self, table) -> None:  # on the host thread
        before = table.on_seats

        def seats_changed() -> None:
            if before is not None:
                before()
            self.report_now(table)

        table.on_seats = seats_changed

    def report_now(self, table) -> None:
        if self.on:
            _emit(status(table))

    def report(self) -> None:
        self.host.call(self.report_now)


def _read_ops(ops) -> None:
    """The control channel, a line at a time, onto ``ops``; ``None`` once it closed
    (the window ended, however it ended)."""
    for line in sys.stdin:
        try:
            op = json.loads(line)
        except ValueError:
            continue
        if isinstance(op, dict):
            ops.put(op)
    ops.put(None)


def child_main() -> int:
    """``python -m client.hostchild``: read the request, host the table on 127.0.0.1,
    then obey operations until ``stop`` or the end of standard input — or, hosted in
    the background, until :data:`END_LINGER` seconds after the game's end."""
    # What every table needs is loaded before the request comes (a spare waits here).
    import client.launch  # noqa: F401
    import net.local  # noqa: F401
    import net.log  # noqa: F401
    import net.server  # noqa: F401
    import net.web  # noqa: F401

    line = sys.stdin.readline()
    try:
        req = json.loads(line)
    except ValueError:
        req = None
    if not isinstance(req, dict) or "op" in req:
        return 0  # a spare the window never used
    import queue
    import time

    from client.launch import SetupError

    try:
        host = build(req)
    except SetupError as exc:
        _emit({"error": exc.message})
        return 2
    host.start()
    ops: queue.SimpleQueue = queue.SimpleQueue()
    threading.Thread(target=_read_ops, args=(ops,), name="tapete-control", daemon=True).start()
    background = Background(host)
    ends_at = None  # clock time a background table stops (its game is over)
    next_game = False
    try:
        port = host.listen(0, "127.0.0.1")
        _emit({"ready": True, "port": port, "log": host.log.path if host.log else None})
        while True:
            wait = None  # a table the window watches: operations only
            if ends_at is not None:
                wait = min(POLL, max(0.0, ends_at - time.monotonic()))
            elif background.on:
                wait = POLL
            try:
                op = ops.get(timeout=wait)
            except queue.Empty:
                if ends_at is not None:
                    told = not host.call(lambda t: t.awaiting_outcome())
                    if not told and time.monotonic() < ends_at:
                        continue  # a seat of a person may still come back for the result
                    _emit({"ended": True})
                    break  # the background table's game ended: stop, its log closed
                if host.over.is_set():
                    ends_at = time.monotonic() + background.linger
                    background.report()
                continue
            if op is None:
                break  # the window is gone
            kind = op.get("op")
            if kind == "stop":
                next_game = bool(op.get("next"))  # the window deals the next game
                break
            if kind == "start":
                host.start_game()
            elif kind == "bot_delay":
                try:
                    seconds = bot_delay(op.get("seconds", 0.0))
                except ValueError:
                    continue
                # Never waits (a call would wait for every bot the change wakes).
                host.loop.call_soon_threadsafe(apply_bot_delay, host, seconds)
            elif kind == "serve":
                _emit(serve(host, op))
            elif kind == "phones":
                _emit(phones(host, op))
            elif kind == "stand_in":
                stand_in(host, op)
            elif kind == "hand":
                background.hand(op)
            elif kind == "back":
                background.on, ends_at = False, None
    finally:
        host.stop(next_game=next_game)
    return 0


if __name__ == "__main__":
    sys.exit(child_main())
