"""The hint for thin clients (the browser page cannot run the engine's bots): a seated
thin connection asks ``{"type": "hint"}`` and the host answers with the action the
``normal`` bot would take from that seat's own view — worked out off the host's loop,
to that connection alone, refused by name when there is nothing to hint."""

from __future__ import annotations

import time

import pytest

from net.client import connect
from net.local import LocalHost

WAIT = 20.0


def messages_until(conn, kind: str, seen: list[dict]) -> dict:
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        seen += conn.poll()
        hit = [m for m in seen if m.get("type") == kind]
        if hit:
            seen.remove(hit[0])
            return hit[0]
        time.sleep(0.01)
    pytest.fail(f"no {kind} in {[m.get('type') for m in seen]}")


def test_a_thin_seat_gets_the_normal_bots_choice_among_its_legal_actions():
    host = LocalHost("guandan", ["open"] * 4, 11)
    host.start()
    conns = []
    try:
        target = f"127.0.0.1:{host.listen(0, '127.0.0.1')}"
        conns = [connect(target, player=f"P{i}", legal=True) for i in range(4)]
        watcher = connect(target, player="W", spectator=True, legal=True)
        conns.append(watcher)
        (turn,) = host.call(lambda t: t.game.awaiting(t.state))
        me, other = conns[turn], conns[(turn + 1) % 4]
        me.send({"type": "hint"})
        hint = messages_until(me, "hint", [])
        legal = host.call(lambda t: t.game.legal_actions(t.state, turn))
        assert set(hint) == {"type", "seq", "action"} and hint["seq"] == 0
        assert hint["action"] in legal
        other.send({"type": "hint"})
        assert messages_until(other, "error", [])["code"] == "not-your-turn"
        watcher.send({"type": "hint"})
        assert messages_until(watcher, "error", [])["code"] == "spectator"
        time.sleep(0.2)  # nobody else hears the hint
        for c in conns:
            assert not [m for m in c.poll() if m.get("type") == "hint"]
    finally:
        for c in conns:
            c.close()
        host.stop()


def test_a_hint_is_refused_by_name_when_there_is_nothing_to_hint():
    host = LocalHost("take5", ["open", "open", "bot"], 3, bot_delay=30.0)
    host.start()
    try:
        target = f"127.0.0.1:{host.listen(0, '127.0.0.1')}"
        ana = connect(target, player="Ana", legal=True)
        ana.send({"type": "hint"})  # the lobby: no deal yet
        assert messages_until(ana, "error", [])["code"] == "not-started"
        full = connect(target, player="Bo")  # not thin: it has the engine's bots
        full.send({"type": "hint"})
        assert messages_until(full, "error", [])["code"] == "no-hint"
        full.close()
        ana.close()
    finally:
        host.stop()
