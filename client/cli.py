"""The ``tapete`` command (also ``python -m client``).

tapete                                    open the menu
tapete play GAME --seats human,bot:hard,bot [--seed N] [--options JSON]
                 [--autoquit] [--screenshot PATH] [--size WxH]
tapete play GAME --seats bot,bot,bot --headless [--seed N] [--json]
tapete host GAME --seats open,open,bot,bot --name NAME [--port P] [--no-advertise]
tapete tables [--timeout S] [--json]
tapete join HOST:PORT [--headless --bot LEVEL]
tapete play GAME --seats bot,bot,bot --headless --seed N --json --log PATH
tapete replay PATH [--json]                the replay viewer (or the outcome line)
tapete resume PATH [--headless --json]     continue a logged game that stopped mid-way
"""

from __future__ import annotations

import argparse
import json
import os
import sys

USAGE = __doc__


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit code (0 ok, 1 failure, 2 bad usage)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        return run_menu()
    cmd, rest = argv[0], argv[1:]
    if cmd in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    if cmd == "play":
        if "--headless" in rest:
            from net.commands import play_headless

            return play_headless(rest)
        return play_windowed(rest)
    if cmd == "replay":
        if "--json" in rest:
            from net.commands import replay_command

            return replay_command(rest)
        return replay_windowed(rest)
    if cmd == "resume":
        if "--headless" in rest:
            from net.commands import resume_headless

            return resume_headless(rest)
        return resume_windowed(rest)
    if cmd in ("host", "tables", "join"):
        import net.commands as commands

        if cmd == "join" and "--headless" not in rest:
            return join_windowed(rest)
        fn = {"host": "host_command", "tables": "tables_command", "join": "join_headless"}[cmd]
        if not hasattr(commands, fn):
            print(f"tapete {cmd}: not available in this build", file=sys.stderr)
            return 2
        return getattr(commands, fn)(rest)
    print(f"tapete: unknown command {cmd!r}\n{USAGE}", file=sys.stderr)
    return 2


def _app(args=None):
    from client.app import App

    size = None
    if args is not None and getattr(args, "size", None):
        w, h = (int(v) for v in args.size.lower().split("x"))
        size = (w, h)
    return App(
        size=size,
        autoquit=bool(getattr(args, "autoquit", False)),
        screenshot=getattr(args, "screenshot", None),
    )


def run_menu() -> int:
    app = _app()
    app.go("menu")
    return app.run()


def play_windowed(argv: list[str]) -> int:
    """``tapete play GAME --seats ...``: straight to a table in a window."""
    from client.launch import parse_seats

    p = argparse.ArgumentParser(prog="tapete play")
    p.add_argument("game")
    p.add_argument(
        "--seats",
        default="human,bot,bot,bot",
        help="comma-separated: human, bot, bot:easy, bot:normal, bot:hard",
    )
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--options", default=None, help="game options as a JSON object")
    p.add_argument(
        "--autoquit",
        action="store_true",
        help="quit when the game ends (with --screenshot: save the last frame)",
    )
    p.add_argument("--screenshot", default=None, help="save the last frame to this PNG")
    p.add_argument("--size", default=None, help="window size, e.g. 1280x720")
    args = p.parse_args(argv)
    try:
        seats = parse_seats(args.seats)
        options = json.loads(args.options) if args.options else {}
        if not isinstance(options, dict):
            raise ValueError("--options must be a JSON object")
    except (ValueError, json.JSONDecodeError) as exc:
        print(f"tapete play: {exc}", file=sys.stderr)
        return 2
    from client.launch import start_table
    from engine.core import RuleError

    app = _app(args)
    try:
        start_table(app, args.game, seats, args.seed, options)
    except (KeyError, RuleError, ValueError) as exc:
        import pygame

        pygame.quit()
        print(f"tapete play: {getattr(exc, 'message', None) or exc}", file=sys.stderr)
        return 2
    return app.run()


def replay_windowed(argv: list[str]) -> int:
    """``tapete replay PATH``: the replay viewer in a window."""
    p = argparse.ArgumentParser(prog="tapete replay")
    p.add_argument("path")
    p.add_argument("--size", default=None, help="window size, e.g. 1280x720")
    p.add_argument("--screenshot", default=None, help="save the last frame to this PNG")
    args = p.parse_args(argv)
    from net.log import read_log

    try:
        record = read_log(args.path)
    except (OSError, ValueError) as exc:
        print(f"tapete replay: cannot read {args.path}: {exc}", file=sys.stderr)
        return 2
    app = _app(args)
    app.go("replay", record=record, path=args.path)
    return app.run()


def resume_windowed(argv: list[str]) -> int:
    """``tapete resume PATH``: continue a logged local game in a window."""
    p = argparse.ArgumentParser(prog="tapete resume")
    p.add_argument("path")
    p.add_argument("--size", default=None, help="window size, e.g. 1280x720")
    args = p.parse_args(argv)
    from client.launch import resume_table

    app = _app(args)
    try:
        resume_table(app, args.path)
    except (OSError, ValueError, KeyError) as exc:
        import pygame

        pygame.quit()
        print(f"tapete resume: {getattr(exc, 'message', None) or exc}", file=sys.stderr)
        return 2
    return app.run()


def join_windowed(argv: list[str]) -> int:
    print(
        "tapete join: the windowed join is not available yet; use --headless --bot LEVEL",
        file=sys.stderr,
    )
    return 2


if __name__ == "__main__":  # pragma: no cover
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(main())
