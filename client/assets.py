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


#: The bundled faces, tried in this order for each character that the face before
#: lacks: ``(regular, bold)`` file names under assets/fonts (licences in
#: assets/LICENSES.md). DejaVu Sans covers Latin with accents, Greek, Cyrillic,
#: Armenian, Georgian, Hebrew, basic Arabic and the card suits; the Noto faces cover
#: what it lacks.
FACES: tuple[tuple[str, str], ...] = (
    ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    ("NotoSansSC-Regular-Subset.otf", "NotoSansSC-Bold-Subset.otf"),
)

#: Characters that prefer a face of their own over DejaVu (``(pattern, face index)``).
PREFERRED: tuple[tuple[re.Pattern, int], ...] = ()

#: Runs of CJK characters (and full-width forms), which DejaVu lacks.
CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+")

#: Right-to-left scripts → their ISO 15924 tag for HarfBuzz (shaping and direction).
RTL_SCRIPTS: tuple[tuple[re.Pattern, str], ...] = (
    (re.compile(r"[\u0590-\u05ff\ufb1d-\ufb4f]"), "Hebr"),
    (re.compile(r"[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]"), "Arab"),
    (re.compile(r"[\u0700-\u074f]"), "Syrc"),
    (re.compile(r"[\u0780-\u07bf]"), "Thaa"),
)

#: Characters that join the face of the character before them when it has them
#: (spaces, digits, punctuation, joiners and marks), so "Ana Lee" stays one run.
_NEUTRAL = {"WS", "ON", "CS", "ES", "ET", "EN", "AN", "BN", "S", "B", "NSM"}


def face_path(index: int, bold: bool = False) -> str:
    """Path of bundled face ``index`` of :data:`FACES` (regular or bold)."""
    return str(resources.files("assets") / "fonts" / FACES[index][1 if bold else 0])


def cjk_font_path(bold: bool = False) -> str:
    """Path of the bundled Noto Sans CJK SC subset (SIL OFL 1.1, see
    fonts/NotoSansCJK-LICENSE.txt and assets/LICENSES.md for what it holds)."""
    return face_path(1, bold)


@lru_cache(maxsize=None)
def _cmap(index: int, bold: bool):
    """A FreeType face of :data:`FACES` ``index``, to ask which characters it has
    (``pygame.font`` draws a missing glyph as a box without saying so)."""
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(face_path(index, bold), 16)


@lru_cache(maxsize=16384)
def covers(index: int, ch: str, bold: bool = False) -> bool:
    """Whether face ``index`` of :data:`FACES` has a glyph for the character ``ch``."""
    try:
        return _cmap(index, bold).get_metrics(ch)[0] is not None
    except pygame.error:  # FreeType was quit (pygame.quit) since the face was opened
        _cmap.cache_clear()
        return _cmap(index, bold).get_metrics(ch)[0] is not None


@lru_cache(maxsize=16384)
def face_for(ch: str, bold: bool = False) -> int:
    """The index in :data:`FACES` of the face that draws ``ch``: its script's preferred
    face (:data:`PREFERRED`) if that has it, else the first face that has it, else 0
    (DejaVu draws its box)."""
    for pattern, index in PREFERRED:
        if pattern.match(ch) and covers(index, ch, bold):
            return index
    for index in range(len(FACES)):
        if covers(index, ch, bold):
            return index
    return 0


def rtl_script(ch: str) -> str | None:
    """The ISO 15924 tag of ``ch``'s right-to-left script, or None."""
    for pattern, tag in RTL_SCRIPTS:
        if pattern.match(ch):
            return tag
    return None


@lru_cache(maxsize=4096)
def runs(s: str, bold: bool = False) -> tuple[tuple[int, str, str | None], ...]:
    """``s`` cut into runs ``(face index, text, rtl script or None)`` in the order they
    are drawn from left to right.

    Each character goes to the face that has it (:func:`face_for`); a space, a digit, a
    mark or punctuation stays in the run before it when that face has it. Bidi is the
    simple form of Unicode's: a run of right-to-left letters (with the spaces and
    digits between them) is shaped right to left by HarfBuzz, and when the first letter
    of ``s`` is right-to-left the runs are laid out right to left too (a name that is
    all Arabic or Hebrew reads correctly; a mixed name keeps each run's own order)."""
    import unicodedata

    kinds = [unicodedata.bidirectional(c) for c in s]
    strong = [
        rtl_script(c) if k in ("R", "AL") else ("L" if k == "L" else None)
        for c, k in zip(s, kinds, strict=True)
    ]
    paragraph_rtl = next((d != "L" for d in strong if d is not None), False)
    # A neutral takes the direction of its strong neighbours when they agree, else
    # the paragraph's.
    direction: list[str | None] = []
    for i, d in enumerate(strong):
        if d is not None:
            direction.append(None if d == "L" else d)
            continue
        before = next((x for x in reversed(strong[:i]) if x is not None), None)
        after = next((x for x in strong[i + 1 :] if x is not None), None)
        if before is not None and after is not None and (before == "L") == (after == "L"):
            direction.append(None if before == "L" else before)
        elif paragraph_rtl:
            rtl = before if before not in (None, "L") else after
            direction.append(rtl if rtl not in (None, "L") else "Arab")
        else:
            direction.append(None)
    out: list[list] = []
    for c, kind, d in zip(s, kinds, direction, strict=True):
        face = face_for(c, bold)
        if out and kind in _NEUTRAL and out[-1][2] == d and covers(out[-1][0], c, bold):
            face = out[-1][0]
        if out and out[-1][0] == face and out[-1][2] == d:
            out[-1][1] += c
        else:
            out.append([face, c, d])
    if paragraph_rtl:
        out.reverse()
    return tuple((face, text, d) for face, text, d in out)


@lru_cache(maxsize=128)
def face_font(index: int, size: int, bold: bool = False, rtl: str | None = None):
    """Face ``index`` of :data:`FACES` at ``size`` pixels (cached); ``rtl``: a
    right-to-left script tag, shaped right to left by HarfBuzz."""
    f = _Font(face_path(index, bold), size)
    if rtl:
        f.set_script(rtl)
        f.set_direction(pygame.DIRECTION_RTL)
    return f


def _simple(s: str, bold: bool) -> bool:
    """Whether ``s`` is drawn by DejaVu alone, left to right (the fast path)."""
    r = runs(s, bold)
    return len(r) <= 1 and (not r or (r[0][0] == 0 and r[0][2] is None))


def measure(s: str, size: int, bold: bool = False) -> int:
    """The width in pixels of ``s`` as :func:`render` draws it."""
    if _simple(s, bold):
        return font(size, bold).size(s)[0]
    return sum(face_font(f, size, bold, d).size(t)[0] for f, t, d in runs(s, bold))


def render(s: str, size: int, color=WHITE, bold: bool = False) -> pygame.Surface:
    """``s`` rendered anti-aliased (not cached, not converted): each run of
    characters in the bundled face that has them (:func:`runs`), right-to-left
    scripts shaped right to left, the pieces sharing one baseline."""
    if _simple(s, bold):
        return font(size, bold).render(s, True, color)
    pieces = [(face_font(f, size, bold, d), t) for f, t, d in runs(s, bold)]
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


def shorten(s: str, size: int, width: int, bold: bool = False, form: str = "{name}") -> str:
    """``form`` with ``{name}`` = ``s`` when that fits ``width`` pixels at ``size``,
    else with the longest start of ``s`` that fits followed by "…" (at least one
    character; a cut never separates a character from its marks or joiners). For
    player and table names: ``shorten(name, 20, 300, form=_("{name} (you)"))``."""
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
    _cmap.cache_clear()
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
        img = text(shorten(s, size, width, bold), size, color, bold)
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
