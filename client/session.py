"""The client side of one table: connections to the host and a mirror of each view.

Offline and couch play start a :class:`net.local.LocalHost` in-process; LAN play uses
a TCP connection with the same shape (``send``, ``poll``, ``close``). Each connection
has a :class:`net.mirror.ViewMirror`: the latest view (snapshot + deltas applied) and
the messages not yet shown, so the table can animate them in order.
"""

from __future__ import annotations

from net.mirror import ViewMirror


class TableSession:
    """Everything a table scene needs from its host.

    ``game_id``; ``seats``: seat words ("human", "bot:hard", "remote", …);
    ``local_seats``: the seats played on this screen; ``names``: one display name per
    seat; ``options``; ``seed`` (None at somebody else's table: seeds come with the
    outcome). ``mirrors[seat]`` (:class:`net.mirror.ViewMirror`) for each local seat,
    plus ``mirrors[None]`` (the public view) when the table has no single local player.
    Build one with :meth:`local` (this machine hosts) or :meth:`join` (a TCP seat at
    somebody else's table)."""

    def __init__(
        self,
        game_id: str,
        seats: list[str],
        seed: int | None = None,
        options: dict | None = None,
        names: list[str] | None = None,
        *,
        host=None,
        remote=None,
    ) -> None:
        self.game_id = game_id
        self.seats = list(seats)
        self.seed = seed
        self.options = dict(options or {})
        self.names = list(names) if names else default_names(seats)
        self.mirrors: dict[int | None, ViewMirror] = {}
        self.host = host
        self.log_path: str | None = None
        if remote is not None:
            # A seat (or a spectator's place) at somebody else's table over TCP.
            self.local_seats = [remote.seat] if remote.seat is not None else []
            self.mirrors[remote.seat] = ViewMirror(remote, remote.seat, welcome=remote.welcome)
            return
        self.log_path = host.log.path if host.log is not None else None
        self.local_seats = [i for i, s in enumerate(seats) if s == "human"]
        host.start()
        for seat in self.local_seats:
            self.mirrors[seat] = ViewMirror(host.connect(seat, self.names[seat]), seat)
        if len(self.local_seats) != 1:
            self.mirrors[None] = ViewMirror(host.connect(None, "table"), None)

    @classmethod
    def local(
        cls, spec, names: list[str] | None = None, *, bot_delay: float = 0.6, log: bool = True
    ) -> "TableSession":
        """A table hosted on this machine from ``spec`` (:class:`client.launch.TableSpec`):
        its host logs it (``log``: a fresh file under the user's data folder, or the log
        a continued table came from) and its bots wait ``bot_delay`` seconds before
        acting. Raises :class:`client.launch.SetupError`."""
        path = (spec.path or spec.default_log()) if log else None
        try:
            host = spec.host(log=path, bot_delay=bot_delay)
        except OSError:
            host = spec.host(log=None, bot_delay=bot_delay)  # an unwritable folder: unlogged
        names = names or default_names(spec.seats)
        return cls(spec.game_id, spec.seats, spec.seed, spec.options, names, host=host)

    @classmethod
    def join(cls, conn) -> "TableSession":
        """A session for a TCP connection whose ``welcome`` has arrived (see
        :func:`net.client.connect`): game, seat and names come from the host."""
        welcome = conn.welcome
        seats = [s["kind"] for s in welcome["seats"]]
        names = [s["name"] or f"Seat {s['seat'] + 1}" for s in welcome["seats"]]
        return cls(welcome["game"], seats, names=names, remote=conn)

    @property
    def remote(self) -> bool:
        """True for a seat at somebody else's table (no host on this machine)."""
        return self.host is None

    @property
    def started(self) -> bool:
        """Whether the game has started (a LAN table waits in its lobby until then)."""
        return any(m.started for m in self.mirrors.values())

    def pump(self) -> None:
        """Drain every connection; keep other seats' names up to date."""
        for m in self.mirrors.values():
            m.pump()
            if m.seats is not None:
                for s in m.seats["seats"]:
                    if s["name"] and s["seat"] not in self.local_seats:
                        self.names[s["seat"]] = s["name"]

    def send(self, seat: int, action: dict) -> None:
        """Send ``action`` for a local ``seat``."""
        self.mirrors[seat].conn.send({"type": "action", "action": action})

    def start_game(self) -> None:
        """Start a LAN table now (open seats nobody took get bots); only the host's
        player may (nothing happens at somebody else's table)."""
        if self.host is not None:
            self.host.start_game()

    def set_bot_delay(self, seconds: float) -> None:
        """How long this table's bots wait before acting (seconds; the table's own
        pace, faster under ``--autoquit`` and in screenshots). Nothing happens at
        somebody else's table. Never waits: the change is handed to the host's thread
        (a call would wait for every bot it wakes — a whole bots-only game)."""
        if self.host is not None and self.host.loop is not None:
            self.host.loop.call_soon_threadsafe(
                setattr, self.host.table, "bot_delay", float(seconds)
            )

    def close(self) -> None:
        """Hang up every connection and stop the host (if this machine hosts)."""
        for m in self.mirrors.values():
            try:
                m.conn.close()
            except Exception:  # noqa: BLE001 - closing is best effort
                pass
        if self.host is not None:
            self.host.stop()


def logged_names(record: dict, names: list[str]) -> list[str]:
    """``names`` with the names the log's seating recorded (the names people had)."""
    names = list(names)
    for i, s in enumerate(record.get("seating") or []):
        if i < len(names) and isinstance(s, dict) and s.get("name"):
            names[i] = s["name"]
    return names


def default_names(seats: list[str], me: str = "You") -> list[str]:
    """Display names: the first human is ``me``, other humans "Player N", bots "Bot N
    (level)"."""
    from client.i18n import _

    levels = {"easy": _("easy"), "normal": _("normal"), "hard": _("hard")}
    names, humans = [], 0
    for i, s in enumerate(seats):
        if s == "human":
            humans += 1
            names.append(me if humans == 1 else _("Player {n}").format(n=humans))
        elif s.startswith("bot"):
            level = s.split(":", 1)[1] if ":" in s else "normal"
            names.append(_("Bot {n} ({level})").format(n=i + 1, level=levels.get(level, level)))
        else:
            names.append(_("Seat {n}").format(n=i + 1))
    return names
