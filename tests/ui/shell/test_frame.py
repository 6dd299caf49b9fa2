"""The page frame and the language switch every page uses."""

from __future__ import annotations

import ipywidgets as widgets

from tabletop.ui.shell.frame import frame_root, header_bar, language_switch, page_frame


def test_language_switch_calls_back_with_the_language() -> None:
    chosen: list[str] = []
    switch = language_switch("en", chosen.append, "tt-lang")
    assert [code for _, code in switch.options] == ["en", "de", "fr"]
    switch.value = "fr"
    assert chosen == ["fr"] and "tt-lang" in switch._dom_classes


def test_frame_puts_the_style_sheets_first_and_marks_the_root() -> None:
    title, toggle = widgets.HTML("t"), widgets.ToggleButton()
    header = header_bar([title], [toggle])
    parts = page_frame(header, css=".x { }")
    assert "tt-style" in parts[0]._dom_classes and ".x { }" in parts[1].value
    assert parts[2] is header and header.children[0] is title
    root = widgets.VBox(parts)
    frame_root(root, ["tt-page"])
    assert set(root._dom_classes) == {"tt-app", "tt-page"}
