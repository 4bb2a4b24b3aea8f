"""The Game state and card facts (``the-game.md`` "Components and set-up")."""

from __future__ import annotations

from dataclasses import dataclass

#: The cards 2..99 (the 1 and 100 are pile markers, not cards).
CARDS = tuple(range(2, 100))
TOTAL = len(CARDS)  # 98
#: Pile names in a fixed order: two ascending, two descending.
PILES = ("asc1", "asc2", "desc1", "desc2")
ASCENDING = (True, True, False, False)
#: The marker each pile starts from (not a card).
START = (1, 1, 100, 100)
BACK = 10  # the backwards trick: exactly 10 back
SIGNALS = ("dont-play", "can-play-well")


def hand_size(players: int, smaller: bool = False) -> int:
    """Cards per hand: 8 with 1 player, 7 with 2, 6 with 3–5; one fewer with the
    expert sub-option "smaller hands" (the-game.md "Components", "Expert option")."""
    size = 8 if players == 1 else 7 if players == 2 else 6
    return size - 1 if smaller else size


def fits(card: int, pile: int, top: int) -> bool:
    """Whether ``card`` may go on pile index ``pile`` (0..3) whose top is ``top``:
    higher (ascending) / lower (descending), or exactly 10 back (the-game.md
    "A turn" 2)."""
    if ASCENDING[pile]:
        return card > top or card == top - BACK
    return card < top or card == top + BACK


@dataclass(frozen=True)
class TheGameState:
    """A table of The Game between two actions.

    ``deck`` is the draw pile in draw order (first card drawn first); ``hands`` per
    seat, sorted; ``piles`` the cards played on asc1, asc2, desc1, desc2 in order
    (markers not included); ``signals[seat][pile]`` is None, "dont-play" or
    "can-play-well"; ``turn`` the active seat; ``played`` the cards it has played this
    turn; ``turns`` turns started so far; ``blocked`` True once a block is declared;
    ``over`` True once the game has ended (win or declared block);
    ``signal_turns[seat][pile]`` the turn (a ``turns`` value) in which that seat last
    changed its signal on that pile, 0 for never (one change per pile per turn,
    the-game.md "Communication")."""

    players: int
    options: tuple
    rng: tuple
    size: int
    deck: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[int, ...], ...]
    signals: tuple[tuple[str | None, ...], ...]
    turn: int
    played: int
    turns: int
    blocked: bool = False
    over: bool = False
    signal_turns: tuple[tuple[int, ...], ...] = ()

    @property
    def tops(self) -> tuple[int, ...]:
        """The four pile tops (the marker for an empty pile)."""
        return tuple(p[-1] if p else START[i] for i, p in enumerate(self.piles))

    def signalled(self, seat: int, pile: int) -> bool:
        """Whether ``seat`` has already changed its signal on pile index ``pile`` in
        this turn (the-game.md "Communication": at most once per turn)."""
        return bool(self.signal_turns) and self.signal_turns[seat][pile] == self.turns

    @property
    def cards_left(self) -> int:
        """Cards not played: every hand plus the draw pile (the-game.md "End")."""
        return len(self.deck) + sum(len(h) for h in self.hands)
