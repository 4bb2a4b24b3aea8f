"""What a table does with a key, a click or a pad's button before the game's own
input: a mix-in of :class:`client.tables.base.TableScene` (it reads ``board``,
``timeline``, ``leaving``, ``help_open``, ``phones``, ``privacy_for``, ``emotes``,
``perspective`` …), and leaving the table.

One order for every table: a pad's event is replayed as the key it stands for
(:mod:`client.pads`); once the game is over only Esc answers (the results at once);
then the question before leaving (:mod:`client.tables.leave`), the rules help (F1),
the phones' codes (:mod:`client.tables.phones`), the privacy screen
(:mod:`client.tables.privacy`), the emotes (:mod:`client.tables.emotes`), dropping a
selection (right click, Backspace, Esc: :meth:`TableScene.clear_selection`), Esc's
question; only then the game's ``handle_table_event``, while nothing animates.
"""

from __future__ import annotations

import pygame

from client import pads
from client.tables import privacy


class Controls:
    """Input routing and leaving for a table (see the module docstring)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in pads.INPUT or event.type in pads.PLUG:
            pads.table_input(self, event)  # replayed as the key it stands for
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = tuple(event.pos)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.pad_in_use = hasattr(event, "pad")
        if self.board is not None and self.board.get("over"):
            # The game ended (perhaps during a burst of keys): its results come first.
            # Nothing at the table answers any more; Esc shows the results at once.
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                if self.timeline.idle:
                    self.finish()
            return
        if self.leaving.open:
            choice = self.leaving.handle(event)
            if choice == "hand":
                self.hand_over()
            elif choice == "leave":
                self.leave()
            return
        if event.type == pygame.KEYDOWN and (
            event.key == pygame.K_F1 or (self.help_open and event.key == pygame.K_ESCAPE)
        ):
            self.help_open = not self.help_open
            self.help_scroll = 0
            return
        if self.help_open:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
                self.help_scroll = max(
                    0, self.help_scroll + (40 if event.key == pygame.K_DOWN else -40)
                )
            elif event.type == pygame.MOUSEWHEEL:
                self.help_scroll = max(0, self.help_scroll - 40 * event.y)
            elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
            ):
                self.help_open = False  # Enter by habit closes it and plays nothing
            return
        if self.phones is not None and self.phones.handle(event):
            return  # the table waits for phones: their codes (client/tables/phones.py)
        if self.privacy_for is not None:
            privacy.handle(self, event)  # open it, or Esc (client/tables/privacy.py)
            return
        if self.emotes.handle(event):  # T, the picker's keys and clicks
            return
        clear = (event.type == pygame.MOUSEBUTTONUP and event.button == 3) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE)
        )
        if clear and self.clear_selection():
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_leave()
            return
        if self.perspective is not None and self.timeline.idle and self.board:
            self.handle_table_event(event)

    def key_legend(self, keys: str) -> str:
        """The table's key legend ``keys``, or the pad's (:func:`client.pads.legend`)
        while the last input came from a pad."""
        return pads.legend(self) if self.pad_in_use else keys

    def ask_leave(self) -> None:
        """Esc: ask before leaving (client/tables/leave.py: the host of a LAN table
        whose game is on may hand this screen's seats to bots and keep it going)."""
        self.leaving.ask_for(self.session)

    def leave(self) -> None:
        """Close the session and go back to the menu."""
        self.session.close()
        self.app.go("menu")

    def hand_over(self) -> None:
        """Leave a LAN table this window hosts while its game goes on: this screen's
        seats go to bots, the table is hosted in the background (client/hosting.py),
        and the window goes back to the menu."""
        from client import hosting

        hosting.keep(self.session, wake=self.app.wake)
        self.app.go("menu")
