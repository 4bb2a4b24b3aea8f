"""Generate the Sequence Numbers board layout and deck list (``sequence-numbers.md``,
"Board (our design)" and "Deck (our design)") once, from a fixed seed.

The output is the engine data module ``engine/sequence_numbers/data.py``; it is
committed, and a test checks that running this tool again reproduces it byte for byte.

    python3 tools/gen_sequence_numbers.py            # (re)write the data module
    python3 tools/gen_sequence_numbers.py --check    # exit 1 if the module differs

Constraints (checked again by ``tests/engine/test_sequence_numbers.py``):

* 10 × 10 board, the four corners free, the other 96 spaces show 1..48 twice each;
  the two spaces of one number never lie on one row, column or diagonal within 4 steps
  of each other (no five-in-a-row can use both).
* For every answer n in 1..48 one addition ``a+b`` and one subtraction ``c-d`` equal
  to n, operands >= 0, minuends <= 60, no equation twice; plus 2 Plus and 2 Minus:
  100 cards.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

SEED = "tapete:sequence-numbers:data:v1"
SIZE = 10
ANSWERS = range(1, 49)
MAX_MINUEND = 60
REACH = 4  # a five-in-a-row spans 4 steps
CORNERS = ((0, 0), (0, SIZE - 1), (SIZE - 1, 0), (SIZE - 1, SIZE - 1))
OUTPUT = Path(__file__).resolve().parent.parent / "engine" / "sequence_numbers" / "data.py"
COMMAND = "python3 tools/gen_sequence_numbers.py"


def within_reach(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """True when spaces ``a`` and ``b`` lie on one row, column or diagonal at most
    4 steps apart, i.e. one five-in-a-row could cover both."""
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    if dr == 0:
        return dc <= REACH
    if dc == 0:
        return dr <= REACH
    return dr == dc and dr <= REACH


def make_board(rng: random.Random) -> tuple[tuple[int, ...], ...]:
    """A board (rows of ints, 0 = free corner) meeting the constraints; randomised
    greedy filling with restarts, all draws from ``rng``."""
    spaces = [(r, c) for r in range(SIZE) for c in range(SIZE) if (r, c) not in CORNERS]
    while True:
        order = spaces[:]
        rng.shuffle(order)
        left = {n: 2 for n in ANSWERS}
        placed: dict[int, tuple[int, int]] = {}
        grid = [[0] * SIZE for _ in range(SIZE)]
        ok = True
        for sp in order:
            choices = [
                n for n in ANSWERS if left[n] and not (n in placed and within_reach(placed[n], sp))
            ]
            if not choices:
                ok = False
                break
            n = rng.choice(choices)
            left[n] -= 1
            placed.setdefault(n, sp)
            grid[sp[0]][sp[1]] = n
        if ok:
            return tuple(tuple(row) for row in grid)


def make_deck(rng: random.Random) -> tuple[str, ...]:
    """The 100 card faces: ``"a+b"`` and ``"c-d"`` for every answer, then Plus and
    Minus twice. Operands are >= 1 where the answer allows it."""
    cards: list[str] = []
    for n in ANSWERS:
        a = rng.randint(1, n - 1) if n > 1 else 0
        cards.append(f"{a}+{n - a}")
    for n in ANSWERS:
        c = rng.randint(n + 1, MAX_MINUEND)
        cards.append(f"{c}-{c - n}")
    return tuple(cards) + ("plus", "plus", "minus", "minus")


def render() -> str:
    """The full text of the data module."""
    rng = random.Random(SEED)
    board = make_board(rng)
    deck = make_deck(rng)
    lines = [
        '"""Sequence Numbers board layout and deck list — GENERATED, do not edit.',
        "",
        f"Made by ``{COMMAND}``",
        f"(seed {SEED!r}) under the constraints of",
        '``sequence-numbers.md`` "Board (our design)" and "Deck (our design)"; replace this',
        'module if the printed layout is ever obtained."""',
        "",
        "#: 10 rows of 10 answers; 0 marks the four free corners.",
        "BOARD = (",
    ]
    for row in board:
        lines.append("    (" + ", ".join(f"{n:2d}" for n in row) + "),")
    lines.append(")")
    lines.append("")
    lines.append("#: The 100 card faces in deck order: 48 additions, 48 subtractions, 2 Plus,")
    lines.append("#: 2 Minus.")
    lines.append("DECK = (")
    for i in range(0, len(deck), 8):
        lines.append("    " + " ".join(f'"{c}",' for c in deck[i : i + 8]))
    lines.append(")")
    lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check",
        action="store_true",
        help="only compare with the committed module; exit 1 if it differs",
    )
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        same = OUTPUT.exists() and OUTPUT.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{OUTPUT} differs from the generator's output")
        return 0 if same else 1
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
