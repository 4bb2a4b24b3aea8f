"""A new player's untouched name "Player" is shown in the chosen language (issue 16
item 7: "Player" is not translated); a typed name is shown as typed."""

from client import i18n
from client.settings import DEFAULT_NAME, Settings


def test_default_name_is_translated():
    try:
        i18n.set_language("hu")
        assert Settings().shown_name() == "Játékos"
        i18n.set_language("fr")
        assert Settings().shown_name() == "Joueur"
        i18n.set_language("en")
        assert Settings().shown_name() == "Player"
    finally:
        i18n.set_language("en")


def test_typed_name_is_kept():
    try:
        i18n.set_language("hu")
        assert Settings(name="王小明").shown_name() == "王小明"
        assert Settings().name == DEFAULT_NAME  # the stored key (statistics) stays
    finally:
        i18n.set_language("en")
