"""Save screenshots of every scene for people to look at (SDL dummy driver).

    python3 tools/screenshots.py [--out DIR] [--seed N] [--lang hu] [--ui-scale 1.25]

Writes menu.png, newgame.png, settings.png, host.png, lobby.png, browser.png,
hostlost.png (the table's host process crashed), howto-GAME.png (How to play from the
menu, each game), firsttime.png (a game's first table opens its How to play by itself),
then each table's own screenshots as GAME-NAME.png (e.g. take5-table.png, mid-turn with a
card selected; guandan-readings.png), and last what those games left: stats.png,
replays.png, continue.png, replay.png and replay-seat.png (a finished game from a seat)
into DIR (default ./screenshots). Settings, logs and statistics go to folders of the
run's own, never the player's.

Every shot waits for what it shows (:mod:`client.shots`); a wait that gives up stops
the run with exit code 1 and names it ("gave up waiting for the Take 5 reveal …").

    python3 tools/screenshots.py --out /tmp/shots --readme docs/screens

also writes the README's row of five (one shot per game, :data:`README_SHOTS`, scaled
to 640×360) into docs/screens/GAME.png.
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Run as a script, Python puts tools/ first on the path, where tools/i18n.py would hide
# the i18n package pygame_gui needs: take tools/ off and put the project root on.
_here = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _here]
sys.path.insert(0, os.path.dirname(_here))

from client.app import App  # noqa: E402
from client.settings import Settings  # noqa: E402
from client.shots import ShotWaitError, frames, wait  # noqa: E402

#: The shot of each game that the README shows (a decision being made).
README_SHOTS = {
    "take5": "preview",
    "the-game": "signals",
    "teamplay": "selection",
    "sequence-numbers": "sequence",
    "guandan": "combos",
}


def readme_thumbnails(shots: str, out: str, size: tuple[int, int] = (640, 360)) -> list[str]:
    """Scale each game's :data:`README_SHOTS` picture from ``shots`` into ``out`` as
    GAME.png (``size`` in pixels); returns the paths written. ``FileNotFoundError``
    when a shot is missing (run without ``--game``)."""
    import pygame

    os.makedirs(out, exist_ok=True)
    written = []
    for game_id, name in README_SHOTS.items():
        image = pygame.image.load(os.path.join(shots, f"{game_id}-{name}.png"))
        path = os.path.join(out, f"{game_id}.png")
        pygame.image.save(pygame.transform.smoothscale(image, size), path)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", default="screenshots")
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--game", default=None, help="only this game's table (and the menus)")
    p.add_argument("--lang", default="en", help="language code (client.i18n.LANGUAGES)")
    p.add_argument("--ui-scale", type=float, default=1.0, help="text size, 0.75–1.5")
    p.add_argument("--readme", metavar="DIR", help="also write the README's five thumbnails")
    args = p.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    try:
        shoot(args)
    except ShotWaitError as exc:  # a shot would show the wrong moment: stop, say which
        print(f"tools/screenshots.py: {exc}", file=sys.stderr, flush=True)
        return 1
    print(f"screenshots in {args.out}/")
    if args.readme:
        readme_thumbnails(args.out, args.readme)
        print(f"README thumbnails in {args.readme}/")
    return 0


def shoot(args) -> None:
    """Every screenshot into ``args.out`` (raises :class:`client.shots.ShotWaitError`
    naming the moment that never came)."""
    # The tables it opens save "last game" and "How to play seen": into a folder of its
    # own, never the player's settings.
    import tempfile

    from client.howto import GAMES

    os.environ["TAPETE_CONFIG_DIR"] = tempfile.mkdtemp(prefix="tapete-shots-")
    os.environ["TAPETE_DATA_DIR"] = tempfile.mkdtemp(prefix="tapete-shots-data-")
    settings = Settings(
        name="Ana", language=args.lang, ui_scale=args.ui_scale, howto_seen=list(GAMES)
    )
    app = App(settings, size=(1280, 720))
    try:
        shoot_on(app, args)
    finally:  # a wait that gave up leaves a table open: end its host process
        session = getattr(app.scene, "session", None)
        if session is not None:
            session.close()


def shoot_on(app, args) -> None:
    """:func:`shoot` on ``app``: the scenes, then each game's tables."""
    from client.howto import GAMES

    shot = lambda name: app.save_screenshot(os.path.join(args.out, name))  # noqa: E731

    for name in ("menu", "newgame", "settings"):
        app.go(name)
        frames(app, 0.2)
        shot(f"{name}.png")
    for game_id in GAMES:
        app.go("howto", game_id=game_id)
        frames(app, 0.2)
        shot(f"howto-{game_id}.png")
    # LAN: the lobby of a hosted table and the table browser.
    from client.launch import host_table

    app.go("newgame", lan=True)
    frames(app, 0.2)
    shot("host.png")
    lobby = host_table(
        app,
        "take5",
        ["human", "open", "open", "bot:hard"],
        args.seed,
        {},
        "Ana's table",
        advertise=False,
    )
    wait(
        app,
        lambda: lobby.address is not None and len(lobby.seats()) == 4,
        "the hosted table's lobby (its address and four seats)",
        60,
    )
    frames(app, 0.2)
    shot("lobby.png")
    lobby.session.close()
    app.go("browser", address="192.168.1.20:47470")
    frames(app, 1.0)
    shot("browser.png")
    app.scene.exit()

    # The table's host process dies: the window says so and offers to continue.
    import signal

    from client.launch import start_table

    app.settings.howto_seen = []  # a first table: its How to play opens by itself
    table = start_table(app, "take5", ["human", "bot:normal", "bot:normal"], args.seed)
    wait(
        app, lambda: table.board is not None and table.help_open, "a first table's How to play", 60
    )
    frames(app, 0.5)
    shot("firsttime.png")
    app.settings.howto_seen = list(GAMES)
    os.kill(table.session.host.pid, signal.SIGKILL)
    wait(app, lambda: app.scene is not table, "the window to notice its host died", 60)
    frames(app, 0.2)
    shot("hostlost.png")

    # Every table shoots its own scenes (its ``shots(app, shot, seed)``).
    from client.tables import table_for, tables_available

    for game_id in tables_available():
        if args.game and game_id != args.game:
            continue
        table_for(game_id).shots(app, lambda name, g=game_id: shot(f"{g}-{name}"), args.seed)

    # What those games left: the statistics, the lists of logs, a replay from a seat.
    app.go("stats")
    frames(app, 0.2)
    shot("stats.png")
    for mode in ("replays", "continue"):
        app.go("replays", mode=mode)
        frames(app, 0.2)
        shot(f"{mode}.png")
    from net.log import list_logs, read_log

    done = [g for g in list_logs() if g["ok"] and g["over"] and g["actions"] > 20]
    if not done:
        raise ShotWaitError("a finished game's log to replay")
    replay = app.go("replay", record=read_log(done[0]["path"]), path=done[0]["path"])
    replay.goto(len(replay.states) // 2)
    frames(app, 0.1)
    shot("replay.png")
    replay.set_focus(0)
    frames(app, 0.1)
    shot("replay-seat.png")


if __name__ == "__main__":
    sys.exit(main())
