"""The catalogue of font faces: which files are bundled (:data:`BUNDLED_FACES`), where
a system keeps a full colour emoji face (:func:`system_emoji`), and the tables of
characters and scripts that choose a face and a direction for a run of text
(:data:`PREFERRED`, :data:`RTL_SCRIPTS`, :func:`rtl_script`). No pygame here:
:mod:`client.textruns` cuts text into runs, :mod:`client.assets` opens the faces
and draws them."""

from __future__ import annotations

import os
import re
from typing import NamedTuple


class Face(NamedTuple):
    """A bundled face: file names under assets/fonts (licences in assets/LICENSES.md)."""

    regular: str
    #: The bold file, or None: the regular one emboldened by SDL_ttf.
    bold: str | None
    #: A colour bitmap face (emoji): the one size in pixels its glyphs come in; they
    #: are scaled to the text's height. 0: an outline face, drawn at any size.
    strike: int = 0
    #: The ISO 15924 tag HarfBuzz shapes this face's runs as ("" = its guess): Indic
    #: and Thai runs need theirs for conjuncts and vowel signs.
    script: str = ""


#: The bundled faces (:data:`client.textruns.FACES` begins with them), tried in this
#: order for each character that the faces before lack. DejaVu Sans covers Latin with
#: accents, Greek, Cyrillic, Armenian, Georgian, Hebrew, most Arabic and the card
#: suits; Noto Sans Arabic the rest of Arabic (and is preferred for it,
#: :data:`PREFERRED`); the Noto Sans CJK SC subset the common ideographs, kana and
#: hangul; Noto Color Emoji (subset) the pictographs; Noto Sans Devanagari, Bengali,
#: Tamil, Telugu and Thai their scripts (regular only: bold is emboldened by SDL_ttf).
BUNDLED_FACES: tuple[Face, ...] = (
    Face("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    Face("NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf"),
    Face("NotoSansSC-Regular-Subset.otf", None),
    Face("NotoColorEmoji-Subset.ttf", None, strike=109),
    Face("NotoSansDevanagari-Regular.ttf", None, script="Deva"),
    Face("NotoSansBengali-Regular.ttf", None, script="Beng"),
    Face("NotoSansTamil-Regular.ttf", None, script="Taml"),
    Face("NotoSansTelugu-Regular.ttf", None, script="Telu"),
    Face("NotoSansThai-Regular.ttf", None, script="Thai"),
)
ARABIC_FACE, CJK_FACE, EMOJI_FACE = 1, 2, 3

#: Where systems keep a full colour emoji face, tried in order: the first file that
#: exists joins :data:`client.textruns.FACES` last, for what the bundled subset lacks
#: (the flags, made of two regional indicator letters that the face joins into one
#: picture).
#: ``TAPETE_EMOJI_FONT`` names another file instead ("" = none).
SYSTEM_EMOJI = (
    "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
    "/usr/share/fonts/noto/NotoColorEmoji.ttf",
    "/usr/share/fonts/google-noto-emoji/NotoColorEmoji.ttf",
    "/usr/share/fonts/noto-emoji/NotoColorEmoji.ttf",
    "/usr/share/fonts/truetype/noto-color-emoji/NotoColorEmoji.ttf",
    "C:/Windows/Fonts/seguiemj.ttf",
)


def system_emoji(candidates: tuple[str, ...] = SYSTEM_EMOJI) -> Face | None:
    """The system's colour emoji face (``TAPETE_EMOJI_FONT``, else the first of
    ``candidates`` that exists), or None. Noto Color Emoji comes in bitmaps of 109 px
    (scaled to the text, as the bundled subset); another face is drawn at any size."""
    env = os.environ.get("TAPETE_EMOJI_FONT")
    for path in [env] if env is not None else candidates:
        if path and os.path.isfile(path):
            strike = 109 if "NotoColorEmoji" in os.path.basename(path) else 0
            return Face(path, None, strike=strike)
    return None


#: Characters that prefer a face of their own over DejaVu (``(pattern, face index)``):
#: Arabic letters (one face shapes a whole word) and emoji pictographs (in colour, not
#: DejaVu's outlines of a few of them). The card suits ♠♥♦♣ stay DejaVu's.
PREFERRED: tuple[tuple[re.Pattern, int], ...] = (
    (
        re.compile(r"[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]"),
        ARABIC_FACE,
    ),
    (re.compile(r"[\U0001f000-\U0001faff]"), EMOJI_FACE),
)

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

#: Characters that no face needs to draw: joiners, variation selectors, skin-tone
#: modifiers and tags (left out, rather than drawn as a box, when no face has them).
_IGNORABLE = re.compile(
    r"[\u200b-\u200f\u2060-\u2064\ufe00-\ufe0f\U0001f3fb-\U0001f3ff\U000e0000-\U000e007f]"
)


def rtl_script(ch: str) -> str | None:
    """The ISO 15924 tag of ``ch``'s right-to-left script, or None."""
    for pattern, tag in RTL_SCRIPTS:
        if pattern.match(ch):
            return tag
    return None
