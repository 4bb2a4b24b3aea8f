"""The settings file is never lost (issue 32): a newer version's keys are kept on save,
and a garbled file is kept as ``settings.json.bad`` with a message."""

from __future__ import annotations

import json

from client.settings import Settings


def test_a_newer_versions_keys_are_saved_back(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps({"name": "Ana", "volume": 0.4, "theme": "night", "seat_colours": [1, 2]}),
        encoding="utf-8",
    )
    s = Settings.load(path)
    assert (s.name, s.volume, s.problem) == ("Ana", 0.4, "")
    s.mute = True
    s.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["theme"], data["seat_colours"], data["name"], data["mute"]) == (
        "night",
        [1, 2],
        "Ana",
        True,
    )
    assert "unknown" not in data and "problem" not in data


def test_a_garbled_file_is_kept_aside_and_said(tmp_path, capsys):
    path = tmp_path / "settings.json"
    path.write_bytes(b'{"name": "Ana", "volume": 0.')
    s = Settings.load(path)
    bad = tmp_path / "settings.json.bad"
    assert s == Settings() and not path.exists()
    assert bad.read_bytes() == b'{"name": "Ana", "volume": 0.'
    assert s.problem == (
        f"the settings file {path} is not readable as settings (JSONDecodeError): it was "
        f"kept as {bad}; the defaults are used"
    )
    assert capsys.readouterr().err == f"tapete: {s.problem}\n"
    path.write_text("[1, 2]", encoding="utf-8")
    assert Settings.load(path).problem.startswith(f"the settings file {path} is not a JSON object")
    assert bad.read_text(encoding="utf-8") == "[1, 2]"
