"""Translation catalogues for the client (GNU gettext, made with Babel).

    python3 tools/i18n_catalogues.py extract  # client/ and the page → assets/locale/tapete.pot
    python3 tools/i18n_catalogues.py update   # template → every <code>/LC_MESSAGES/tapete.po
    python3 tools/i18n_catalogues.py compile  # every .po → .mo (committed: no Babel at run time)
    python3 tools/i18n_catalogues.py check    # exit 1 if a .po misses or leaves empty a msgid
                                              # of client/, or a .mo is not the compiled .po

(Not named ``i18n.py``: scripts in tools/ run with tools/ first on ``sys.path``, and a
``tools/i18n.py`` would shadow the ``i18n`` package that pygame_gui imports.)

Keywords: ``_(message)`` and ``ngettext(singular, plural, n)`` — in the browser page's
modules too (``assets/web/js/**.js``, Babel's JavaScript extractor, where a game module's
``table.t(message)`` and ``table.tn(singular, plural, n)`` count as well), so the page and
the window share one catalogue (issue 30). The languages are
``client.i18n.LANGUAGES`` less English (English text is the key). Babel is a dev tool
(the ``test`` extra), never needed at run time.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

from client.i18n import DOMAIN, LANGUAGES  # noqa: E402

LOCALE = ROOT / "assets" / "locale"
POT = LOCALE / f"{DOMAIN}.pot"
KEYWORDS = {"_": None, "ngettext": (1, 2)}
#: The page's keywords: the same, plus the game-module contract's ``t`` / ``tn``.
JS_KEYWORDS = {**KEYWORDS, "t": None, "tn": (1, 2)}
#: The browser page's modules (served by net/web.py).
WEB_JS = ROOT / "assets" / "web" / "js"
CODES = [c for c in LANGUAGES if c != "en"]


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def extract() -> Catalog:
    """Every message of ``client/`` (with its source lines) as a template catalogue."""
    catalog = Catalog(project="Tapete", version="0.1", fuzzy=False, charset="utf-8")
    method_map = [("**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT / "client"), method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        catalog.add(
            message,
            None,
            [(f"client/{Path(filename).as_posix()}", lineno)],
            auto_comments=comments,
            context=context,
        )
    if WEB_JS.is_dir():
        for filename, lineno, message, comments, context in extract_from_dir(
            str(WEB_JS), [("**.js", "javascript")], keywords=JS_KEYWORDS
        ):
            catalog.add(
                message,
                None,
                [(f"assets/web/js/{Path(filename).as_posix()}", lineno)],
                auto_comments=comments,
                context=context,
            )
    for text, where in engine_texts():
        catalog.add(text, None, [(where, 0)])
    return catalog


def engine_texts() -> list[tuple[str, str]]:
    """Texts from engine data that the client shows through ``_(text)`` (so no
    ``_("…")`` literal marks them): the Teamplay missions' rule lines."""
    from engine.teamplay.missions import MISSIONS

    return [(m.text, "engine/teamplay/missions.py") for m in MISSIONS.values()]


def write_catalog(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=96, sort_output=False, omit_header=False, include_previous=False)
    path.write_bytes(buf.getvalue())


def load(path: Path, code: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=code, domain=DOMAIN)


def compiled(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def cmd_extract() -> int:
    template = extract()
    write_catalog(template, POT)
    print(f"{len(template)} messages → {POT.relative_to(ROOT)}")
    return 0


def cmd_update() -> int:
    template = load(POT) if POT.exists() else extract()
    for code in CODES:
        path = po_path(code)
        if path.exists():
            catalog = load(path, code)
            catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
            catalog.obsolete.clear()
        else:
            catalog = Catalog(
                locale=code,
                domain=DOMAIN,
                project="Tapete",
                version="0.1",
                fuzzy=False,
                charset="utf-8",
            )
            for m in template:
                if m.id:
                    catalog.add(m.id, None, m.locations, auto_comments=m.auto_comments)
        write_catalog(catalog, path)
        todo = sum(1 for m in catalog if m.id and not translated(m))
        print(f"{code}: {len(catalog)} messages, {todo} untranslated")
    return 0


def cmd_compile() -> int:
    for code in CODES:
        catalog = load(po_path(code), code)
        mo_path(code).write_bytes(compiled(catalog))
        print(f"{code}: {mo_path(code).relative_to(ROOT)}")
    return 0


def translated(message) -> bool:
    """A message with every msgstr non-empty and not fuzzy."""
    if message.fuzzy:
        return False
    strings = message.string if isinstance(message.string, (tuple, list)) else [message.string]
    return all(bool(s) for s in strings)


def problems() -> list[str]:
    """What ``check`` complains about (empty when all is well)."""
    found = []
    ids = [m.id for m in extract() if m.id]
    for code in CODES:
        path = po_path(code)
        if not path.exists():
            found.append(f"{code}: no {path.relative_to(ROOT)}")
            continue
        catalog = load(path, code)
        for mid in ids:
            key = mid[0] if isinstance(mid, tuple) else mid
            m = catalog.get(key)
            if m is None:
                found.append(f"{code}: missing {key!r}")
            elif not translated(m):
                found.append(f"{code}: untranslated {key!r}")
        mo = mo_path(code)
        if not mo.exists() or mo.read_bytes() != compiled(catalog):
            found.append(f"{code}: {mo.relative_to(ROOT)} is stale (run compile)")
    return found


def cmd_check() -> int:
    found = problems()
    for line in found:
        print(line)
    print("catalogues OK" if not found else f"{len(found)} problems")
    return 1 if found else 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("command", choices=["extract", "update", "compile", "check"])
    args = p.parse_args(argv)
    return {
        "extract": cmd_extract,
        "update": cmd_update,
        "compile": cmd_compile,
        "check": cmd_check,
    }[args.command]()


if __name__ == "__main__":
    sys.exit(main())
