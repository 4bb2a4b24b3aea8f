"""The ``tapete`` command: its help, its version, the README's commands exactly as
documented, the headless ones without pygame, and the window's join."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
import urllib.request
from pathlib import Path

import pygame
import pytest

import engine
from client.cli import main
from tests.client.conftest import run_until

ROOT = Path(__file__).resolve().parents[2]


def run(argv, tmp_path, timeout=300):
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        TAPETE_CONFIG_DIR=str(tmp_path / "cfg"),
        TAPETE_DATA_DIR=str(tmp_path / "data"),
        PYTHONPATH=str(ROOT),
    )
    return subprocess.run(
        [sys.executable, "-m", "client", *argv],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


def test_help_lists_every_game_every_command_and_examples(capsys):
    assert main(["--help"]) == 0
    text = capsys.readouterr().out
    for game_id in engine.available_games():
        assert game_id in text and engine.get_game(game_id).name in text
    assert "take5             Take 5              2–10 players" in text
    assert "guandan           Guandan             4 players" in text
    assert "sequence-numbers  Sequence Numbers    2, 3, 4, 6 players" in text
    for command in ("play", "replay", "resume", "host", "tables", "join"):
        assert f"    {command} " in text
    assert "examples:" in text and "tapete play take5 --seats human,bot:hard,bot,bot" in text


def test_version_is_the_distribution_version(capsys):
    expected = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"tapete {expected}"


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "take5", "--seats", "bot,bot", "--headless", "--json", "--log", "L"],
        ["replay", "L", "--json"],
        ["resume", "L", "--headless", "--json"],
        ["host", "take5", "--seats", "bot,bot", "--loopback", "--no-advertise", "--port", "0",
         "--bot-delay", "0", "--no-log"],
        ["tables", "--timeout", "0.1", "--loopback", "--json"],
        ["join", "127.0.0.1:1", "--headless"],
        ["join", "127.0.0.1:1", "--headless", "--watch"],
        ["--help"],
        ["play", "--help"],
        ["--version"],
    ],
)  # fmt: skip
def test_headless_commands_never_load_pygame(argv, tmp_path):
    """Each headless command, alone in a fresh interpreter, leaves pygame unimported."""
    log = str(tmp_path / "t.jsonl")
    if argv[0] in ("replay", "resume"):
        assert main(["play", "take5", "--seats", "bot,bot", "--headless", "--log", log]) == 0
    argv = [log if a == "L" else a for a in argv]
    code = (
        "import sys\n"
        "from client.cli import main\n"
        f"code = main({argv!r})\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui'))\n"
        "print('LOADED', loaded)\n"
        "sys.exit(code)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT), TAPETE_DATA_DIR=str(tmp_path / "data"))
    proc = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )
    expected = 1 if argv[0] == "join" else 0
    assert proc.returncode == expected, proc.stderr
    assert "LOADED []" in proc.stdout


def test_headless_json_outcome_line(capsys):
    argv = ["play", "take5", "--seats", "bot,bot,bot,bot", "--headless", "--seed", "7", "--json"]
    assert main(argv) == 0
    line = json.loads(capsys.readouterr().out.strip())
    assert set(line) == {"game", "seed", "winners", "scores", "rounds", "actions"}
    assert line["game"] == "take5" and line["seed"] == 7 and len(line["scores"]) == 4
    assert max(line["scores"]) > 66
    assert line["winners"] == [s for s, v in enumerate(line["scores"]) if v == min(line["scores"])]
    assert main(argv) == 0  # the same seed gives the same game
    assert json.loads(capsys.readouterr().out.strip()) == line


def test_headless_refuses_a_human_seat(capsys):
    assert main(["play", "take5", "--seats", "human,bot", "--headless"]) == 2
    assert "bots only" in capsys.readouterr().err


def test_windowed_play_refuses_bad_seats_and_player_counts_before_a_window(capsys):
    assert main(["play", "take5", "--seats", "human,robot"]) == 2
    assert "unknown seat 'robot'" in capsys.readouterr().err
    assert main(["play", "take5", "--seats", "human"]) == 2
    assert "2–10 players" in capsys.readouterr().err
    assert main(["play", "take5", "--json"]) == 2
    assert "--json and --log go with --headless" in capsys.readouterr().err
    assert main(["play", "take5", "--size", "big"]) == 2
    assert "--size must be WIDTHxHEIGHT" in capsys.readouterr().err
    assert not pygame.display.get_init()  # no window was opened for any of them


def test_unknown_command(capsys):
    assert main(["dance"]) == 2
    assert "invalid choice: 'dance'" in capsys.readouterr().err


def test_autoquit_screenshot_command(tmp_path):
    """`SDL_VIDEODRIVER=dummy tapete play take5 --seats bot,bot,bot --seed 3 --autoquit
    --screenshot out.png` plays to the end in a window, saves the frame, exits 0."""
    out = tmp_path / "out.png"
    argv = ["play", "take5", "--seats", "bot,bot,bot", "--seed", "3", "--autoquit"]
    proc = run([*argv, "--screenshot", str(out)], tmp_path)
    assert proc.returncode == 0, proc.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 720)


def test_join_in_the_window_refuses_before_opening_it(capsys):
    assert main(["join", "127.0.0.1:1"]) == 1
    assert capsys.readouterr().err == (
        "tapete join: Nothing answered at 127.0.0.1:1 — check the address on the host's screen\n"
    )
    assert main(["join", "no where:5"]) == 2
    assert main(["join", "127.0.0.1:1", "--bot", "easy"]) == 2
    assert not pygame.display.get_init()


@pytest.mark.parametrize("watch", [False, True])
def test_join_in_the_window_as_a_player_or_a_spectator(app, watch):
    """`tapete join ADDR` sits at the open seat; `--watch` watches the public view."""
    from client.launch import join_table
    from net.client import connect
    from net.local import LocalHost

    host = LocalHost("take5", ["open", "bot:easy", "bot:easy"], 4, bot_delay=0.0)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        if watch:
            host.start_game()  # the open seat gets a bot; the spectator joins a running game
        conn = connect(f"127.0.0.1:{port}", player="Zoé", spectator=watch)
        lobby = join_table(app, conn)
        assert lobby.session.local_seats == ([] if watch else [0])
        assert run_until(app, lambda: getattr(app.scene, "board", None) is not None, 10)
        table = app.scene
        assert table.perspective == (None if watch else 0)
        assert (table.board["hand"] == []) == watch  # a spectator sees no hand
    finally:
        if hasattr(app.scene, "session"):
            app.scene.session.close()
        host.stop()


@pytest.mark.parametrize("argv", [[], ["play", "take5"]])
def test_no_display_says_so_and_exits_1(argv, tmp_path):
    """With no DISPLAY, no WAYLAND_DISPLAY and no SDL_VIDEODRIVER, SDL would fall back
    to an invisible driver: `tapete` says there is no display and exits 1 instead."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    env.update(
        TAPETE_CONFIG_DIR=str(tmp_path / "cfg"),
        TAPETE_DATA_DIR=str(tmp_path / "data"),
        PYTHONPATH=str(ROOT),
        SDL_AUDIODRIVER="dummy",
    )
    proc = subprocess.run(
        [sys.executable, "-m", "client", *argv],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert proc.returncode == 1
    assert "\ntapete: no display to open the window on (" in "\n" + proc.stderr
    assert "--headless" in proc.stderr and "SDL_VIDEODRIVER=dummy" in proc.stderr


def test_names_are_one_per_seat_cleaned_and_an_empty_one_keeps_the_default():
    from client.launch import SetupError, parse_names

    seats = ["human", "phone", "bot", "bot:hard"]
    assert parse_names(" Ana ,Bea,,Robo", seats) == ["Ana", "Bea", None, "Robo"]
    assert parse_names("Ana,B\x07ea,  ,x", seats) == ["Ana", "Bea", None, "x"]
    assert parse_names("Ana,Bea,Cid," + "Z" * 40, seats)[3] == "Z" * 31 + "…"
    with pytest.raises(SetupError) as few:
        parse_names("Ana,Bea", seats)
    assert few.value.message == (
        "--names gives 2 names for 4 seats: one per seat, in seat order "
        "(an empty one keeps the default, e.g. --names Ana,,Cid)"
    )
    with pytest.raises(SetupError) as one:
        parse_names("Ana", seats[:2])
    assert one.value.message.startswith("--names gives 1 name for 2 seats:")


def test_play_refuses_a_wrong_count_of_names_before_a_window(capsys):
    argv = ["play", "take5", "--seats", "human,phone,bot", "--names", "Ana,Bea"]
    assert main(argv) == 2
    assert capsys.readouterr().err == (
        "tapete play: --names gives 2 names for 3 seats: one per seat, in seat order "
        "(an empty one keeps the default, e.g. --names Ana,,Cid)\n"
    )
    assert main(["play", "take5", "--seats", "bot,bot", "--headless", "--names", "A,B"]) == 2
    assert capsys.readouterr().err == (
        "tapete play: --names goes with the window (bots keep their names)\n"
    )
    assert not pygame.display.get_init()


def test_play_with_names_names_every_seat_on_the_screen_the_host_and_the_phones(
    app, monkeypatch, capsys
):
    """`tapete play take5 --seats human,phone,phone,bot --names Ana,Bea,,Robo`: the
    screen's names, the host's seats (what the phones' pages show: `/table.json` and
    `seats`), and the printed link line; the empty name keeps "Player 3"."""
    import client.windowcmd as windowcmd

    monkeypatch.setattr(windowcmd, "_app", lambda args=None: app)
    monkeypatch.setattr(app, "run", lambda: 0)
    argv = ["play", "take5", "--seats", "human,phone,phone,bot", "--names", "Ana,Bea,,Robo"]
    assert main(argv) == 0
    table = app.scene
    session = table.session
    assert session.names == ["Ana", "Bea", "Player 3", "Robo"]
    assert session.named == ["Ana", "Bea", None, "Robo"]

    want = ["Ana", "Bea", "Player 3", "Robo"]
    assert run_until(app, lambda: len(session.phone_links) == 2, 60)
    link = session.phone_links[1]

    def host_names():  # what the phones' pages read
        with urllib.request.urlopen(link.split("#")[0] + "table.json", timeout=30) as resp:
            return [s["name"] for s in json.loads(resp.read())["seats"]]

    assert run_until(app, lambda: host_names() == want, 60), host_names()
    assert run_until(app, lambda: session.names == want, 10)
    printed = capsys.readouterr().out.splitlines()
    assert printed[:2] == [
        f"Phone seat 2 (Bea): {session.phone_links[1]}",
        f"Phone seat 3 (Player 3): {session.phone_links[2]}",
    ]
