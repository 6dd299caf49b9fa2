"""Tabs addressed by name: ``tabs.show("result")`` instead of ``tabs.selected_index = 1``.

>>> import ipywidgets as widgets
>>> tabs = NamedTabs({"orders": widgets.HTML(), "result": widgets.HTML()})
>>> tabs.show("result"); tabs.selected_name
'result'
>>> tabs.retitle("orders", "Order sheets"); tabs.title_of("orders")
'Order sheets'

A page may be a :class:`LazyPage`: its content is built when its tab is first selected (or
when the code first asks for it), so a page with many tabs sends and draws only the one shown.

>>> built = []
>>> later = LazyPage(lambda: built.append(1) or widgets.HTML("later"))
>>> tabs = NamedTabs({"first": widgets.HTML(), "later": later})
>>> later.built, built
(False, [])
>>> tabs.show("later"); later.built, later.content.value
(True, 'later')
>>> later.content is later.children[0], built
(True, [1])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

import ipywidgets as widgets  # type: ignore[import-untyped]

Content = TypeVar("Content", bound=widgets.Widget)


class LazyPage(widgets.VBox, Generic[Content]):
    """A tab's page holding the widget ``build()`` returns, built on first use.

    Until then the page is an empty box: nothing of its content is made, sent to the browser or
    drawn there.
    """

    def __init__(self, build: Callable[[], Content], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._build = build
        self._content: Content | None = None

    @property
    def built(self) -> bool:
        """Whether the content was built."""
        return self._content is not None

    @property
    def content(self) -> Content:
        """The page's content (built now if it was not yet)."""
        if self._content is None:
            self._content = self._build()
            self.children = (self._content,)
        return self._content


class NamedTabs(widgets.Tab):
    """An ipywidgets ``Tab`` whose pages have names; the names follow the pages given."""

    titles: tuple[str, ...]  # the Tab's own trait, declared for the type checker

    def __init__(self, pages: Mapping[str, widgets.Widget] | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.names: tuple[str, ...] = ()
        # Before any other observer: a lazy page is built before they hear of its selection.
        self.observe(lambda _change: self._build_selected(), names="selected_index")
        self.set_pages(pages or {})

    def set_pages(self, pages: Mapping[str, widgets.Widget]) -> None:
        """Replace the pages (in the mapping's order)."""
        self.names = tuple(pages)
        self.children = tuple(pages.values())
        self._build_selected()

    def _build_selected(self) -> None:
        """Build the selected page if it is a lazy one."""
        name = self.selected_name
        page = self.page(name) if name is not None else None
        if isinstance(page, LazyPage):
            page.content  # noqa: B018 - builds it

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
