"""What the windowless ``tapete`` commands (:mod:`client.headless`,
:mod:`client.hostcmd`) share: the outcome line and its sentence for people, the
line printer, and the table a command's arguments ask for. Imports no pygame."""

from __future__ import annotations

import json
from typing import Callable

from client.launch import SetupError, TableSpec

OUTCOME_KEYS = ("game", "seed", "winners", "scores", "rounds", "actions")


def outcome_line(outcome: dict) -> str:
    """The outcome as one JSON line (keys in a fixed order), the seed a whole int (the
    ``outcome`` message carries it as a decimal string: msgpack ints stop at 64 bits);
    when the seed was mixed from one a player chose (a served table), ``chosen_seed``
    (a whole int) and ``seed_secret`` (hex) follow, so the deal can be checked."""
    line = {k: outcome.get(k) for k in OUTCOME_KEYS}
    line["seed"] = seed_int(line["seed"])
    if outcome.get("chosen_seed") is not None:
        line["chosen_seed"] = seed_int(outcome["chosen_seed"])
        line["seed_secret"] = outcome.get("seed_secret")
    return json.dumps(line)


def seed_int(seed):
    """A seed as an int: the ``outcome`` message's decimal string, or an int as it is
    (anything else unchanged)."""
    if isinstance(seed, str) and seed.isascii() and seed.isdigit():
        return int(seed)
    return seed


def describe_outcome(outcome: dict) -> str:
    """The outcome for people, one line."""
    return (
        f"{outcome['game']} seed {outcome['seed']}: winners "
        f"{', '.join(f'seat {w}' for w in outcome['winners'])}; scores "
        f"{outcome['scores']}; {outcome['rounds']} round(s), {outcome['actions']} actions"
    )


def printer(stream) -> Callable[[str], None]:
    """A ``say(text)`` that prints a line to ``stream`` and flushes."""

    def say(text: str) -> None:
        print(text, file=stream, flush=True)

    return say


def _spec(
    args, kinds: tuple[str, ...], prog: str, say, refuse: str, served: bool = False
) -> TableSpec | None:
    """The table ``args`` asks for, or None after saying why not. ``refuse``: what to
    say when a seat is of a kind this command cannot seat; ``served``: the table is
    served to other machines (a chosen seed is mixed with a secret:
    :meth:`TableSpec.new`)."""
    try:
        TableSpec.new(args.game, args.seats, 0, args.options, kinds=("human", "open", "bot"))
    except SetupError as exc:
        say(f"{prog}: {exc.message}")
        return None
    try:
        return TableSpec.new(
            args.game, args.seats, args.seed, args.options, kinds=kinds, served=served
        )
    except SetupError:
        say(refuse)
        return None
