"""The value-sending menu without a browser: what it holds, and a choice the page sends that the
kernel's list no longer has (the browser's side is tests/e2e/test_menu_race_browser.py)."""

from __future__ import annotations

from typing import Any

from tabletop.ui.shell.menu import Menu


def test_options_value_and_label() -> None:
    menu = Menu([("—", ""), ("South West Africa", "South West Africa")], value="")
    assert menu.label == "—"
    menu.value = "South West Africa"
    assert menu.label == "South West Africa"
    menu.value = "Atlantis"  # not offered: kept (a sheet shows such a value marked)
    assert (menu.value, menu.label) == ("Atlantis", "")


def test_a_value_from_the_page_is_taken_even_when_no_longer_offered() -> None:
    menu = Menu([("—", ""), ("Niger", "Niger"), ("Zanzibar", "Zanzibar")])
    seen: list[Any] = []
    menu.observe(lambda change: seen.append(change["new"]), names="value")
    menu.options = [("—", ""), ("Zanzibar", "Zanzibar")]  # the kernel's newer list
    menu.set_state({"value": "Niger"})  # what the page sent: its list still had Niger
    assert menu.value == "Niger"
    assert seen == ["Niger"]


def test_the_page_script_is_the_menus_own_and_keeps_the_dropdown_classes() -> None:
    script = Menu()._esm
    assert "widget-dropdown" in script  # the pages' styles and the order keys find it
    assert 'model.set("value"' in script  # the value is sent, never an index
    assert "index" not in script.replace("selectedIndex", "").replace("findIndex", "")
