"""tools/guandan_screen.py (issue 17): the record of a decision point and the rules
judged from it."""

from __future__ import annotations

import json

from tools import guandan_screen as gs


def test_collect_records_every_candidates_truth_and_paired_sample_values(tmp_path, capsys):
    out = tmp_path / "s.jsonl"
    argv = ["collect", "--seeds", "7:8", "--every", "12", "--samples", "3", "--out", str(out)]
    assert gs.main(argv) == 0
    recs = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(recs) == 6 and [r["i"] for r in recs] == list(range(6))
    for r in recs:
        k = len(r["kinds"])
        assert k >= 2 and len(r["truth"]) == len(r["score"]) == k
        assert len(r["counts"]) == 4 and sum(r["counts"]) - r["hand"] == r["unseen"]
        for won, levels in r["truth"]:
            assert won in (0, 1) and (levels > 0) == bool(won) and 1 <= abs(levels) <= 3
        for sig in ("end", "win", "p4", "p8", "p16"):
            assert len(r[sig]) == 3 and all(len(row) == k for row in r[sig])
        # a deal won is worth a positive end reward, a deal lost a negative one
        for e_row, w_row in zip(r["end"], r["win"], strict=True):
            assert all((e > 0) == bool(w) for e, w in zip(e_row, w_row, strict=True))
    assert gs.main(["judge", str(out), "--top", "400"]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"6 points from {out}\n")
    assert "\ndefault end n32 z1.5" not in text  # 3 samples: no 32-sample rule is judged


def test_the_default_rule_keeps_normal_unless_pruned():
    same = [[0.0, 1.0] * 8, [0.0, 1.0] * 8]
    assert gs.default_rule(same) == 0
    better = [[0.0] * 16, [1.0, 0.9] * 8]  # clearly better on every paired sample
    assert gs.default_rule(better) == 1
    assert gs.z_rule(better, 1.5) == 1 and gs.sign_rule(better, 0.9) == 1
    worse = [[1.0] * 16, [0.0] * 16]
    assert gs.default_rule(worse) == gs.z_rule(worse, 1.0) == gs.sign_rule(worse, 0.0) == 0
