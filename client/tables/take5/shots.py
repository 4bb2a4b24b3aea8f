"""Screenshots of the Take 5 table (``tools/screenshots.py --game take5``): mid-turn
with a card selected, the reveal, the row choice, the couch privacy screen, the
results of a bots-only game."""

from __future__ import annotations

from client.launch import start_table
from client.shots import frames, until
from client.tables import staging


def take(app, shot, seed: int) -> None:
    """Drive Take 5 tables through :func:`client.launch.start_table` and call
    ``shot(name)``."""
    # One player against bots: mid-turn with a card selected.
    table = start_table(app, "take5", ["human", "bot:normal", "bot:hard", "bot:easy"], seed)
    until(app, lambda: table.my_decision() == "choose" and table.timeline.idle)
    table.selected = table.board["hand"][3]
    frames(app, 0.1)
    shot("table.png")
    # Play low cards until a row must be chosen; shoot the reveal on the way.
    revealed = False
    for _ in range(60):
        if until(app, lambda: table.timeline.idle and table.my_decision() is not None, 60):
            if table.my_decision() == "row":
                frames(app, 0.1)
                shot("row-choice.png")
                break
            table.selected = table.board["hand"][0]
            table.play()
            if not revealed:
                until(
                    app,
                    lambda: (
                        table.timeline.current is not None
                        and table.timeline.current.label == "reveal"
                    ),
                    5,
                )
                frames(app, 0.9)
                shot("reveal.png")
                revealed = True
    table.session.close()

    # Couch: two local players, the privacy screen.
    couch = start_table(
        app, "take5", ["human", "human", "bot:normal"], seed, names=["Ana", "Ben", "Bot 3 (normal)"]
    )
    until(app, lambda: couch.privacy_for is not None)
    frames(app, 0.1)
    shot("privacy.png")
    couch.session.close()

    # Results: a bots-only game, sped up.
    speed = app.settings.animation_speed
    app.settings.animation_speed = 4.0
    seats = ["bot:normal", "bot:hard", "bot:easy"]
    staging.results(app, shot, "take5", seats, seed, options={"threshold": 20})
    app.settings.animation_speed = speed
