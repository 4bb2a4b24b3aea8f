"""Screenshots you can rely on (issue 33): every wait of tools/screenshots.py lasts
until what the shot shows is there — on simulated time *and* as many real seconds, since
the host process and its bots run on the real clock — and a wait that gives up stops the
run with a message naming it, instead of shooting whatever the table shows then."""

from __future__ import annotations

import io
import time
from contextlib import redirect_stderr

import pytest

from client.shots import ShotWaitError, until, wait


class Clockwork:
    """An app whose frames only count (``frames``) and the simulated time they add."""

    def __init__(self) -> None:
        self.frames = 0
        self.simulated = 0.0

    def frame(self, dt: float, events) -> None:
        self.frames += 1
        self.simulated += dt


def test_a_wait_keeps_going_on_the_real_clock_past_its_simulated_limit():
    """A host that answers after 0.3 real seconds is waited for, though 0.1 simulated
    seconds (3 frames) pass far sooner on an idle machine."""
    app = Clockwork()
    ready_at = time.monotonic() + 0.3
    assert until(app, lambda: time.monotonic() >= ready_at, limit=0.1, wall=5.0)
    assert app.frames > 3


def test_a_wait_gives_up_only_when_both_clocks_ran_out():
    app = Clockwork()
    start = time.monotonic()
    assert not until(app, lambda: False, limit=0.5, wall=0.2)
    assert app.simulated >= 0.5 - 1e-9  # every simulated second of the limit
    assert time.monotonic() - start >= 0.2  # and the real ones


def test_a_shot_that_waits_in_vain_names_its_wait():
    app = Clockwork()
    with pytest.raises(ShotWaitError) as info:
        wait(app, lambda: False, "the Take 5 table's first choice", limit=0.1, wall=0.05)
    assert str(info.value) == (
        "gave up waiting for the Take 5 table's first choice after 0.05 s "
        "(and 0.1 simulated seconds)"
    )
    assert info.value.what == "the Take 5 table's first choice"
    assert str(ShotWaitError("a completed sequence")) == "gave up waiting for a completed sequence"


def test_the_tool_stops_with_the_message_and_exit_1(monkeypatch, tmp_path):
    from tools import screenshots

    def shoot(args):
        raise ShotWaitError("the Sequence Numbers table's first turn", 120, 120)

    monkeypatch.setattr(screenshots, "shoot", shoot)
    err = io.StringIO()
    with redirect_stderr(err):
        assert screenshots.main(["--out", str(tmp_path / "shots")]) == 1
    assert err.getvalue() == (
        "tools/screenshots.py: gave up waiting for the Sequence Numbers table's first turn "
        "after 120 s (and 120 simulated seconds)\n"
    )
