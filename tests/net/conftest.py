"""Net test helpers: games to run over, a recording client, and a leaked-thread guard."""

from __future__ import annotations

import os
import threading

import msgpack
import pytest

import engine
from net.mirror import ViewMirror
from net.protocol import Encoded, encode

GAMES = engine.available_games()


def options_for(game_id: str) -> dict:
    """The options the contract suite plays with (a shorter match where a game asks)."""
    return dict(getattr(engine.get_game(game_id), "contract_options", {}))


def player_count(game_id: str) -> int:
    game = engine.get_game(game_id)
    for n in range(max(game.min_players, 3), game.max_players + 1):
        try:
            game.setup(n, 0, options_for(game_id))
            return n
        except Exception:
            continue
    return game.min_players


class Recorder:
    """A client's ``send``: keeps every message and the view rebuilt from them (by the
    one view mirror, :class:`net.mirror.ViewMirror`)."""

    def __init__(self) -> None:
        self.messages: list[dict] = []
        self.mirror = ViewMirror(keep_backlog=False)

    def __call__(self, message: dict) -> None:
        if isinstance(message, Encoded):  # packed once by the host: the bytes say the same
            assert message.wire == msgpack.packb(dict(message), use_bin_type=True)
        # Through msgpack, as on the wire: nothing is shared with the host.
        message = msgpack.unpackb(encode(message), strict_map_key=True)
        self.messages.append(message)
        self.mirror.feed(message)
        assert self.mirror.gaps == 0, "deltas come in sequence"

    @property
    def view(self) -> dict | None:
        return self.mirror.view

    @property
    def legal(self) -> list:
        return self.mirror.legal

    @property
    def seq(self) -> int | None:
        return self.mirror.seq if self.mirror.view is not None else None

    def of_type(self, kind: str) -> list[dict]:
        return [m for m in self.messages if m["type"] == kind]

    def clear(self) -> None:
        self.messages.clear()


def packed(value) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


@pytest.fixture
def umask0():
    """The loosest umask there is: nothing it could add may loosen a private file."""
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


@pytest.fixture(autouse=True)
def no_leaked_threads():
    """Every test leaves the threads it found (zeroconf and host threads joined)."""
    before = set(threading.enumerate())
    yield
    deadline = 5.0
    import time

    end = time.monotonic() + deadline
    while time.monotonic() < end:
        extra = [t for t in threading.enumerate() if t not in before and t.is_alive()]
        if not extra:
            return
        time.sleep(0.05)
    pytest.fail(f"threads left running: {[t.name for t in extra]}")
