"""The shared texts: every key in both languages, with the same placeholders."""

from __future__ import annotations

import string

import pytest

from tabletop.ui.africa1880 import texts as africa_texts
from tabletop.ui.shell import texts


@pytest.mark.parametrize("key", texts.keys())
def test_both_languages_have_the_key(key: str) -> None:
    english, french = texts._TEXTS[key]
    fields = [{n for _, n, _, _ in string.Formatter().parse(s) if n} for s in (english, french)]
    assert english.strip() and french.strip() and fields[0] == fields[1]


def test_pages_find_the_shared_keys_through_their_own_table() -> None:
    assert africa_texts.t("timer_start", "fr") == texts.t("timer_start", "fr") == "▶ Démarrer"
    assert not set(texts.keys()) & set(africa_texts.keys())


def test_languages() -> None:
    assert texts.LANGS == tuple(code for _, code in texts.LANGUAGE_CHOICES)
    with pytest.raises(ValueError, match="en, fr"):
        texts.check_lang("de")
