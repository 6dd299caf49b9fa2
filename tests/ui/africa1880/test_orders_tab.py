"""The order-sheets tab's keyboard part: the keys' widget and the hint near the sheets (the keys
themselves are tried in Chromium: tests/e2e/test_order_keys_browser.py)."""

from __future__ import annotations

from pathlib import Path

from tabletop.ui.africa1880.app import africa_app
from tabletop.ui.africa1880.choices import kind_key_labels
from tabletop.ui.shell.order_keys import OrderKeys


def test_the_keys_go_on_to_resolve_and_the_hint_follows_the_language(
    autosave_path: Path,
) -> None:
    app = africa_app(autosave_path=autosave_path)
    tab = app.orders
    keys = [child for child in tab.children if isinstance(child, OrderKeys)]
    assert keys == [tab.order_keys]
    assert tab.order_keys.finish == ".tt-resolve"
    assert "tt-resolve" in tab.resolve_button._dom_classes
    assert tab.order_keys.kind_keys["e"] == kind_key_labels()["e"]
    assert tab.children[0] is tab.keys_hint
    assert "H = hold, D = develop, E = explore" in tab.keys_hint.value
    app.lang_toggle.value = "de"
    assert "H = halten, D = entwickeln, E = erkunden" in tab.keys_hint.value
    assert "Tastatur" in tab.keys_hint.value
