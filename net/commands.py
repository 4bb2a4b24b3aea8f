"""Headless commands of the ``tapete`` console script (wired in ``client/cli.py``).

Each function takes the arguments *after* its sub-command name (a leading copy of the
name is tolerated) and returns an exit code: 0 done, 1 failure (network, refused), 2
bad usage. Outcome lines are one JSON object: ``{"game", "seed", "winners", "scores",
"rounds", "actions"}``.

* :func:`play_headless` — ``tapete play GAME --seats bot,bot --headless [--seed N] [--json]``
* :func:`host_command` — ``tapete host GAME --seats open,open,bot,bot --name NAME``
* :func:`tables_command` — ``tapete tables [--timeout S] [--json]``
* :func:`join_headless` — ``tapete join HOST:PORT --headless --bot normal``
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from typing import Callable

import engine
from engine.core import RuleError


def _parse(parser: argparse.ArgumentParser, argv: list[str], name: str):
    """Parsed args, or an int exit code when argparse exits (help, bad usage)."""
    argv = list(argv)
    if argv and argv[0] == name:
        argv = argv[1:]
    try:
        return parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2


def _options(text: str | None, err) -> dict | None:
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        err(f"--options is not JSON: {exc}")
        return None
    if not isinstance(value, dict):
        err("--options must be a JSON object, e.g. '{\"threshold\": 33}'")
        return None
    return value


def available() -> list[str]:
    """Ids of the games that load (a half-built package is skipped, not fatal)."""
    out = []
    for gid in engine.GAME_IDS:
        try:
            engine.get_game(gid)
        except Exception:
            continue
        out.append(gid)
    return out


def _default_seats(game_id: str) -> str:
    game = engine.get_game(game_id)
    n = max(game.min_players, min(4, game.max_players))
    return ",".join(["bot"] * n)


def outcome_line(outcome: dict) -> str:
    """The outcome as one JSON line (keys in a fixed order)."""
    keys = ("game", "seed", "winners", "scores", "rounds", "actions")
    return json.dumps({k: outcome.get(k) for k in keys})


def describe_outcome(outcome: dict) -> str:
    """The outcome for people, one line."""
    return (f"{outcome['game']} seed {outcome['seed']}: winners "
            f"{', '.join(f'seat {w}' for w in outcome['winners'])}; scores "
            f"{outcome['scores']}; {outcome['rounds']} round(s), {outcome['actions']} actions")


# --------------------------------------------------------------------------- play
def play_headless(argv: list[str], out=None, err=None) -> int:
    """``tapete play GAME --seats bot,bot,bot,bot --headless [--seed N] [--options JSON]
    [--json]``: run a bots-only table to its end and print the outcome line.

    Exit 0 at the end; 2 for bad usage (a ``human`` or ``open`` seat, an unknown game
    or seat word, bad options)."""
    out = out or sys.stdout
    err = err or sys.stderr
    say = _printer(err)
    p = argparse.ArgumentParser(prog="tapete play", description="Play a game with bots only.")
    p.add_argument("game", help=f"one of {', '.join(engine.GAME_IDS)}")
    p.add_argument("--seats", help="comma-separated: bot, bot:easy, bot:normal, bot:hard")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--options", default=None, help="game options as a JSON object")
    p.add_argument("--headless", action="store_true", help="no window (always, here)")
    p.add_argument("--json", action="store_true", help="print the outcome as one JSON line")
    args = _parse(p, argv, "play")
    if isinstance(args, int):
        return args
    from net.host import Table, parse_seat
    if args.game not in available():
        say(f"tapete play: unknown game {args.game!r}; available: {', '.join(available())}")
        return 2
    words = (args.seats or _default_seats(args.game)).split(",")
    try:
        kinds = [parse_seat(w)[0] for w in words]
    except ValueError as exc:
        say(f"tapete play: {exc}")
        return 2
    if any(k != "bot" for k in kinds):
        say("tapete play --headless plays bots only: every seat must be bot or "
            "bot:LEVEL (a human or open seat needs the window or `tapete host`)")
        return 2
    options = _options(args.options, lambda m: say(f"tapete play: {m}"))
    if options is None:
        return 2
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    try:
        table = Table(args.game, words, seed, options)
    except (ValueError, RuleError) as exc:
        say(f"tapete play: {getattr(exc, 'message', exc)}")
        return 2
    table.run_to_end()
    outcome = table.outcome()
    print(outcome_line(outcome) if args.json else describe_outcome(outcome), file=out,
          flush=True)
    return 0


def _printer(stream) -> Callable[[str], None]:
    def say(text: str) -> None:
        print(text, file=stream, flush=True)
    return say
