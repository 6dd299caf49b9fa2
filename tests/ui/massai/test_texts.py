"""The Massai page's texts: every language (the catalogs), every refusal of the core phrased,
French typography."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from tabletop.i18n import available_languages
from tabletop.i18n.keys import TABLES
from tabletop.ui.massai import texts as massai_i18n

ROOT = Path(__file__).resolve().parents[3]


def _values(key: str) -> dict[str, object]:
    msg = TABLES["massai"][key]
    fields = set()
    for m in (msg, *(part for _, part in msg.parts)):  # a frame and its counted parts
        for text in (m.msgid, m.plural or ""):
            fields |= {name for _, name, _, _ in string.Formatter().parse(text) if name}
        if isinstance(m.count, str):
            fields.add(m.count)
    return {name: 2 if name in ("n", "count", "points", "allowed") else "c3" for name in fields}


@pytest.mark.parametrize("lang", available_languages())
def test_every_text_exists_in_every_language(lang: str) -> None:
    assert len(massai_i18n.keys()) > 80
    for key in massai_i18n.keys():
        assert key in TABLES["massai"], key
        shown = massai_i18n.t(key, lang, **_values(key))
        assert shown.strip() and "{" not in shown, (key, lang)


def test_every_refusal_of_the_rules_has_a_text() -> None:
    from tabletop.games.massai.reports import Refusal

    # Every code the core can give (its enum), and every one the rules file actually refuses with.
    codes = {str(code.value) for code in Refusal}
    source = (ROOT / "tabletop" / "games" / "massai" / "rules.py").read_text(encoding="utf-8")
    used = set(re.findall(r"_refuse\(\s*action,\s*Refusal\.([A-Z_]+)", source))
    assert len(codes) >= 15 and used <= {code.name for code in Refusal}
    assert codes <= set(massai_i18n.REFUSAL_CODES)


def test_french_texts_never_break_before_punctuation_or_inside_quotes() -> None:
    # "appuyez sur « Continuer" then "»." alone on the next line, on a narrow screen.
    for key in massai_i18n.keys():
        french = massai_i18n.t(key, "fr", **_values(key))
        for bad in ("« ", " »", " :", " ;", " !", " ?"):
            assert bad not in french, (key, french)
    assert "«\u00a0Continuer\u00a0»" in massai_i18n.t("prompt_reveal", "fr")
    assert "„Weiter“" in massai_i18n.t("prompt_reveal", "de")
