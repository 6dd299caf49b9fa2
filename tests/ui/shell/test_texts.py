"""The shared texts: every key in every language (the catalogs), the language switch offering
every catalog."""

from __future__ import annotations

import pytest

from tabletop.i18n import available_languages
from tabletop.i18n.keys import TABLES
from tabletop.ui.africa1880 import texts as africa_texts
from tabletop.ui.shell import texts


@pytest.mark.parametrize("lang", available_languages())
@pytest.mark.parametrize("key", texts.keys())
def test_every_language_has_the_key(key: str, lang: str) -> None:
    assert key in TABLES["africa"]
    assert texts.t(key, lang).strip()


def test_pages_find_the_shared_keys_through_their_own_table() -> None:
    assert africa_texts.t("timer_start", "fr") == texts.t("timer_start", "fr") == "▶ Démarrer"
    assert texts.t("timer_done", "de") == "Die Zeit ist um: Schreiben Sie Ihre Befehle!"
    assert not set(texts.keys()) & set(africa_texts.keys())


def test_languages() -> None:
    assert texts.LANGS == available_languages()
    assert texts.LANGS == tuple(code for _, code in texts.LANGUAGE_CHOICES)
    assert {"en", "fr", "de"} <= set(texts.LANGS) and texts.LANGS[0] == "en"
    labels = dict((code, label) for label, code in texts.LANGUAGE_CHOICES)
    assert (labels["en"], labels["fr"], labels["de"]) == ("English", "Français", "Deutsch")
    assert texts.check_lang("DE") == "de"
    with pytest.raises(ValueError, match="en, de, fr"):
        texts.check_lang("xx")
