"""The client side of one table: connections to its host and a mirror of each view.

Offline, couch and window-hosted LAN tables have their host in a child process
(:mod:`client.hostproc`) and reach it over TCP on 127.0.0.1, exactly as a LAN seat
reaches somebody else's host: one :class:`net.client.TcpConnection` per local seat, plus
a spectator's connection for the public view. Each connection has a
:class:`net.mirror.ViewMirror`: the latest view (snapshot + deltas applied) and the
messages not yet shown, so the table can animate them in order. Nothing here blocks
the frame loop: the child is started and joined in the background, :meth:`pump` reads
what has arrived.
"""

from __future__ import annotations

from net.mirror import ViewMirror

#: Seconds a connection to this machine's own host tries to come back after a drop
#: (a live child does not drop it; a dead one is noticed from its exit).
LOCAL_RECONNECT_FOR = 5.0
#: The bots' delay until this screen's connections have their first view (seconds):
#: bots wait for the window, so it sees the deal and every move from the start.
HOLD = 24 * 3600.0


class TableSession:
    """Everything a table scene needs from its host.

    ``game_id``; ``seats``: seat words ("human", "phone", "bot:hard", "remote", …);
    ``local_seats``: the seats played on this screen; ``phone_seats``: the seats of a
    couch table whose players hold their hands on their phones (the screen is then the
    public table: :attr:`room`); ``names``: one display name per seat; ``options``;
    ``seed`` (None at somebody else's table: seeds come with the
    outcome). ``mirrors[seat]`` (:class:`net.mirror.ViewMirror`) for each local seat,
    plus ``mirrors[None]`` (the public view) when the table has no single local player.
    Build one with :meth:`local` (this machine hosts, in a child process) or
    :meth:`join` (a TCP seat at somebody else's table).

    For a table this machine hosts: ``log_path`` (its log, or None), ``lost`` (why
    the host process ended on its own — a crash — else None), ``serving`` (once LAN
    players may join: ``{"port", "error"}``). ``wake``: called (on any thread) when
    something arrives, to wake an idle frame loop."""

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
        self.lost: str | None = None
        self.serving: dict | None = None
        #: The phone seats' links once the host serves the page on the LAN:
        #: ``{seat: "http://ADDRESS:PORT/#t=TOKEN&s=SEAT"}`` (:meth:`_pump_host`), and
        #: ``phones_error`` why it could not (None while it serves or before).
        self.phone_links: dict[int, str] = {}
        self.phone_addresses: list[str] = []
        self.phones_error: str | None = None
        #: Called with this session (on the window's thread) when the phone links come.
        self.on_phone_links = None
        #: What the next game needs to be this table again for its phones (the host's
        #: key, the phone seats' tokens, the page's port: private, never drawn), once
        #: the page serves; ``followed``: the game before's, when this game follows one.
        self.follow: dict | None = None
        self.followed: dict | None = None
        self.port: int | None = None  # the host process's port on 127.0.0.1
        self.tokens: dict[int, str] = {}  # seat → token, to take a handed seat back
        self.closed = False
        self.wake = None
        self.name = ""  # the table's name on the LAN
        #: The names the player gave the seats (``--names``: None per seat for the
        #: default), kept for "New game, same players".
        self.named: list[str | None] | None = None
        self._lan: dict | None = None  # the "serve" operation, sent once seated
        self._phones_asked = False  # the "phones" operation sent
        self._bot_delay: float | None = None  # held back until every mirror has a view
        #: The bot delay the host confirmed it uses (seconds, or ``[low, high]``; None
        #: until the first answer): what :meth:`set_bot_delay` asked for is in effect
        #: once this equals it.
        self.bot_delay: float | list[float] | None = None
        self.phone_seats = [i for i, s in enumerate(seats) if s == "phone"]
        #: Phone seats whose player has not taken them yet and that the table waits
        #: for (its bots hold back): emptied as phones come in, or by :meth:`play_now`.
        self.phones_awaited: set[int] = set(self.phone_seats) if host is not None else set()
        if remote is not None:
            # A seat (or a spectator's place) at somebody else's table over TCP.
            self.local_seats = [remote.seat] if remote.seat is not None else []
            self.mirrors[remote.seat] = ViewMirror(remote, remote.seat, welcome=remote.welcome)
            remote.on_message = self._woken
            return
        self.local_seats = [i for i, s in enumerate(seats) if s == "human"]
        for seat in self.local_seats:
            self.mirrors[seat] = ViewMirror(None, seat)
        if len(self.local_seats) != 1 or self.phone_seats:
            self.mirrors[None] = ViewMirror(None, None)
        if host is not None:
            host.on_event = self._woken

    @classmethod
    def local(
        cls,
        spec,
        names: list[str] | None = None,
        *,
        bot_delay: float = 0.6,
        log: bool = True,
        lan: dict | None = None,
        turn_seconds: float | None = None,
    ) -> "TableSession":
        """A table hosted on this machine from ``spec`` (:class:`client.launch.TableSpec`),
        its host in a child process (:mod:`client.hostproc`). The host logs it (``log``:
        a fresh file under the user's data folder, or the log a continued table came
        from) and its bots wait ``bot_delay`` seconds before acting. ``lan``: also
        serve LAN players once this screen's seats are taken (``{"port": P,
        "advertise": NAME or None}``); ``turn_seconds``: the turn clock (None: off).
        Returns at once; the connections follow."""
        from client import hostproc

        path = (spec.path or spec.default_log()) if log else None
        if spec.record is not None:
            req = {"resume": spec.path}
        else:
            req = {
                "game": spec.game_id,
                "seats": spec.seats,
                "seed": spec.seed,
                "options": spec.options,
                "bot_key": spec.bot_key.hex() if spec.bot_key is not None else None,
            }
            if spec.chosen_seed is not None:  # a chosen seed mixed with a secret
                req["chosen_seed"] = spec.chosen_seed
                req["seed_secret"] = spec.seed_secret.hex()
        names = names or default_names(spec.seats)
        req.update(name=spec.name, log=path, bot_delay=HOLD, turn_seconds=turn_seconds)
        given = list(spec.names or [None] * len(spec.seats))
        if "phone" in spec.seats or any(given):
            # the phone seats' names, before their phones come; a bot's name the player
            # gave (the screen shows the host's names of seats it does not play)
            req["names"] = [
                n if w == "phone" else g if w.startswith("bot") else None
                for w, n, g in zip(spec.seats, names, given, strict=False)
            ]
        if spec.follow and spec.record is None:
            req["follow"] = spec.follow  # the game before's phones: over the private pipe
        if spec.state is not None:
            import base64
            import pickle

            req["state"] = base64.b64encode(pickle.dumps(spec.state)).decode("ascii")
        proc = hostproc.take()
        proc.request(req)
        session = cls(spec.game_id, spec.seats, spec.seed, spec.options, names, host=proc)
        session.log_path = path
        session._lan = lan
        session._bot_delay = bot_delay
        session.named = spec.names
        session.followed = spec.follow
        return session

    @classmethod
    def join(cls, conn) -> "TableSession":
        """A session for a TCP connection whose ``welcome`` has arrived (see
        :func:`net.client.connect`): game, seat and names come from the host."""
        welcome = conn.welcome
        seats = [s["kind"] for s in welcome["seats"]]
        names = [s["name"] or f"Seat {s['seat'] + 1}" for s in welcome["seats"]]
        return cls(welcome["game"], seats, names=names, remote=conn)

    @property
    def room(self) -> bool:
        """Whether the screen is the table for a room: a couch table with phone seats
        (it shows the public view, drawn for distance; hands are on phones)."""
        return bool(self.phone_seats)

    @property
    def remote(self) -> bool:
        """True for a seat at somebody else's table (no host on this machine)."""
        return self.host is None

    @property
    def started(self) -> bool:
        """Whether the game has started (a LAN table waits in its lobby until then)."""
        return any(m.started for m in self.mirrors.values())

    def _woken(self) -> None:
        if self.wake is not None:
            self.wake()

    def pump(self) -> None:
        """Read the host process's answers and every connection; keep other seats'
        names up to date. Never blocks."""
        if self.host is not None and not self.closed:
            self._pump_host()
        for m in self.mirrors.values():
            m.pump()
            if m.seats is not None:
                for s in m.seats["seats"]:
                    if s["name"] and s["seat"] not in self.local_seats:
                        self.names[s["seat"]] = s["name"]
                    if s["seat"] in self.phones_awaited and s.get("state") == "connected":
                        # its phone came in (a resumed table's phones start "away": it
                        # waits for them too, or the stand-ins would play the game out)
                        self.phones_awaited.discard(s["seat"])
        if self.host is not None and not self.closed and self.lost is None:
            self._seated()

    def _pump_host(self) -> None:
        for event in self.host.poll():
            if event.get("ready"):
                self.log_path = event.get("log")
                self.port = event["port"]
                self._connect(event["port"])
            elif "phones" in event:
                self.phone_links = {int(k): v for k, v in (event["phones"] or {}).items()}
                self.follow = event.get("follow")
                self.phone_addresses = list(event.get("addresses") or [])
                self.phones_error = event.get("error")
                if self.on_phone_links is not None:
                    self.on_phone_links(self)
            elif "serving" in event:
                self.serving = event
            elif "bot_delay" in event:
                self.bot_delay = event["bot_delay"]
            elif "error" in event:
                self.lost = str(event["error"])
            elif event.get("eof") and not self.host.stopping:
                self.host.proc.wait()
                code = self.host.returncode
                self.lost = self.lost or (
                    f"killed by signal {-code}" if code and code < 0 else f"exit code {code}"
                )
        if self.lost is not None:
            for m in self.mirrors.values():
                if m.conn is not None:
                    m.conn.close()

    def _seated(self) -> None:
        """Once this screen's seats are welcomed, let LAN players in; once every
        connection has its first view, let the bots play."""
        welcomed = all(self.mirrors[s].welcome is not None for s in self.local_seats)
        if self._lan is not None and welcomed:
            self.host.send({"op": "serve", **self._lan})
            self._lan = None
        if self.phone_seats and not self._phones_asked and welcomed:
            op = {"op": "phones", "seats": self.phone_seats}
            if self.followed:  # the port the game before served its phones on
                op["port"] = self.followed.get("web_port") or 0
            self.host.send(op)
            self._phones_asked = True
        if (
            self._bot_delay is not None
            and not self.phones_awaited
            and all(m.view is not None for m in self.mirrors.values())
        ):
            self.host.send({"op": "bot_delay", "seconds": self._bot_delay})
            self._bot_delay = None

    def play_now(self) -> None:
        """Stop waiting for the phones not yet in: a stand-in plays each of their
        seats until its phone comes (with the seat's link, as after any drop), and the
        bots play."""
        waiting = sorted(self.phones_awaited)
        self.phones_awaited.clear()
        if waiting and self.host is not None:
            self.host.send({"op": "stand_in", "seats": waiting})

    def _connect(self, port: int) -> None:
        """Join this machine's host at 127.0.0.1:``port``: each local seat, and a
        spectator for the public view (connections start in the background)."""
        from net.client import TcpConnection

        for seat, m in self.mirrors.items():
            conn = TcpConnection(
                "127.0.0.1",
                port,
                player=self.names[seat] if seat is not None else "table",
                seat=seat,
                token=self.tokens.get(seat) if seat is not None else None,
                spectator=seat is None,
                reconnect_for=LOCAL_RECONNECT_FOR,
            )
            conn.on_message = self._woken
            m.conn = conn
            conn.start()

    def send(self, seat: int, action: dict) -> None:
        """Send ``action`` for a local ``seat`` (nothing before its connection exists:
        a table has no view to act on then)."""
        conn = self.mirrors[seat].conn
        if conn is not None:
            conn.send({"type": "action", "action": action})

    def start_game(self) -> None:
        """Start a LAN table now (open seats nobody took get bots); only the host's
        player may (nothing happens at somebody else's table)."""
        if self.host is not None:
            self.host.send({"op": "start"})

    def set_bot_delay(self, seconds: float) -> None:
        """How long this table's bots wait before acting (seconds; the table's own
        pace, faster under ``--autoquit`` and in screenshots). Nothing happens at
        somebody else's table. Returns at once; :attr:`bot_delay` says when the host
        uses it (an action a seat sends before then may meet the old delay)."""
        if self._bot_delay is not None:
            self._bot_delay = float(seconds)  # sent once the window sees the table
        elif self.host is not None:
            self.host.send({"op": "bot_delay", "seconds": float(seconds)})

    @property
    def hosts_lan(self) -> bool:
        """Whether this machine hosts the table for LAN players too (a seat was open
        to them): leaving may hand this screen's seats to bots and keep it going."""
        return self.host is not None and "open" in self.seats

    def hand_over(self, linger: float | None = None):
        """Leave a LAN table this machine hosts while its game goes on: the host process
        hands this screen's seats to stand-in bots (:meth:`net.host.Table.hand_over`;
        the other seats hear "… left; a bot plays their seat"), keeps serving the LAN,
        and ends on its own ``linger`` seconds (default
        :data:`client.hostchild.END_LINGER`) after the game's end. Hangs up this
        screen's connections (their tokens are kept in :attr:`tokens`) and returns the
        host process, which the caller keeps (:mod:`client.hosting`): this session is
        closed, the process is not."""
        op = {"op": "hand", "seats": list(self.local_seats)}
        if linger is not None:
            op["linger"] = float(linger)
        self.host.send(op)
        for seat in self.local_seats:
            m = self.mirrors.get(seat)
            token = (m.welcome or {}).get("token") if m is not None else None
            token = token or getattr(getattr(m, "conn", None), "token", None)
            if token:
                self.tokens[seat] = token
        host, self.host.on_event = self.host, None
        self._hang_up()
        self.closed = True
        return host

    def _hang_up(self) -> None:
        for m in self.mirrors.values():
            if m.conn is None:
                continue
            try:
                m.conn.close()
            except Exception:  # noqa: BLE001 - closing is best effort
                pass

    def close(self, next_game: bool = False) -> None:
        """Hang up every connection and stop the host process (if this machine
        hosts). ``next_game``: this screen deals the next game with the same players
        (the phones' pages are told to wait for it). Idempotent."""
        if self.closed:
            return
        self.closed = True
        self._hang_up()
        if self.host is not None:
            self.host.stop(next_game=True) if next_game else self.host.stop()


def options_in_force(session) -> dict:
    """The game's options at ``session``'s table (a :class:`TableSession`, or the
    replay viewer's): its defaults with the host's choices over them; empty when this
    client does not know them (a seat at somebody else's table)."""
    if session.remote:
        return {}
    from engine import get_game

    options = dict(get_game(session.game_id).default_options)
    options.update(session.options)
    return options


def logged_names(record: dict, names: list[str]) -> list[str]:
    """``names`` with the names the log's seating recorded (the names people had)."""
    names = list(names)
    for i, s in enumerate(record.get("seating") or []):
        if i < len(names) and isinstance(s, dict) and s.get("name"):
            names[i] = s["name"]
    return names


def default_names(seats: list[str], me: str = "You") -> list[str]:
    """Display names: the first human is ``me``, other humans "Player N", a phone seat
    "Player SEAT", bots "Bot N (level)"."""
    from client.i18n import _

    levels = {"easy": _("easy"), "normal": _("normal"), "hard": _("hard")}
    names, humans = [], 0
    for i, s in enumerate(seats):
        if s == "human":
            humans += 1
            names.append(me if humans == 1 else _("Player {n}").format(n=humans))
        elif s == "phone":
            names.append(_("Player {n}").format(n=i + 1))
        elif s.startswith("bot"):
            level = s.split(":", 1)[1] if ":" in s else "normal"
            names.append(_("Bot {n} ({level})").format(n=i + 1, level=levels.get(level, level)))
        else:
            names.append(_("Seat {n}").format(n=i + 1))
    return names
