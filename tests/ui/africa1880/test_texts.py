"""Interface texts: every key in every language (from the catalogs), formatted."""

from __future__ import annotations

import string

import pytest

from tabletop.i18n import available_languages
from tabletop.i18n.keys import TABLES
from tabletop.ui.africa1880 import texts as i18n
from tabletop.ui.shell.texts import check_lang


def _values(key: str) -> dict[str, object]:
    msg = TABLES["africa"][key]
    fields = set()
    for m in (msg, *(part for _, part in msg.parts)):  # a frame and its counted parts
        for text in (m.msgid, m.plural or ""):
            fields |= {name for _, name, _, _ in string.Formatter().parse(text) if name}
        if isinstance(m.count, str):
            fields.add(m.count)
    return dict.fromkeys(fields, 3)  # a number fits every placeholder


@pytest.mark.parametrize("lang", available_languages())
def test_every_key_is_in_the_catalogs_and_renders_in_every_language(lang: str) -> None:
    assert len(i18n.keys()) > 100
    for key in i18n.keys():
        assert key in TABLES["africa"], key
        shown = i18n.t(key, lang, **_values(key))
        assert shown.strip() and "{" not in shown, (key, lang)


def test_text_lookup_and_formatting() -> None:
    assert i18n.t("resolve", "fr") == "Résoudre le tour"
    assert i18n.t("resolve", "de") == "Runde auswerten"
    assert i18n.t("year_round", "en", year=1900, round=5, last=8) == "1900 — round 5 of 8"
    assert i18n.t("year_round", "de", year=1900, round=5, last=8) == "1900 — Runde 5 von 8"
    assert i18n.t("stock", "fr", n=3) == "stock 3"


def test_game_words_and_power_names() -> None:
    assert i18n.power_name("Germany", "fr") == "Allemagne"
    assert i18n.power_name("Germany", "de") == "Deutschland"
    assert i18n.power_name("Germany", "en") == "Germany"
    assert i18n.t("landing", "fr") == "Débarquement" and i18n.t("landing", "de") == "Landung"
    assert i18n.t("tab_orders", "fr") == "Fiches d'ordres"
    assert i18n.t("tab_orders", "de") == "Befehlsblätter"
    assert "guerre" in i18n.t("war", "fr") and "alliance" in i18n.t("alliance", "fr")
    assert "Krieg" in i18n.t("war", "de") and "Bündnis" in i18n.t("alliance", "de")
    assert i18n.term("development pin", "fr") == "pion développement"
    assert i18n.GAME_TERMS_FR["order sheet"] == "fiche d'ordres"


def test_unknown_language_is_refused() -> None:
    assert check_lang("fr") == "fr" and check_lang("de") == "de"
    with pytest.raises(ValueError, match="en, de, fr"):
        check_lang("xx")
