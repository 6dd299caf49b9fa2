"""Tabs addressed by name."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from tabletop.ui.shell.tabs import NamedTabs


def tabs() -> NamedTabs:
    return NamedTabs({"orders": widgets.HTML("a"), "result": widgets.HTML("b")})


def test_pages_are_shown_and_found_by_name() -> None:
    made = tabs()
    assert made.names == ("orders", "result")
    made.show("result")
    assert made.selected_index == 1 and made.selected_name == "result"
    assert made.page("orders").value == "a"
    assert made.name_at(0) == "orders" and made.name_at(5) is None and made.name_at(None) is None


def test_titles_by_name() -> None:
    made = tabs()
    made.set_titles({"orders": "Order sheets", "result": "Resolution"})
    made.retitle("result", "Résolution")
    assert made.titles == ("Order sheets", "Résolution")
    assert made.title_of("result") == "Résolution"


def test_an_unknown_name_is_refused_naming_the_tabs() -> None:
    with pytest.raises(ValueError, match="no tab 'map'; tabs: orders, result"):
        tabs().show("map")


def test_new_pages_bring_new_names() -> None:
    made = tabs()
    made.set_pages({"France": widgets.HTML(), "Germany": widgets.HTML(), "Italy": widgets.HTML()})
    made.show("Italy")
    assert made.selected_name == "Italy" and len(made.children) == 3
