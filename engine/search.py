"""One determinized search for every Tapete game: the ``hard`` bots (issue 17).

A seat decides from its *view* alone. Each iteration (a *sample*) the game's
**adapter** deals a *determinization* — a :class:`engine.core.Simulation` consistent
with everything the view shows (plus what the adapter infers from earlier views and
public play) — and the search plays it out on the game's fast path. Two modes:

* ``"ismcts"`` (default): information-set Monte-Carlo tree search with one tree per
  seat (Cowling, Powley & Whitehouse 2012, "multiple-observer" ISMCTS; OpenSpiel's
  ``algorithms/ismcts.py`` keys its nodes the same way, by the acting player's
  information). A seat's tree is indexed by what *that seat* observed since the root
  (the adapter's :meth:`Adapter.observation`), so a node never depends on a card or
  a choice its seat cannot see: in Take 5 a seat choosing after another in the tree
  sees only "seat 2 has chosen", never the card. Selection is UCB1 with availability
  counts (actions that exist only in some determinizations are judged by the visits
  in which they existed); an iteration adds one new action to one node and then
  rolls out.
* ``"flat"``: determinized flat Monte-Carlo with common random numbers: each sample
  plays **every** root candidate from the same determinization with the same rollout
  generator, so candidates are compared on paired deals (much less noise per
  sample; this is the published flat Monte-Carlo Take 5 bot's method).

The root seat always acts first in an iteration (with several seats awaited at once,
as in Take 5's simultaneous choice, order does not matter: choices stay hidden until
the reveal). After the root, the seat that acts is ``sim.awaiting()[0]``.

Budget and reproducibility
--------------------------
``samples`` (iterations) and/or ``seconds`` (wall clock), whichever ends first. With
``seconds=None``, a sample budget and a seeded generator, a search is reproducible:
nothing that decides reads the clock, ``hash()`` order or a set's iteration order;
ties go to the earlier candidate of the shortlist. In flat mode a ``seconds`` cap is
kept, not just checked: a sample whose predecessor's duration would carry it past the
deadline is not started, and a sample the deadline cuts short is dropped from every
candidate (pairs stay whole), so a search ends within one playout of its cap even on a
busy machine (at least one sample always completes).

The adapter protocol (``engine/<game>/search.py`` subclasses :class:`Adapter`)
-----------------------------------------------------------------------------
One adapter instance serves one bot (it may remember earlier views). Rewards are
per seat: ``evaluate`` returns one float per seat, partners (Guandan, Teamplay and
Sequence Numbers teams) get their team's value, cooperative games (The Game) give
every seat the same value; each seat's tree node maximizes its own entry (max^n).
Keep rewards roughly within [-1, 1] (or scale ``c``, the exploration constant).

``game``
    the game's ``GAME`` object (class attribute or set in ``__init__``).
``observe(view) -> None``
    called with every view the bot is shown, before it decides (memory: Take 5's
    cards seen this round). Default: nothing.
``determinize(view, rng) -> Simulation`` (required)
    a simulation of a full state that the seat cannot tell from the real one: for
    the view's seat, ``game.view(sim.state(), seat)`` equals ``view`` (see
    :func:`determinization_mismatches`; keys in ``changed_fields`` excepted). Hidden
    cards are dealt from ``rng`` (a ``random.Random``) consistently with everything
    public and inferred (a Guandan seat that passed on a low single holds nothing
    that beats it cheaply); others' hidden choices already made (Take 5) are dealt
    too, never read; the engine generator inside is replaced with one drawn from
    ``rng`` (the future deal is unknown).
``changed_fields``
    view keys a determinization may change on purpose (e.g. ``"options"`` when it
    plays only the current deal). Default: none.
``shortlist(view, legal) -> list[Action]``
    the root candidates, a non-empty subset of ``legal`` in a fixed order (e.g.
    Guandan plays grouped by reading, one per group). Default: ``legal``.
``encode(action) -> int``
    the fast-path code of a root candidate. Default: ``game.encode_action``.
``moves(sim, seat) -> list[int]``
    the codes a seat considers inside the tree. Default: ``sim.legal(seat)``.
``rollout_policy(sim, seat, rng) -> int``
    a code of ``sim.legal(seat)`` for rollouts. Default: uniform random (the
    published Take 5 study found heuristic rollouts hurt; measure before changing).
``observation(sim, mover, code, seat) -> hashable``
    called right after ``mover`` played ``code``: what ``seat`` learned from it
    (``sim`` is the state after the action). Default: ``(mover, code)``, everybody
    sees every action. A hidden choice returns e.g. ``(mover, "chose")`` to the
    others; a draw may add the drawn card for the drawer.
``playout(sim, rng) -> bool``
    optional: play ``sim`` on to the horizon in one go with the rollout policy (a
    game's own fast loop, e.g. Take 5's ``random_playout``) and return True; the
    default returns False and the search plays ply by ply with ``rollout_policy``.
    Used only when the search has no ``depth`` setting.
``horizon_over(sim) -> bool``
    stop the playout here and evaluate (end of the round or deal). Default:
    ``sim.is_over()``. A search setting ``depth`` also stops after that many plies.
``evaluate(sim) -> Sequence[float]``
    the reward of each seat, at the end of the game and at a cut-off (horizon or
    depth). Default: at the end, 1.0 for each winner and 0.0 for the others; a
    cut-off without an adapter ``evaluate`` raises ``NotImplementedError``.

A per-game ``hard`` bot is then ``SearchBot(MyAdapter(), seed, samples=…)`` or a
subclass, e.g. in ``engine/<game>/bots.py``::

    make_bot = factory({"easy": EasyBot, "normal": NormalBot,
                        "hard": lambda seed=None: SearchBot(MyAdapter(), seed, samples=200)})

Its settings are attributes (``samples``, ``seconds``, ``mode``, ``c``,
``depth``, ``tree_depth``, ``final``, ``prune``) that tools set by name
(``hard:samples=200``).

Also here: :class:`MainPathSimulation` (``Game.apply`` wrapped as a Simulation: slow,
for tests and for games whose fast path is not written yet) and
:class:`ShuffleAdapter` (a test adapter that determinizes a known state with
``Game.shuffle_unknown``: the reference against which a game's own determinizer is
measured).
"""

from __future__ import annotations

import json
import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Sequence

from engine.bots import Bot
from engine.core import Action, Game, Simulation

MODES = ("ismcts", "flat")
FINALS = ("visits", "mean")


# --------------------------------------------------------------------------- adapter
class Adapter:
    """Base of every game's search adapter; see the module docstring for each verb."""

    game: Game
    changed_fields: frozenset[str] = frozenset()

    def observe(self, view: dict) -> None:
        """Remember what ``view`` shows (called before every decision)."""

    def determinize(self, view: dict, rng: random.Random) -> Simulation:
        """A :class:`Simulation` consistent with ``view`` (hidden cards from ``rng``)."""
        raise NotImplementedError

    def shortlist(self, view: dict, legal: list[Action]) -> list[Action]:
        """Root candidates: a non-empty, ordered subset of ``legal``."""
        return list(legal)

    def encode(self, action: Action) -> int:
        """The fast-path code of ``action``."""
        return self.game.encode_action(action)

    def moves(self, sim: Simulation, seat: int) -> list[int]:
        """Codes ``seat`` considers inside the tree (default: every legal code)."""
        return sim.legal(seat)

    def rollout_policy(self, sim: Simulation, seat: int, rng: random.Random) -> int:
        """A legal code for ``seat`` in a rollout: uniform random by default."""
        legal = sim.legal(seat)
        return legal[rng.randrange(len(legal))]

    def observation(self, sim: Simulation, mover: int, code: int, seat: int) -> Hashable:
        """What ``seat`` learns when ``mover`` plays ``code`` (``sim`` after it)."""
        return (mover, code)

    def playout(self, sim: Simulation, rng: random.Random) -> bool:
        """Optionally play ``sim`` to the horizon in one go; False: ply by ply."""
        return False

    def horizon_over(self, sim: Simulation) -> bool:
        """Whether the playout stops here (default: at the end of the game)."""
        return sim.is_over()

    def evaluate(self, sim: Simulation) -> Sequence[float]:
        """One reward per seat: at the end 1.0 per winner, 0.0 otherwise."""
        if not sim.is_over():
            raise NotImplementedError("a cut-off before the end needs the adapter's evaluate")
        winners = sim.winners()
        return [1.0 if s in winners else 0.0 for s in range(sim.players)]


def determinization_mismatches(
    adapter: Adapter, view: dict, rng: random.Random, samples: int = 1
) -> list[str]:
    """The view keys that differ between ``view`` and the seat's view of ``samples``
    determinizations (``adapter.changed_fields`` excepted); ``[]`` when consistent.
    The generic check of a determinizer: run it against any adapter in tests."""
    game, seat = adapter.game, view["seat"]
    bad: list[str] = []
    for _ in range(samples):
        sim = adapter.determinize(view, rng)
        again = game.view(sim.state(), seat)
        for key in sorted(set(view) | set(again)):
            if key in adapter.changed_fields or key in bad:
                continue
            if view.get(key, KeyError) != again.get(key, KeyError):
                bad.append(key)
    return bad


# --------------------------------------------------------------------------- settings
@dataclass
class Settings:
    """A search's budget and shape.

    ``samples`` (int or None) and ``seconds`` (float or None): the budget, whichever
    ends first (at least one sample is always run; both None means 100 samples).
    ``mode``: ``"ismcts"`` or ``"flat"``. ``c``: UCB exploration constant (rewards in
    about [-1, 1]). ``depth``: plies after the root before the playout is cut off and
    evaluated (None: until ``horizon_over``). ``tree_depth``: the deepest tree node,
    in plies from the root (None: unlimited; 1 = UCB over the root candidates only).
    ``final``: the root choice, ``"visits"`` (most visited) or ``"mean"`` (best mean
    reward; always ``"mean"`` in flat mode). ``prune`` (flat mode; None = off): at 16,
    32, 64, … samples, drop each candidate whose paired mean difference to the best
    exceeds ``prune`` standard errors (a dropped candidate costs nothing after; a
    difference with no variance at all counts only when it is not zero)."""

    samples: int | None = 100
    seconds: float | None = None
    mode: str = "ismcts"
    c: float = 0.7
    depth: int | None = None
    tree_depth: int | None = None
    final: str = "visits"
    prune: float | None = None

    def check(self) -> None:
        """Raise ``ValueError`` for a setting out of range."""
        if self.mode not in MODES:
            raise ValueError(f"search mode must be one of {', '.join(MODES)}, not {self.mode!r}")
        if self.final not in FINALS:
            raise ValueError(f"final must be one of {', '.join(FINALS)}, not {self.final!r}")
        if self.samples is not None and self.samples < 1:
            raise ValueError(f"samples must be >= 1, not {self.samples}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"seconds must be > 0, not {self.seconds}")
        if self.depth is not None and self.depth < 1:
            raise ValueError(f"depth must be >= 1, not {self.depth}")
        if self.tree_depth is not None and self.tree_depth < 1:
            raise ValueError(f"tree_depth must be >= 1, not {self.tree_depth}")
        if self.prune is not None and self.prune <= 0:
            raise ValueError(f"prune must be > 0, not {self.prune}")


@dataclass
class Result:
    """What a search found: ``action`` (one of the candidates), ``index`` (its place in
    the shortlist), ``samples`` run, and per candidate ``visits`` (samples it was
    played in) and ``means`` (mean reward of the root seat; 0.0 for a candidate never
    tried); ``pruned`` lists the indexes flat mode stopped playing."""

    action: Action
    index: int
    samples: int
    candidates: list[Action]
    visits: list[int] = field(default_factory=list)
    means: list[float] = field(default_factory=list)
    pruned: list[int] = field(default_factory=list)


#: Flat mode prunes first at this many samples, then at every doubling.
PRUNE_FIRST = 16


def survivors(values: list[list[float]], alive: list[int], z: float) -> list[int]:
    """Flat mode's pruning rule: of the candidates ``alive`` (indexes into ``values``,
    each candidate's paired rewards, all of one length n >= 2), the ones that stay, in
    ``alive``'s order — the best by total (the first on a tie) and every one whose paired
    mean shortfall to it is within ``z`` standard errors (a shortfall with no variance
    at all stays only when it is zero). ``ValueError`` when n < 2."""
    best = max(alive, key=lambda i: (sum(values[i]), -i))
    top = values[best]
    if len(top) < 2:
        raise ValueError(f"pruning needs at least 2 paired values, not {len(top)}")
    keep = []
    for i in alive:
        if i == best:
            keep.append(i)
            continue
        d = [a - b for a, b in zip(top, values[i], strict=True)]
        m = sum(d) / len(d)
        var = sum((x - m) ** 2 for x in d) / (len(d) - 1)
        if m <= z * math.sqrt(var / len(d)) or (var == 0.0 and m == 0.0):
            keep.append(i)
    return keep


# --------------------------------------------------------------------------- the tree
class _Node:
    """One information set of one seat: per action code ``[visits, reward sum,
    availability]`` in insertion order, and the child node per observation."""

    __slots__ = ("stats", "children")

    def __init__(self) -> None:
        self.stats: dict[int, list] = {}
        self.children: dict[Hashable, _Node] = {}

    def child(self, token: Hashable) -> "_Node":
        node = self.children.get(token)
        if node is None:
            node = self.children[token] = _Node()
        return node


def _ucb(node: _Node, codes: Sequence[int], c: float) -> int:
    """UCB1 with availability counts over ``codes`` (all already tried); the first
    best code on a tie. Counts each code's availability."""
    best, best_v = codes[0], -math.inf
    stats = node.stats
    for code in codes:
        st = stats[code]
        st[2] += 1
        v = st[1] / st[0] + c * math.sqrt(math.log(st[2]) / st[0])
        if v > best_v:
            best, best_v = code, v
    return best


class Search:
    """A determinized search over one seat's view with ``adapter`` (see the module
    docstring). ``run(view, candidates, rng)`` returns a :class:`Result`."""

    def __init__(self, adapter: Adapter, settings: Settings | None = None) -> None:
        self.adapter = adapter
        self.settings = settings or Settings()
        self.settings.check()

    # ------------------------------------------------------------------ budget
    def _budget(self) -> tuple[int, float | None]:
        s = self.settings
        samples = s.samples if s.samples is not None else (10**9 if s.seconds else 100)
        deadline = None if s.seconds is None else time.perf_counter() + s.seconds
        return samples, deadline

    # ------------------------------------------------------------------ playouts
    def _playout(self, sim: Simulation, plies: int, rng: random.Random) -> Sequence[float]:
        """Play ``sim`` on with the rollout policy until the horizon or ``depth``
        plies from the root; return the adapter's rewards."""
        adapter = self.adapter
        depth = self.settings.depth
        if depth is None and adapter.playout(sim, rng):
            return adapter.evaluate(sim)
        policy, horizon = adapter.rollout_policy, adapter.horizon_over
        while not horizon(sim) and (depth is None or plies < depth):
            waiting = sim.awaiting()
            if not waiting:
                break
            seat = waiting[0]
            sim.play(seat, policy(sim, seat, rng))
            plies += 1
        return adapter.evaluate(sim)

    def run(self, view: dict, candidates: list[Action], rng: random.Random) -> Result:
        """Search ``view``'s seat's choice among ``candidates`` (non-empty, in the
        shortlist's order); ``rng`` decides every random draw."""
        if not candidates:
            raise ValueError("no candidate to search")
        codes = [self.adapter.encode(a) for a in candidates]
        if self.settings.mode == "flat":
            visits, means, n, alive = self._flat(view, codes, rng)
            final = "mean"
        else:
            visits, means, n = self._ismcts(view, codes, rng)
            final, alive = self.settings.final, range(len(codes))
        live = set(alive)
        if final == "visits":
            key = [(visits[i], means[i]) for i in range(len(codes))]
        else:
            key = [
                (means[i] if visits[i] and i in live else -math.inf, visits[i])
                for i in range(len(codes))
            ]
        index = max(range(len(codes)), key=lambda i: (key[i], -i))
        pruned = [i for i in range(len(codes)) if i not in live]
        return Result(candidates[index], index, n, list(candidates), visits, means, pruned)

    # ------------------------------------------------------------------ flat
    def _flat(self, view: dict, codes: list[int], rng: random.Random):
        """Every live candidate on every determinization, paired rollout generators;
        with ``prune``, clearly worse candidates stop being played (see Settings)."""
        me = view["seat"]
        samples, deadline = self._budget()
        prune = self.settings.prune
        values: list[list[float]] = [[] for _ in codes]
        alive = list(range(len(codes)))
        n, check, last = 0, PRUNE_FIRST, 0.0
        while n < samples:
            started = time.perf_counter()
            if n and deadline is not None and started + last > deadline:
                break  # the next sample would end past the deadline
            base = self.adapter.determinize(view, rng)
            seed = rng.getrandbits(64)
            done: list[int] = []
            for i in alive:
                if n and deadline is not None and time.perf_counter() >= deadline:
                    break
                sim = base.copy()
                sim.play(me, codes[i])
                values[i].append(self._playout(sim, 1, random.Random(seed))[me])
                done.append(i)
            if len(done) < len(alive):  # cut short by the deadline: pairs stay whole
                for i in done:
                    values[i].pop()
                break
            n += 1
            last = time.perf_counter() - started
            if prune is not None and n == check and len(alive) > 1:
                alive = survivors(values, alive, prune)
                check *= 2
            if deadline is not None and time.perf_counter() >= deadline:
                break
        means = [sum(v) / len(v) if v else 0.0 for v in values]
        return [len(v) for v in values], means, n, alive

    # ------------------------------------------------------------------ ismcts
    def _ismcts(self, view: dict, codes: list[int], rng: random.Random):
        adapter, s = self.adapter, self.settings
        me = view["seat"]
        samples, deadline = self._budget()
        root = _Node()
        c, tree_depth = s.c, s.tree_depth
        observation = adapter.observation
        players = view["players"]
        trees = [_Node() for _ in range(players)]  # each seat's root information set
        n = 0
        while n < samples:
            sim = adapter.determinize(view, rng)
            pointers: list[_Node | None] = list(trees)
            pointers[me] = root
            path: list[tuple[_Node, int, int]] = []
            seat, node, plies = me, root, 0
            while True:
                legal = codes if node is root else adapter.moves(sim, seat)
                stats = node.stats
                untried = [code for code in legal if code not in stats]
                if untried:
                    code = untried[rng.randrange(len(untried))]
                    stats[code] = [0, 0.0, 0]
                    for other in legal:
                        if other != code and other in stats:
                            stats[other][2] += 1
                    stats[code][2] += 1
                    expanded = True
                else:
                    code = _ucb(node, legal, c)
                    expanded = False
                path.append((node, code, seat))
                sim.play(seat, code)
                plies += 1
                if (
                    expanded
                    or (tree_depth is not None and plies >= tree_depth)
                    or adapter.horizon_over(sim)
                    or (s.depth is not None and plies >= s.depth)
                ):
                    break
                waiting = sim.awaiting()
                if not waiting:
                    break
                mover = seat
                for t in range(players):
                    ptr = pointers[t]
                    if ptr is not None:
                        pointers[t] = ptr.child(observation(sim, mover, code, t))
                seat = waiting[0]
                node = pointers[seat]
            rewards = self._playout(sim, plies, rng)
            for node_, code_, seat_ in path:
                st = node_.stats[code_]
                st[0] += 1
                st[1] += rewards[seat_]
            n += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        got = [root.stats.get(code, (0, 0.0)) for code in codes]
        visits = [st[0] for st in got]
        means = [st[1] / st[0] if st[0] else 0.0 for st in got]
        return visits, means, n


def search(
    adapter: Adapter,
    view: dict,
    candidates: list[Action],
    rng: random.Random,
    settings: Settings | None = None,
) -> Result:
    """``Search(adapter, settings).run(view, candidates, rng)`` in one call."""
    return Search(adapter, settings).run(view, candidates, rng)


# --------------------------------------------------------------------------- the bot
class SearchBot(Bot):
    """The generic ``hard`` bot: the adapter's shortlist, then a determinized search.

    ``SearchBot(adapter, seed=None, samples=100, seconds=None, mode="ismcts", c=0.7,
    depth=None, tree_depth=None, final="visits", prune=None)``; every setting is an attribute a
    tool may change between decisions. ``last`` holds the last :class:`Result` (None
    when no search was needed)."""

    level = "hard"

    def __init__(
        self,
        adapter: Adapter,
        seed: int | None = None,
        samples: int | None = 100,
        seconds: float | None = None,
        mode: str = "ismcts",
        c: float = 0.7,
        depth: int | None = None,
        tree_depth: int | None = None,
        final: str = "visits",
        prune: float | None = None,
    ) -> None:
        super().__init__(seed)
        self.adapter = adapter
        self.samples, self.seconds, self.mode, self.c = samples, seconds, mode, c
        self.depth, self.tree_depth, self.final = depth, tree_depth, final
        self.prune = prune
        self.last: Result | None = None
        self.settings().check()

    def settings(self) -> Settings:
        """The current settings as a :class:`Settings`."""
        return Settings(
            self.samples,
            self.seconds,
            self.mode,
            self.c,
            self.depth,
            self.tree_depth,
            self.final,
            self.prune,
        )

    def choose(self, view: dict, legal: list[Action] | None = None) -> Action:
        """One action of ``legal`` (computed with ``legal_from_view`` when None).
        A seat the view does not list as awaited (an optional action off turn) gets the
        first candidate without a search. Raises ``ValueError`` when there is none."""
        if legal is None:
            legal = self.adapter.game.legal_from_view(view)
        if not legal:
            raise ValueError("no legal action to choose from")
        self.adapter.observe(view)
        self.last = None
        if len(legal) == 1:
            return legal[0]
        candidates = self.adapter.shortlist(view, legal)
        waiting = view.get("awaiting")
        if len(candidates) == 1 or (waiting is not None and view["seat"] not in waiting):
            return candidates[0]  # nothing to compare, or a seat the game does not await
        rng = random.Random(self.rng.getrandbits(64))
        self.last = Search(self.adapter, self.settings()).run(view, candidates, rng)
        return self.last.action


# --------------------------------------------------------------------------- references
class ActionCodes:
    """Integer codes for action dicts by interning (for :class:`MainPathSimulation`):
    the first action seen gets 0, the next new one 1, …"""

    def __init__(self) -> None:
        self.codes: dict[str, int] = {}
        self.actions: list[Action] = []

    def encode(self, action: Action) -> int:
        key = json.dumps(action, sort_keys=True)
        code = self.codes.get(key)
        if code is None:
            code = self.codes[key] = len(self.actions)
            self.actions.append(dict(action))
        return code

    def decode(self, code: int) -> Action:
        return dict(self.actions[code])


class MainPathSimulation(Simulation):
    """``Game.apply`` wrapped as a :class:`Simulation` (codes from ``codes``, an
    :class:`ActionCodes`): the reference fast path, slow but exact, for tests and for
    a game whose own fast path is not written yet."""

    def __init__(self, game: Game, state: Any, codes: ActionCodes) -> None:
        self.game, self._state, self.codes = game, state, codes
        self.players = game.players(state)

    def copy(self) -> "MainPathSimulation":
        return MainPathSimulation(self.game, self._state, self.codes)

    def awaiting(self) -> tuple[int, ...]:
        return tuple(sorted(self.game.awaiting(self._state)))

    def legal(self, seat: int) -> list[int]:
        return [self.codes.encode(a) for a in self.game.legal_actions(self._state, seat)]

    def play(self, seat: int, code: int) -> None:
        self._state, _ = self.game.apply(self._state, seat, self.codes.decode(code))

    def is_over(self) -> bool:
        return self.game.is_over(self._state)

    def scores(self) -> tuple[int, ...]:
        return tuple(self.game.result(self._state).scores)

    def winners(self) -> tuple[int, ...]:
        return tuple(self.game.result(self._state).winners)

    def state(self):
        return self._state


class ShuffleAdapter(Adapter):
    """A test adapter: determinizes a known ``state`` with ``game.shuffle_unknown``
    (everything the seat cannot see permuted, the generator replaced) and plays on
    :class:`MainPathSimulation`. Consistent with the view by the contract suite's
    indistinguishability check; it reads the state, so it is for tests and for
    measuring a game's own determinizer, never for a bot at a table. A seat's
    observation of a move is its whole view after it (exact, slow).

    ``evaluate`` (optional ``Callable[[Simulation], Sequence[float]]``) and
    ``horizon`` (optional ``Callable[[Simulation], bool]``) replace the defaults."""

    def __init__(
        self,
        game: Game,
        state: Any,
        evaluate: Callable[[Simulation], Sequence[float]] | None = None,
        horizon: Callable[[Simulation], bool] | None = None,
    ) -> None:
        self.game, self.state = game, state
        self.codes = ActionCodes()
        self._evaluate, self._horizon = evaluate, horizon

    def determinize(self, view: dict, rng: random.Random) -> MainPathSimulation:
        twin = self.game.shuffle_unknown(self.state, view["seat"], rng)
        return MainPathSimulation(self.game, twin, self.codes)

    def encode(self, action: Action) -> int:
        return self.codes.encode(action)

    def observation(self, sim: Simulation, mover: int, code: int, seat: int) -> Hashable:
        """Exactly what ``seat`` may know after the move: its whole view (slow)."""
        return json.dumps(self.game.view(sim.state(), seat), sort_keys=True)

    def horizon_over(self, sim: Simulation) -> bool:
        return self._horizon(sim) if self._horizon else sim.is_over()

    def evaluate(self, sim: Simulation) -> Sequence[float]:
        return self._evaluate(sim) if self._evaluate else super().evaluate(sim)
