"""Counts read grammatically (issue 33): a string with a number of things — "{n}
selected", "{names} won", "{n} cards left", "{won} won of {played}" … — takes the
language's plural form for that number, in the window and in the browser page (which
reads the same catalogues through net.webpage.catalogue and picks the form with
assets/web/js/i18n.js's ``ngettext``, run here under node)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from client import i18n
from client.history import score_text, winners_text
from client.stats import score_words, summary_rows
from net.webpage import catalogue

I18N_JS = Path(__file__).resolve().parents[2] / "assets" / "web" / "js" / "i18n.js"

#: (singular, plural) → {language: (n = 1, n = 2)}, the forms in the catalogues.
EXPECTED = {
    ("{n} selected", "{n} selected"): {
        "en": ("1 selected", "2 selected"),
        "es": ("1 elegida", "2 elegidas"),
        "fr": ("1 choisie", "2 choisies"),
        "hu": ("1 kijelölve", "2 kijelölve"),
    },
    ("{names} won", "{names} won"): {
        "es": ("ganó {names}", "ganaron {names}"),
        "pt": ("ganhou {names}", "ganharam {names}"),
        "fr": ("{names} a gagné", "{names} ont gagné"),
        "hu": ("{names} nyert", "{names} nyertek"),
    },
    ("{n} card left", "{n} cards left"): {
        "en": ("1 card left", "2 cards left"),
        "es": ("queda 1 carta", "quedan 2 cartas"),
        "gl": ("queda 1 carta", "quedan 2 cartas"),
    },
    ("{game} vs {n} bot", "{game} vs {n} bots"): {
        "en": ("{game} vs 1 bot", "{game} vs 2 bots"),
        "es": ("{game} contra 1 bot", "{game} contra 2 bots"),
    },
    ("{n} done", "{n} done"): {"es": ("1 hecha", "2 hechas"), "pt": ("1 feita", "2 feitas")},
    ("{open} of {total} seats open", "{open} of {total} seats open"): {
        "fr": ("{open} place libre sur {total}", "{open} places libres sur {total}"),
        "es": ("{open} de {total} asientos libres",) * 2,
    },
    ("Deck: {n} · reshuffled {r} time", "Deck: {n} · reshuffled {r} times"): {
        "es": ("Mazo: 1 · rebarajado 1 vez", "Mazo: 2 · rebarajado 2 veces"),
    },
}


#: Fields left as they are in :func:`forms`.
KEEP = {"names": "{names}", "game": "{game}", "open": "{open}", "total": "{total}"}


def forms(lang: str, singular: str, plural: str) -> tuple[str, str]:
    i18n.set_language(lang)
    try:
        return tuple(
            i18n.ngettext(singular, plural, n).format_map({"n": n, "r": n, **KEEP}) for n in (1, 2)
        )
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("ids", list(EXPECTED))
def test_the_window_says_one_and_many_grammatically(ids):
    for lang, expected in EXPECTED[ids].items():
        assert forms(lang, *ids) == expected, lang


def test_one_and_two_winners_in_spanish_and_french():
    who = ["Ana", "Bot 2", "Bot 3", "Bot 4"]
    i18n.set_language("es")
    try:
        assert winners_text("take5", [0], who) == "ganó Ana"
        assert winners_text("guandan", [1, 3], who) == "ganaron Bot 2 & Bot 4"
        assert score_text("the-game", {"cards_left": 1}, who[:2]) == "queda 1 carta"
        assert score_text("the-game", {"cards_left": 7}, who[:2]) == "quedan 7 cartas"
        assert score_words("sequence-numbers", 1) == "1 secuencia"
        assert score_words("teamplay", 2) == "2 puntos"
        rows = summary_rows({"games": {"take5": {"won": 1, "played": 3}}})
        assert rows == [("Take 5", "1 ganada de 3")]
        i18n.set_language("fr")
        assert winners_text("guandan", [0, 2], who) == "Ana & Bot 3 ont gagné"
        assert winners_text("take5", [2], who) == "Bot 3 a gagné"
    finally:
        i18n.set_language("en")
    assert winners_text("take5", [0, 1], who) == "Ana & Bot 2 won"


def test_no_count_is_left_singular_in_the_catalogue():
    """The strings changed here are plural entries now (no plain "{n} selected")."""
    es = catalogue("es")
    for singular, _plural in EXPECTED:
        assert isinstance(es[singular], list) and len(es[singular]) == 3, singular
    hu = catalogue("hu")
    assert isinstance(hu["{n} selected"], list) and len(hu["{n} selected"]) == 2


SCRIPT = r"""
import { readFileSync } from "node:fs";
globalThis.document = { documentElement: {} };
const input = JSON.parse(readFileSync(0, "utf8"));
const mod = await import(%s);
const out = {};
for (const [lang, data] of Object.entries(input.catalogues)) {
  globalThis.fetch = async () => ({ ok: true, json: async () => data });
  await mod.setLanguage(lang);
  const say = (s, p, n) => mod.fmt(mod.ngettext(s, p, n), { n });
  out[lang] = input.ids.map(([s, p]) => [0, 1, 2, 5].map((n) => say(s, p, n)));
}
process.stdout.write(JSON.stringify(out));
"""


def test_the_page_picks_the_same_forms_as_the_window():
    node = shutil.which("node")
    if node is None:
        pytest.skip("needs node (on Debian or Ubuntu: apt install nodejs)")
    langs = list(i18n.LANGUAGES)
    ids = [list(k) for k in EXPECTED]
    data = {"catalogues": {lang: catalogue(lang) for lang in langs}, "ids": ids}
    run = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT % json.dumps(I18N_JS.as_uri())],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    page = json.loads(run.stdout)
    for lang in langs:
        i18n.set_language(lang)
        try:
            window = [
                [i18n.ngettext(s, p, n).replace("{n}", str(n)) for n in (0, 1, 2, 5)]
                for s, p in ids
            ]
        finally:
            i18n.set_language("en")
        assert page[lang] == window, lang
    assert page["es"][0][:3] == ["0 elegidas", "1 elegida", "2 elegidas"]
