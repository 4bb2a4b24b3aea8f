"""The window's host in a child process (DESIGN.md "One table, three ways to play").

Offline, couch and window-hosted LAN tables run their :class:`net.local.LocalHost`
(the authoritative table and its bots) in a child process, ``python -m
client.hostchild``, which serves the table over TCP on 127.0.0.1 only: the window
joins it exactly as a LAN client joins a remote host (:class:`net.client.TcpConnection`
per local seat, plus a spectator's for the public view), so nothing a bot thinks can
cost the window a frame, and what works offline works on the LAN.

The window talks to its child on the child's standard input and output, one JSON object
a line (the *control channel*; the table itself never travels on it):

* first the **request** — the table: ``{"game", "seats", "seed", "options", "bot_key",
  "name"}`` (``bot_key``: hex, or null for a fresh secret; a LAN table whose seed a
  player chose adds ``chosen_seed`` and ``seed_secret``, hex: ``seed`` is mixed from
  them, :func:`net.host.mixed_seed`)
  or ``{"resume": PATH}``, plus ``"log"`` (a path, or null), ``"bot_delay"``,
  ``"takeover"`` (seconds), ``"turn_seconds"`` (the turn clock, or null) and, for
  tests only, ``"state"`` (a pickled engine state in base64, to start from a made-up
  position);
* the child answers ``{"ready": true, "port": P, "log": PATH|null}`` once it listens
  (or ``{"error": TEXT}`` and exits 2);
* then operations: ``{"op": "start"}`` (start a lobby table now), ``{"op":
  "bot_delay", "seconds": S}`` (``S``: seconds, or ``[low, high]``: a pause drawn per
  decision; answered by ``{"bot_delay": S}`` once the table's bots use it), ``{"op":
  "serve", "port": P, "advertise": NAME|null, "web": BOOL}``
  (also listen on every interface for LAN players, and — unless ``web`` is false — serve
  the browser page, :mod:`net.web`; answered by ``{"serving": true, "port": P,
  "web_port": P|null, "advertised": BOOL, "error": TEXT|null}``), ``{"op": "hand", "seats":
  [SEAT…], "linger": S}`` (the window leaves a LAN table whose game goes on: these seats
  go to ``normal`` stand-in bots, :meth:`net.host.Table.hand_over`; answered by
  ``{"handed": [SEAT…]}``, then ``{"status": {"players", "seats", "started", "over"}}``
  at once and at each change of the seats — the table is now *hosted in the
  background*, :mod:`client.hosting`), ``{"op": "back"}`` (the window took its seats
  back: no longer in the background), ``{"op": "stop"}`` (``"next": true``: the
  window deals the next game with the same players, :func:`net.protocol.farewell_error`).
  A couch table with phone seats adds ``"follow": {"table_key", "tokens", "web_port"}``
  to its request when it is the next game of one that had them, and the ``phones``
  operation (``{"op": "phones", "seats", "port"}``) answers with the ``follow`` of this
  one (:func:`client.hostchild.phones`): a table's key and tokens cross only this pipe.

The child ends when it reads ``stop`` or when its standard input closes — which is
also what happens when the window dies, however it dies (even ``kill -9``): the child
notices its parent is gone and stops, its log closed after the last action. It runs in
its own session, so a Ctrl-C in the terminal reaches only the window, which then stops
it. A table hosted in the background also ends on its own ``linger`` seconds (default
:data:`client.hostchild.END_LINGER`, 60) after its game's end, or as soon as every
person's seat was handed the outcome: it says ``{"ended": true}``,
closes its log and exits 0. Any other child that exits on its own is a crash: the
window says so and offers to continue the game from its log.

The interpreter start and the imports take a few hundred milliseconds, so the window
keeps one *spare* child started ahead (:func:`warm`): it has imported everything and
waits for its request.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

#: Seconds :meth:`HostProcess.stop` waits for the child to end before killing it.
STOP_TIMEOUT = 5.0


# --------------------------------------------------------------------------- parent side
class HostProcess:
    """A child process that will host one table. ``request(req)`` sends the table to
    host; ``poll()`` returns the child's answers so far (never blocks); ``send(op)``
    one operation; ``stop()`` ends it. ``on_event`` (called on a reader thread after
    each answer, and at the end of the child) may wake the frame loop."""

    def __init__(self) -> None:
        # The child finds what this process finds: its search path is this one's (the
        # checkout first), so it can skip ``site`` (-S: no .pth hooks to run, a faster
        # start).
        root = str(Path(__file__).resolve().parents[1])
        paths = [root] + [p for p in sys.path if p and p != root]
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
        self.proc = subprocess.Popen(
            [sys.executable, "-S", "-m", "client.hostchild"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
            encoding="utf-8",
            bufsize=1,
            start_new_session=True,
        )
        self.pid = self.proc.pid
        self.requested = False
        self.stopping = False
        self.on_event = None
        self._events: queue.SimpleQueue = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, name="tapete-hostproc", daemon=True)
        self._reader.start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if isinstance(event, dict):
                self._events.put(event)
                self._wake()
        self._events.put({"eof": True})
        self._wake()

    def _wake(self) -> None:
        hook = self.on_event
        if hook is not None:
            try:
                hook()
            except Exception:  # noqa: BLE001 - a wake-up must not kill the reader
                pass

    @property
    def alive(self) -> bool:
        """Whether the child is still running."""
        return self.proc.poll() is None

    @property
    def returncode(self) -> int | None:
        """The child's exit code once it ended (negative: killed by that signal)."""
        return self.proc.poll()

    def _write(self, value: dict) -> bool:
        with self._lock:
            try:
                self.proc.stdin.write(json.dumps(value) + "\n")
                self.proc.stdin.flush()
                return True
            except (BrokenPipeError, OSError, ValueError):
                return False  # the child is gone: the reader says so

    def request(self, req: dict) -> None:
        """Send the table to host (once)."""
        if self.requested:
            raise RuntimeError("a host process hosts one table")
        self.requested = True
        self._write(req)

    def send(self, op: dict) -> None:
        """Send one operation (``{"op": ...}``); nothing happens once the child ended."""
        self._write(op)

    def poll(self) -> list[dict]:
        """The child's answers since the last poll, oldest first; ``{"eof": true}``
        once its output closed (it ended)."""
        out = []
        while True:
            try:
                out.append(self._events.get_nowait())
            except queue.Empty:
                return out

    def stop(self, timeout: float = STOP_TIMEOUT, next_game: bool = False) -> None:
        """End the child: ``stop``, then close its input; kill it if it has not ended
        after ``timeout`` seconds. ``next_game``: the window deals the next game with the
        same players (its connections are told so: the phones wait). Idempotent."""
        if self.stopping:
            return
        self.stopping = True
        if self.requested:
            self._write({"op": "stop", "next": True} if next_game else {"op": "stop"})
        with self._lock:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout)
        if self.proc.stdout is not None:
            self._reader.join(timeout)
            self.proc.stdout.close()


_spare: HostProcess | None = None
_spare_lock = threading.Lock()


def take() -> HostProcess:
    """A host process for a new table: the spare one when it is ready, else a new
    one."""
    global _spare
    with _spare_lock:
        proc, _spare = _spare, None
    if proc is None or not proc.alive:
        proc = HostProcess()
    return proc


def warm() -> None:
    """Start a spare host process unless one waits already (it imports while the
    player looks at the menu, so the next table opens at once)."""
    global _spare
    with _spare_lock:
        if _spare is None or not _spare.alive:
            _spare = HostProcess()


def drop_spare() -> None:
    """End the spare host process, if any (the window closes)."""
    global _spare
    with _spare_lock:
        proc, _spare = _spare, None
    if proc is not None:
        proc.stop()
