"""Client fixtures: an App on SDL's dummy driver with settings in a temp folder."""

import pytest


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TAPETE_CONFIG_DIR", str(tmp_path / "config"))
    from client.app import App
    from client.settings import Settings

    from client.howto import GAMES

    # Tests drive tables with keys and clicks: the first-time How to play (which opens
    # over a game's first table, tests/client/test_firstrun.py) counts as already seen.
    a = App(Settings(name="Ana", howto_seen=list(GAMES)), size=(1280, 720))
    yield a
    scene = a.scene
    session = getattr(scene, "session", None)
    if session is not None:
        session.close()
    import pygame

    pygame.quit()


def run_until(app, test, limit=60.0, dt=1 / 30, wall=30.0):
    """Advance the app frame by frame until ``test()``: at most ``limit`` simulated
    seconds, but never give up before ``wall`` real seconds have passed, since the host
    thread (bot delays, a loaded machine) runs on the real clock."""
    import time

    t = 0.0
    deadline = time.monotonic() + wall
    while t < limit or time.monotonic() < deadline:
        app.frame(dt, [])
        if test():
            return True
        t += dt
        time.sleep(0.001)
    return False


def pause_bots(app, table, seconds: float) -> None:
    """Give ``table``'s bots a pause of ``seconds`` and wait until its host confirms it
    uses it (:attr:`client.session.TableSession.bot_delay`): the seats' actions travel
    over TCP and the pause over the control channel, so an action sent at once could
    still meet the old pause (a test failed so under load)."""
    table.session.set_bot_delay(seconds)
    assert run_until(app, lambda: table.session.bot_delay == seconds, 60)


def settled(table, decision: str | None = None):
    """A test for :func:`run_until`: the table's seat 0 may decide (``decision``: that
    decision, e.g. "choose") and nothing else will happen before it does — only seat 0
    is awaited, everything the host sent is shown, and the host's ``seats`` message has
    named the seats. (Take 5 bots choose while the player may already decide: a choice
    or a renaming arriving mid-test failed tests under load.)"""
    seat = table.seat

    def test() -> bool:
        may = table.my_decision() == decision if decision else table.deciding()
        return (
            may
            and table.timeline.idle
            and seat.view.get("awaiting") == [0]
            and not seat.mirror.backlog
            and table.session.mirrors[0].seats is not None
        )

    return test
