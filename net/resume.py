"""A table rebuilt from its log (see :mod:`net.log`): resumed with its seats and bots
where they were (:func:`resume_table`), replayed for an outcome or a digest
(:func:`replay_table`), or every state of the game for a viewer (:func:`replay_states`).

Resuming replays the actions and lets each easy/normal bot see every view it saw
before, so its own generator is where it was: with the same seed a resumed bots-only
game ends exactly as the uninterrupted one."""

from __future__ import annotations

from typing import Any

from net.logread import LogError

#: Bot levels whose choices depend only on the views they were shown (and their seed);
#: ``hard`` may use a time budget, so it is not warmed up on resume.
REPLAYABLE_LEVELS = ("easy", "normal")


def _apply_logged(game, state, rec: dict, i: int, seat: int, action: dict, check=True):
    """Apply logged action ``i`` as the host did: it must be one of the seat's legal
    actions (no field the rules do not know), then the engine applies it. Raises
    :class:`LogError` naming the action's line."""
    lines = rec.get("action_lines") or []
    line = lines[i] if i < len(lines) else 0
    path = rec.get("path") or "the log"
    try:
        if check and action not in game.legal_actions(state, seat):
            raise LogError(path, line, f"seat {seat} could not play {action!r:.80} there")
        return game.apply(state, seat, action)
    except LogError:
        raise
    except Exception as exc:  # noqa: BLE001 - RuleError, or an engine choking on junk
        raise LogError(path, line, f"does not replay: {getattr(exc, 'message', exc)}") from None


def _setup_error(rec: dict, exc: Exception) -> LogError:
    return LogError(
        rec.get("path") or "the log",
        1,
        f"the engine refuses its set-up: {getattr(exc, 'message', None) or exc}",
    )


def restore_seating(table, rec: dict) -> None:
    """Give a table rebuilt from ``rec`` the seats the log last recorded: bots stay
    bots (also stand-ins the host put in open seats at the start), a remote player's
    seat keeps its token and name and is *away* (a bot plays it after the takeover
    delay until the player returns with the token). Before the start nothing changes:
    lobby seats are open again."""
    seating = rec.get("seating")
    if not rec.get("started"):
        return
    if seating and len(seating) == len(table._seats):
        now = table.clock()
        for s, logged in zip(table._seats, seating, strict=True):
            kind = logged.get("kind")
            if kind == "bot":
                s.kind, s.level = "bot", logged.get("level") or "normal"
                s.name = logged.get("name") or s.name
            elif kind == "remote" or (kind == "open" and s.kind == "open"):
                s.kind, s.name = "remote", logged.get("name") or ""
                s.token = logged.get("token") if kind == "remote" else None
                s.away_since = now
            elif kind == "phone" and s.kind == "phone":
                # A couch phone seat keeps its token: the same link takes it back.
                s.name, s.token = logged.get("name") or s.name, logged.get("token") or s.token
                s.away_since = now
            elif kind == "human":
                s.kind, s.name = "human", logged.get("name") or s.name
    else:
        # An old log without seating: open seats were taken by somebody; bots play them.
        for s in table._seats:
            if s.kind == "open":
                s.kind, s.level, s.name = "bot", "normal", f"Bot {s.index + 1}"
    if not table.started:
        table._begin()


def resume_table(rec: dict, **kw: Any):
    """The :class:`net.host.Table` a log record describes, its seats restored and its
    actions applied, each easy/normal bot shown every view it was shown before (so its
    generator continues where it stopped). ``kw`` as for ``Table`` (name, delays,
    clock). Raises :class:`LogError` if the record does not set up or replay (an
    action that is not legal where it stands, the engine refusing the options …)."""
    from net.host import RECORD_KEYS, Table

    for k in RECORD_KEYS:  # the same bots, identity and chosen seed as before the crash
        if rec.get(k) is not None:
            kw.setdefault(k, rec[k])
    try:
        table = Table(rec["game"], rec["seats"], rec["seed"], rec.get("options"), **kw)
        restore_seating(table, rec)
    except Exception as exc:  # noqa: BLE001 - a log's fields are not trusted
        raise _setup_error(rec, exc) from None
    game = table.game
    for i, (seat, action) in enumerate(rec.get("actions", [])):
        s = table._seats[seat] if 0 <= seat < len(table._seats) else None
        if s is not None and s.kind == "bot" and s.level in REPLAYABLE_LEVELS:
            try:
                legal = game.legal_actions(table.state, seat)
                table._bot(seat).choose(game.view(table.state, seat), legal)
            except Exception:
                pass  # the live table fell back to legal[0] here too
        table.state, _ = _apply_logged(game, table.state, rec, i, seat, action)
        table.actions.append([seat, action])
    if table.state is not None:  # dealt (started); a lobby has no deal yet
        now = table.clock()
        table._awaited_since = {s: now for s in game.awaiting(table.state)}
    return table


def replay_table(rec: dict, **kw: Any):
    """The :class:`net.host.Table` of a log record with its actions applied (no seats
    restored, no bots warmed up: for an outcome or a digest). ``kw`` as for ``Table``.
    Raises :class:`LogError` for a record that does not set up or replay."""
    from net.host import RECORD_KEYS, Table

    for k in RECORD_KEYS:
        if rec.get(k) is not None:
            kw.setdefault(k, rec[k])
    try:
        table = Table(rec["game"], rec["seats"], rec["seed"], rec.get("options"), **kw)
        table.deal()  # a lobby's seats may still be open: deal from the seed all the same
    except Exception as exc:  # noqa: BLE001 - a log's fields are not trusted
        raise _setup_error(rec, exc) from None
    for i, (seat, action) in enumerate(rec.get("actions", [])):
        table.state, _ = _apply_logged(table.game, table.state, rec, i, seat, action)
        table.actions.append([seat, action])
    return table


def replay_states(rec: dict, check: bool = True) -> list:
    """Every engine state of a logged game: the dealt state, then one after each action
    (``len(actions) + 1`` states). Raises :class:`LogError` for a log that does not
    set up or replay. ``check=False`` leaves out the test that each action is exactly
    one of the listed legal ones (the engine still refuses illegal ones): a long
    Guandan match replays about 6× faster, for a viewer that only shows it."""
    import engine

    try:
        game = engine.get_game(rec["game"])
        state = game.setup(len(rec["seats"]), rec["seed"], rec.get("options") or {})
    except Exception as exc:  # noqa: BLE001 - a log's fields are not trusted
        raise _setup_error(rec, exc) from None
    states = [state]
    for i, (seat, action) in enumerate(rec.get("actions", [])):
        state, _ = _apply_logged(game, state, rec, i, seat, action, check)
        states.append(state)
    return states
