"""Statistics per local profile (the player name in Settings), kept as JSON in the
user's data folder (``net.log.data_dir()``: ``$TAPETE_DATA_DIR`` or platformdirs).

Per profile: games played and won per game id, the best result in The Game (fewest
cards left), Take 5 bullhead points (total and games, for the average), Guandan matches
won. Updated when a local game ends (``client/scenes/results.py``); a game is counted
once even if its results are shown again (keyed by its log path, or game and seed).
"""

from __future__ import annotations

import json
from pathlib import Path

from client.i18n import _

#: How many recently counted games are remembered to avoid counting one twice.
RECENT = 500


def stats_path() -> Path:
    """``data_dir()/stats.json``."""
    from net.log import data_dir

    return data_dir() / "stats.json"


def load_stats(path: Path | None = None) -> dict:
    """``{"profiles": {name: profile}, "recent": [keys]}``; a missing or unreadable file
    gives empty statistics."""
    path = path or stats_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("profiles"), dict):
        data = {"profiles": {}, "recent": []}
    if not isinstance(data.get("recent"), list):
        data["recent"] = []
    return data


def save_stats(data: dict, path: Path | None = None) -> Path:
    """Write ``data`` atomically (temp file, then rename), mode 0600 in the private data
    folder (:func:`net.log.write_private`). Raises ``OSError``."""
    from net.log import write_private

    return write_private(path or stats_path(), json.dumps(data, indent=1, ensure_ascii=False))


def empty_profile() -> dict:
    return {
        "games": {},
        "the_game_best": None,
        "take5_points": 0,
        "take5_games": 0,
        "guandan_matches_won": 0,
    }


def update_profile(profile: dict, game_id: str, seat: int, view: dict) -> dict:
    """``profile`` after one finished game played at ``seat`` whose final view (any
    perspective: only public fields are read) is ``view``."""
    winners = set(view.get("winners") or [])
    won = seat in winners
    games = profile.setdefault("games", {})
    g = games.setdefault(game_id, {"played": 0, "won": 0})
    g["played"] += 1
    g["won"] += int(won)
    if game_id == "the-game":
        left = view.get("cards_left")
        if isinstance(left, int):
            best = profile.get("the_game_best")
            profile["the_game_best"] = left if best is None else min(best, left)
    elif game_id == "take5":
        totals = view.get("totals") or []
        if seat < len(totals):
            profile["take5_points"] = profile.get("take5_points", 0) + totals[seat]
            profile["take5_games"] = profile.get("take5_games", 0) + 1
    elif game_id == "guandan" and won:
        profile["guandan_matches_won"] = profile.get("guandan_matches_won", 0) + 1
    return profile


def record_result(
    profile: str, game_id: str, seat: int, view: dict, key: str, path: Path | None = None
) -> dict | None:
    """Count a finished local game for ``profile`` (played at ``seat``) unless ``key``
    was counted already; returns the updated statistics, None if not counted (already
    counted, not over, or the folder is not writable)."""
    if not view.get("over"):
        return None
    data = load_stats(path)
    if key in data["recent"]:
        return None
    prof = data["profiles"].setdefault(profile, empty_profile())
    update_profile(prof, game_id, seat, view)
    data["recent"] = (data["recent"] + [key])[-RECENT:]
    try:
        save_stats(data, path)
    except OSError:
        return None
    return data


def record_session(app, session, view: dict) -> None:
    """The results hook: count a finished game played on this screen (not a seat at
    somebody else's table, not a bots-only table)."""
    if session.remote or not session.local_seats:
        return
    key = session.log_path or f"{session.game_id}:{session.seed}:{session.seats}"
    record_result(app.settings.name, session.game_id, session.local_seats[0], view, key)


def game_title(game_id: str) -> str:
    """The game's name from the engine registry (the id if unknown)."""
    import engine

    try:
        return engine.get_game(game_id).name
    except KeyError:
        return game_id


def summary_rows(profile: dict) -> list[tuple[str, str]]:
    """``[(label, value)]`` lines for the statistics screen."""
    rows = []
    for gid, g in sorted(profile.get("games", {}).items()):
        rows.append((game_title(gid), _("{won} won of {played}").format(**g)))
    if profile.get("the_game_best") is not None:
        rows.append(
            (_("The Game: best result"), _("{n} cards left").format(n=profile["the_game_best"]))
        )
    if profile.get("take5_games"):
        avg = profile["take5_points"] / profile["take5_games"]
        rows.append((_("Take 5: average bullheads"), f"{avg:.1f}"))
    if profile.get("games", {}).get("guandan"):
        rows.append((_("Guandan: matches won"), str(profile.get("guandan_matches_won", 0))))
    return rows
