"""The window's host in a child process: local tables are served from another process
over loopback TCP, the child ends with the window (also a killed one), and a crash of
the child is shown, with the game continued from its log."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame

from client.launch import start_table
from tests.client.conftest import run_until

ROOT = Path(__file__).resolve().parents[2]


def gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (reaped, or a zombie nobody waits for)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as f:
            return [int(p) for p in f.read().split()]
    except FileNotFoundError:
        return []


def test_a_local_table_is_hosted_by_a_child_process_over_loopback(app):
    from client.hostproc import HostProcess
    from net.client import TcpConnection

    table = start_table(app, "take5", ["human", "bot:easy", "bot:easy"], seed=3)
    session = table.session
    assert isinstance(session.host, HostProcess) and session.host.pid != os.getpid()
    assert run_until(app, lambda: table.board is not None, 10)
    conn = session.mirrors[0].conn
    assert isinstance(conn, TcpConnection) and conn.host == "127.0.0.1"
    # No host and no bot runs in the window's process: only connection threads.
    names = {t.name for t in threading.enumerate()}
    assert "tapete-host" not in names and any(n.startswith("tapete-client") for n in names)
    # The bots waited for the window: it saw the deal, before any card was chosen.
    assert session.mirrors[0].seq == 0
    pid = session.host.pid
    session.close()
    assert gone(pid)


def test_a_spare_host_process_is_used_by_the_next_table(app):
    from client import hostproc

    hostproc.warm()
    spare = hostproc._spare
    table = start_table(app, "take5", ["human", "bot:easy"], seed=1)
    assert table.session.host is spare and hostproc._spare is None
    table.session.close()
    hostproc.warm()
    assert hostproc._spare is not None and hostproc._spare.alive
    hostproc.drop_spare()
    assert hostproc._spare is None


def test_a_crash_of_the_host_is_shown_and_the_game_continues_from_its_log(app):
    from client.scenes.hostlost import HostLostScene
    from net.log import read_log

    table = start_table(app, "take5", ["human", "bot:easy", "bot:easy"], seed=11)
    session = table.session
    assert run_until(app, lambda: table.my_decision() == "choose" and table.timeline.idle)
    card = table.board["hand"][0]
    table.selected = card
    table.play()
    assert run_until(app, lambda: card not in session.mirrors[0].view["hand"], 20)
    assert run_until(app, lambda: table.my_decision() is not None and table.timeline.idle)
    before, seq = session.mirrors[0].view, session.mirrors[0].seq
    os.kill(session.host.pid, signal.SIGKILL)
    assert run_until(app, lambda: isinstance(app.scene, HostLostScene), 10)
    lost = app.scene
    assert lost.reason == "killed by signal 9" and lost.log_path == session.log_path
    assert len(read_log(lost.log_path)["actions"]) == seq >= 3  # every action is logged
    app.frame(1 / 30, [])
    shot = app.screen.copy()
    assert shot.get_at((app.size[0] // 2, app.size[1] // 2 - 120))[:3] != (0, 0, 0)
    app.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)])
    resumed = app.scene
    assert resumed is not lost and resumed.session.log_path == session.log_path
    assert run_until(app, lambda: resumed.session.mirrors[0].view is not None, 10)
    assert resumed.session.mirrors[0].view == before


def test_the_host_process_ends_when_the_window_is_killed(tmp_path):
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        TAPETE_CONFIG_DIR=str(tmp_path / "cfg"),
        TAPETE_DATA_DIR=str(tmp_path / "data"),
        PYTHONPATH=str(ROOT),
    )
    window = subprocess.Popen(
        [sys.executable, "-m", "client", "play", "take5", "--seats", "human,bot"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        end = time.monotonic() + 60
        hosts: list[int] = []
        while not hosts and time.monotonic() < end:
            time.sleep(0.1)
            hosts = children(window.pid)
        assert hosts, "the window started no host process"
        logs = tmp_path / "data" / "logs"
        while not list(logs.glob("*.jsonl")) and time.monotonic() < end:
            time.sleep(0.1)
        assert list(logs.glob("*.jsonl")), "the local table is logged"
        window.send_signal(signal.SIGKILL)
        window.wait(10)
        end = time.monotonic() + 15
        while not all(gone(p) for p in hosts) and time.monotonic() < end:
            time.sleep(0.05)
        assert all(gone(p) for p in hosts), "the host process outlived its window"
    finally:
        if window.poll() is None:
            window.kill()
            window.wait()
