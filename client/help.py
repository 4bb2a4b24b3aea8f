"""The rules help overlay: each game's rules in our own words (``assets/rules/``), in
the current language where a translation exists, with the options in force, and first a
few illustrated "How to play" steps.

A rules file (``assets/rules/<game>.<code>.txt``) is one paragraph a line, the first line
the title; lines starting with ``#`` are not paragraphs: ``#: text`` is the game's
one-line description (the menu shows it), ``#1 text``, ``#2 text`` … the captions of
the illustrated steps (pictures: :func:`client.howto.step_picture`)."""

from __future__ import annotations

from importlib import resources

import pygame

from client import assets
from client.assets import wrap_font as wrap
from client.i18n import _, current


def _lines(game_id: str, language: str | None) -> list[str]:
    folder = resources.files("assets") / "rules"
    for code in (language or current(), "en"):
        path = folder / f"{game_id}.{code}.txt"
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            return [p.strip() for p in text.splitlines() if p.strip()]
    raise FileNotFoundError(f"no rules help for {game_id!r}")


def rules_text(game_id: str, language: str | None = None) -> list[str]:
    """The paragraphs of ``game_id``'s help (first line is the title), in ``language``
    (default: the current one), falling back to English. Raises ``FileNotFoundError``
    for a game without help."""
    return [p for p in _lines(game_id, language) if not p.startswith("#")]


def steps_text(game_id: str, language: str | None = None) -> list[str]:
    """The captions of ``game_id``'s illustrated How to play steps (the file's ``#1``,
    ``#2`` … lines, in order), in ``language`` like :func:`rules_text`; [] for a game
    without steps."""
    steps = []
    for line in _lines(game_id, language):
        head, _sep, text = line.partition(" ")
        if head[:1] == "#" and head[1:].isdigit():
            steps.append((int(head[1:]), text.strip()))
    return [text for _n, text in sorted(steps)]


def tagline(game_id: str, language: str | None = None) -> str:
    """``game_id``'s one-line description (the file's ``#:`` line), in ``language`` like
    :func:`rules_text`; "" for a game without one."""
    for line in _lines(game_id, language):
        if line.startswith("#:"):
            return line[2:].strip()
    return ""


def option_label(name: str) -> str:
    """An engine option's name for people, in the current language (the key itself
    for an option not listed here)."""
    labels = {
        "threshold": _("Limit"),
        "rounds": _("Rounds"),
        "tactical": _("Tactical"),
        "expert": _("Expert"),
        "smaller_hands": _("Smaller hands"),
        "start": _("First seat"),
        "end_at": _("Missions"),
        "teams": _("Teams"),
        "reshuffles": _("Reshuffles"),
        "deals": _("Deals"),
        "start_level": _("Start level"),
        "three_failures": _("Three failures"),
    }
    return labels.get(name, name)


def show(value) -> str:
    """An option value for people: on/off for booleans, "—" for none."""
    if isinstance(value, bool):
        return _("on") if value else _("off")
    return "—" if value is None else str(value)


def draw_steps(
    surface: pygame.Surface, game_id: str, x: int, y: int, width: int, scale: float = 1.0
) -> int:
    """Draw ``game_id``'s How to play steps at (``x``, ``y``) in ``width`` pixels: a
    heading, then each step's picture (numbered) over its caption, side by side (two
    to a row where four would be too narrow). Returns the height used (pixels; 0 for a
    game without steps). ``scale``: the text size setting."""
    from client import howto

    captions = steps_text(game_id)
    if not captions:
        return 0
    n = len(captions)
    cols = n if width // n >= 150 else (n + 1) // 2
    gap = 14
    col_w = (width - gap * (cols - 1)) // cols
    pic_h = max(64, min(130, col_w * 2 // 3))
    size = max(assets.MIN_TEXT, round(15 * scale))
    body = assets.font(size)
    head = assets.render(
        _("How to play"), max(assets.MIN_TEXT, round(20 * scale)), assets.INK, True
    )
    surface.blit(head, (x, y))
    top = y + head.get_height() + 8
    row_h = 0
    for i, caption in enumerate(captions):
        col, row_start = i % cols, i % cols == 0
        if row_start and i:
            top += row_h + 12
            row_h = 0
        cx = x + col * (col_w + gap)
        surface.blit(howto.step_picture(game_id, i, col_w, pic_h), (cx, top))
        badge = max(11, round(13 * scale))
        centre = (cx + badge + 4, top + badge + 4)
        pygame.draw.circle(surface, assets.GOLD, centre, badge)
        num = assets.render(str(i + 1), max(assets.MIN_TEXT, round(15 * scale)), assets.INK, True)
        surface.blit(num, num.get_rect(center=centre))
        ty = top + pic_h + 6
        for line in wrap(caption, body, col_w):
            surface.blit(assets.render(line, size, assets.INK), (cx, ty))
            ty += body.get_linesize()
        row_h = max(row_h, ty - top)
    return top + row_h + 18 - y


def draw_help(
    surface: pygame.Surface, game_id: str, options: dict, scroll: int = 0, scale: float = 1.0
) -> int:
    """Draw the overlay over the whole ``surface``; returns the content height (pixels)
    so callers can bound ``scroll`` (pixels scrolled down). ``scale``: the text size
    (settings ``ui_scale``; the text wraps and scrolls, so any size fits)."""
    w, h = surface.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    surface.blit(shade, (0, 0))
    panel = pygame.Rect(w // 2 - min(460, w // 2 - 20), 30, min(920, w - 40), h - 60)
    pygame.draw.rect(surface, (250, 248, 238), panel, border_radius=14)
    pygame.draw.rect(surface, assets.GOLD, panel, 3, border_radius=14)
    try:
        paragraphs = rules_text(game_id)
    except FileNotFoundError:
        paragraphs = [game_id, _("No rules help for this game yet.")]
    size = max(12, round(18 * scale))
    body = assets.font(size)
    clip = surface.get_clip()
    hint = assets.font(15).render(_("F1 or Esc closes · ↑ ↓ scroll"), True, (90, 90, 90))
    body_area = panel.inflate(-8, -24)  # scrolled text stops short of the border
    body_area.height -= hint.get_height() + 8  # the text scrolls above the hint line
    surface.set_clip(body_area)
    x, y = panel.x + 28, panel.y + 20 - scroll
    title = assets.render(paragraphs[0], max(18, round(30 * scale)), assets.INK, True)
    surface.blit(title, (x, y))
    y += title.get_height() + 12
    width = panel.width - 56 - size  # room for a bold head's extra width
    y += draw_steps(surface, game_id, x, y, width, scale)
    for para in paragraphs[1:]:
        head, sep, rest = para.partition(":")
        bold = bool(sep) and len(head) < 28
        for i, line in enumerate(wrap(para, body, width)):
            if i == 0 and bold and line.startswith(head + ":"):
                img = assets.render(head + ":", size, assets.INK, True)
                surface.blit(img, (x, y))
                rest_img = assets.render(line[len(head) + 1 :], size, assets.INK)
                surface.blit(rest_img, (x + img.get_width(), y))
            else:
                surface.blit(assets.render(line, size, assets.INK), (x, y))
            y += body.get_linesize()
        y += 8
    if options:
        y += 6
        text = _("Options in force: {options}").format(
            options=", ".join(f"{option_label(k)} = {show(v)}" for k, v in sorted(options.items()))
        )
        for line in wrap(text, body, width):
            surface.blit(body.render(line, True, (40, 90, 60)), (x, y))
            y += body.get_linesize()
    surface.set_clip(clip)
    surface.blit(hint, hint.get_rect(bottomright=(panel.right - 16, panel.bottom - 8)))
    return y + scroll - (panel.y + 20)
