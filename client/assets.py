"""Fonts and colours, loaded once after the display exists (importlib.resources)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from importlib import resources

import pygame

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


@contextmanager
def recording() -> Iterator[list[tuple[int, str]]]:
    """Collect ``(font size in pixels, text)`` for every text rendered with the bundled
    fonts inside the ``with`` block (cached surfaces are not drawn again: call
    :func:`reset_caches` first to see everything). The text-height test uses it."""
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


#: Runs of CJK characters (and full-width forms), which DejaVu lacks.
CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+")


def cjk_font_path(bold: bool = False) -> str:
    """Path of the bundled Noto Sans CJK SC subset (掼蛋 and full-width brackets;
    SIL OFL 1.1, see fonts/NotoSansCJK-LICENSE.txt)."""
    name = "NotoSansSC-Bold-Subset.otf" if bold else "NotoSansSC-Regular-Subset.otf"
    return str(resources.files("assets") / "fonts" / name)


@lru_cache(maxsize=32)
def cjk_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The CJK fallback font at ``size`` pixels (cached)."""
    return _Font(cjk_font_path(bold), size)


def render(s: str, size: int, color=WHITE, bold: bool = False) -> pygame.Surface:
    """``s`` rendered anti-aliased (not cached, not converted): DejaVu, with runs of
    CJK characters in the CJK fallback font, the pieces sharing one baseline."""
    if not CJK.search(s):
        return font(size, bold).render(s, True, color)
    pieces, pos = [], 0
    for m in CJK.finditer(s):
        if m.start() > pos:
            pieces.append((font(size, bold), s[pos : m.start()]))
        pieces.append((cjk_font(size, bold), m.group()))
        pos = m.end()
    if pos < len(s):
        pieces.append((font(size, bold), s[pos:]))
    ascent = max(f.get_ascent() for f, _t in pieces)
    imgs = [(f.render(t, True, color), ascent - f.get_ascent()) for f, t in pieces]
    width = sum(img.get_width() for img, _y in imgs)
    height = max(img.get_height() + y for img, y in imgs)
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    x = 0
    for img, y in imgs:
        out.blit(img, (x, y))
        x += img.get_width()
    return out


@lru_cache(maxsize=2048)
def text(s: str, size: int, color=WHITE, bold: bool = False) -> pygame.Surface:
    """Rendered, anti-aliased text (cached; bounded); CJK runs use the CJK fallback."""
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
    cjk_font.cache_clear()
    text.cache_clear()
    for fn in _SURFACE_CACHES:
        fn.cache_clear()


def wrap_font(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Lines of ``text`` (split at spaces) no wider than ``width`` pixels in ``font``;
    a single word wider than ``width`` stays on its own line."""
    lines, line = [], ""
    for word in text.split():
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
    s: str, size: int, width: int, color=WHITE, bold: bool = False, shrink: float = 0.85
) -> pygame.Surface:
    """``s`` at ``size`` pixels, at most ``width`` pixels wide: a little smaller (down
    to ``shrink`` × ``size``, never under :data:`MIN_TEXT`) when that is enough, else
    cut with "…" — long translations never overflow and never shrink out of
    legibility."""
    size = max(MIN_TEXT, size)
    img = text(s, size, color, bold)
    floor = max(MIN_TEXT, int(size * shrink))
    while img.get_width() > width and size > floor:
        size = max(floor, size - 1)
        img = text(s, size, color, bold)
    if img.get_width() > width:
        img = text(ellipsize(s, font(size, bold), width), size, color, bold)
    return img


def fit_lines(
    text: str, size: int, width: int, max_lines: int = 2, bold: bool = True
) -> tuple[list[str], int]:
    """``text`` wrapped at words to ``width`` pixels in at most ``max_lines`` lines: the
    size shrinks (never under :data:`MIN_TEXT`) until it does, and a text still too long
    ends its last line in "…". Returns (lines, size)."""
    size = max(MIN_TEXT, size)
    while True:
        f = font(size, bold)
        lines = wrap_font(text, f, width)
        if len(lines) <= max_lines and all(f.size(x)[0] <= width for x in lines):
            return lines, size
        if size <= MIN_TEXT:
            cut = [ellipsize(x, f, width) for x in lines[:max_lines]]
            if len(lines) > max_lines:
                cut[-1] = ellipsize(lines[max_lines - 1] + " " + lines[max_lines], f, width)
            return cut, size
        size = max(MIN_TEXT, int(size * 0.92))


def wrap(text: str, size: int, width: int, bold: bool = True) -> list[str]:
    """Lines of ``text`` no wider than ``width`` pixels in the bundled font at ``size``."""
    return wrap_font(text, font(size, bold), width)
