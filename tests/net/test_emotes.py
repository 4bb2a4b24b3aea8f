"""Preset emotes (issue 16, "A table with people at it"; net/PROTOCOL.md "Emotes"): a
seat's ``emote`` reaches every connection as ``{type, seat, emote}`` and nothing else;
refused by name in The Game (its rules page allows pile signals only), for a spectator,
for an unknown id and over the seat's own allowance; never an action (no log line, no
state change, no replay change); a flood harms no other seat's stream."""

from __future__ import annotations

import time

import pytest

from net.client import connect
from net.host import Table
from net.local import LocalHost
from net.mirror import ViewMirror
from net.protocol import EMOTE_BURST, EMOTE_RATE, EMOTES, NO_EMOTES, emotes_allowed
from tests.net.conftest import GAMES, Recorder, options_for, player_count

WAIT = 20.0  # seconds: the bound of every wait below


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def seated(game_id: str, clock=None):
    """A table of players (every seat attached) and one spectator."""
    n = player_count(game_id)
    kw = {"clock": clock} if clock is not None else {}
    table = Table(game_id, ["human"] * n, 3, options_for(game_id), **kw)
    recs = [Recorder() for _ in range(n)]
    clients = [table.attach(s, recs[s], player=f"P{s}") for s in range(n)]
    watcher = Recorder()
    spectator = table.attach(None, watcher)
    return table, recs, clients, watcher, spectator


def emotes(rec: Recorder) -> list[dict]:
    return rec.of_type("emote")


def codes(rec: Recorder) -> list[str]:
    return [m["code"] for m in rec.of_type("error")]


def test_the_emote_list_and_the_games_without_emotes_follow_the_rules_pages():
    """the-game.md "Communication": pile signals only, no free text — no emotes;
    sequence-numbers.md: "preset emotes only"; the other pages forbid nothing of it."""
    assert EMOTES == ("nice", "oops", "well-played", "hurry-up", "good-luck", "thanks")
    assert NO_EMOTES == {"the-game"}
    assert [g for g in GAMES if emotes_allowed(g)] == [g for g in GAMES if g != "the-game"]


@pytest.mark.parametrize("game_id", [g for g in GAMES if g != "the-game"])
def test_an_emote_reaches_every_connection_as_seat_and_id_and_changes_nothing(game_id):
    table, recs, clients, watcher, _ = seated(game_id)
    state, actions = table.state, list(table.actions)
    seqs = [r.seq for r in recs + [watcher]]
    table.receive(clients[1], {"type": "emote", "emote": 2, "extra": "ignored"})
    for rec in recs + [watcher]:
        assert emotes(rec) == [{"type": "emote", "seat": 1, "emote": 2}]
        assert codes(rec) == []
    assert table.state is state and table.actions == actions  # not an action: no log line
    assert [r.seq for r in recs + [watcher]] == seqs  # no delta, no sequence number


def test_the_game_refuses_emotes_by_name_and_relays_nothing():
    table, recs, clients, watcher, spectator = seated("the-game")
    table.receive(clients[0], {"type": "emote", "emote": 0})
    table.receive(spectator, {"type": "emote", "emote": 0})
    assert codes(recs[0]) == ["no-emotes"] and codes(watcher) == ["no-emotes"]
    err = recs[0].of_type("error")[0]
    assert err["rule"] == "Communication" and "signals" in err["message"]
    assert all(emotes(r) == [] for r in recs + [watcher])


@pytest.mark.parametrize(
    "value", [len(EMOTES), -1, 99, True, False, 1.0, "1", None, [0], 2**70, {"id": 0}]
)
def test_an_unknown_emote_is_refused_to_the_sender_only(value):
    table, recs, clients, watcher, _ = seated("take5")
    message = {"type": "emote"} if value is None else {"type": "emote", "emote": value}
    table.receive(clients[0], message)
    assert codes(recs[0]) == ["unknown-emote"]
    assert all(codes(r) == [] and emotes(r) == [] for r in recs[1:] + [watcher])
    assert len(recs[0].of_type("error")[0]["message"]) <= 240


def test_a_spectator_cannot_send_an_emote():
    table, recs, clients, watcher, spectator = seated("guandan")
    table.receive(spectator, {"type": "emote", "emote": 0})
    assert codes(watcher) == ["spectator"]
    assert all(emotes(r) == [] for r in recs + [watcher])


def test_a_seats_emotes_meet_its_own_allowance_which_a_reconnect_does_not_refill():
    clock = Clock()
    table, recs, clients, watcher, _ = seated("take5", clock)
    for _ in range(EMOTE_BURST + 4):
        table.receive(clients[0], {"type": "emote", "emote": 1})
    assert len(emotes(watcher)) == EMOTE_BURST
    refused = recs[0].of_type("error")
    assert [e["code"] for e in refused] == ["too-many-emotes"] * 4
    assert refused[-1]["retry_after"] == pytest.approx(1 / EMOTE_RATE)
    # Another seat's allowance is its own.
    table.receive(clients[1], {"type": "emote", "emote": 0})
    assert emotes(watcher)[-1] == {"type": "emote", "seat": 1, "emote": 0}
    # Coming back on a new connection with the token does not refill the seat's.
    token = clients[0].token
    table.detach(clients[0])
    again = Recorder()
    back = table.attach(table.token_seat(token), again, token=token)
    assert back.seat == 0
    table.receive(back, {"type": "emote", "emote": 1})
    assert codes(again) == ["too-many-emotes"]
    clock.now += 1 / EMOTE_RATE  # one token back
    table.receive(back, {"type": "emote", "emote": 1})
    table.receive(back, {"type": "emote", "emote": 1})
    assert codes(again) == ["too-many-emotes"] * 2
    assert len(emotes(watcher)) == EMOTE_BURST + 2


def test_emotes_in_the_lobby_and_after_the_end_are_relayed():
    """An emote is table talk, not play: "hurry up?" in the lobby and "well played"
    after the last card are both in place."""
    table = Table("take5", ["open", "open", "bot"], 1, {"rounds": 1})
    a, b = Recorder(), Recorder()
    ca = table.attach(0, a, player="A")
    assert not table.started
    table.receive(ca, {"type": "emote", "emote": 3})
    cb = table.attach(1, b, player="B")
    while not table.is_over():
        for seat, client, rec in ((0, ca, a), (1, cb, b)):
            if seat in table.game.awaiting(table.state):
                table.receive(client, {"type": "action", "action": rec.legal[0]})
        table.step_bots(float("inf"))
    table.receive(cb, {"type": "emote", "emote": 2})
    assert emotes(a) == [
        {"type": "emote", "seat": 0, "emote": 3},
        {"type": "emote", "seat": 1, "emote": 2},
    ]
    assert emotes(b) == [{"type": "emote", "seat": 1, "emote": 2}]


# --------------------------------------------------------------------------- over TCP
@pytest.fixture
def hosts():
    made, conns = [], []

    def make(game_id, seats, **kw):
        h = LocalHost(game_id, seats, 5, options_for(game_id), bot_delay=0.0, **kw)
        made.append(h)
        h.start()
        return h, f"127.0.0.1:{h.listen(0, '127.0.0.1')}"

    def join(target, **kw):
        c = connect(target, **kw)
        conns.append(c)
        return c

    make.join = join
    yield make
    for c in conns:
        c.close()
    for h in made:
        h.stop()


class Peer:
    def __init__(self, conn) -> None:
        self.conn = conn
        self.mirror = ViewMirror(conn, conn.seat)
        self.got: list[dict] = []

    def pump(self) -> None:
        for m in self.conn.poll():
            self.got.append(m)
            self.mirror.feed(m)
            assert self.mirror.gaps == 0, "deltas come in sequence"

    def of(self, kind: str) -> list[dict]:
        return [m for m in self.got if m.get("type") == kind]


def wait_for(peers, until, why=""):
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        for p in peers:
            p.pump()
        if until():
            return
        time.sleep(0.005)
    raise AssertionError(f"timed out: {why}")


def test_an_emote_over_the_real_host_reaches_every_other_connection(hosts):
    host, target = hosts("take5", ["open", "open", "open"])
    peers = [Peer(hosts.join(target, player=f"P{i}")) for i in range(3)]
    peers.append(Peer(hosts.join(target, spectator=True)))
    wait_for(peers, lambda: all(p.mirror.view and p.mirror.started for p in peers), "seated")
    peers[2].conn.send({"type": "emote", "emote": EMOTES.index("well-played")})
    wait_for(peers, lambda: all(p.of("emote") for p in peers), "the emote everywhere")
    for p in peers:
        assert p.of("emote") == [{"type": "emote", "seat": 2, "emote": 2}]
        assert list(p.mirror.emotes) == p.of("emote")  # the mirror keeps it for the window
    assert host.table.actions == []


def test_refusals_over_the_real_host_are_named_and_the_other_streams_run_on(hosts):
    host, target = hosts("take5", ["open", "open", "bot"])
    a, b = Peer(hosts.join(target, player="A")), Peer(hosts.join(target, player="B"))
    watcher = Peer(hosts.join(target, spectator=True))
    peers = [a, b, watcher]
    wait_for(peers, lambda: all(p.mirror.started and p.mirror.view for p in peers), "seated")
    watcher.conn.send({"type": "emote", "emote": 0})
    a.conn.send({"type": "emote", "emote": 77})
    for _ in range(40):  # a flood: EMOTE_BURST pass (one more if a token came back)
        a.conn.send({"type": "emote", "emote": 3})
    wait_for(
        [a, watcher],
        lambda: len(a.of("error")) + len(a.of("emote")) == 41 and watcher.of("error"),
        "the refusals",
    )
    assert [e["code"] for e in watcher.of("error")] == ["spectator"]
    a_codes = [e["code"] for e in a.of("error")]
    assert a_codes[0] == "unknown-emote" and set(a_codes[1:]) == {"too-many-emotes"}
    # Meanwhile seat B plays: its stream (and everyone's) runs on without a gap.
    seq = b.mirror.seq
    b.conn.send({"type": "action", "action": b.mirror.legal[0]})
    wait_for(peers, lambda: all(p.mirror.seq > seq for p in peers), "B's action everywhere")
    time.sleep(0.1)
    for p in peers:
        p.pump()
        assert p.mirror.gaps == 0
        assert EMOTE_BURST <= len(p.of("emote")) <= EMOTE_BURST + 1
        assert all(m == {"type": "emote", "seat": 0, "emote": 3} for m in p.of("emote"))
    assert b.of("error") == [] and a.conn.connected
    assert [s for s, _ in host.table.actions if s != 2] == [1]  # B's only; the bot plays on


def test_the_game_over_the_real_host_refuses_emotes(hosts):
    host, target = hosts("the-game", ["open", "bot"])
    a = Peer(hosts.join(target, player="A"))
    wait_for([a], lambda: a.mirror.view and a.mirror.started, "seated")
    a.conn.send({"type": "emote", "emote": 0})
    wait_for([a], lambda: a.of("error"), "the refusal")
    assert [e["code"] for e in a.of("error")] == ["no-emotes"] and a.of("emote") == []
    assert "the-game" in NO_EMOTES
