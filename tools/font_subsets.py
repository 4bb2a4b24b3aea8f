"""Make the subset fonts under assets/fonts from Debian's Noto packages (a build step:
the subsets are committed; fontTools is needed only here, not to run Tapete).

    apt-get download fonts-noto-cjk fonts-noto-core fonts-noto-color-emoji   # (Debian 12)
    for d in *.deb; do dpkg-deb -x "$d" x; done
    pip install fonttools
    python3 tools/font_subsets.py x/usr/share/fonts assets/fonts

writes NotoSansSC-Regular-Subset.otf (face 2, Noto Sans CJK SC, of
NotoSansCJK-Regular.ttc: :func:`cjk_characters`, no layout features, no hinting),
NotoSansArabic-Regular.ttf and -Bold.ttf (every character, no hinting: SDL_ttf draws
a name about 8 times faster without it), NotoSans{Devanagari,Bengali,Tamil,Telugu,
Thai}-Regular.ttf (the same way) and NotoColorEmoji-Subset.ttf
(:data:`EMOJI_RANGES`, all layout features, so skin tones and keycaps still combine);
``--print`` only prints the pyftsubset commands. The exact commands and the licences
are in assets/LICENSES.md."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile

#: The emoji kept: pictographs, emoticons, transport and map, supplemental symbols and
#: pictographs, symbols and pictographs extended-A, miscellaneous symbols and
#: dingbats, and the emoji presentation selector.
EMOJI_RANGES = (
    "U+1F300-1F5FF,U+1F600-1F64F,U+1F680-1F6FF,U+1F900-1F9FF,U+1FA70-1FAFF,U+2600-27BF,U+FE0F"
)


def _two_byte(codec: str, c: str) -> bool:
    """Whether ``c`` is one of the two-byte characters of ``codec`` (the national
    standard's own set, not its extensions)."""
    try:
        return len(c.encode(codec)) == 2
    except UnicodeEncodeError:
        return False


def cjk_characters() -> str:
    """The characters of the CJK subset, sorted: the ideographs of GB 2312, JIS X 0208,
    KS X 1001 (hanja) and Big5 level 1 (the common traditional ones), all kana, the
    2,350 hangul syllables of KS X 1001 and the compatibility jamo, CJK punctuation,
    full-width forms, and 掼蛋 (Guandan's name)."""
    chars = set("掼蛋（）")
    for lo, hi in ((0x3000, 0x30FF), (0x3130, 0x318F), (0x31F0, 0x31FF), (0xFF00, 0xFFEF)):
        chars.update(chr(cp) for cp in range(lo, hi + 1))
    ideographs = [chr(cp) for cp in range(0x4E00, 0xA000)]
    for codec in ("gb2312", "euc_jp", "euc_kr"):
        chars.update(c for c in ideographs if _two_byte(codec, c))
    chars.update(
        c for c in ideographs if _two_byte("big5", c) and 0xA4 <= c.encode("big5")[0] <= 0xC6
    )
    chars.update(chr(cp) for cp in range(0xAC00, 0xD7A4) if _two_byte("euc_kr", chr(cp)))
    return "".join(sorted(chars))


def commands(fonts: str, out: str, text_file: str) -> list[list[str]]:
    """The pyftsubset commands (``fonts``: Debian's /usr/share/fonts; ``out``: where
    the subsets go; ``text_file``: :func:`cjk_characters` in a file)."""
    return [
        [
            "pyftsubset",
            os.path.join(fonts, "opentype/noto/NotoSansCJK-Regular.ttc"),
            "--font-number=2",
            f"--text-file={text_file}",
            "--layout-features=",
            "--no-hinting",
            f"--output-file={os.path.join(out, 'NotoSansSC-Regular-Subset.otf')}",
        ],
        *(
            [
                "pyftsubset",
                os.path.join(fonts, f"truetype/noto/NotoSansArabic-{weight}.ttf"),
                "--unicodes=*",
                "--glyphs=*",
                "--layout-features=*",
                "--no-hinting",
                f"--output-file={os.path.join(out, f'NotoSansArabic-{weight}.ttf')}",
            ]
            for weight in ("Regular", "Bold")
        ),
        *(
            [
                "pyftsubset",
                os.path.join(fonts, f"truetype/noto/NotoSans{script}-Regular.ttf"),
                "--unicodes=*",
                "--glyphs=*",
                "--layout-features=*",
                "--no-hinting",
                f"--output-file={os.path.join(out, f'NotoSans{script}-Regular.ttf')}",
            ]
            for script in ("Devanagari", "Bengali", "Tamil", "Telugu", "Thai")
        ),
        [
            "pyftsubset",
            os.path.join(fonts, "truetype/noto/NotoColorEmoji.ttf"),
            f"--unicodes={EMOJI_RANGES}",
            "--layout-features=*",
            f"--output-file={os.path.join(out, 'NotoColorEmoji-Subset.ttf')}",
        ],
    ]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("fonts", help="Debian's /usr/share/fonts (from the extracted packages)")
    p.add_argument("out", help="the folder the subsets go to (assets/fonts)")
    p.add_argument("--print", action="store_true", help="only print the commands")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        text_file = os.path.join(tmp, "cjk.txt")
        with open(text_file, "w", encoding="utf-8") as f:
            f.write(cjk_characters())
        for cmd in commands(args.fonts, args.out, text_file):
            print(" ".join(cmd))
            if not args.print:
                subprocess.run(cmd, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
