"""Determinised rollouts for the ``hard`` Guandan bot: deal the cards a seat cannot
see to the other hands (public counts and known tribute cards kept), then play the
rest of the deal with a fast policy. Uses only the seat's view."""

from __future__ import annotations

import random

from engine.core import replace
from engine.guandan import combos as cb
from engine.guandan.cards import DECK_SIZE, card_value
from engine.guandan.rules import GAME
from engine.guandan.state import PLAY, PLAYERS, GuandanState

_TEMPLATE = GAME.setup(PLAYERS, 0, {"deals": 1})
_MAX_STEPS = 600


def determinise(view: dict, rng: random.Random) -> GuandanState:
    """A full play-phase state consistent with ``view``: the unseen cards dealt at
    random to the other seats (their counts kept; a tribute or return card stays with
    the seat known to hold it). Only this deal is played (the match ends with it)."""
    me = view["seat"]
    hand = tuple(view["hand"])
    seen = set(hand)
    for p in view["plays"]:
        seen.update(p.get("cards", ()))
    where: dict[int, int] = {}
    for _payer, receiver, card in view["tribute"]["transfers"]:
        where[card] = receiver
    for _receiver, payer, card in view["tribute"]["returns"]:
        where[card] = payer
    counts = view["hand_counts"]
    hands: list[list[int]] = [[] for _ in range(PLAYERS)]
    hands[me] = list(hand)
    known = set()
    for card, s in where.items():
        if card not in seen and s != me and len(hands[s]) < counts[s]:
            hands[s].append(card)
            known.add(card)
    pool = [c for c in range(DECK_SIZE) if c not in seen and c not in known]
    rng.shuffle(pool)
    i = 0
    for s in range(PLAYERS):
        if s != me:
            need = counts[s] - len(hands[s])
            hands[s] += pool[i : i + need]
            i += need
    last = view["last_play"]
    passes = 0
    for p in reversed(view["trick"]):
        if p["type"] != "pass":
            break
        passes += 1
    return replace(
        _TEMPLATE,
        hands=tuple(tuple(sorted(h)) for h in hands),
        level=view["level"],
        levels=tuple(view["levels"]),
        level_team=view["level_team"],
        deal=view["deal"],
        phase=PLAY,
        turn=view["turn"],
        passes=passes,
        out=tuple(view["out"]),
        log=(),
        trick=(),
        played=(),
        trick_start=0,
        last=None
        if last is None
        else (last["seat"], last["combo"], last["rank"], tuple(last["cards"])),
    )


def fast_action(state: GuandanState, seat: int) -> dict:
    """A cheap policy: lead the lowest group of equal cards; follow an opponent with
    the lowest non-bomb that beats it, a bomb only when an opponent is close to going
    out; leave the partner's plays alone."""
    hand = state.hands[seat]
    lv = state.level
    last = state.last
    if last is None:
        groups: dict[int, list[int]] = {}
        for c in hand:
            groups.setdefault(card_value(c, lv), []).append(c)
        cards = sorted(groups[min(groups)])
        reading = cb.readings(cards, lv)
        if not reading:  # cannot happen for cards of one value; be safe
            cards = [cards[0]]
            reading = cb.readings(cards, lv)
        combo, r = reading[0]
        return {"type": "play", "cards": cards, "combo": combo, "rank": r}
    if (last[0] - seat) % 2 == 0:
        return {"type": "pass"}
    options = cb.plays(hand, lv, (last[1], last[2], len(last[3])))
    if not options:
        return {"type": "pass"}
    plain = [a for a in options if a["combo"] not in cb.BOMBS]
    if plain:
        return min(plain, key=lambda a: cb.play_key(a, lv))
    counts = [len(h) for h in state.hands]
    danger = min(counts[(seat + 1) % 4] or 99, counts[(seat + 3) % 4] or 99)
    if danger <= 6 or len(hand) <= 4:
        return min(options, key=lambda a: cb.play_key(a, lv))
    return {"type": "pass"}


def planned_action(state: GuandanState, seat: int, bot) -> dict:
    """The ``normal`` bot's choice from the state, through the few view fields its
    play heuristic reads (no full view is built)."""
    last = state.last
    mini = {
        "seat": seat,
        "level": state.level,
        "hand": list(state.hands[seat]),
        "hand_counts": [len(h) for h in state.hands],
        "last_play": None if last is None else {"seat": last[0]},
    }
    return bot.choose(mini, GAME.legal_actions(state, seat))


def rollout_value(view: dict, action: dict, rng: random.Random, policy=None) -> float:
    """Play ``action`` in a determinised copy of ``view``'s deal, finish the deal with
    ``policy(state, seat) -> action`` (default :func:`fast_action`), and score it for
    the seat's team: the levels its team gains (+1..+3), or minus the levels the other
    team gains."""
    me = view["seat"]
    policy = policy or fast_action
    state = determinise(view, rng)
    state, _ = GAME.apply(state, me, action)
    for _ in range(_MAX_STEPS):
        if state.phase != PLAY:
            break
        seat = state.turn
        state, _ = GAME._apply(state, seat, policy(state, seat))
    if not state.history:
        return 0.0
    _, _, _, places, t, advance = state.history[-1]
    return float(advance if t == me % 2 else -advance)
