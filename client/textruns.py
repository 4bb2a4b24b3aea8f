"""Which bundled face draws each character of a text, and in which direction: the
faces in use (:data:`FACES`: the bundled ones of :mod:`client.fontfaces`, then a
system colour emoji face), whether a face has a character (:func:`covers`), the face
chosen for it (:func:`face_for`), and a text cut into runs of one face and one
direction (:func:`runs`, a simple form of Unicode's bidi). :mod:`client.assets` opens
the faces at a size, draws the runs and fits them to their room
(:func:`client.assets.use_fallback` changes :data:`FACES`)."""

from __future__ import annotations

import os
from functools import lru_cache
from importlib import resources

import pygame

from client.fontfaces import (
    _IGNORABLE,
    _NEUTRAL,
    BUNDLED_FACES,
    EMOJI_FACE,
    PREFERRED,
    Face,
    rtl_script,
    system_emoji,
)

#: The faces :func:`runs` chooses from: the bundled ones, then the system's colour emoji
#: face if there is one (:func:`client.assets.use_fallback` changes it).
FACES: tuple[Face, ...] = BUNDLED_FACES + tuple(f for f in (system_emoji(),) if f is not None)


def face_path(index: int, bold: bool = False) -> str:
    """Path of the file of bundled face ``index`` of :data:`FACES` (its bold file when
    ``bold`` and it has one)."""
    face = FACES[index]
    name = face.bold if bold and face.bold else face.regular
    if os.path.isabs(name):
        return name  # a system face (:func:`system_emoji`)
    return str(resources.files("assets") / "fonts" / name)


@lru_cache(maxsize=None)
def _cmap(index: int, bold: bool):
    """A FreeType face of :data:`FACES` ``index``, to ask which characters it has
    (``pygame.font`` draws a missing glyph as a box without saying so)."""
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(face_path(index, bold), FACES[index].strike or 16)


@lru_cache(maxsize=16384)
def covers(index: int, ch: str, bold: bool = False) -> bool:
    """Whether face ``index`` of :data:`FACES` has a glyph for the character ``ch``."""
    if index == 0 and " " <= ch <= "~":
        return True  # printable ASCII is DejaVu's (no FreeType face opened to ask)
    try:
        return _cmap(index, bold).get_metrics(ch)[0] is not None
    except pygame.error:  # FreeType was quit (pygame.quit) since the face was opened
        _cmap.cache_clear()
        return _cmap(index, bold).get_metrics(ch)[0] is not None


@lru_cache(maxsize=16384)
def face_for(ch: str, bold: bool = False) -> int | None:
    """The index in :data:`FACES` of the face that draws ``ch``: its script's preferred
    face (:data:`PREFERRED`) if that has it, else the first face that has it; None for
    a joiner, selector or modifier that no face has (it is left out); else 0 (DejaVu
    draws its box)."""
    preferred = preferred_face(ch, bold)
    if preferred is not None:
        return preferred
    for index in range(len(FACES)):
        if covers(index, ch, bold):
            return index
    return None if _IGNORABLE.match(ch) else 0


@lru_cache(maxsize=4096)
def preferred_face(ch: str, bold: bool = False) -> int | None:
    """The face of :data:`PREFERRED` for ``ch`` when it has ``ch``, else None."""
    for pattern, index in PREFERRED:
        if pattern.match(ch) and covers(index, ch, bold):
            return index
    return None


@lru_cache(maxsize=4096)
def runs(s: str, bold: bool = False) -> tuple[tuple[int, str, str | None], ...]:
    """``s`` cut into runs ``(face index, text, rtl script or None)`` in the order they
    are drawn from left to right.

    Each character goes to the face that has it (:func:`face_for`); a space, a digit, a
    mark or punctuation stays in the run before it when that face has it (not a space
    in a colour emoji face: its bitmap space is wide). Bidi is the simple form of
    Unicode's: a run of right-to-left letters (with the spaces and punctuation between
    them) is shaped right to left by HarfBuzz, digits always read left to right, and
    when the first letter of ``s`` is right-to-left the runs are laid out right to left
    too (a name that is all Arabic or Hebrew, with or without a number, reads
    correctly; in a name that mixes both directions each run keeps its own order — no
    nested embedding levels)."""
    import unicodedata

    kinds = [unicodedata.bidirectional(c) for c in s]
    strong = [
        rtl_script(c) if k in ("R", "AL") else ("L" if k == "L" else None)
        for c, k in zip(s, kinds, strict=True)
    ]
    paragraph_rtl = next((d != "L" for d in strong if d is not None), False)
    # Digits read left to right inside right-to-left text too ("محمد 123"): their own
    # runs (they do not set the paragraph's direction).
    strong = ["L" if k in ("EN", "AN") else d for k, d in zip(kinds, strong, strict=True)]
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
    for i, (c, kind, d) in enumerate(zip(s, kinds, direction, strict=True)):
        face = face_for(c, bold)
        if face is None or (_IGNORABLE.match(c) and not (out and covers(out[-1][0], c, bold))):
            continue  # a selector or joiner the face before it lacks: nothing to draw
        if s[i + 1 : i + 2] == "\ufe0f" and covers(EMOJI_FACE, c, bold):
            face = EMOJI_FACE  # "❤️": the emoji, not DejaVu's text heart
        if (
            out
            and kind in _NEUTRAL
            and out[-1][2] == d
            and preferred_face(c, bold) in (None, out[-1][0])
            and covers(out[-1][0], c, bold)
            and not (c.isspace() and FACES[out[-1][0]].strike)  # an emoji face's space is wide
        ):
            face = out[-1][0]  # (an emoji is "other neutral" too, but keeps its face)
        if out and out[-1][0] == face and out[-1][2] == d:
            out[-1][1] += c
        else:
            out.append([face, c, d])
    if paragraph_rtl:
        out.reverse()
    return tuple((face, text, d) for face, text, d in out)
