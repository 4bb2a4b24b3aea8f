"""The authoritative table (net/host.py): views by delta, refusals, seats, bots."""

from __future__ import annotations

import random

import pytest

from engine.core import BadSetup
from net.host import Refused, Table
from net.protocol import PROTOCOL
from tests.net.conftest import GAMES, Recorder, options_for, packed, player_count

MAX_ACTIONS = 400


def seated_table(game_id: str, seed: int = 1, spectators: int = 1, thin: tuple = ()):
    """A table of players (the seats in ``thin`` on thin connections) and spectators."""
    n = player_count(game_id)
    table = Table(game_id, ["human"] * n, seed, options_for(game_id))
    recs = [Recorder() for _ in range(n)]
    clients = [table.attach(s, recs[s], player=f"P{s}", legal=s in thin) for s in range(n)]
    watchers = [Recorder() for _ in range(spectators)]
    for w in watchers:
        table.attach(None, w)
    return table, recs, clients, watchers


def assert_views_match(table: Table, recs: list[Recorder], watchers: list[Recorder]) -> None:
    for seat, rec in enumerate(recs):
        assert packed(rec.view) == packed(table.view(seat)), f"seat {seat} drifted"
        legal = table.game.legal_actions(table.state, seat)
        assert packed(rec.legal) == packed(legal)
    for w in watchers:
        assert packed(w.view) == packed(table.view(None))


@pytest.mark.parametrize("game_id", GAMES)
def test_deltas_rebuild_every_seats_view_exactly(game_id):
    """Snapshot + deltas give every seat (seat 0 on a thin connection, sent its legal
    lists; the others computing theirs from the view) and spectators the host's view
    byte for byte, at every step of a game."""
    table, recs, clients, watchers = seated_table(game_id, thin=(0,))
    rng = random.Random(5)
    assert_views_match(table, recs, watchers)
    for _ in range(MAX_ACTIONS):
        if table.is_over():
            break
        seat = rng.choice(sorted(table.game.awaiting(table.state)))
        action = rng.choice(recs[seat].legal)  # the legal list the seat was sent
        table.receive(clients[seat], {"type": "action", "action": action})
        assert not recs[seat].of_type("error")
        assert_views_match(table, recs, watchers)
    assert len(table.actions) > 0
    for rec in recs + watchers:
        assert rec.seq == len(table.actions)
    deltas = [m for rec in recs + watchers for m in rec.of_type("delta")]
    assert all(m.get(k) != [] and m.get(k) != {} for m in deltas for k in ("set", "app", "del"))
    assert any("aw" in m for m in deltas) and any("set" in m for m in deltas)
    if game_id == "guandan":
        assert any("plays" in m.get("app", {}) for m in deltas)  # the deal's plays grow
    assert any("legal" in m for m in recs[0].messages)
    assert not any("legal" in m for rec in recs[1:] + watchers for m in rec.messages)


def test_a_take5_delta_carries_only_changed_keys_and_redacted_events():
    table = Table("take5", ["human", "human", "human"], 4)
    recs = [Recorder() for _ in range(3)]
    clients = [table.attach(s, recs[s]) for s in range(3)]
    card = recs[0].legal[0]["card"]
    for r in recs:
        r.clear()
    table.receive(clients[0], {"type": "action", "action": {"type": "choose", "card": card}})
    mine, other = recs[0].messages[-1], recs[1].messages[-1]
    # awaiting [1, 2] as the bit mask 0b110; no empty set, app or del; no legal list.
    assert other == {
        "type": "delta",
        "seq": 1,
        "aw": 0b110,
        "events": [{"type": "choose", "seat": 0}],
    }
    assert mine == {
        "type": "delta",
        "seq": 1,
        "set": {"chosen": card},
        "aw": 0b110,
        "events": [{"type": "choose", "seat": 0, "card": card}],
        "yours": True,
    }
    assert len(packed(other)) == 48  # the whole message, in bytes
    assert recs[1].view["awaiting"] == [1, 2] and recs[0].view["chosen"] == card


def test_welcome_then_snapshot_on_attach():
    table = Table("take5", ["human", "bot:easy", "open"], 2, name="Anna's table")
    rec = Recorder()
    client = table.attach(0, rec, player="Ana")
    welcome, snap = rec.messages[:2]
    assert welcome["type"] == "welcome" and welcome["protocol"] == PROTOCOL
    assert welcome["game"] == "take5" and welcome["seat"] == 0
    assert welcome["table"] == "Anna's table"
    assert welcome["token"] == client.token and len(client.token) >= 16
    assert [s["kind"] for s in welcome["seats"]] == ["human", "bot", "open"]
    assert welcome["seats"][0]["name"] == "Ana" and welcome["seats"][1]["level"] == "easy"
    assert "token" not in str(welcome["seats"])
    assert snap["type"] == "snapshot" and snap["seq"] == 0 and snap["view"] == table.view(0)
    assert welcome["started"] is False and "legal" not in snap  # no legal list travels


def test_errors_go_to_the_sender_only_and_leave_the_table_unchanged():
    table = Table("take5", ["human", "human", "human"], 9)
    recs = [Recorder() for _ in range(3)]
    clients = [table.attach(s, recs[s]) for s in range(3)]
    watcher = Recorder()
    table.attach(None, watcher)
    before = table.game.digest(table.state)
    for r in recs + [watcher]:
        r.clear()
    not_mine = next(c for c in range(1, 105) if c not in recs[0].view["hand"])
    bad = [
        {"type": "action", "action": {"type": "choose", "card": not_mine}},
        {"type": "action", "action": {"type": "take-row", "row": 1}},
        {"type": "action", "action": {"type": "fly"}},
        {"type": "action", "action": "choose 3"},
        {"type": "action"},
        {
            "type": "action",
            "action": {"type": "choose", "card": recs[0].view["hand"][0], "junk": "x" * 1000},
        },
        {"type": "dance"},
        {"type": "hello", "protocol": PROTOCOL},
    ]
    for msg in bad:
        table.receive(clients[0], msg)
    errors = recs[0].of_type("error")
    assert len(errors) == len(bad) == len(recs[0].messages)
    assert [e["code"] for e in errors] == [
        "illegal-action",
        "illegal-action",
        "malformed-action",
        "malformed-action",
        "malformed-action",
        "malformed-action",
        "unknown-message",
        "already-welcomed",
    ]
    assert "not in your hand" in errors[0]["message"] and errors[0]["rule"].startswith("take5.md")
    assert all(e["message"] for e in errors)
    assert recs[1].messages == recs[2].messages == watcher.messages == []
    assert table.game.digest(table.state) == before and table.actions == []
    table.receive(clients[0], {"type": "ping"})
    assert recs[0].messages[-1] == {"type": "pong"}


def test_a_spectator_cannot_act():
    table = Table("take5", ["human", "human"], 1)
    watcher = Recorder()
    c = table.attach(None, watcher)
    table.receive(c, {"type": "action", "action": {"type": "choose", "card": 1}})
    assert watcher.messages[-1]["code"] == "spectator"
    assert watcher.messages[0]["token"] is None and watcher.messages[1]["view"]["hand"] == []


def test_bad_seat_words_and_bad_setup():
    with pytest.raises(ValueError, match="bad seat 'robot'"):
        Table("take5", ["human", "robot"], 1)
    with pytest.raises(ValueError, match="bad seat"):
        Table("take5", ["human", "bot:genius"], 1)
    with pytest.raises(BadSetup):
        Table("take5", ["human"], 1)
    with pytest.raises(BadSetup):
        Table("take5", ["human", "bot"], 1, {"no-such-option": 3})
    with pytest.raises(ValueError, match="unknown game"):
        Table("chess", ["human", "bot"], 1)


def test_seats_are_refused_clearly():
    table = Table("take5", ["human", "bot", "open", "open"], 1)
    table.attach(0, Recorder())
    with pytest.raises(Refused) as exc:
        table.attach(0, Recorder())
    assert exc.value.code == "seat-taken"
    with pytest.raises(Refused) as exc:
        table.attach(1, Recorder())
    assert exc.value.code == "seat-is-bot"
    with pytest.raises(Refused) as exc:
        table.attach(7, Recorder())
    assert exc.value.code == "no-such-seat"
    with pytest.raises(Refused) as exc:
        table.attach(0, Recorder(), token="guess")
    assert exc.value.code == "bad-token"
    assert table.attach(2, Recorder(), token="stale").seat == 2  # an open seat needs none


def test_lobby_starts_when_the_last_open_seat_is_taken():
    table = Table("take5", ["open", "open", "bot"], 3)
    assert not table.started and table.open_seats() == [0, 1]
    a, b = Recorder(), Recorder()
    ca = table.attach(table.choose_seat(None, None), a, player="Ana")
    assert ca.seat == 0 and not table.started
    table.receive(ca, {"type": "action", "action": {"type": "choose", "card": 1}})
    assert a.messages[-1]["code"] == "not-started"
    assert table.step_bots(now=10**9) is None and table.actions == []  # bots wait too
    a.clear()
    cb = table.attach(table.choose_seat(None, None), b, player="Bo")
    assert cb.seat == 1 and table.started
    assert [m["type"] for m in a.messages] == ["snapshot", "seats"]
    snap = a.of_type("snapshot")[-1]
    assert snap["started"] and "legal" not in snap and a.legal  # computed from the view
    assert [s["kind"] for s in table.seats] == ["remote", "remote", "bot"]
    assert [s["name"] for s in table.seats][:2] == ["Ana", "Bo"]
    assert table.choose_seat(None, None) is None  # full: a newcomer watches


def test_the_host_may_start_with_open_seats_left_then_bots_fill_them():
    table = Table("take5", ["human", "open", "open"], 3)
    rec = Recorder()
    table.attach(0, rec)
    table.start()
    assert table.started and [s["kind"] for s in table.seats] == ["human", "bot", "bot"]
    assert rec.of_type("snapshot")[-1]["started"]


def test_a_lobby_drop_frees_the_seat():
    table = Table("take5", ["human", "open", "open"], 3)
    c = table.attach(1, Recorder(), player="Ana")
    assert table.seats[1]["kind"] == "remote"
    table.detach(c)
    assert table.seats[1]["kind"] == "open" and table.open_seats() == [1, 2]
    again = table.attach(table.choose_seat(1, c.token), Recorder(), token=c.token)
    assert again.seat == 1 and again.token != c.token  # back in the lobby, a new token


def test_bots_wait_their_delay_and_step_bots_returns_the_next_due_time():
    now = [100.0]
    table = Table("take5", ["human", "bot", "bot"], 5, bot_delay=2.0, clock=lambda: now[0])
    rec = Recorder()
    human = table.attach(0, rec)
    assert table.step_bots() == 102.0 and table.actions == []
    now[0] = 102.0
    assert table.step_bots() is None  # both bots chose; the human is awaited
    assert sorted(s for s, _ in table.actions) == [1, 2]
    card = rec.legal[0]["card"]
    table.receive(human, {"type": "action", "action": {"type": "choose", "card": card}})
    assert len(table.actions) == 3


def test_a_dropped_seat_is_played_by_a_bot_and_handed_back():
    now = [0.0]
    table = Table("take5", ["human", "human"], 8, clock=lambda: now[0], takeover_delay=20.0)
    ana, bo = Recorder(), Recorder()
    ca = table.attach(0, ana)
    cb = table.attach(1, bo)
    token = cb.token
    table.detach(cb)
    assert table.seats[1]["connected"] is False and table.seats[1]["away"] is True
    now[0] = 19.0
    assert table.step_bots() == 20.0 and table.actions == []
    now[0] = 20.0
    table.step_bots()
    assert table.actions[-1][0] == 1  # the stand-in chose for seat 1
    table.receive(ca, {"type": "action", "action": ana.legal[0]})
    back = Recorder()
    cb2 = table.attach(1, back, token=token)
    assert cb2.seat == 1 and back.messages[0]["token"] == token
    assert back.messages[1]["type"] == "snapshot" and back.messages[1]["view"] == table.view(1)
    assert table.seats[1]["away"] is False
    count = len(table.actions)
    now[0] = 1000.0
    table.step_bots()
    assert len(table.actions) == count  # handed back: no bot plays seat 1 now


def test_reattaching_with_the_token_replaces_a_stale_connection():
    table = Table("take5", ["open", "open"], 2)
    closed = []
    c1 = table.attach(0, Recorder(), close=lambda: closed.append(1))
    table.attach(1, Recorder())
    rec = Recorder()
    c2 = table.attach(0, rec, token=c1.token)
    assert closed == [1] and not c1.attached and c2.attached
    assert table.seats[0]["kind"] == "remote" and table.seats[0]["away"] is False


def test_run_to_end_and_outcome_and_record():
    table = Table("take5", ["bot", "bot:easy", "bot:normal"], 7)
    assert table.outcome() is None
    table.run_to_end()
    out = table.outcome()
    assert set(out) == {"game", "seed", "winners", "scores", "rounds", "actions"}
    assert out["game"] == "take5" and out["seed"] == 7 and out["actions"] == len(table.actions)
    assert max(out["scores"]) > 66 and out["winners"]
    rec = table.record()
    assert rec["seats"] == ["bot", "bot:easy", "bot:normal"] and rec["seed"] == 7
    # The record replays to the same state.
    game = table.game
    state = game.setup(3, rec["seed"], rec["options"])
    for seat, action in rec["actions"]:
        state, _ = game.apply(state, seat, action)
    assert game.digest(state) == game.digest(table.state)
    # The same seed and bots' key: the same game (easy and normal bots are seeded).
    one, two = (Table("take5", ["bot", "bot:easy", "bot"], 7, bot_key=b"k" * 32) for _ in range(2))
    one.run_to_end()
    two.run_to_end()
    assert one.outcome() == two.outcome()


def test_run_to_end_refuses_a_players_seat():
    table = Table("take5", ["human", "bot"], 7)
    with pytest.raises(RuntimeError, match="seat 0"):
        table.run_to_end()


def test_a_failing_transport_is_detached_and_the_table_goes_on():
    table = Table("take5", ["human", "human"], 3)
    ok = Recorder()
    broken_calls = []

    def broken(message):
        broken_calls.append(message["type"])
        if message["type"] == "delta":
            raise OSError("gone")

    table.attach(0, broken)
    cb = table.attach(1, ok)
    table.receive(cb, {"type": "action", "action": ok.legal[0]})
    assert table.seats[0]["connected"] is False and table.seats[0]["away"] is True
    assert len(table.actions) == 1 and ok.of_type("error") == []
