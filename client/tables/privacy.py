"""The couch's privacy screen (DESIGN.md "Couch play"): before a local player must
decide with hidden cards, the screen says whose turn it is and shows no card until
that player opens it — a click, Enter or Space, or A on the pad that plays that seat
(:mod:`client.pads`); Esc asks before leaving the table. The table
(:class:`client.tables.base.TableScene`) holds the seat waiting behind it in
``privacy_for``."""

from __future__ import annotations

import pygame

from client import assets, pads
from client.i18n import _


def pass_screen(table) -> None:
    """On a couch, hand the screen to the next local player who must decide (the
    privacy screen first, the public view behind it) — but never away from the one on
    screen while that player must still decide (local seats that decide at once get
    their views one by one, in any order); with nobody due, the public view."""
    shown = table.seats.get(table.perspective) if table.perspective is not None else None
    if table.privacy_for is not None or (shown is not None and shown.awaited()):
        return
    due = table.due_local_seat()
    if due is not None and due != table.perspective:
        table.privacy_for = due
        if table.perspective is not None:
            table.set_perspective(None)  # the public view while the screen passes
    elif due is None and table.perspective is not None:
        table.set_perspective(None)


def handle(table, event: pygame.event.Event) -> None:
    """Input while the privacy screen is up: open it for ``table.privacy_for`` (that
    seat's view is then shown), or Esc: the question before leaving."""
    if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
        table.ask_leave()
    elif (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
        event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE)
    ):
        seat, table.privacy_for = table.privacy_for, None
        table.set_perspective(seat)


def draw(table, surface: pygame.Surface) -> None:
    """The privacy screen: no cards, only whose turn it is and how to open it."""
    surface.fill(assets.FELT_DARK)
    name = table.name(table.privacy_for)
    k, width, w, h = table.ui_scale, table.w - 40, table.w, table.h
    t1 = table.fit_text(
        _("Pass the screen to {name}").format(name=name), int(44 * k), width, assets.GOLD, True
    )
    t2 = table.fit_text(_("Everyone else, look away."), int(24 * k), width, assets.WHITE)
    t3 = table.fit_text(pads.privacy_line(table, name), int(22 * k), width, assets.WHITE)
    surface.blit(t1, t1.get_rect(center=(w // 2, h // 2 - 60)))
    surface.blit(t2, t2.get_rect(center=(w // 2, h // 2)))
    surface.blit(t3, t3.get_rect(center=(w // 2, h // 2 + 60)))
