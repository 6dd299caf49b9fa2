"""The order sheets' keys, without a browser: what the widget sends to its script and the hint
(the browser's side is tests/e2e/test_order_keys_browser.py)."""

from __future__ import annotations

import pytest

from tabletop.ui.shell.order_keys import (
    CLEAR_KEYS,
    NO_ORDER,
    ORDER_KEYS_TEXTS,
    OrderKeys,
    order_keys_hint,
)


def test_each_letter_chooses_its_options_whatever_the_case() -> None:
    widget = OrderKeys({"D": ["develop", "entwickeln"], "e": ["explore"]}, ".tt-resolve")
    assert widget.kind_keys["d"] == ["develop", "entwickeln"]
    assert widget.kind_keys["e"] == ["explore"]
    assert widget.finish == ".tt-resolve"
    for key in CLEAR_KEYS:
        assert widget.kind_keys[key] == [NO_ORDER]
    assert widget.layout.display == "none"


@pytest.mark.parametrize("kinds", [{"dd": ["develop"]}, {"d": ["develop"], "D": ["explore"]}])
def test_a_key_is_one_letter_used_once(kinds: dict[str, list[str]]) -> None:
    with pytest.raises(ValueError, match="one letter, each once"):
        OrderKeys(kinds, ".tt-seal")


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_hint_lists_the_keys_in_the_page_language(lang: str) -> None:
    hint = order_keys_hint(lang, [("h", "<hold>"), ("d", "develop")])
    assert "H = &lt;hold&gt;, D = develop" in hint  # the labels are escaped
    frame = ORDER_KEYS_TEXTS["hint"].render(lang, kinds="¤")
    before, _, after = frame.partition("¤")
    assert before in hint and after in hint
    if lang != "en":
        assert frame != ORDER_KEYS_TEXTS["hint"].render("en", kinds="¤")
