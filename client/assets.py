"""Fonts and colours, loaded once after the display exists (importlib.resources): text
rendered, measured and fitted to its room. Which face draws each character, and in which
direction, is :mod:`client.textruns`."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources

import pygame

from client import textruns
from client.fontfaces import (  # noqa: F401 - re-exported: callers and tests use assets.X
    ARABIC_FACE,
    BUNDLED_FACES,
    CJK,
    CJK_FACE,
    EMOJI_FACE,
    Face,
    system_emoji,
)
from client.textruns import _cmap, covers, face_for, face_path, preferred_face, runs

FELT = (22, 92, 62)
FELT_DARK = (14, 66, 44)
INK = (30, 30, 34)
WHITE = (245, 245, 240)
GOLD = (244, 196, 48)
RED = (200, 50, 50)
SHADOW = (0, 0, 0, 90)
PANEL = (10, 40, 28, 200)
HIGHLIGHT = (255, 226, 90)

#: The smallest text the tables draw (font size in pixels), at any window size, text
#: size or language: 12 px stays legible; text that does not fit wraps or ends in "…".
MIN_TEXT = 12

#: While :func:`recording` runs: ``(size, text)`` of every text rendered.
_drawn: list | None = None


class Asked(str):
    """In :func:`recording`: a text that :func:`fit` was asked to draw at a size (the
    table's size, with the player's text size) but drew smaller or cut to its room."""


@contextmanager
def recording() -> Iterator[list[tuple[int, str]]]:
    """Collect ``(font size in pixels, text)`` for every text rendered with the bundled
    fonts inside the ``with`` block (cached surfaces are not drawn again: call
    :func:`reset_caches` first to see everything), and for every text :func:`fit` drew
    smaller or cut: ``(the size asked, Asked(text))``. The text-height test uses it."""
    global _drawn
    previous, _drawn = _drawn, []
    try:
        yield _drawn
    finally:
        _drawn = previous


class _Font(pygame.font.Font):
    """A bundled font that reports what it renders to :func:`recording`."""

    def render(self, text, *args, **kwargs) -> pygame.Surface:
        if _drawn is not None and text:
            _drawn.append((self.point_size, str(text)))
        return super().render(text, *args, **kwargs)


def font_path(bold: bool = False) -> str:
    """Path of the bundled DejaVu Sans (covers Latin accents and ♠♥♦♣)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return str(resources.files("assets") / "fonts" / name)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A bundled font at ``size`` pixels (cached)."""
    return _Font(font_path(bold), size)


def use_fallback(face: Face | None) -> None:
    """Put ``face`` (a file path; None: none) after the bundled faces of
    :data:`client.textruns.FACES` and forget what the faces measured and drew."""
    textruns.FACES = BUNDLED_FACES + ((face,) if face is not None else ())
    for fn in (covers, face_for, preferred_face, runs):
        fn.cache_clear()
    reset_caches()


def cjk_font_path(bold: bool = False) -> str:
    """Path of the bundled Noto Sans CJK SC subset (SIL OFL 1.1; what it holds is in
    assets/LICENSES.md). It has no bold file: bold CJK is emboldened by SDL_ttf."""
    return face_path(CJK_FACE, bold)


@lru_cache(maxsize=128)
def face_font(index: int, size: int, bold: bool = False, rtl: str | None = None):
    """Face ``index`` of :data:`client.textruns.FACES` at ``size`` pixels (cached; a
    colour bitmap face comes at its strike, whatever ``size``); emboldened when ``bold``
    and the face has no bold file; ``rtl``: a right-to-left script tag, shaped right to left by
    HarfBuzz."""
    face = textruns.FACES[index]
    f = _Font(face_path(index, bold), face.strike or size)
    if bold and not face.bold and not face.strike:
        f.bold = True
    try:
        if rtl:
            f.set_script(rtl)
            f.set_direction(pygame.DIRECTION_RTL)
        elif face.script:
            f.set_script(face.script)
    except pygame.error:  # an SDL_ttf without HarfBuzz: drawn unshaped, left to right
        pass
    return f


def _simple(s: str, bold: bool) -> bool:
    """Whether ``s`` is drawn by DejaVu alone, left to right (the fast path)."""
    r = runs(s, bold)
    return len(r) == 1 and r[0][0] == 0 and r[0][2] is None and r[0][1] == s


def _scale(index: int, size: int, bold: bool) -> float:
    """How much a glyph of face ``index`` is scaled at text size ``size``: 1 for an
    outline face; a bitmap face's glyphs take the height of DejaVu's line."""
    if not textruns.FACES[index].strike:
        return 1.0
    return font(size, bold).get_height() / face_font(index, size).get_height()


@lru_cache(maxsize=4096)
def measure(s: str, size: int, bold: bool = False) -> int:
    """The width in pixels of ``s`` as :func:`render` draws it (cached)."""
    if _simple(s, bold):
        return font(size, bold).size(s)[0]
    return sum(
        round(face_font(f, size, bold, d).size(t)[0] * _scale(f, size, bold))
        for f, t, d in runs(s, bold)
    )


def render(s: str, size: int, color=WHITE, bold: bool = False) -> pygame.Surface:
    """``s`` rendered anti-aliased (not cached, not converted): each run of
    characters in the bundled face that has them (:func:`client.textruns.runs`), right-to-left
    scripts shaped right to left, colour emoji scaled to the line, the pieces sharing
    one baseline (see :func:`render_line`)."""
    return render_line(s, size, color, bold)[0]


#: How far (a share of the line's height) ink may reach above or below a line of text:
#: a name of stacked combining marks is cut there, not spilled into the panel above.
MARK_REACH = 0.3


def render_line(s: str, size: int, color=WHITE, bold: bool = False) -> tuple[pygame.Surface, int]:
    """:func:`render`'s image of ``s`` and its baseline (pixels from the top).

    The image is DejaVu's line box at ``size`` (its ascent above the baseline, its
    descent below), grown only where ink of another face reaches beyond it (by
    :data:`MARK_REACH` of the line at most): Noto's taller line boxes (Arabic, CJK) do
    not make a name taller than the text around it, and stacked marks stay near it."""
    base = font(size, bold)
    if _simple(s, bold):
        return base.render(s, True, color), base.get_ascent()
    pieces = []  # (image, its ascent)
    for index, t, d in runs(s, bold):
        f = face_font(index, size, bold, d)
        if not f.size(t)[0]:
            continue  # (SDL_ttf refuses to draw nothing)
        img, ascent = f.render(t, True, color), f.get_ascent()
        k = _scale(index, size, bold)
        if k != 1.0:
            w, h = img.get_size()
            img = pygame.transform.smoothscale(
                img.convert_alpha() if pygame.display.get_surface() else img,
                (max(1, round(w * k)), max(1, round(h * k))),
            )
            ascent = round(ascent * k)
        pieces.append((img, ascent))
    if not pieces:
        return base.render("", True, color), base.get_ascent()
    top = max([base.get_ascent()] + [a for _img, a in pieces])
    width = sum(img.get_width() for img, _a in pieces)
    height = max(
        [top - base.get_ascent() + base.get_height()]
        + [img.get_height() + top - a for img, a in pieces]
    )
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    x = 0
    for img, a in pieces:
        out.blit(img, (x, top - a))
        x += img.get_width()
    line = pygame.Rect(0, top - base.get_ascent(), width, base.get_height())
    ink = out.get_bounding_rect()
    keep = line
    if ink.h:  # ink beyond the line, but marks stacked on marks stop at MARK_REACH
        reach = int(line.h * MARK_REACH)
        lo, hi = max(ink.top, line.top - reach), min(ink.bottom, line.bottom + reach)
        keep = line.union(pygame.Rect(0, lo, width, max(0, hi - lo)))
    keep.x, keep.w = 0, width
    return out.subsurface(keep).copy(), top - keep.y


@lru_cache(maxsize=2048)
def shorten(s: str, size: int, width: int, bold: bool = False, form: str = "{name}") -> str:
    """``form`` with ``{name}`` = ``s`` when that fits ``width`` pixels at ``size``,
    else with the longest start of ``s`` that fits followed by "…" (at least one
    character; a cut never separates a character from its marks or joiners). For
    player and table names: ``shorten(name, 20, 300, form=_("{name} (you)"))``.
    Cached: a frame that draws the same name again pays a dictionary look-up."""
    import unicodedata

    full = form.format(name=s)
    if measure(full, size, bold) <= width:
        return full

    def cut(n: int) -> str:
        while 1 < n < len(s) and (
            unicodedata.combining(s[n]) or s[n] in "\u200d\ufe0f\ufe0e" or s[n - 1] == "\u200d"
        ):
            n -= 1
        return form.format(name=s[:n].rstrip() + "…")

    lo, hi = 1, len(s)  # the longest start that fits, by bisection
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if measure(cut(mid), size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return cut(lo)


@lru_cache(maxsize=2048)
def text(s: str, size: int, color=WHITE, bold: bool = False) -> pygame.Surface:
    """Rendered, anti-aliased text (cached; bounded; :func:`render`: every character
    in a bundled face that has it)."""
    return render(s, size, color, bold).convert_alpha()


#: Every surface cache made with :func:`cached` (cleared by :func:`reset_caches`).
_SURFACE_CACHES: list = []


def cached(maxsize: int, words: bool = False):
    """A decorator: cache a function that draws a surface (bounded, like
    ``lru_cache(maxsize)``), forgotten by :func:`reset_caches` when a new display
    appears. ``words=True``: the surface carries translated words, so the current
    language is part of the key (a language switch draws it again)."""
    from client.i18n import current

    def decorate(fn):
        if words:
            keyed = lru_cache(maxsize=maxsize)(lambda _lang, *a: fn(*a))

            def draw(*args):
                return keyed(current(), *args)

            draw.cache_clear = keyed.cache_clear
            draw.__doc__, draw.__name__, draw.__wrapped__ = fn.__doc__, fn.__name__, fn
        else:
            draw = lru_cache(maxsize=maxsize)(fn)
        _SURFACE_CACHES.append(draw)
        return draw

    return decorate


def reset_caches() -> None:
    """Forget every cached font and surface (after ``pygame.quit``/a new display)."""
    font.cache_clear()
    face_font.cache_clear()
    text_image.cache_clear()
    _cmap.cache_clear()
    for fn in (measure, shorten, _fitted, _fit_lines):
        fn.cache_clear()
    text.cache_clear()
    for fn in _SURFACE_CACHES:
        fn.cache_clear()


#: Where a line may break: any run of white space but the no-break spaces (U+00A0, U+202F).
_BREAKS = re.compile(r"[^\S\u00a0\u202f]+")


def wrap_font(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Lines of ``text`` (split at spaces, never at a no-break space: French puts one
    before ":" and ";") no wider than ``width`` pixels in ``font``; a single word wider
    than ``width`` stays on its own line."""
    lines, line = [], ""
    for word in _BREAKS.split(text.strip()):
        trial = f"{line} {word}".strip()
        if line and font.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def ellipsize(text: str, font: pygame.font.Font, width: int) -> str:
    """``text``, or its longest start that fits ``width`` pixels in ``font`` followed
    by "…" (at least one character and the "…")."""
    if font.size(text)[0] <= width:
        return text
    lo, hi = 1, len(text)  # the longest start that fits, by bisection
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if font.size(text[:mid].rstrip() + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def fit(
    s: str,
    size: int,
    width: int,
    color=WHITE,
    bold: bool = False,
    shrink: float = 0.85,
    floor: int = MIN_TEXT,
) -> pygame.Surface:
    """``s`` at ``size`` pixels, at most ``width`` pixels wide: a little smaller (down
    to ``shrink`` × ``size``, never under ``floor``: :data:`MIN_TEXT`, or a room table's
    larger floor) when that is enough, else cut with "…" — long translations never
    overflow and never shrink out of legibility."""
    floor = max(MIN_TEXT, floor)
    shown, px = _fitted(s, size, width, bold, shrink, floor)
    if _drawn is not None and (shown, px) != (s, max(floor, size)):
        _drawn.append((max(floor, size), Asked(s)))  # what the table asked for
    return text(shown, px, color, bold)


@lru_cache(maxsize=2048)
def _fitted(
    s: str, size: int, width: int, bold: bool, shrink: float, least: int = MIN_TEXT
) -> tuple[str, int]:
    """What :func:`fit` draws: ``(text, size)`` (cached)."""
    size = max(least, size)
    floor = max(least, int(size * shrink))
    while measure(s, size, bold) > width and size > floor:
        size = max(floor, size - 1)
    if measure(s, size, bold) > width:
        s = shorten(s, size, width, bold)
    return s, size


class _Measure:
    """Stands in for a ``pygame.font.Font`` in :func:`wrap_font`: measures as
    :func:`render` draws (every face), at ``px`` pixels."""

    def __init__(self, px: int, bold: bool) -> None:
        self.px, self.bold = px, bold

    def size(self, text: str) -> tuple[int, int]:
        return measure(text, self.px, self.bold), font(self.px, self.bold).get_height()


def fit_lines(
    text: str,
    size: int,
    width: int,
    max_lines: int = 2,
    bold: bool = True,
    floor: int = MIN_TEXT,
) -> tuple[list[str], int]:
    """``text`` wrapped at words to ``width`` pixels in at most ``max_lines`` lines: the
    size shrinks (never under ``floor``: :data:`MIN_TEXT`, or a room table's larger
    floor) until it does, and a text still too long ends its last line in "…". Returns
    (lines, size). Widths are measured as :func:`render` draws (names in any script);
    cached."""
    lines, size = _fit_lines(text, size, width, max_lines, bold, max(MIN_TEXT, floor))
    return list(lines), size


@lru_cache(maxsize=1024)
def _fit_lines(
    text: str, size: int, width: int, max_lines: int, bold: bool, floor: int = MIN_TEXT
) -> tuple[tuple[str, ...], int]:
    size = max(floor, size)
    while True:
        lines = wrap_font(text, _Measure(size, bold), width)
        if len(lines) <= max_lines and all(measure(x, size, bold) <= width for x in lines):
            return tuple(lines), size
        if size <= floor:
            cut = [shorten(x, size, width, bold) for x in lines[:max_lines]]
            if len(lines) > max_lines:
                cut[-1] = shorten(lines[max_lines - 1] + " " + lines[max_lines], size, width, bold)
            return tuple(cut), size
        size = max(floor, int(size * 0.92))


def wrap(text: str, size: int, width: int, bold: bool = True) -> list[str]:
    """Lines of ``text`` no wider than ``width`` pixels in the bundled faces at ``size``."""
    return wrap_font(text, _Measure(size, bold), width)


def install_gui_fonts() -> None:
    """Make pygame_gui draw its texts (buttons, labels, the boxes people type names
    in) through :func:`render`, so that every character finds a bundled face there
    too. Call before the ``UIManager`` loads its fonts; calling again does nothing.
    Text that DejaVu draws alone goes through pygame_gui's own code unchanged."""
    import pygame_gui.core.utility as utility
    from pygame_gui.core.gui_font_pygame import GUIFontPygame

    if getattr(utility.GUIFontPygame, "runs_of_faces", False):
        return

    class RunsFont(GUIFontPygame):
        """pygame_gui's font, with the bundled faces for what DejaVu lacks."""

        runs_of_faces = True

        def __init__(self, file, size, force_style=False, style=None):
            super().__init__(file, size, force_style, style)
            self.runs_bold = bool(style and style.get("bold"))

        def plain(self, text: str) -> bool:
            return not text or _simple(text, self.runs_bold)

        def ascent(self, text: str) -> int:
            """The baseline of :func:`render`'s image of ``text`` from its top."""
            return text_image(text, self.point_size, self.runs_bold)[1]

        def get_rect(self, text: str) -> pygame.Rect:
            if self.plain(text):
                return super().get_rect(text)
            img, baseline = text_image(text, self.point_size, self.runs_bold)
            return pygame.Rect((0, baseline), img.get_size())

        def size(self, text: str) -> tuple[int, int]:
            return self.get_rect(text).size

        def render_premul(self, text: str, text_color) -> pygame.Surface:
            if self.plain(text):
                return super().render_premul(text, text_color)
            img = render(text, self.point_size, text_color, self.runs_bold).convert_alpha()
            return img.premul_alpha()

        def render_premul_to(self, text, text_colour, surf_size, surf_position):
            if self.plain(text):
                return super().render_premul_to(text, text_colour, surf_size, surf_position)
            out = pygame.Surface(surf_size, depth=32, flags=pygame.SRCALPHA)
            out.fill((0, 0, 0, 0))
            img = render(text, self.point_size, text_colour, self.runs_bold).convert_alpha()
            if img.get_width() and img.get_height():
                out.blit(
                    img.premul_alpha(),
                    (surf_position[0], surf_position[1] - self.ascent(text)),
                    special_flags=pygame.BLEND_PREMULTIPLIED,
                )
            return out

    utility.GUIFontPygame = RunsFont


@lru_cache(maxsize=512)
def text_image(s: str, size: int, bold: bool = False) -> tuple[pygame.Surface, int]:
    """:func:`render_line` of ``s`` in white (cached): for measuring what it draws."""
    return render_line(s, size, WHITE, bold)
