"""client.anim: the zone names events carry, the stage an animation draws on (a view
is never changed), and the timeline's order."""

from __future__ import annotations

import copy

from client.anim import Beat, Stage, Timeline, Zone, zone


def test_zone_names_read_into_kind_key_and_rest():
    assert zone("hand/2") == Zone("hand", 2) and zone("hand/2").seat == 2
    assert zone("row/0").of("row") and zone("row/0").key == 0
    assert zone("pile/asc1") == Zone("pile", "asc1") and zone("pile/asc1").seat is None
    assert zone("missions/general").key == "general"
    assert zone("board/4/7") == Zone("board", 4, (7,))
    assert zone("deck") == Zone("deck") and zone("deck").key is None


def test_the_stage_shows_changes_without_touching_the_view():
    view = {"rows": [[3], [50]], "hand": [7, 9], "turn": 1}
    kept = copy.deepcopy(view)
    stage = Stage(view)
    stage.own("rows")[0].append(4)  # a card lands on row 0
    stage["hand"] = [9]  # the 7 left the hand
    stage["note"] = "new key"
    assert stage["rows"] == [[3, 4], [50]] and stage["hand"] == [9] and stage["turn"] == 1
    assert stage.own("rows") is stage["rows"]  # one copy per key, made once
    assert view == kept  # the mirror's view is as it arrived
    assert set(stage) == {"rows", "hand", "turn", "note"} and len(stage) == 4
    assert stage.get("missing", "x") == "x" and "note" in stage
    assert Stage(view) == view  # reads as the view it shows


def test_the_timeline_plays_beats_in_order_and_skip_finishes_them():
    done: list[str] = []
    line = Timeline(speed=2.0)
    line.add(Beat(1.0, finish=lambda: done.append("a")))
    line.add(Beat(0.0, finish=lambda: done.append("b")))
    line.update(0.25)  # half a second at speed 2
    assert done == [] and not line.idle
    line.update(0.25)
    assert done == ["a", "b"] and line.idle
    line.add(Beat(5.0, finish=lambda: done.append("c")))
    line.skip()
    assert done == ["a", "b", "c"]
