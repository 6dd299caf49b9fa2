"""Tabs addressed by name: ``tabs.show("result")`` instead of ``tabs.selected_index = 1``.

>>> import ipywidgets as widgets
>>> tabs = NamedTabs({"orders": widgets.HTML(), "result": widgets.HTML()})
>>> tabs.show("result"); tabs.selected_name
'result'
>>> tabs.retitle("orders", "Order sheets"); tabs.title_of("orders")
'Order sheets'
"""

from __future__ import annotations

from collections.abc import Mapping

import ipywidgets as widgets  # type: ignore[import-untyped]


class NamedTabs(widgets.Tab):
    """An ipywidgets ``Tab`` whose pages have names; the names follow the pages given."""

    titles: tuple[str, ...]  # the Tab's own trait, declared for the type checker

    def __init__(self, pages: Mapping[str, widgets.Widget] | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.names: tuple[str, ...] = ()
        self.set_pages(pages or {})

    def set_pages(self, pages: Mapping[str, widgets.Widget]) -> None:
        """Replace the pages (in the mapping's order)."""
        self.names = tuple(pages)
        self.children = tuple(pages.values())

    def index(self, name: str) -> int:
        """The position of page ``name`` (ValueError naming the pages when unknown)."""
        try:
            return self.names.index(name)
        except ValueError:
            raise ValueError(f"no tab {name!r}; tabs: {', '.join(self.names)}") from None

    def page(self, name: str) -> widgets.Widget:
        """The widget shown in tab ``name``."""
        return self.children[self.index(name)]

    def show(self, name: str) -> None:
        """Select tab ``name``."""
        self.selected_index = self.index(name)

    @property
    def selected_name(self) -> str | None:
        """The name of the selected tab (None when none is)."""
        index = self.selected_index
        return None if index is None or index >= len(self.names) else self.names[index]

    def name_at(self, index: int | None) -> str | None:
        """The name of the tab at ``index`` (as given by a ``selected_index`` change)."""
        return None if index is None or not 0 <= index < len(self.names) else self.names[index]

    def title_of(self, name: str) -> str:
        """The title shown on tab ``name``."""
        return self.titles[self.index(name)]

    def retitle(self, name: str, title: str) -> None:
        """Set one tab's title (sent only when it changes: timers retitle four times a second)."""
        index = self.index(name)
        titles = list(self.titles) + [""] * (len(self.names) - len(self.titles))
        if titles[index] != title:
            titles[index] = title
            self.titles = tuple(titles)

    def set_titles(self, titles: Mapping[str, str]) -> None:
        """Set the titles of the tabs named in ``titles`` at once."""
        current = list(self.titles) + [""] * (len(self.names) - len(self.titles))
        for name, title in titles.items():
            current[self.index(name)] = title
        if tuple(current) != tuple(self.titles):
            self.titles = tuple(current)
