"""The shared-screen texts exist in every language, with the same placeholders."""

from __future__ import annotations

import string

import pytest

from tabletop.i18n import available_languages, translator
from tabletop.ui.massai.screen_texts import SCREEN_TEXTS, is_screen_text, screen_text


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", [lang for lang in available_languages() if lang != "en"])
def test_every_text_is_translated_with_its_placeholders(lang: str) -> None:
    tr = translator(lang)
    for key, msg in SCREEN_TEXTS.items():
        shown = tr.gettext(msg.msgid)
        assert shown != msg.msgid, (lang, key)
        assert _fields(shown) == _fields(msg.msgid), (lang, key)


def test_players_are_named_in_the_language() -> None:
    said = screen_text("undo_ask_attack", "fr", player=0, target="d4")
    assert "Joueur 1 (clair)" in said and "d4" in said
    assert is_screen_text("undo_agree") and not is_screen_text("undo")
