"""No traceback reaches a user of the ``tapete`` command (issue 32): not on Ctrl-C, not
for a port out of range, not on a console that is not UTF-8."""

from __future__ import annotations

import io
import os
import pathlib
import subprocess
import sys

import pytest

from client import headless
from client.cli import main

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("port", ["70000", "-1", "http"])
def test_a_port_out_of_range_is_bad_usage(port, capsys):
    code = main(["host", "take5", "--seats", "open,bot", "--port", port, "--no-advertise"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err
    assert err.splitlines()[-1] == (
        f"tapete host: error: argument --port: expected a port from 1 to 65535 (0: any "
        f"free one), not '{port}'"
    )


@pytest.mark.parametrize("command", ["replay", "resume"])
def test_ctrl_c_in_a_replay_or_a_headless_resume_ends_quietly(command, monkeypatch, tmp_path):
    def interrupted(*args, **kw):
        raise KeyboardInterrupt

    monkeypatch.setattr(headless, command, interrupted)
    err = io.StringIO()
    flag = "--json" if command == "replay" else "--headless"
    assert main([command, str(tmp_path / "t.jsonl"), flag], out=io.StringIO(), err=err) == 130
    assert err.getvalue() == "tapete: stopped (Ctrl-C)\n"


def ascii_console(*args: str, timeout: float = 60.0) -> subprocess.CompletedProcess:
    """``python -m client ARGS`` on a console that speaks ASCII only (``LANG=C`` on a
    system without a UTF-8 locale: Python's UTF-8 mode and locale coercion off)."""
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "LANG": "C",
        "LC_ALL": "C",
        "PYTHONUTF8": "0",
        "PYTHONCOERCECLOCALE": "0",
        "TAPETE_DATA_DIR": os.environ.get("TAPETE_DATA_DIR", "/tmp"),
    }
    env.pop("PYTHONIOENCODING", None)
    return subprocess.run(
        [sys.executable, "-m", "client", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=timeout,
    )


def test_help_and_a_host_speak_plainly_on_an_ascii_console(tmp_path):
    run = ascii_console("--help")
    assert run.returncode == 0 and run.stderr == b""
    assert b"bot:easy, bot:normal, bot:hard" in run.stdout
    run = ascii_console(
        "host", "take5", "--seats", "bot,bot", "--loopback", "--no-advertise", "--no-web",
        "--port", "0", "--bot-delay", "0", "--seed", "1", "--log", str(tmp_path / "t.jsonl"),
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert b"Traceback" not in run.stderr
    assert run.stdout.splitlines()[0] == b'Hosting Take 5: "Take 5 table", seats bot, bot'
    assert all(b < 128 for b in run.stdout + run.stderr)
