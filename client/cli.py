"""The ``tapete`` command (also ``python -m client``): one argparse parser with a
sub-command per way to reach a table.

Headless forms (``--headless``, ``--json``, ``host``, ``tables``) run
:mod:`client.headless` and never load pygame; the others (:mod:`client.windowcmd`) open
the window (:class:`client.app.App`) at the menu, a table, the replay viewer or a lobby.
"""

from __future__ import annotations

import argparse
import os
import sys

from client.windowcmd import (
    _usage,
    _windowed,
    join_window,
    play_window,
    replay_window,
    resume_window,
    run_menu,
)

EXAMPLES = """\
examples:
  tapete                                            open the menu
  tapete play take5 --seats human,bot:hard,bot,bot  you and three bots, in a window
  tapete play guandan --seats human,human,bot,bot   a couch game (a privacy screen
                                                    passes the screen between you)
  tapete play take5 --seats human,phone,phone,bot --names Ana,Bea,Cid,Robo
                                                    a couch game, two hands on phones
  tapete play take5 --seats bot,bot,bot --headless --seed 7 --json
                                                    bots only, no window: one JSON line
  tapete replay PATH                                the replay viewer (--json: outcome)
  tapete resume PATH                                continue a game that stopped
  tapete host take5 --seats open,open,bot --name "Anna's table"
                                                    a LAN table with no window
  tapete tables                                     the tables on the LAN
  tapete join 192.168.1.20:47470                    sit at a LAN table (--watch: watch)

Seat words: human (a player on this screen; two or more make a couch game), open (a
LAN player takes it), bot (= bot:normal), bot:easy, bot:normal, bot:hard.
Tables started from the window are logged under the user's data folder (logs/).
"""


def bot_delay_arg(text: str) -> float | tuple[float, float]:
    """``--bot-delay``: seconds (``0.6``), a range ``LOW,HIGH`` (a pause drawn per
    decision: net/host.py ``Table.bot_pause``) or a name of
    :data:`client.settings.BOT_PAUSES` (``off``, ``short``, ``natural``). Raises
    ``argparse.ArgumentTypeError``."""
    from client.settings import BOT_PAUSES
    from net.host import pause_bounds

    if text in BOT_PAUSES:
        return BOT_PAUSES[text]
    try:
        parts = [float(x) for x in text.split(",")]
        low, high = pause_bounds(parts[0] if len(parts) == 1 else tuple(parts))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected seconds, LOW,HIGH or one of {', '.join(BOT_PAUSES)}, not {text!r}"
        ) from None
    return low if low == high else (low, high)


def port_arg(text: str) -> int:
    """``--port``: a TCP port, 0 (any free one) to 65535. Raises
    ``argparse.ArgumentTypeError``."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(
            f"expected a port from 1 to 65535 (0: any free one), not {text!r}"
        )
    return port


#: Typographic characters and the ASCII a console that cannot show them gets instead.
ASCII_FOR = {
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u2013": "-",
    "\u2014": "--",
    "\u2026": "...",
    "\u2192": "->",
    "\u2190": "<-",
    "\u00d7": "x",
    "\u00a0": " ",
    "\u2212": "-",
    "\u2022": "*",
}


def _plain(exc: UnicodeEncodeError):
    """A codec error handler: ASCII for the typographic characters, ``?`` else."""
    text = exc.object[exc.start : exc.end]
    return "".join(ASCII_FOR.get(ch, "?") for ch in text), exc.end


def plain_consoles(*streams) -> None:
    """Let ``streams`` (default stdout and stderr) print any text: on a console whose
    encoding cannot show a character (``LANG=C`` without a UTF-8 locale, a Windows code
    page) it prints a plain stand-in — quotes, dashes, "..." — instead of raising
    ``UnicodeEncodeError`` (issue 32: ``tapete --help`` died under ``LANG=C``)."""
    import codecs

    try:
        codecs.lookup_error("tapete-plain")
    except LookupError:
        codecs.register_error("tapete-plain", _plain)
    for stream in streams or (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding in ("utf8", "utf_8") or not hasattr(stream, "reconfigure"):
            continue
        try:
            stream.reconfigure(errors="tapete-plain")
        except (ValueError, OSError):  # a closed or detached stream: leave it
            pass


def version() -> str:
    """The installed distribution's version (``pyproject.toml``)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("tapete")
    except PackageNotFoundError:
        return "unknown (not installed)"


def games_text() -> str:
    """One line per game: id, name and the player counts its rules allow."""
    import engine

    lines = ["games:"]
    for game_id in engine.available_games():
        game = engine.get_game(game_id)
        counts = []
        for n in range(game.min_players, game.max_players + 1):
            try:
                game.setup(n, 0, {})
            except Exception:  # noqa: BLE001 - a count the rules refuse
                continue
            counts.append(n)
        if counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 1:
            players = f"{counts[0]}–{counts[-1]}"
        else:
            players = ", ".join(map(str, counts))
        lines.append(f"  {game_id:<18}{game.name:<20}{players} players")
    return "\n".join(lines)


class _Parser(argparse.ArgumentParser):
    """The top-level parser: its help lists the games, read from the engine only when
    the help is shown (loading every game costs a start)."""

    def format_help(self) -> str:
        text = super().format_help()
        return text.replace(GAMES_MARK, games_text(), 1)


GAMES_MARK = "{games}"


def build_parser() -> argparse.ArgumentParser:
    """The whole command line: ``tapete [--version] [COMMAND ...]``."""
    p = _Parser(
        prog="tapete",
        description="A card table for LAN parties, couch play and evenings against "
        "bots. With no command, tapete opens the menu.\n\n" + GAMES_MARK,
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"tapete {version()}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", title="commands")

    play = sub.add_parser(
        "play",
        help="start a table (a window; --headless: bots only, no window)",
        description="Start a table: you, couch players and bots in a window, or bots "
        "only with --headless.",
    )
    play.add_argument("game", help="a game id (see tapete --help)")
    play.add_argument(
        "--seats",
        default=None,
        help="comma-separated seat words, e.g. human,bot:hard,bot (default: you and bots); "
        "phone: a couch player whose hand is on their phone (the command prints its link)",
    )
    play.add_argument(
        "--names",
        default=None,
        help="comma-separated names, one per seat in seat order, shown on the screen and "
        "the phones, e.g. Ana,Bea,Cid,Robo (an empty one keeps the default)",
    )
    play.add_argument("--seed", type=int, default=None, help="deal from this seed")
    play.add_argument("--options", default=None, help="game options as a JSON object")
    play.add_argument("--headless", action="store_true", help="no window: bots only")
    play.add_argument("--json", action="store_true", help="(headless) the outcome as JSON")
    play.add_argument(
        "--log", default=None, metavar="PATH", help="(headless) write the table's log here"
    )
    _window_options(play, autoquit=True)

    replay = sub.add_parser(
        "replay",
        help="the replay viewer of a logged game (--json: its outcome line)",
        description="Step through a logged game, or print its outcome with --json.",
    )
    replay.add_argument("path", help="a log written by tapete or its window")
    replay.add_argument("--json", action="store_true", help="no window: the outcome line")
    _window_options(replay)

    resume = sub.add_parser(
        "resume",
        help="continue a logged game that stopped",
        description="Continue a logged game in the window, or a bots-only one with "
        "--headless (logging on into the same file).",
    )
    resume.add_argument("path", help="a log written by tapete or its window")
    resume.add_argument("--headless", action="store_true", help="no window (bots only)")
    resume.add_argument("--json", action="store_true", help="(headless) the outcome as JSON")
    _window_options(resume)

    host = sub.add_parser(
        "host",
        help="host a LAN table with no window",
        description="Host a table on the LAN (no window). It starts when every open "
        "seat is taken, or after --start-after seconds (bots take the open seats).",
    )
    _host_options(host)

    tables = sub.add_parser(
        "tables", help="list the tables on the LAN", description="List tables on the LAN."
    )
    tables.add_argument(
        "--timeout", type=float, default=3.0, metavar="S", help="seconds to listen (default 3)"
    )
    tables.add_argument("--json", action="store_true", help="one JSON list")
    tables.add_argument("--loopback", action="store_true", help="look on 127.0.0.1 only (tests)")

    join = sub.add_parser(
        "join",
        help="sit at (or --watch) a LAN table by address",
        description="Join a table by address: in the window, or with --headless as a "
        "bot that prints the outcome line.",
    )
    join.add_argument("address", help="HOST:PORT (IPv6: [ADDR]:PORT)")
    join.add_argument("--watch", action="store_true", help="watch as a spectator")
    join.add_argument("--headless", action="store_true", help="no window: a bot plays the seat")
    join.add_argument(
        "--bot",
        default=None,
        choices=("easy", "normal", "hard"),
        help="(headless) the bot's level (default normal)",
    )
    join.add_argument("--name", default="", help="your name at the table")
    join.add_argument("--seat", type=int, default=None, help="ask for this seat")
    join.add_argument("--token", default=None, help="take back a seat with its token")
    join.add_argument(
        "--think",
        type=float,
        default=0.0,
        metavar="S",
        help="(headless) wait S seconds before each action (a slower game)",
    )
    join.add_argument(
        "--timeout", type=float, default=None, metavar="S", help="(headless) give up after S s"
    )
    _window_options(join, autoquit=True)
    return p


def _window_options(p: argparse.ArgumentParser, autoquit: bool = False) -> None:
    p.add_argument("--size", default=None, metavar="WxH", help="window size, e.g. 1280x720")
    p.add_argument("--screenshot", default=None, metavar="PNG", help="save the last frame")
    if autoquit:
        p.add_argument(
            "--autoquit",
            action="store_true",
            help="quit when the game ends (with --screenshot: save the last frame)",
        )


def _host_options(p: argparse.ArgumentParser) -> None:
    from net.host import END_LINGER, LAN_TURN_SECONDS, TAKEOVER_DELAY
    from net.protocol import DEFAULT_PORT

    p.add_argument("game", nargs="?", help="a game id (not with --resume)")
    p.add_argument("--seats", help="comma-separated: open, bot, bot:easy|normal|hard")
    p.add_argument("--name", default="", help="the table's name, shown to other players")
    p.add_argument(
        "--port",
        type=port_arg,
        default=None,
        help=f"TCP port (default {DEFAULT_PORT}, or any free one if that is taken)",
    )
    p.add_argument("--address", default=None, help="address to listen on (default: all)")
    p.add_argument("--no-advertise", action="store_true", help="do not announce on the LAN")
    p.add_argument(
        "--no-web",
        action="store_true",
        help="no browser page (by default browsers join at http://ADDRESS:PORT+1/)",
    )
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
    p.add_argument(
        "--bot-delay",
        type=bot_delay_arg,
        default="natural",
        metavar="S|LOW,HIGH|off|short|natural",
        help="how long bots pause before each decision: seconds, a range drawn per "
        "decision, or a setting's name (default: natural, 0.6–1.4 s)",
    )
    p.add_argument(
        "--takeover",
        type=float,
        default=TAKEOVER_DELAY,
        metavar="S",
        help=f"seconds before a bot plays a dropped player's seat (default {TAKEOVER_DELAY:g})",
    )
    p.add_argument(
        "--linger",
        type=float,
        default=END_LINGER,
        metavar="S",
        help="seconds the host stays after the end for players who were away, so they "
        f"get the result when they come back (default {END_LINGER:g}; 0: leave at once)",
    )
    p.add_argument(
        "--turn-seconds",
        type=float,
        default=LAN_TURN_SECONDS,
        metavar="S",
        help=f"seconds a player may take over one decision before a stand-in makes it "
        f"(default {LAN_TURN_SECONDS:g}; 0: no turn clock)",
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


def main(argv: list[str] | None = None, *, out=None, err=None, ready=None) -> int:
    """Entry point; returns the process exit code (0 ok, 1 failure, 2 bad usage).
    ``out``/``err``: streams for the commands' output (default stdout/stderr);
    ``ready(host)``: called once ``tapete host`` listens (tests)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    plain_consoles(*[s for s in (out, err) if s is not None])
    try:
        return _main(argv, out, err, ready)
    except KeyboardInterrupt:  # Ctrl-C anywhere: no traceback (tapete host says more)
        print("tapete: stopped (Ctrl-C)", file=err or sys.stderr, flush=True)
        return 130


def _main(argv: list[str], out, err, ready) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, bad usage
        return exc.code if isinstance(exc.code, int) else 2
    from client import headless

    cmd = args.command
    if cmd is None:
        return _windowed(run_menu, err)
    if cmd == "play" and args.headless and args.names is not None:
        return _usage(err, "tapete play: --names goes with the window (bots keep their names)")
    if cmd == "play" and args.headless:
        return headless.play(args, out, err)
    if cmd == "replay" and args.json:
        return headless.replay(args, out, err)
    if cmd == "resume" and args.headless:
        return headless.resume(args, out, err)
    if cmd == "host":
        return headless.host(args, out, err, ready)
    if cmd == "tables":
        return headless.tables(args, out, err)
    if cmd == "join" and args.headless:
        if args.watch and args.bot:
            return _usage(err, "tapete join: --watch or --bot, not both")
        args.bot = args.bot or "normal"
        return headless.join(args, out, err)
    # The window.
    if cmd == "play" and (args.json or args.log):
        return _usage(err, "tapete play: --json and --log go with --headless")
    if cmd == "join" and (args.bot or args.timeout is not None or args.think):
        return _usage(err, "tapete join: --bot, --think and --timeout go with --headless")
    windowed = {
        "play": play_window,
        "replay": replay_window,
        "resume": resume_window,
        "join": join_window,
    }
    return _windowed(lambda: windowed[cmd](args, err or sys.stderr), err)


if __name__ == "__main__":  # pragma: no cover
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(main())
