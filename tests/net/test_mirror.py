"""The one view mirror (net/mirror.py): snapshot + deltas, the backlog, the link."""

from __future__ import annotations

import pytest

import engine
from net.host import Table
from net.mirror import Shown, ViewMirror, apply_delta


class Pipe:
    """A connection stand-in: ``poll`` hands out what the test queued."""

    def __init__(self) -> None:
        self.inbox: list[dict] = []
        self.connected = True

    def poll(self) -> list[dict]:
        out, self.inbox = self.inbox, []
        return out


WELCOME = {"type": "welcome", "game": "take5", "seat": 1, "seats": [], "started": True}


def test_apply_delta_sets_and_deletes_without_touching_the_old_view():
    old = {"a": 1, "b": 2}
    assert apply_delta(old, {"set": {"a": 5, "c": 3}, "del": ["b"]}) == {"a": 5, "c": 3}
    assert old == {"a": 1, "b": 2}


def test_deltas_make_new_views_and_queue_steps_in_order():
    pipe = Pipe()
    m = ViewMirror(pipe)
    pipe.inbox = [
        WELCOME,
        {"type": "snapshot", "seq": 4, "view": {"x": 1}, "legal": [{"t": 1}], "started": True},
        {"type": "delta", "seq": 5, "set": {"x": 2}, "del": [], "events": [{"e": 1}]},
        {"type": "delta", "seq": 6, "set": {}, "del": ["x"], "events": [], "yours": True},
    ]
    assert m.pump() == 4
    assert m.seat == 1 and m.game_id == "take5" and m.started and m.seq == 6
    steps = list(m.backlog)
    assert steps == [
        Shown([], {"x": 1}, snapshot=True),
        Shown([{"e": 1}], {"x": 2}),
        Shown([], {}, yours=True),
    ]
    assert steps[-1].view is m.view and m.gaps == 0
    assert m.legal == [{"t": 1}]  # the host's list, kept while no delta changes it


def test_a_missing_delta_is_counted_as_a_gap():
    m = ViewMirror()
    m.feed({"type": "snapshot", "seq": 0, "view": {}, "legal": []})
    m.feed({"type": "delta", "seq": 2, "set": {}, "del": [], "events": []})
    assert m.gaps == 1 and m.seq == 2


def test_the_link_is_down_from_a_disconnect_until_the_next_snapshot():
    pipe = Pipe()
    m = ViewMirror(pipe, welcome=WELCOME)
    m.feed({"type": "snapshot", "seq": 0, "view": {}, "legal": []})
    assert m.connected
    m.feed({"type": "disconnected", "reason": "cable", "reconnecting": True})
    assert not m.connected and m.link["reason"] == "cable"
    m.feed(WELCOME)
    m.feed({"type": "snapshot", "seq": 3, "view": {"y": 1}, "legal": []})
    assert m.connected and m.link is None and m.backlog[-1].snapshot
    pipe.connected = False  # closed for good
    assert not m.connected


def test_errors_seats_and_outcome_are_kept_and_a_backlog_is_optional():
    m = ViewMirror(keep_backlog=False)
    m.feed({"type": "snapshot", "seq": 0, "view": {}, "legal": [], "started": False})
    m.feed({"type": "seats", "seats": [], "started": True})
    m.feed({"type": "error", "code": "not-your-turn", "message": "wait"})
    m.feed({"type": "outcome", "outcome": {"game": "take5", "winners": [0]}})
    assert m.started and m.errors[0]["code"] == "not-your-turn"
    assert m.outcome == {"game": "take5", "winners": [0]} and not m.backlog


@pytest.mark.parametrize("game_id", engine.available_games())
def test_without_a_host_list_the_legal_actions_come_from_the_view(game_id):
    """A host that sends no legal list (protocol 2 without ``legal: true``): the mirror
    computes the seat's list from its view, equal to the host's own list."""
    game = engine.get_game(game_id)
    seats = ["bot"] * max(game.min_players, 2)
    table = Table(game_id, seats, 3, dict(getattr(game, "contract_options", {})))
    seat = min(game.awaiting(table.state))
    m = ViewMirror(welcome={**WELCOME, "game": game_id, "seat": seat})
    m.feed({"type": "snapshot", "seq": 0, "view": table.view(seat), "started": True})
    try:
        expected = game.legal_from_view(table.view(seat))
    except NotImplementedError:
        expected = []  # this game cannot compute it yet: nothing is lit
    assert m.legal == expected
    assert m.legal is m.legal  # computed once per view
    spectator = ViewMirror(welcome={**WELCOME, "game": game_id, "seat": None})
    spectator.feed({"type": "snapshot", "seq": 0, "view": table.view(None), "started": True})
    assert spectator.legal == []
