"""The Massai page's texts: both languages, every refusal of the core phrased, French typography."""

from __future__ import annotations

import re
import string
from pathlib import Path

from tabletop.ui.massai import texts as massai_i18n

ROOT = Path(__file__).resolve().parents[3]


def test_every_text_exists_in_both_languages_with_the_same_placeholders() -> None:
    formatter = string.Formatter()
    for key in massai_i18n.keys():
        english, french = massai_i18n._TEXTS[key]
        assert english.strip() and french.strip(), key
        names = [{f for _, f, _, _ in formatter.parse(text) if f} for text in (english, french)]
        assert names[0] == names[1], key


def test_every_refusal_of_the_rules_has_a_text() -> None:
    from tabletop.games.massai.rules import Refusal

    # Every code the core can give (its enum), and every one the rules file actually refuses with.
    codes = {str(code.value) for code in Refusal}
    source = (ROOT / "tabletop" / "games" / "massai" / "rules.py").read_text(encoding="utf-8")
    used = set(re.findall(r"_refuse\(\s*action,\s*Refusal\.([A-Z_]+)", source))
    assert len(codes) >= 15 and used <= {code.name for code in Refusal}
    assert codes <= set(massai_i18n.REFUSAL_CODES)


def test_french_texts_never_break_before_punctuation_or_inside_quotes() -> None:
    # "appuyez sur « Continuer" then "»." alone on the next line, on a narrow screen.
    for key in massai_i18n.keys():
        french = massai_i18n.t(key, "fr")
        for bad in ("« ", " »", " :", " ;", " !", " ?"):
            assert bad not in french, (key, french)
    assert "«\u00a0Continuer\u00a0»" in massai_i18n.t("prompt_reveal", "fr")
