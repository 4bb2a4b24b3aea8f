"""What the shown seat may do, read from its view alone (sequence-numbers.md "Set-up
and turn"): the spaces each hand card can take, dead cards, the no-play discard.

The table uses these to light up spaces and to explain a refused click before
anything is sent; the host still checks every action.
"""

from __future__ import annotations

from client.i18n import _
from client.tables.sequence_numbers_draw import answer_of, face_text

Space = tuple[int, int]


def targets(view: dict, face: str) -> list[Space]:
    """Spaces ``(row, col)`` the card ``face`` may take now, row by row: an equation
    card its answer's uncovered spaces; Plus any uncovered space but a corner; Minus
    every opponent chip not in a completed sequence."""
    chips, numbers, locked = view["chips"], view["board"], view["locked"]
    corners = {tuple(c) for c in view["corners"]}
    size = len(numbers)
    out: list[Space] = []
    if face == "plus":
        for r in range(size):
            for c in range(size):
                if (r, c) not in corners and chips[r][c] is None:
                    out.append((r, c))
    elif face == "minus":
        mine = view.get("colour")
        for r in range(size):
            for c in range(size):
                if chips[r][c] is not None and chips[r][c] != mine and not locked[r][c]:
                    out.append((r, c))
    else:
        n = answer_of(face)
        for r in range(size):
            for c in range(size):
                if numbers[r][c] == n and chips[r][c] is None:
                    out.append((r, c))
    return out


def can_play(view: dict) -> bool:
    """Whether some hand card has a space to take (else the seat discards one)."""
    return any(targets(view, face) for face in set(view.get("hand", [])))


def is_tradeable(view: dict, face: str) -> bool:
    """Whether ``face`` may be traded in as a dead card now (once per turn)."""
    return not view.get("dead_used") and face in view.get("dead", [])


def actions(view: dict) -> list[dict]:
    """Every action the seat could send, in the engine's order: dead cards, then
    plays (hand order, then space order), or the no-play discards."""
    if view.get("over") or view.get("seat") not in view.get("awaiting", []):
        return []
    hand: list[str] = []
    for face in view.get("hand", []):
        if face not in hand:
            hand.append(face)
    out = [{"type": "dead", "card": f} for f in hand if is_tradeable(view, f)]
    plays = []
    for face in hand:
        kind = "remove" if face == "minus" else "chip"
        plays += [{"type": kind, "card": face, "row": r, "col": c} for r, c in targets(view, face)]
    if plays:
        return out + plays
    return out + [{"type": "discard", "card": f} for f in hand]


def refusal(view: dict, face: str, space: Space) -> str:
    """Why ``face`` may not go on ``space`` (shown instead of sending), in words."""
    r, c = space
    chip = view["chips"][r][c]
    number = view["board"][r][c]
    if face == "minus":
        if chip is None:
            return _("Minus removes an opponent chip: pick a space that holds one")
        if chip == view.get("colour"):
            return _("That chip is your own colour")
        return _("That chip is in a completed sequence: it can never be removed")
    if [r, c] in view["corners"]:
        return _("A free corner takes no chip: it counts for everyone")
    if chip is not None:
        return _("That space is already covered")
    return _("{card} does not make {n}: pick a lit space").format(card=face_text(face), n=number)
