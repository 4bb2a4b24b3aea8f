"""Scanner for absurd moves: moves no person would make, counted per game and level.

    python3 tools/absurd.py                       # every game, easy normal hard, 100 games
    python3 tools/absurd.py guandan --levels hard --games 20 --seed 5000
    python3 tools/absurd.py take5 --levels easy --players 5 --games 100

Each game is played with every seat at the level scanned (``--against SPEC`` seats
the other team or the other seats with that bot instead, and then only the level's
seats are counted); every decision of a counted seat is checked against the classes
of :data:`CLASSES`. A class is *forbidden* at a level when the floor rules of issue 34
say no bot at that level may make that move (the ``floor`` function of each game's
``bots.py``); the others are counted for information. Guandan plays one deal a game
(``{"deals": 1}``) unless ``--options`` says otherwise. The table gives, per game and
level, the games played, the decisions checked, and per class the count and the rate
per 100 games (``*`` marks a forbidden class, ``!`` a forbidden class that happened).

Classes:

* Guandan ``beat-partner``: a play over the partner's standing play that neither
  goes out nor is a sure way out (safe, bombs aside, with a rest that leads out
  through safe plays: :func:`engine.guandan.endgame.ways_out`; going out first, so a
  bomb that is a sure way out is not a partner bomb) while no opponent still in the
  deal holds at most :data:`ABOUT_OUT` cards (so it cannot stop an opponent going
  out); ``bomb-partner``: such a play that is a bomb; ``no-going-out``: a play that
  empties the hand was legal and another move was made. Forbidden at every level.
* Take 5 ``dear-row``: a too-low card took a row with more bullheads than the
  cheapest. Forbidden for ``easy`` (normal and hard may take a dearer row that
  shelters their hand).
* Sequence Numbers ``missed-win``: a chip that wins the game was legal and another
  move was made (forbidden at every level); ``open-win``: an opponent could win with a
  chip on a space this seat could take with a chip of its own, and its move (a chip,
  a Minus or a discard) closed none of those spaces (counted, not forbidden: a
  floor that made normal and hard close such a space was tried in issue 34 and left
  out: normal with it against without 50.1% ±0.8 over 500 deal pairs, hard 46.5%
  ±1.8 over 300 — hard leaves a space open when it judges the opponent unlikely to
  fill it, and is right more often than not).
* Teamplay ``left-mission``: the turn ended while a mission could be completed.
  Forbidden at every level.

Exit status 1 when a forbidden class happened, else 0.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import get_game  # noqa: E402
from engine.bots import LEVELS  # noqa: E402
from tools.tournament import Spec, make_bot, sides  # noqa: E402

#: The table size each game is scanned at unless ``--players`` says otherwise.
PLAYERS = {"take5": 4, "the-game": 2, "teamplay": 4, "sequence-numbers": 2, "guandan": 4}
#: Options each game is scanned with unless ``--options`` says otherwise.
OPTIONS = {"guandan": {"deals": 1}}
#: A game stops after this many actions (a bot that never ends one).
MAX_ACTIONS = 20_000


# --------------------------------------------------------------------------- Guandan
#: Guandan: an opponent holding at most this many cards is about to go out (the
#: floor's :data:`engine.guandan.bots.ABOUT_OUT`, kept here so the scanner also
#: reads code from before the floor).
ABOUT_OUT = 5


def _gd_partner_unthreatened(view: dict) -> bool:
    last, me = view["last_play"], view["seat"]
    if last is None or last["seat"] != (me + 2) % 4:
        return False
    counts = view["hand_counts"]
    return all(not 0 < counts[s] <= ABOUT_OUT for s in ((me + 1) % 4, (me + 3) % 4))


def _gd_goes_out(view: dict, action: dict) -> bool:
    return action["type"] == "play" and len(action["cards"]) == len(view["hand"])


def _gd_way_out(view: dict, action: dict) -> bool:
    try:  # code from before the sure ways out (issue 34, session 12) has none
        from engine.guandan.endgame import ways_out
    except ImportError:
        return False
    return bool(ways_out(view, [action]))


def gd_beat_partner(view: dict, legal: list[dict], action: dict) -> bool:
    return (
        action["type"] == "play"
        and not _gd_goes_out(view, action)
        and _gd_partner_unthreatened(view)
        and not _gd_way_out(view, action)
    )


def gd_bomb_partner(view: dict, legal: list[dict], action: dict) -> bool:
    from engine.guandan.combos import BOMBS

    return gd_beat_partner(view, legal, action) and action["combo"] in BOMBS


def gd_no_going_out(view: dict, legal: list[dict], action: dict) -> bool:
    return not _gd_goes_out(view, action) and any(_gd_goes_out(view, a) for a in legal)


# --------------------------------------------------------------------------- Take 5
def t5_dear_row(view: dict, legal: list[dict], action: dict) -> bool:
    if action["type"] != "take-row":
        return False
    from engine.take5.heuristics import heads

    rows = view["rows"]
    return heads(rows[action["row"]]) > min(heads(rows[a["row"]]) for a in legal)


# --------------------------------------------------------------------------- Sequence Numbers
def _sn_winning_spaces(view: dict, colour: int) -> set[int]:
    """Empty spaces where a chip of ``colour`` completes the sequences it still needs."""
    from engine.sequence_numbers.bots import Board

    board = Board(view)
    need = board.needed - len(board.done[colour])
    return {
        sp for sp, c in enumerate(board.chips) if c is None and board.completes(colour, sp) >= need
    }


def _sn_space(a: dict) -> int:
    from engine.sequence_numbers.state import SIZE

    return a["row"] * SIZE + a["col"]


def sn_missed_win(view: dict, legal: list[dict], action: dict) -> bool:
    chips = {_sn_space(a) for a in legal if a["type"] == "chip"}
    if not chips:
        return False
    wins = chips & _sn_winning_spaces(view, view["colour"])
    if not wins:
        return False
    return action["type"] != "chip" or _sn_space(action) not in wins


def _sn_threats(view: dict) -> set[int]:
    """Empty spaces where an opponent's chip would win the game."""
    out: set[int] = set()
    for k in range(view["teams"]):
        if k != view["colour"]:
            out |= _sn_winning_spaces(view, k)
    return out


def sn_open_win(view: dict, legal: list[dict], action: dict) -> bool:
    chips = {_sn_space(a) for a in legal if a["type"] == "chip"}
    if not chips or chips & _sn_winning_spaces(view, view["colour"]):
        return False  # nothing to cover, or a win on offer (missed-win's case)
    blockable = chips & _sn_threats(view)
    if not blockable or action["type"] not in ("chip", "remove"):
        return not not blockable
    after = [list(row) for row in view["chips"]]
    r, c = action["row"], action["col"]
    after[r][c] = view["colour"] if action["type"] == "chip" else None
    left = _sn_threats({**view, "chips": after})
    return blockable <= left  # the move closed none of the open wins it could cover


# --------------------------------------------------------------------------- Teamplay
def tp_left_mission(view: dict, legal: list[dict], action: dict) -> bool:
    return action["type"] == "end-turn" and any(a["type"] == "complete" for a in legal)


@dataclass(frozen=True)
class Absurd:
    """One class of absurd move: ``name``, its ``check(view, legal, action) -> bool``
    and the levels at which the floor forbids it."""

    name: str
    check: Callable[[dict, list[dict], dict], bool]
    forbidden: tuple[str, ...] = LEVELS


#: The classes scanned, per game id.
CLASSES: dict[str, tuple[Absurd, ...]] = {
    "guandan": (
        Absurd("beat-partner", gd_beat_partner),
        Absurd("bomb-partner", gd_bomb_partner),
        Absurd("no-going-out", gd_no_going_out),
    ),
    "take5": (Absurd("dear-row", t5_dear_row, ("easy",)),),
    "sequence-numbers": (
        Absurd("missed-win", sn_missed_win),
        Absurd("open-win", sn_open_win, ()),
    ),
    "teamplay": (Absurd("left-mission", tp_left_mission),),
    "the-game": (),
}


@dataclass
class Scan:
    """What :func:`scan` found: ``games`` played, ``decisions`` checked, ``counts``
    per class name, ``examples`` (a few ``(seed, seat, class, action)`` per class),
    ``cpu`` seconds of the counted seats' decisions."""

    game: str
    level: str
    games: int = 0
    decisions: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    examples: dict[str, list] = field(default_factory=dict)
    cpu: list[float] = field(default_factory=list)

    def forbidden_seen(self) -> list[str]:
        """Names of the classes forbidden at this level that happened."""
        return [
            a.name
            for a in CLASSES[self.game]
            if self.level in a.forbidden and self.counts.get(a.name, 0)
        ]


def scan(
    game_id: str,
    level: str,
    games: int,
    seed: int = 0,
    players: int | None = None,
    options: dict | None = None,
    against: str | None = None,
) -> Scan:
    """Play ``games`` games of ``game_id`` (deal seeds ``seed..seed+games-1``) with
    every seat at ``level`` (a bot spec: ``"hard:hand_max=10"``), or with ``against``
    (a spec) in every seat but one side's (:func:`_counted`); count the absurd moves
    of the ``level`` seats."""
    game = get_game(game_id)
    n = players or PLAYERS[game_id]
    opts = dict(OPTIONS.get(game_id, {}), **(options or {}))
    spec = Spec.parse(level)
    out = Scan(game_id, level)
    classes = CLASSES[game_id]
    for g in range(games):
        deal = seed + g
        state = game.setup(n, deal, opts)
        counted = _counted(game_id, state, against is not None, g)
        bots = [
            make_bot(game_id, spec if s in counted else Spec.parse(against), seed=deal * 1000 + s)
            for s in range(n)
        ]
        actions = 0
        while not game.is_over(state) and actions < MAX_ACTIONS:
            seat = min(game.awaiting(state))
            view = game.view(state, seat)
            legal = game.legal_actions(state, seat)
            t0 = time.process_time()
            action = bots[seat].choose(view, legal)
            if seat in counted:
                out.cpu.append(time.process_time() - t0)
                out.decisions += 1
                for a in classes:
                    if a.check(view, legal, action):
                        out.counts[a.name] = out.counts.get(a.name, 0) + 1
                        ex = out.examples.setdefault(a.name, [])
                        if len(ex) < 3:
                            ex.append((deal, seat, action))
            state, _ = game.apply(state, seat, action)
            actions += 1
        out.games += 1
    return out


def _counted(game_id: str, state, mixed: bool, g: int) -> set[int]:
    """The seats of the scanned level: every seat, or with another bot beside it the
    seats of one side (:func:`tools.tournament.sides`: a team, else one seat), the
    side turning with the game ``g``."""
    n = get_game(game_id).players(state)
    if not mixed:
        return set(range(n))
    side = sides(game_id, state)
    ids = sorted(set(side))
    return {s for s in range(n) if side[s] == ids[g % len(ids)]}


def table(scans: list[Scan]) -> str:
    """The report: one line per game and level, every class as ``count (per 100)``."""
    lines = []
    for sc in scans:
        per = 100.0 / sc.games if sc.games else 0.0
        parts = []
        for a in CLASSES[sc.game]:
            k = sc.counts.get(a.name, 0)
            mark = ("!" if k else "*") if sc.level in a.forbidden else ""
            parts.append(f"{a.name}{mark} {k} ({k * per:.1f})")
        cpu = sorted(sc.cpu)
        ms = (
            f"cpu ms/decision median {1000 * cpu[len(cpu) // 2]:.1f} "
            f"p99 {1000 * cpu[min(len(cpu) - 1, int(0.99 * len(cpu)))]:.1f} "
            f"max {1000 * cpu[-1]:.1f}"
            if cpu
            else "no decisions"
        )
        lines.append(
            f"{sc.game:17} {sc.level:10} games {sc.games:4} decisions {sc.decisions:7}  "
            + ("  ".join(parts) or "(no classes)")
            + f"  | {ms}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("games_", nargs="*", metavar="GAME", help="game ids (default: all scanned)")
    p.add_argument("--levels", default=",".join(LEVELS), help="bot specs, comma-separated")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--options", default="{}", help="game options as JSON")
    p.add_argument("--against", default=None, help="a bot spec for the other seats")
    p.add_argument("--examples", action="store_true", help="print a few of each class")
    args = p.parse_args(argv)
    ids = args.games_ or [g for g in CLASSES if CLASSES[g]]
    scans = []
    print(
        f"absurd moves: games {args.seed}..{args.seed + args.games - 1}, "
        f"options {args.options}, against {args.against or 'the same level'}; "
        f"count (per 100 games); * forbidden, ! forbidden and seen",
        flush=True,
    )
    for gid in ids:
        for level in args.levels.split(","):
            sc = scan(
                gid,
                level,
                args.games,
                args.seed,
                args.players,
                json.loads(args.options),
                args.against,
            )
            scans.append(sc)
            print(table([sc]), flush=True)
            if args.examples:
                for name, ex in sc.examples.items():
                    for deal, seat, action in ex:
                        print(f"    {name}: seed {deal} seat {seat} {json.dumps(action)}")
    return 1 if any(sc.forbidden_seen() for sc in scans) else 0


if __name__ == "__main__":
    raise SystemExit(main())
