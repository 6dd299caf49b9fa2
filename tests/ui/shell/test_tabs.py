"""Tabs addressed by name."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from tabletop.ui.shell.tabs import LazyPage, NamedTabs


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


def test_a_lazy_page_is_built_when_its_tab_is_first_selected() -> None:
    made: list[widgets.HTML] = []

    def build() -> widgets.HTML:
        made.append(widgets.HTML("late"))
        return made[-1]

    later = LazyPage(build)
    named = NamedTabs({"first": widgets.HTML(), "later": later})
    assert not later.built and later.children == () and made == []
    named.show("later")
    assert later.built and later.children == (made[0],)
    named.show("first")
    named.show("later")
    assert later.content is made[0] and len(made) == 1  # built once


def test_a_lazy_page_selected_first_is_built_at_once() -> None:
    first = LazyPage(lambda: widgets.HTML("shown"))
    NamedTabs({"first": first, "other": widgets.HTML()})
    assert first.built and first.content.value == "shown"


def test_a_lazy_page_is_built_before_other_observers_hear_of_its_selection() -> None:
    later = LazyPage(lambda: widgets.HTML("late"))
    named = NamedTabs({"first": widgets.HTML(), "later": later})
    seen: list[bool] = []
    named.observe(lambda _c: seen.append(later.built), names="selected_index")
    named.show("later")
    assert seen == [True]
