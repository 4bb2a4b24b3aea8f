"""Guandan endgame reading for the bots: which plays are *safe* (no unseen combination
of the same type beats them) and which are a *sure way out* of a small hand (a safe
play whose rest leads out through safe plays) — the normal bot's ``finish`` setting
and the :func:`engine.guandan.bots.floor` (issue 34) use it. Card masks and action
codes as in :mod:`engine.guandan.codes`."""

from __future__ import annotations

from engine.guandan import codes as cd
from engine.guandan.enumeration import HandPlays, hand_plays

#: :func:`ways_out` looks for a sure way out only with at most this many cards in
#: hand (more seldom lead out in the :class:`Finisher`'s few safe plays, and the
#: look costs up to 0.4 s CPU with 27 cards).
WAY_OUT_MAX = 16


def ways_out(view: dict, legal: list[dict]) -> list[dict]:
    """The plays of ``legal`` that are a sure way out for the seat of ``view``
    (:meth:`Finisher.way_out`: safe, bombs aside, and the rest of the hand leads out
    through safe plays), in ``legal``'s order; none with more than
    :data:`WAY_OUT_MAX` cards in hand."""
    plays = [a for a in legal if a["type"] == "play"]
    if not plays or len(view["hand"]) > WAY_OUT_MAX:
        return []
    finisher = Finisher(view)
    hand_mask = cd.mask_of(view["hand"])
    return [a for a in plays if finisher.way_out(hand_mask, a)]


class Finisher:
    """Plans a short way out of a small hand for the seat of ``view``: a *safe* play
    is one no unseen combination of the same type can beat (the other three hands
    pooled; bombs aside: a safe bomb is one no unseen bomb beats); a hand *finishes*
    when it is one play, or has a safe play (lead it, keep the lead) whose rest
    finishes, at most ``depth`` safe plays deep. Card masks as in
    :mod:`engine.guandan.codes`."""

    def __init__(self, view: dict, depth: int = 3) -> None:
        self.level = view["level"]
        self.depth = depth
        gone = cd.mask_of(view["hand"])
        for p in view["plays"]:
            if p["type"] == "play":
                gone |= cd.mask_of(p["cards"])
        self.pool = HandPlays(((1 << 108) - 1) & ~gone, self.level)
        self._safe: dict[int, bool] = {}
        self._done: dict[tuple[int, int], bool] = {}

    def safe(self, code: int) -> bool:
        """Whether the play ``code`` (an action code) cannot be beaten but by a bomb
        (a bomb: by no bigger bomb) from the unseen cards."""
        got = self._safe.get(code)
        if got is None:
            kind, rank_, lv = code >> 5 & 15, code & 31, self.level
            if kind in cd.BOMB_KINDS:
                powers, _ = self.pool.bombs()
                size = (code >> 9).bit_count()
                got = not powers or powers[-1] <= cd.power(kind, rank_, size, lv)
            else:
                out: list = []
                self.pool.of_kind(kind, cd.key(kind, rank_, lv), out)
                got = not out
            self._safe[code] = got
        return got

    def finishes(self, mask: int, depth: int | None = None) -> bool:
        """Whether the hand ``mask`` is one play or leads out through safe plays."""
        if not mask:
            return True
        depth = self.depth if depth is None else depth
        k = (mask, depth)
        got = self._done.get(k)
        if got is None:
            leads = hand_plays(mask, self.level).lead()
            got = any(p >> 9 == mask for p in leads) or (
                depth > 0
                and any(self.safe(p) and self.finishes(mask & ~(p >> 9), depth - 1) for p in leads)
            )
            self._done[k] = got
        return got

    def way_out(self, hand_mask: int, action: dict) -> bool:
        """Whether ``action`` (a play) is safe and leaves a hand that finishes."""
        code = cd.encode(action)
        return self.safe(code) and self.finishes(hand_mask & ~(code >> 9))
