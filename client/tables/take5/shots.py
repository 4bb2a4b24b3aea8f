"""Screenshots of the Take 5 table (``tools/screenshots.py --game take5``): mid-turn
with a card selected, the landing preview of a hovered card, the reveal, the row
choice, your own penalty pile, the couch privacy screen, the results of a bots-only
game."""

from __future__ import annotations

import pygame

from client.launch import start_table
from client.shots import ShotWaitError, frames, wait
from client.tables import staging


def take(app, shot, seed: int) -> None:
    """Drive Take 5 tables through :func:`client.launch.start_table` and call
    ``shot(name)``."""
    # One player against bots: mid-turn with a card selected.
    table = start_table(app, "take5", ["human", "bot:normal", "bot:hard", "bot:easy"], seed)
    wait(
        app,
        lambda: table.my_decision() == "choose" and table.timeline.idle,
        "the Take 5 table's first choice",
    )
    table.selected = table.board["hand"][3]
    frames(app, 0.1)
    shot("table.png")
    # The landing preview of the card under the pointer.
    over = table.hand_rects()[5].center
    app.frame(
        1 / 30, [pygame.event.Event(pygame.MOUSEMOTION, pos=over, rel=(1, 0), buttons=(0, 0, 0))]
    )
    frames(app, 0.1)
    shot("preview.png")
    app.frame(
        1 / 30, [pygame.event.Event(pygame.MOUSEMOTION, pos=(4, 4), rel=(1, 0), buttons=(0, 0, 0))]
    )
    # Play low cards until a row must be chosen; shoot the reveal on the way.
    revealed = False
    decides = lambda: table.timeline.idle and table.my_decision() is not None  # noqa: E731
    for _ in range(60):
        wait(app, decides, "the Take 5 table's next decision")
        if table.my_decision() == "row":
            frames(app, 0.1)
            shot("row-choice.png")
            table.take_row(0)  # your own pile then holds cards: open it (P)
            wait(app, decides, "the Take 5 table's next decision after taking a row")
            table.pile_open = True
            frames(app, 0.1)
            shot("pile.png")
            break
        table.selected = table.board["hand"][0]
        table.play()
        if not revealed:
            wait(
                app,
                lambda: (
                    table.timeline.current is not None and table.timeline.current.label == "reveal"
                ),
                "the Take 5 reveal",
                30,
            )
            frames(app, 0.9)
            shot("reveal.png")
            revealed = True
    else:
        raise ShotWaitError("a Take 5 row choice (60 turns played)")
    table.session.close()

    # Couch: two local players, the privacy screen.
    couch = start_table(
        app, "take5", ["human", "human", "bot:normal"], seed, names=["Ana", "Ben", "Bot 3 (normal)"]
    )
    wait(app, lambda: couch.privacy_for is not None, "the Take 5 couch privacy screen")
    frames(app, 0.1)
    shot("privacy.png")
    couch.session.close()

    # Results: a bots-only game, sped up.
    speed = app.settings.animation_speed
    app.settings.animation_speed = 4.0
    seats = ["bot:normal", "bot:hard", "bot:easy"]
    staging.results(app, shot, "take5", seats, seed, options={"threshold": 20})
    app.settings.animation_speed = speed
