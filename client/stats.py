"""Statistics per local profile (the player name in Settings), kept as JSON in the
user's data folder (``net.log.data_dir()``: ``$TAPETE_DATA_DIR`` or platformdirs).

Per profile: games played and won per game id, and per game by the bots' level at the
table (``levels``: the strongest bot there, or ``people`` at a table without bots); the
best result in The Game (fewest cards left), Take 5 bullhead points (total and games,
for the average), Guandan matches won; and the recent games (``recent``: the newest
:data:`KEPT` finished games, each ``{game, when, level, won, score, players}``, newest
last; ``score`` in the game's own unit for the player's seat or side). Updated when a
local game ends (``client/scenes/results.py``); a game is counted once even if its
results are shown again (keyed by its log path, or game and seed).
"""

from __future__ import annotations

import json
from pathlib import Path

from client.i18n import _, ngettext

#: How many recently counted games are remembered to avoid counting one twice.
RECENT = 500
#: How many finished games a profile keeps to show (the statistics' recent games).
KEPT = 30
#: Bot levels, weakest first; a table's level is its strongest bot's.
LEVELS = ("easy", "normal", "hard")


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


def table_level(seats: list[str] | None) -> str:
    """The bots' level at a table of ``seats`` (seat words): its strongest bot's
    (``bot`` is ``normal``), or ``people`` when no bot sits there."""
    found = [
        (w.split(":", 1)[1] if ":" in w else "normal") for w in seats or () if w.startswith("bot")
    ]
    found = [lv for lv in found if lv in LEVELS]
    return max(found, key=LEVELS.index) if found else "people"


def seat_score(game_id: str, seat: int, view: dict) -> int | None:
    """The score of ``seat`` (its side's, in team games) in a final public ``view``, in
    the game's own unit: bullheads (Take 5), cards left (The Game), level (Guandan),
    sequences (Sequence Numbers), points (Teamplay); None if the view has none."""
    value = None
    if game_id == "take5":
        totals = view.get("totals") or []
        value = totals[seat] if seat < len(totals) else None
    elif game_id == "the-game":
        value = view.get("cards_left")
    elif game_id == "guandan":
        levels = view.get("levels") or []
        value = levels[seat % 2] if len(levels) == 2 else None
    elif game_id == "sequence-numbers":
        colours, seqs = view.get("colours") or [], view.get("sequences") or []
        if seat < len(colours) and isinstance(colours[seat], int) and colours[seat] < len(seqs):
            value = len(seqs[colours[seat]])
    elif game_id == "teamplay":
        teams, points = view.get("teams") or [], view.get("points") or []
        side = next((i for i, t in enumerate(teams) if isinstance(t, list) and seat in t), None)
        value = points[side] if side is not None and side < len(points) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def update_profile(
    profile: dict,
    game_id: str,
    seat: int,
    view: dict,
    seats: list[str] | None = None,
    when: float | None = None,
) -> dict:
    """``profile`` after one finished game played at ``seat`` whose final view (any
    perspective: only public fields are read) is ``view``; ``seats`` (the table's seat
    words) give the bots' level, ``when`` (seconds since the epoch) its place among the
    recent games."""
    import time

    winners = set(view.get("winners") or [])
    won = seat in winners
    games = profile.setdefault("games", {})
    g = games.setdefault(game_id, {"played": 0, "won": 0})
    g["played"] += 1
    g["won"] += int(won)
    level = table_level(seats)
    by_level = profile.setdefault("levels", {}).setdefault(game_id, {})
    lv = by_level.setdefault(level, {"played": 0, "won": 0})
    lv["played"] += 1
    lv["won"] += int(won)
    recent = profile.setdefault("recent", [])
    recent.append(
        {
            "game": game_id,
            "when": int(time.time() if when is None else when),
            "level": level,
            "won": won,
            "score": seat_score(game_id, seat, view),
            "players": len(seats) if seats else None,
        }
    )
    del recent[:-KEPT]
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
    profile: str,
    game_id: str,
    seat: int,
    view: dict,
    key: str,
    path: Path | None = None,
    seats: list[str] | None = None,
) -> dict | None:
    """Count a finished local game for ``profile`` (played at ``seat``; ``seats``: the
    table's seat words) unless ``key`` was counted already; returns the updated
    statistics, None if not counted (already counted, not over, or the folder is not
    writable)."""
    if not view.get("over"):
        return None
    data = load_stats(path)
    if key in data["recent"]:
        return None
    prof = data["profiles"].setdefault(profile, empty_profile())
    update_profile(prof, game_id, seat, view, seats)
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
    record_result(
        app.settings.name, session.game_id, session.local_seats[0], view, key, seats=session.seats
    )


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
        won = ngettext("{won} won of {played}", "{won} won of {played}", g["won"])
        rows.append((game_title(gid), won.format(**g)))
    if profile.get("the_game_best") is not None:
        rows.append((_("The Game: best result"), score_words("the-game", profile["the_game_best"])))
    if profile.get("take5_games"):
        avg = profile["take5_points"] / profile["take5_games"]
        rows.append((_("Take 5: average bullheads"), f"{avg:.1f}"))
    if profile.get("games", {}).get("guandan"):
        rows.append((_("Guandan: matches won"), str(profile.get("guandan_matches_won", 0))))
    return rows


def level_name(level: str) -> str:
    """A table's bots' level (:func:`table_level`) for people."""
    return {
        "easy": _("easy bots"),
        "normal": _("normal bots"),
        "hard": _("hard bots"),
        "people": _("no bots"),
    }.get(level, level)


def score_words(game_id: str, score: int | None) -> str:
    """A recent game's score (:func:`seat_score`) in the game's own unit."""
    if score is None:
        return ""
    if game_id == "guandan":
        from client.history import LEVELS as NAMES

        return _("level {n}").format(n=NAMES.get(score, score))
    forms = {
        "take5": ngettext("{n} bullhead", "{n} bullheads", score),
        "the-game": ngettext("{n} card left", "{n} cards left", score),
        "sequence-numbers": ngettext("{n} sequence", "{n} sequences", score),
        "teamplay": ngettext("{n} point", "{n} points", score),
    }
    return forms[game_id].format(n=score) if game_id in forms else str(score)


def level_rows(profile: dict) -> list[tuple[str, list[str]]]:
    """Per game (by its name): won of played against each bots' level, in the order
    of :func:`columns` ("" where none was played)."""
    rows = []
    for gid, g in sorted(profile.get("games", {}).items(), key=lambda kv: game_title(kv[0])):
        by_level = (profile.get("levels") or {}).get(gid, {})
        cells = [_("{won} of {played}").format(**g)]
        for level in (*LEVELS, "people"):
            lv = by_level.get(level)
            cells.append(_("{won} of {played}").format(**lv) if lv else "")
        rows.append((game_title(gid), cells))
    return rows


def columns() -> list[str]:
    """The headings of :func:`level_rows`' cells."""
    return [_("all games"), *(level_name(lv) for lv in (*LEVELS, "people"))]


def recent_rows(profile: dict, n: int = 10) -> list[tuple[str, str, bool]]:
    """The ``n`` newest games: ``(when · game · bots' level, result · score, won)``."""
    import time

    rows = []
    for r in reversed((profile.get("recent") or [])[-n:]):
        if not isinstance(r, dict) or not isinstance(r.get("game"), str):
            continue
        when = time.strftime("%m-%d %H:%M", time.localtime(r.get("when") or 0))
        left = f"{when} · {game_title(r['game'])} · {level_name(str(r.get('level')))}"
        result = _("won") if r.get("won") else _("lost")
        score = score_words(r["game"], r.get("score"))
        rows.append((left, f"{result} · {score}" if score else result, bool(r.get("won"))))
    return rows
