"""The ``tapete`` commands that open no window (``client/cli.py`` parses their
arguments). This module and what it imports never load pygame.

Each function takes the parsed arguments and the output streams and returns an exit
code: 0 done, 1 failure (network, refused, a log that does not replay), 2 bad usage.
Outcome lines are one JSON object: ``{"game", "seed", "winners", "scores", "rounds",
"actions"}``, plus ``chosen_seed`` and ``seed_secret`` at a served table whose seed a
player chose (:func:`outcome_line`). ``tapete host`` lives in :mod:`client.hostcmd`
and what the commands share in :mod:`client.cmdkit`; both are re-exported here.
"""

from __future__ import annotations

import json
import sys
import time

from client.cmdkit import (  # noqa: F401 - re-exported: tests and callers use them here
    OUTCOME_KEYS,
    _spec,
    describe_outcome,
    outcome_line,
    printer,
    seed_int,
)
from client.hostcmd import _reachable_lines, host  # noqa: F401 - re-exported (cli, tests)
from client.launch import SetupError, TableSpec


# --------------------------------------------------------------------------- play
def play(args, out=None, err=None) -> int:
    """``tapete play GAME --headless [--seats bot,bot] [--seed N] [--options JSON]
    [--json] [--log PATH]``: run a bots-only table to its end and print the outcome
    line (``--log``: keep the table's log there, flushed after every action).

    Exit 0 at the end; 2 for bad usage (a ``human`` or ``open`` seat, an unknown game
    or seat word, bad options); 1 if the log cannot be written."""
    out, err = out or sys.stdout, err or sys.stderr
    say = printer(err)
    spec = _spec(
        args,
        ("bot",),
        "tapete play",
        say,
        "tapete play --headless plays bots only: every seat must be bot or "
        "bot:LEVEL (a human or open seat needs the window or `tapete host`)",
    )
    if spec is None:
        return 2
    table = spec.table()
    log = None
    if args.log:
        from net.log import TableLog

        try:
            log = TableLog.for_table(args.log, table)
        except OSError as exc:
            say(f"tapete play: cannot write the log {args.log}: {exc.strerror or exc}")
            return 1
        except ValueError as exc:  # the file holds something else: never overwritten
            say(f"tapete play: will not write the log {exc}")
            return 1
    try:
        table.run_to_end()
    finally:
        if log is not None:
            log.close()
    outcome = table.outcome()
    print(outcome_line(outcome) if args.json else describe_outcome(outcome), file=out, flush=True)
    return 0


# --------------------------------------------------------------------------- logs
def replay(args, out=None, err=None) -> int:
    """``tapete replay PATH --json``: replay a table's log through the engine and print
    the outcome line (``winners``/``scores``/``rounds`` null when the logged game is not
    over), or a line for people without ``--json``.

    Exit 0 when the log replays, 1 if its actions do not fit the game (a corrupt log),
    2 for a missing or unreadable file."""
    out, err = out or sys.stdout, err or sys.stderr
    say = printer(err)
    try:
        spec = TableSpec.from_log(args.path)
    except SetupError as exc:  # names the file, the line and the reason
        say(f"tapete replay: {exc.message}")
        return 2
    try:
        table = spec.replayed()
    except SetupError as exc:
        say(f"tapete replay: {exc.message}")
        return 1
    outcome = table.outcome()
    if outcome is None:
        outcome = {
            "game": spec.game_id,
            "seed": spec.seed,
            "winners": None,
            "scores": None,
            "rounds": None,
            "actions": len(table.actions),
        }
        text = (
            f"{spec.game_id}: not over after {len(table.actions)} actions "
            f"(continue it with tapete resume {args.path})"
        )
    else:
        text = describe_outcome(outcome)
    print(outcome_line(outcome) if args.json else text, file=out, flush=True)
    return 0


def resume(args, out=None, err=None) -> int:
    """``tapete resume PATH --headless [--json]``: continue a bots-only table from its
    log (after a crash) to the end, logging on into the same file, and print the outcome
    line. With easy/normal bots and the same seed it equals the uninterrupted game's.

    Exit 0 at the end; 2 for an unreadable log or a seat played by a person (resume
    that one in the window: ``tapete resume PATH``); 1 for a log that does not replay."""
    out, err = out or sys.stdout, err or sys.stderr
    say = printer(err)
    try:
        spec = TableSpec.from_log(args.path)
    except SetupError as exc:
        say(f"tapete resume: {exc.message}")
        return 2
    try:
        table = spec.table()
    except SetupError as exc:
        say(f"tapete resume: {exc.message}")
        return 1
    people = [s["seat"] for s in table.seats if s["kind"] != "bot"]
    if people and not table.is_over():
        say(
            f"tapete resume --headless continues bots-only tables; seat(s) "
            f"{', '.join(map(str, people))} belong to people (resume it in the window: "
            f"tapete resume {args.path}, or host it: tapete host --log PATH --resume)"
        )
        return 2
    from net.log import TableLog

    try:
        log = TableLog.for_table(args.path, table)
    except OSError as exc:
        say(f"tapete resume: cannot write {args.path}: {exc.strerror or exc}")
        return 2
    except ValueError as exc:
        say(f"tapete resume: {exc}")
        return 2
    try:
        table.run_to_end()
    finally:
        log.close()
    outcome = table.outcome()
    print(outcome_line(outcome) if args.json else describe_outcome(outcome), file=out, flush=True)
    return 0


# --------------------------------------------------------------------------- tables
def tables(args, out=None, err=None) -> int:
    """``tapete tables [--timeout S] [--json] [--loopback]``: the tables on the LAN.

    With ``--json``: one JSON list of ``{"name", "game", "address", "seats", "open",
    "started", "host", "protocol", "addresses", "table_id"}`` (``addresses``: every
    ``HOST:PORT`` to try, in order). Without: one line per table, or — none found —
    the likely causes and the join-by-address fallback. Exit 0 (also when none)."""
    out, err = out or sys.stdout, err or sys.stderr
    from net.discovery import TableBrowser

    try:
        browser = TableBrowser(loopback=args.loopback, one_shot=True)
    except OSError as exc:
        printer(err)(f"tapete tables: cannot browse the LAN ({exc}); join by address works")
        return 1
    try:
        time.sleep(max(0.0, args.timeout))
        found = browser.poll()
    finally:
        browser.close()
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "name": t.name,
                        "game": t.game,
                        "address": t.address,
                        "seats": t.seats,
                        "open": t.open_seats,
                        "started": t.started,
                        "host": t.host_name,
                        "protocol": t.protocol,
                        "addresses": t.targets,
                        "table_id": t.table_id,
                    }
                    for t in found
                ]
            ),
            file=out,
            flush=True,
        )
        return 0
    if not found:
        print(
            f"No tables found in {args.timeout:g} s. If a table is hosted: the network may "
            "block multicast (mDNS, UDP port 5353: common on guest and office Wi-Fi), a "
            "firewall on either laptop may drop it, or the host is on another subnet. "
            "Join by address instead: tapete join HOST:PORT (the host prints it).",
            file=out,
            flush=True,
        )
        return 0
    for t in found:
        state = "playing" if t.started else f"{t.open_seats} of {t.seats} seats open"
        note = "" if t.compatible else f" (protocol {t.protocol}: another Tapete version)"
        others = "".join(f", {a}" for a in t.targets[1:])
        print(
            f"{t.name} — {t.game} — {state} — {t.address}{others} ({t.host_name}){note}",
            file=out,
            flush=True,
        )
    return 0


# --------------------------------------------------------------------------- join
def join(args, out=None, err=None) -> int:
    """``tapete join HOST:PORT --headless [--bot LEVEL | --watch] [--name NAME]
    [--seat N] [--token T] [--think S] [--timeout S]``: play a seat as a bot from the
    client side (seeing only that seat's view), or watch with ``--watch``; print the
    outcome line and exit 0 at the end.

    The seat token is printed (on stderr) and kept in the user's data folder
    (:mod:`net.tokens`): run the same command again, after a crash or a restart, and it
    takes its seat back by itself; ``--seat N --token T`` takes a seat back by hand.
    A player who ends up watching (no open seat) is told so, with the open seats.

    Exit 1 when the host refuses, cannot be reached, or the link is lost for good;
    2 for bad usage."""
    out, err = out or sys.stdout, err or sys.stderr
    say = printer(err)
    if args.watch and (args.seat is not None or args.token):
        say("tapete join: --watch takes no seat; leave out --seat and --token")
        return 2
    from net.botplayer import play_remote
    from net.client import connect
    from net.tokens import TokenStore

    tokens = TokenStore()
    player = args.name or ("Watcher" if args.watch else f"Bot ({args.bot})")
    try:
        conn = connect(
            args.address,
            player=player,
            seat=args.seat,
            token=args.token,
            spectator=args.watch,
            tokens=tokens,
        )
    except ValueError as exc:
        say(f"tapete join: {exc}")
        return 2
    except ConnectionError as exc:  # JoinRefused, JoinFailed: in words (English here)
        from client.lanwords import error_text

        say(f"tapete join: {error_text(exc)}")
        return 1
    try:
        _tell_seat(conn, tokens, args.watch, say)
        notices = _Notices(conn, say)
        run = play_remote(
            conn,
            None if args.watch else args.bot,
            timeout=args.timeout,
            think=args.think,
            on_message=notices,
        )
    finally:
        conn.close()
    if run.outcome is None:
        if run.lost is not None:  # the link ended for good: in words (English here)
            from client.lanwords import notice_text

            say(f"tapete join: {notice_text(run.lost)}")
        else:
            say(f"tapete join: {run.reason}")
        return 1
    print(outcome_line(run.outcome), file=out, flush=True)
    return 0


def _tell_seat(conn, tokens, watching: bool, say) -> None:
    """Say which seat this connection holds and its token, or that it is watching and
    which seats are open."""
    welcome = conn.welcome or {}
    table = welcome.get("table") or "the table"
    seats = [s for s in welcome.get("seats") or [] if isinstance(s, dict)]
    if conn.seat is not None:
        back = "back in" if conn.recalled else "in"
        say(
            f"tapete join: {back} seat {conn.seat} at “{table}”; its token is {conn.token} "
            f"(kept in {tokens.path}; from another machine: tapete join {conn.address} "
            f"--seat {conn.seat} --token {conn.token})"
        )
        others = sorted(
            e["seat"] for e in tokens.kept(conn.address, welcome.get("table_id"))
            if e["seat"] != conn.seat
        )  # fmt: skip
        if others:
            say(
                f"tapete join: this machine also holds seat{'s' if len(others) > 1 else ''} "
                f"{', '.join(map(str, others))} at this table; to take one back: tapete "
                f"join {conn.address} --seat N"
            )
        return
    open_seats = [str(s.get("seat")) for s in seats if s.get("kind") == "open"]
    away = [
        f"{s.get('seat')} ({s.get('name') or '?'})"
        for s in seats
        if s.get("kind") == "remote" and not s.get("connected")
    ]
    if watching:
        text = f"tapete join: watching “{table}”"
        if open_seats:
            text += f"; open seats: {', '.join(open_seats)} (join without --watch to take one)"
    else:
        text = f"tapete join: you are watching “{table}”: no seat is open"
        if away:
            text += (
                f"; away: {', '.join(away)} — if one is yours: tapete join "
                f"{conn.address} --seat N --token T"
            )
    say(text)


def _seat_line(seats: list) -> str:
    """The seats for people, one line: ``0: Ana; 1: Bo (away); 2: Bot 3 (bot)``."""
    parts = []
    for s in seats:
        if not isinstance(s, dict):
            continue
        who = s.get("name") or "open"
        if s.get("kind") == "bot":
            who += " (bot)"
        elif s.get("kind") == "remote" and not s.get("connected"):
            who += " (away)"
        parts.append(f"{s.get('seat')}: {who}")
    return "; ".join(parts)


class _Notices:
    """What ``tapete join --headless`` says while it plays: seat changes, link
    notices and returns to the seat (``on_message`` of :func:`net.botplayer.play_remote`)."""

    def __init__(self, conn, say) -> None:
        self.conn = conn
        self.say = say
        self.welcomes = 0
        self.seats_said = _seat_line((conn.welcome or {}).get("seats") or [])

    def __call__(self, m: dict, mirror) -> None:
        kind = m.get("type")
        if kind == "welcome":
            self.welcomes += 1
            if self.welcomes > 1:
                where = f"seat {m.get('seat')}" if m.get("seat") is not None else "watching"
                self.say(f"tapete join: back ({where})")
        elif kind == "seats":
            line = _seat_line(m.get("seats") or [])
            if line != self.seats_said and not mirror.outcome:
                self.seats_said = line
                self.say(f"tapete join: seats — {line}")
        elif kind == "notice" and m.get("message"):
            # every notice: stand-in, back, timed-out, left (the host's words, cleaned
            # by net.text.from_host) and this client's own (unproven)
            self.say(f"tapete join: {m.get('message')}")
        elif kind == "disconnected" and m.get("waiting") == "resume":
            seat = self.conn.seat
            keep = f"keeping seat {seat}" if seat is not None else "watching"
            self.say(
                f"tapete join: the host stopped — this table can be resumed; {keep} and "
                f"waiting for it (Ctrl-C to leave; giving up in {m.get('gives_up_in'):g} s)"
            )
        elif kind == "disconnected" and m.get("reconnecting"):
            self.say(
                f"tapete join: link lost ({m.get('reason')}); reconnecting, attempt "
                f"{m.get('attempt')} in {m.get('retry_in')} s"
            )
