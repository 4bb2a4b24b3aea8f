"""What the web door (:mod:`net.web`) serves, apart from the WebSocket: the page's files
(``assets/web/``, nothing outside it), the table's public card (``/table.json``), the
window's gettext catalogues as JSON (``/i18n/<lang>.json``) and the rules pages
(``/rules/<game>.md``); the response headers every answer carries; and which ``Host``
names a request may use (:func:`host_allowed`, against DNS rebinding). Plain functions,
no aiohttp: the server in :mod:`net.web` calls them.
"""

from __future__ import annotations

import gettext
import ipaddress
import socket
from importlib import resources
from typing import Any

from net.protocol import EMOTES, PROTOCOL, emotes_allowed

#: What the protocol's WebSocket ``Content-Security-Policy`` allows: this host only,
#: no inline script, no eval, no frames around the page (COORD.md, issue 30).
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
#: Headers on every response of the web door.
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}
#: The only file types the page is served as (by file name ending); others are 404.
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webp": "image/webp",
    ".jpg": "image/jpeg",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
}
#: Characters a path segment of a page file may hold (anything else is 404).
_SEGMENT = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
#: Host name endings no public DNS can answer for (a rebinding attacker needs one).
LAN_SUFFIXES = (".local", ".lan", ".home.arpa", ".internal", ".localhost")


# --------------------------------------------------------------------------- public data
def table_card(table) -> dict:
    """What ``/table.json`` says about ``table`` (a :class:`net.host.Table`; call on
    its loop thread): ``{"protocol", "game", "table" (its name), "table_id",
    "started", "seats" (seat descriptions as in the ``seats`` message: never a token),
    "turn_seconds", "emotes" (the preset emotes' names by id, [] where the rules allow
    none), "languages" (codes with a catalogue at ``/i18n/<code>.json``)}`` — public
    information only: no token, no seed, no bots' key."""
    return {
        "protocol": PROTOCOL,
        "game": table.game_id,
        "table": table.name,
        "table_id": table.table_id,
        "started": table.started,
        "seats": table.seats,
        "turn_seconds": table.turn_seconds,
        "emotes": list(EMOTES) if emotes_allowed(table.game_id) else [],
        "languages": languages(),
    }


def languages() -> list[str]:
    """Language codes the page can be shown in: ``en`` and every catalogue shipped."""
    folder = resources.files("assets") / "locale"
    found = ["en"]
    try:
        for entry in folder.iterdir():
            if (entry / "LC_MESSAGES" / "tapete.mo").is_file():
                found.append(entry.name)
    except OSError:
        pass
    return sorted(set(found), key=lambda c: (c != "en", c))


def _plain_code(lang: str) -> bool:
    return 2 <= len(lang) <= 8 and lang.isascii() and all(c.isalpha() or c == "_" for c in lang)


def catalogue(lang: str) -> dict[str, Any] | None:
    """``{msgid: msgstr}`` of the window's catalogue ``assets/locale/<lang>/
    LC_MESSAGES/tapete.mo`` (the gettext header entry left out; a plural entry is
    ``{msgid: [form0, form1, ...]}`` keyed by its singular msgid; a context entry keeps
    gettext's ``"context\\x04msgid"`` key); ``{}`` for ``en`` (the msgids are English);
    None for a language without a catalogue."""
    if lang == "en":
        return {}
    if not _plain_code(lang):
        return None
    path = resources.files("assets") / "locale" / lang / "LC_MESSAGES" / "tapete.mo"
    if not path.is_file():
        return None
    with path.open("rb") as f:
        catalog = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
    out: dict[str, Any] = {}
    plurals: dict[str, dict[int, str]] = {}
    for key, value in catalog.items():
        if isinstance(key, tuple):
            plurals.setdefault(key[0], {})[key[1]] = value
        elif key:
            out[key] = value
    for msgid, forms in plurals.items():
        out[msgid] = [forms[i] for i in sorted(forms)]
    return out


def rules_markdown(game: str, lang: str = "en") -> str | None:
    """``game``'s rules page (``assets/rules/<game>.<lang>.txt``, English when ``lang``
    has none; the window's F1 pages) as Markdown: ``# title``, then one paragraph per
    line of the file, blank lines between; the file's ``#`` lines (the one-line
    description, the How to play captions) are left out. None for an unknown game."""
    if not (game.isascii() and all(c.isalnum() or c == "-" for c in game) and game):
        return None
    if not _plain_code(lang):
        return None
    folder = resources.files("assets") / "rules"
    for code in (lang, "en"):
        path = folder / f"{game}.{code}.txt"
        if path.is_file():
            lines = [p.strip() for p in path.read_text(encoding="utf-8").splitlines()]
            paragraphs = [p for p in lines if p and not p.startswith("#")]
            if not paragraphs:
                return ""
            return "\n\n".join([f"# {paragraphs[0]}", *paragraphs[1:]]) + "\n"
    return None


def page_root():
    """The page's folder: ``assets/web`` in the package (a ``Traversable``)."""
    return resources.files("assets") / "web"


def page_file(path: str, root=None) -> tuple[bytes, str] | None:
    """The bytes and content type of the page file at URL path ``path`` below
    ``root`` (default :func:`page_root`; a ``Traversable`` or ``pathlib.Path``), or
    None: only segments of letters, digits, ``.``, ``_`` and ``-`` that do not start
    with ``.``, only file types in :data:`CONTENT_TYPES`, only regular files inside
    the folder."""
    parts = path.split("/")
    for part in parts:
        if not part or part.startswith(".") or not set(part) <= _SEGMENT:
            return None
    dot = parts[-1].rfind(".")
    kind = CONTENT_TYPES.get(parts[-1][dot:].lower()) if dot > 0 else None
    if kind is None:
        return None
    node = page_root() if root is None else root
    for part in parts:
        node = node / part
    try:
        if not node.is_file():
            return None
        return node.read_bytes(), kind
    except OSError:
        return None


def host_allowed(host: str) -> bool:
    """Whether a request's ``Host`` header (``name[:port]``, ``[v6][:port]``) names
    this host in a way no stranger's DNS can: an IP address, ``localhost``, a LAN-only
    name (:data:`LAN_SUFFIXES`) or this machine's own name. A public name is refused:
    a page of ``evil.example`` whose DNS turns to a LAN address (DNS rebinding) would
    otherwise be "same origin" with the table."""
    if not host:
        return False
    if host.startswith("["):
        name = host[1 : host.find("]")] if "]" in host else ""
    else:
        name = host.rsplit(":", 1)[0] if host.count(":") == 1 else host
    if not name:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    name = name.lower().rstrip(".")
    if name == "localhost" or name.endswith(LAN_SUFFIXES):
        return True
    me = socket.gethostname().lower()
    return name in (me, me.split(".")[0])
