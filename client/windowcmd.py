"""The ``tapete`` commands that open the window (``client/cli.py`` parses their
arguments; :mod:`client.headless` runs the ones that do not): the menu
(:func:`run_menu`), a table (:func:`play_window`), the replay viewer
(:func:`replay_window`), a resumed game (:func:`resume_window`) and somebody else's
table (:func:`join_window`), each returning an exit code; and what happens when there
is no screen to open the window on (:func:`display_missing`, :data:`NO_DISPLAY`).
pygame loads only when a window is asked for."""

from __future__ import annotations

import os
import sys

from client.launch import COUCH_KINDS, SetupError, TableSpec, parse_names


class NoDisplay(Exception):
    """There is no screen to open the window on (:func:`display_missing`)."""


NO_DISPLAY = (
    "tapete: no display to open the window on ({reason}). Run it in a desktop session "
    "(DISPLAY or WAYLAND_DISPLAY set), or without a window: tapete play GAME --headless "
    "--json. For a window nobody sees (tests, --screenshot), set SDL_VIDEODRIVER=dummy."
)


def _windowed(run, err) -> int:
    """``run()`` (a command that opens the window); exit code 1 with :data:`NO_DISPLAY`
    when there is no screen, rather than a window nobody can see running for ever."""
    try:
        return run()
    except NoDisplay as exc:
        print(NO_DISPLAY.format(reason=exc), file=err or sys.stderr, flush=True)
        return 1


def display_missing() -> str | None:
    """Why no window can be shown, or None. Without a display SDL either fails or
    falls back to its invisible "offscreen" driver; only an explicit
    ``SDL_VIDEODRIVER`` (``dummy`` in tests and screenshot runs) may run unseen."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return None
    import pygame

    try:
        pygame.display.init()
    except pygame.error as exc:
        return str(exc) or "SDL could not start video"
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy"):
        pygame.display.quit()
        return f"SDL found none and chose its invisible {driver!r} driver"
    return None


def _usage(err, text: str) -> int:
    print(text, file=err or sys.stderr, flush=True)
    return 2


def _size(text: str | None) -> tuple[int, int] | None:
    """``"1280x720"`` → ``(1280, 720)``; raises :class:`SetupError`."""
    if not text:
        return None
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise SetupError(f"--size must be WIDTHxHEIGHT, e.g. 1280x720, not {text!r}") from None
    return w, h


def _app(args=None):
    """The window (raises :class:`NoDisplay` when there is no screen for it)."""
    from client.app import App

    reason = display_missing()
    if reason:
        raise NoDisplay(reason)
    return App(
        size=_size(getattr(args, "size", None)),
        autoquit=bool(getattr(args, "autoquit", False)),
        screenshot=getattr(args, "screenshot", None),
    )


def run_menu() -> int:
    """``tapete``: the window at the menu."""
    app = _app()
    app.go("menu")
    return app.run()


def play_window(args, err) -> int:
    """``tapete play GAME [--seats ...]``: straight to a table in a window."""
    from client import hostproc
    from client.launch import open_local

    hostproc.warm()  # the host process starts while the table is checked and the window opens
    try:
        spec = TableSpec.new(args.game, args.seats, args.seed, args.options, kinds=COUCH_KINDS)
        if args.names is not None:
            spec.names = parse_names(args.names, spec.seats)
        _size(args.size)
    except SetupError as exc:
        hostproc.drop_spare()
        return _usage(err, f"tapete play: {exc.message}")
    app = _app(args)
    table = open_local(app, spec)
    if "phone" in spec.seats:
        out = sys.stdout

        def print_links(session) -> None:
            for seat, link in sorted(session.phone_links.items()):
                print(f"Phone seat {seat + 1} ({session.names[seat]}): {link}", file=out)
            if session.phones_error:
                print(f"Phones: {session.phones_error}", file=out)
            out.flush()

        table.session.on_phone_links = print_links
    return app.run()


def replay_window(args, err) -> int:
    """``tapete replay PATH``: the replay viewer in a window."""
    try:
        spec = TableSpec.from_log(args.path)
        spec.replayed()
        _size(args.size)
    except SetupError as exc:
        return _usage(err, f"tapete replay: {exc.message}")
    app = _app(args)
    app.go("replay", record=spec.record, path=args.path)
    return app.run()


def resume_window(args, err) -> int:
    """``tapete resume PATH``: continue a logged local game in a window."""
    from client import hostproc
    from client.launch import open_local

    hostproc.warm()  # the host process starts while the log is checked and the window opens
    try:
        spec = TableSpec.from_log(args.path)
        spec.replayed()
        _size(args.size)
    except SetupError as exc:
        hostproc.drop_spare()
        return _usage(err, f"tapete resume: {exc.message}")
    app = _app(args)
    open_local(app, spec)
    return app.run()


def join_window(args, err) -> int:
    """``tapete join HOST:PORT [--watch]``: the window at somebody else's table (its
    lobby until the game starts), as a player or a spectator. Exit 1 when the host
    refuses or cannot be reached, 2 for a bad address."""
    from client.launch import join_table
    from client.settings import Settings
    from net.client import connect
    from net.tokens import TokenStore

    try:
        _size(args.size)
    except SetupError as exc:
        return _usage(err, f"tapete join: {exc.message}")
    if args.watch and (args.seat is not None or args.token):
        return _usage(err, "tapete join: --watch takes no seat; leave out --seat and --token")
    try:
        conn = connect(
            args.address,
            player=args.name or Settings.load().name,
            seat=args.seat,
            token=args.token,
            spectator=args.watch,
            tokens=TokenStore(),
        )
    except ValueError as exc:
        return _usage(err, f"tapete join: {exc}")
    except ConnectionError as exc:  # JoinRefused, JoinFailed: in words (English here)
        from client.lanwords import error_text

        print(f"tapete join: {error_text(exc)}", file=err, flush=True)
        return 1
    app = _app(args)
    join_table(app, conn)
    return app.run()
