"""Interface texts: every key in both languages, with the same placeholders."""

from __future__ import annotations

import string

import pytest

from tabletop.ui.africa1880 import texts as i18n


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("key", i18n.keys())
def test_both_languages_have_the_key_with_the_same_placeholders(key: str) -> None:
    english, french = i18n._TEXTS[key]
    assert english.strip() and french.strip()
    assert _fields(english) == _fields(french)


def test_text_lookup_and_formatting() -> None:
    assert i18n.t("resolve", "fr") == "Résoudre le tour"
    assert i18n.t("year_round", "en", year=1900, round=5, last=8) == "1900 — round 5 of 8"
    assert i18n.t("stock", "fr", n=3) == "stock 3"


def test_game_words_and_power_names_in_french() -> None:
    assert i18n.power_name("Germany", "fr") == "Allemagne"
    assert i18n.power_name("Germany", "en") == "Germany"
    assert i18n.t("landing", "fr") == "Débarquement"
    assert i18n.t("tab_orders", "fr") == "Fiches d'ordres"
    assert "guerre" in i18n.t("war", "fr") and "alliance" in i18n.t("alliance", "fr")


def test_unknown_language_is_refused() -> None:
    assert i18n.check_lang("fr") == "fr"
    with pytest.raises(ValueError, match="en, fr"):
        i18n.check_lang("de")
