"""What a logged game was, in a line people can read (the Continue and Replays lists):
who played, how far it went (the round, deal or turn reached), the score and who won.

Read from the log (:func:`net.log.read_log`): names from its seating, the score and the
winners from its ``outcome`` once the game is over, else from the public view of the last
state it reaches (replayed once, :func:`net.log.replay_states`; a few ms, half a second
for a whole Guandan match); a list keeps the summaries it made (``kept``), so each log
is replayed once while it shows.
"""

from __future__ import annotations

from dataclasses import dataclass

from client.i18n import _, ngettext

#: Guandan's levels as its cards read (2–10, J, Q, K, A).
LEVELS = {11: "J", 12: "Q", 13: "K", 14: "A"}


@dataclass(frozen=True)
class Summary:
    """One logged game for people: ``players`` (names, by seat), ``reached`` ("Round 3",
    "Deal 11", "Turn 31"; "" before any), ``score`` ("bullheads: Ana 20, Bo 5"; "" when
    the game keeps none yet) and ``result`` ("Bo won", "a draw", "won together"; "" while
    unfinished)."""

    players: tuple[str, ...]
    reached: str
    score: str
    result: str


def summary(entry: dict, kept: dict | None = None) -> Summary | None:
    """The :class:`Summary` of a :func:`net.log.log_status` entry (None for a log that
    cannot be read or replayed); ``kept`` (a dict) keeps it by file and modification
    time for the next call."""
    if not entry.get("ok"):
        return None
    key = (entry["path"], entry.get("mtime", 0.0))
    if kept is not None and key in kept:
        return kept[key]
    try:
        about = _summarise(entry["path"])
    except Exception:  # noqa: BLE001 - a log that does not replay: the list says less
        about = None
    if kept is not None:
        kept[key] = about
    return about


def names(record: dict) -> list[str]:
    """Display names from the log's seating (the names people had), else seat words."""
    from client.session import default_names, logged_names

    return logged_names(record, default_names(record["seats"], _("Player 1")))


def _summarise(path: str) -> Summary:
    import engine
    from net.log import read_log, replay_states

    record = read_log(path)
    game_id = record["game"]
    who = names(record)
    view = engine.get_game(game_id).view(replay_states(record)[-1], None)
    outcome = record.get("outcome")
    scores = list(outcome.get("scores") or []) if outcome else None
    result = ""
    if outcome is not None:
        result = winners_text(game_id, list(outcome.get("winners") or []), who)
    return Summary(tuple(who), reached(view), score_text(game_id, view, who, scores), result)


def reached(view: dict) -> str:
    """How far a game went, from its public ``view``: its round or deal, else its turn."""
    if isinstance(view.get("round"), int):
        return _("Round {n}").format(n=view["round"])
    if isinstance(view.get("deal"), int):
        return _("Deal {n}").format(n=view["deal"])
    turns = view.get("turns")
    if isinstance(turns, int) and turns > 0:
        return _("Turn {n}").format(n=turns)
    turn = view.get("turn")  # (a count from 0 where the view keeps no "turns")
    if "turns" not in view and isinstance(turn, int) and not isinstance(turn, bool):
        return _("Turn {n}").format(n=turn + 1)
    return ""


def teams_of(view: dict, players: int) -> list[list[int]]:
    """The seats of each side, as the game's public view groups them (every seat its
    own side when it has no teams)."""
    teams = view.get("teams")
    if isinstance(teams, list) and all(isinstance(t, list) for t in teams):
        return teams
    colours = view.get("colours")
    if isinstance(colours, list) and isinstance(teams, int):  # Sequence Numbers
        return [[s for s in range(players) if colours[s] == c] for c in range(teams)]
    return [[s] for s in range(players)]


def _side(who: list[str], seats: list[int]) -> str:
    return " & ".join(who[s] for s in seats if s < len(who))


def score_text(game_id: str, view: dict, who: list[str], scores: list | None = None) -> str:
    """The score in the game's own unit: ``scores`` (the outcome's, one per seat) when the
    game is over, else what the public ``view`` keeps. "" for a game that keeps none."""
    n = len(who)
    if game_id == "the-game":
        left = scores[0] if scores else view.get("cards_left")
        if not isinstance(left, int):
            return ""
        return ngettext("{n} card left", "{n} cards left", left).format(n=left)
    if game_id == "take5":
        totals = scores or view.get("totals") or []
        parts = [f"{who[s]} {t}" for s, t in enumerate(totals) if s < n]
        return _("bullheads: {scores}").format(scores=", ".join(parts)) if parts else ""
    if game_id == "guandan":
        levels = view.get("levels") or []
        sides = [[0, 2], [1, 3]]
        parts = [
            f"{_side(who, side)} {LEVELS.get(lv, lv)}"
            for side, lv in zip(sides, levels, strict=False)
        ]
        return _("levels: {scores}").format(scores=", ".join(parts)) if parts else ""
    if game_id == "sequence-numbers":
        sides = teams_of(view, n)
        seqs = view.get("sequences") or []
        parts = [
            f"{_side(who, side)} {len(seqs[c])}" for c, side in enumerate(sides) if c < len(seqs)
        ]
        return _("sequences: {scores}").format(scores=", ".join(parts)) if parts else ""
    if game_id == "teamplay":
        sides = teams_of(view, n)
        points = view.get("points") or []
        parts = [f"{_side(who, side)} {p}" for side, p in zip(sides, points, strict=False)]
        return _("points: {scores}").format(scores=", ".join(parts)) if parts else ""
    return ""


def winners_text(game_id: str, winners: list[int], who: list[str]) -> str:
    """Who won a finished game, in words."""
    if game_id == "the-game":
        return _("won together") if winners else _("lost together")
    if not winners:
        return _("a draw")
    return ngettext("{names} won", "{names} won", len(winners)).format(names=_side(who, winners))
