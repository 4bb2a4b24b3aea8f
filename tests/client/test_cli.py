"""The README's commands, exactly as documented."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from client.cli import main


def test_headless_json_outcome_line(capsys):
    assert (
        main(["play", "take5", "--seats", "bot,bot,bot,bot", "--headless", "--seed", "7", "--json"])
        == 0
    )
    line = json.loads(capsys.readouterr().out.strip())
    assert set(line) == {"game", "seed", "winners", "scores", "rounds", "actions"}
    assert line["game"] == "take5" and line["seed"] == 7 and len(line["scores"]) == 4
    assert max(line["scores"]) > 66
    assert line["winners"] == [s for s, v in enumerate(line["scores"]) if v == min(line["scores"])]
    # the same seed gives the same game
    assert (
        main(["play", "take5", "--seats", "bot,bot,bot,bot", "--headless", "--seed", "7", "--json"])
        == 0
    )
    assert json.loads(capsys.readouterr().out.strip()) == line


def test_headless_refuses_a_human_seat(capsys):
    assert main(["play", "take5", "--seats", "human,bot", "--headless"]) == 2
    assert "bots only" in capsys.readouterr().err


def test_windowed_play_refuses_bad_seats_and_player_counts(capsys):
    assert main(["play", "take5", "--seats", "human,robot"]) == 2
    assert "unknown seat 'robot'" in capsys.readouterr().err
    assert main(["play", "take5", "--seats", "human"]) == 2
    assert "2–10 players" in capsys.readouterr().err


def test_unknown_command(capsys):
    assert main(["dance"]) == 2
    assert "unknown command" in capsys.readouterr().err


def test_autoquit_screenshot_command(tmp_path):
    """`SDL_VIDEODRIVER=dummy tapete play take5 --seats bot,bot,bot --seed 3 --autoquit
    --screenshot out.png` plays to the end in a window, saves the frame, exits 0."""
    out = tmp_path / "out.png"
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        TAPETE_CONFIG_DIR=str(tmp_path / "cfg"),
    )
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "client",
            "play",
            "take5",
            "--seats",
            "bot,bot,bot",
            "--seed",
            "3",
            "--autoquit",
            "--screenshot",
            str(out),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    import pygame

    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 720)
