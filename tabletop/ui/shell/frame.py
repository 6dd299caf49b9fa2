"""The frame every page shares: the style sheet, a header bar and the language switch."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.ui.shell.style import style_widget
from tabletop.ui.shell.texts import LANGUAGE_CHOICES


def language_switch(
    lang: str, on_change: Callable[[str], None], css_class: str
) -> widgets.ToggleButtons:
    """The English / Français switch; ``on_change(lang)`` is called when a person switches."""
    switch = widgets.ToggleButtons(options=list(LANGUAGE_CHOICES), value=lang)
    switch.add_class(css_class)
    switch.observe(lambda change: on_change(change["new"]), names="value")
    return switch


def header_bar(left: Sequence[widgets.Widget], right: Sequence[widgets.Widget]) -> widgets.HBox:
    """The page's top line: title (and such) on the left, toggles on the right; wraps on phones."""
    return widgets.HBox(
        [*left, widgets.HBox(list(right), layout=widgets.Layout(flex_flow="row wrap"))],
        layout=widgets.Layout(
            justify_content="space-between", align_items="center", flex_flow="row wrap"
        ),
    )


def page_frame(*children: widgets.Widget, css: str = "") -> list[widgets.Widget]:
    """The page's parts preceded by the shared style sheet (and the page's own ``css``): the
    children of the page's root box, marked with :func:`frame_root`."""
    head: list[widgets.Widget] = [style_widget()]
    if css:
        head.append(widgets.HTML(f"<style>{css}</style>"))
    return [*head, *children]


def frame_root(root: widgets.Box, classes: Sequence[str] = ()) -> None:
    """Mark ``root`` as a page: the ``tt-app`` class the style sheet and tests select on."""
    root.add_class("tt-app")
    for name in classes:
        root.add_class(name)
