"""Translations: every UI string goes through :func:`_` (GNU gettext catalogues in
``assets/locale/<code>/LC_MESSAGES/tapete.mo``, made by ``tools/i18n_catalogues.py``).

Languages: the ones our rules came in, plus English. The language is the settings'
``language``, or the system's when that is empty, or English.
"""

from __future__ import annotations

import gettext
import locale
import os
from importlib import resources

DOMAIN = "tapete"
#: code → the language's own name (shown in settings).
LANGUAGES = {
    "en": "English",
    "es": "Español",
    "gl": "Galego",
    "pt": "Português",
    "hu": "Magyar",
    "fr": "Français",
}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_current = "en"


def locale_dir() -> str:
    return str(resources.files("assets") / "locale")


def system_language() -> str:
    """The system's language code if we have it (from LANGUAGE/LC_ALL/LANG), else "en"."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        for part in value.split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
    try:
        code = (locale.getlocale()[0] or "").split("_")[0].lower()
    except ValueError:
        code = ""
    return code if code in LANGUAGES else "en"


def set_language(code: str | None) -> str:
    """Use ``code`` (one of :data:`LANGUAGES`; "" or None = the system's). Returns the
    code in force. A missing catalogue falls back to English without error."""
    global _translation, _current
    code = code or system_language()
    if code not in LANGUAGES:
        code = "en"
    _translation = gettext.translation(DOMAIN, locale_dir(), languages=[code], fallback=True)
    _current = code
    return code


def current() -> str:
    return _current


def _(message: str) -> str:
    """``message`` in the current language (English text is the key)."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Singular or plural of a message for ``n``, in the current language."""
    return _translation.ngettext(singular, plural, n)
