"""Smoke tests of ``tools/tournament.py`` and ``tools/bench.py``, run in-process on a
tiny number of games: the printed figures have the right shape (never their values
in time: tests do not assert on speed)."""

from __future__ import annotations

import re

import pytest

from engine import available_games
from tools import bench, tournament

NUMBER = r"[\d,]+(?:\.\d+)?"


def rows_of(out: str, levels: list[str]) -> dict[str, list[str]]:
    """The table rows of a tournament report, by level: the fields after the name."""
    rows = {}
    for line in out.splitlines():
        parts = line.split()
        if parts and parts[0] in levels:
            rows[parts[0]] = parts[1:]
    return rows


def test_tournament_prints_a_row_per_level(capsys):
    code = tournament.main(
        [
            "take5",
            "--games",
            "4",
            "--seats",
            "normal,easy,easy",
            "--seed",
            "3",
            "--no-progress",
            "--options",
            '{"rounds": 1}',
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert out.startswith("take5: 4 games in ")
    assert "pools 3 seats ×4" in out and '"rounds": 1' in out
    assert re.search(r"level +seats +win rate +mean bullheads +decision ms median +p99", out)
    rows = rows_of(out, ["normal", "easy"])
    assert set(rows) == {"normal", "easy"}
    assert rows["normal"][0] == "4" and rows["easy"][0] == "8"  # seats played
    for fields in rows.values():
        seats, win, margin, mean, med, p99 = fields[0], fields[1], fields[2], *fields[3:]
        assert re.fullmatch(r"\d+\.\d%", win) and re.fullmatch(r"±\d+\.\d", margin)
        assert all(re.fullmatch(NUMBER, x) for x in (seats, mean, med, p99))


def test_tournament_rotates_seats_and_counts_shared_wins():
    t = tournament.run(
        "take5", 6, ["normal", "easy", "easy"], seed=1, options={"rounds": 1}, progress=False
    )
    assert t.pools == {3: 6} and t.unfinished == 0
    assert t.stats["normal"].seats == 6 and t.stats["easy"].seats == 12
    # Every game has at least one winner; shared wins count for each winner.
    assert t.stats["normal"].wins + t.stats["easy"].wins >= 6
    assert all(len(st.times) > 0 for st in t.stats.values())


def test_tournament_mixed_pools_of_three_to_six(capsys):
    t = tournament.run(
        "take5",
        12,
        ["hard", "normal", "easy"],
        seed=2,
        mixed=True,
        options={"rounds": 1},
        budget=0.002,
        progress=False,
    )
    assert set(t.pools) <= {3, 4, 5, 6} and sum(t.pools.values()) == 12
    assert sum(st.seats for st in t.stats.values()) == sum(n * c for n, c in t.pools.items())
    out = tournament.report(t, {"rounds": 1}, 0.002)
    assert "budget 0.002 s a decision" in out


def test_tournament_refuses_bad_seats(capsys):
    assert tournament.main(["take5", "--seats", "normal,wizard", "--no-progress"]) == 2
    assert "unknown bot level" in capsys.readouterr().err
    assert (
        tournament.main(["take5", "--players", "3", "--seats", "easy,easy", "--no-progress"]) == 2
    )
    assert tournament.main(["no-such-game", "--no-progress"]) == 2


@pytest.mark.parametrize("game_id", [g for g in available_games() if g != "take5"][:4])
def test_tournament_runs_other_games(game_id):
    from engine import get_game

    game = get_game(game_id)
    n = bench.default_players(game)
    t = tournament.run(
        game_id, 1, ["easy"] * n, options=bench.default_options(game), progress=False
    )
    assert t.stats["easy"].seats + t.unfinished * n == n


def test_bench_prints_every_figure(capsys, monkeypatch):
    monkeypatch.setattr(bench, "frame_bench", lambda seconds: None)
    assert bench.main(["--game", "take5", "--seconds", "0.05", "--budget", "0.002"]) == 0
    out = capsys.readouterr().out
    assert re.search(
        rf"random play: {NUMBER} decisions/s, {NUMBER} games/s, "
        rf"{NUMBER} rounds/s",
        out,
    )
    for level in ("easy", "normal", "hard"):
        assert re.search(
            rf"bot {level}: median {NUMBER} ms, p99 {NUMBER} ms, max {NUMBER} ms "
            rf"over \d+ decisions",
            out,
        ), level
    assert "frame: client.bench not available" in out


def test_bench_reports_the_client_frames(capsys, monkeypatch):
    monkeypatch.setattr(
        bench,
        "frame_bench",
        lambda seconds: {"frames": 10, "median_ms": 1.5, "p99_ms": 3.25, "first_frame_ms": 80.0},
    )
    assert bench.main(["--seconds", "0.02", "--levels", "easy"]) == 0
    out = capsys.readouterr().out
    assert "frame: frames 10, median_ms 1.50, p99_ms 3.25, first_frame_ms 80.00" in out


def test_frame_bench_hook_without_a_client_bench(monkeypatch):
    import importlib

    real = importlib.import_module

    def missing(name, *a):
        if name == "client.bench":
            raise ModuleNotFoundError("No module named 'client.bench'", name="client.bench")
        return real(name, *a)

    monkeypatch.setattr(bench.importlib, "import_module", missing)
    assert bench.frame_bench(0.01) is None


def test_random_play_counts_rounds_for_take5_only_where_states_have_rounds():
    rp = bench.random_play("take5", 0.01, 4, {})
    assert rp["games"] >= 1 and rp["rounds"] >= rp["games"] and rp["decisions"] > 0
    assert set(rp) == {
        "decisions",
        "games",
        "rounds",
        "seconds",
        "decisions/s",
        "games/s",
        "rounds/s",
    }
