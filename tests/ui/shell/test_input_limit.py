"""The browser-side limit of text fields, without a browser: the class that states a box's
limit, the widget's message in the page's language, and every limited field of the pages wired
to it (the refusal itself is tried in Chromium: tests/e2e/test_input_limit_browser.py)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from tabletop.games.africa1880.notation import MAX_SHEET_CHARS
from tabletop.ui.africa1880.app import AfricaApp, africa_app
from tabletop.ui.seat.africa import AfricaSeat
from tabletop.ui.seat.page import SeatPage
from tabletop.ui.shell.bounded import bounded
from tabletop.ui.shell.input_limit import (
    INPUT_LIMIT_TEXTS,
    InputLimit,
    limit_class,
    limit_field,
)
from tests.ui.seat.helpers import africa_table, new_store

SCRIPT = (Path(__file__).parents[3] / "tabletop/ui/shell/input_limit.js").read_text("utf-8")


def _limited_box(root: Any, field: Any) -> tuple[Any, InputLimit]:
    """The innermost box around ``field`` that states a limit, and the widget inside it."""
    found: list[tuple[Any, InputLimit]] = []

    def walk(box: Any, around: Any) -> bool:
        if box is field:
            return True
        children = getattr(box, "children", ())
        if not any(walk(child, box) for child in children):
            return False
        widgets_here = [c for c in children if isinstance(c, InputLimit)]
        if not found and any(c.startswith("tt-limit-") for c in box._dom_classes):
            assert len(widgets_here) == 1
            found.append((box, widgets_here[0]))
        return True

    assert walk(root, None), "the field is not on the page"
    assert found, "no box around the field states a limit"
    return found[0]


def test_the_class_states_the_limit_and_the_script_reads_it() -> None:
    assert limit_class(65_536) == "tt-limit-65536"
    with pytest.raises(ValueError, match="number of characters"):
        limit_class(-1)
    # The script reads the number from that class, and listens to every way text goes in.
    pattern = re.search(r"const LIMIT = /(.+)/;", SCRIPT)
    assert pattern is not None
    read = re.search(pattern.group(1), f"widget-box {limit_class(200)} other")
    assert read is not None and read.group(1) == "200"
    assert re.search(pattern.group(1), "tt-limit-200x") is None
    for event in ("beforeinput", "paste", "drop"):
        assert f'"{event}"' in SCRIPT


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_message_names_the_limit_in_the_page_language(lang: str) -> None:
    limit = InputLimit(200, lang)
    assert limit.limit == 200 and "200" in limit.message
    assert limit.message == INPUT_LIMIT_TEXTS["refused"].render(lang, n=200)
    if lang != "en":
        assert limit.message != INPUT_LIMIT_TEXTS["refused"].render("en", n=200)
    assert InputLimit(1, lang).message != limit.message  # one character: the singular


def test_limit_field_marks_the_box() -> None:
    box = widgets.VBox()
    limit = limit_field(box, 12, "de")
    assert "tt-limit-12" in box._dom_classes and limit.limit == 12
    assert "tt-input-limit" in limit._dom_classes


def test_a_bounded_field_is_limited_in_the_browser_too_and_relabelled() -> None:
    field = widgets.Text()
    bound = bounded(field, 5, "en")
    box, limit = _limited_box(bound.box, field)
    assert box is bound.box and limit is bound.browser_limit and limit.limit == 5
    english = limit.message
    bound.relabel("fr")
    assert limit.message != english and "5" in limit.message


def test_the_seat_sheet_box_is_limited_to_what_the_rules_read(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = SeatPage(tables, new.table_id, new.seat("France").token, lang="de")
    part = page.part
    assert isinstance(part, AfricaSeat)
    box, limit = _limited_box(page, part.editor.text)
    assert limit_class(MAX_SHEET_CHARS) in box._dom_classes
    assert limit.message == INPUT_LIMIT_TEXTS["refused"].render("de", n=MAX_SHEET_CHARS)
    store.close()


@pytest.fixture
def app() -> AfricaApp:
    page = africa_app()
    page.show_game()
    return page


def test_every_sheet_box_of_the_africa_page_is_limited(app: AfricaApp) -> None:
    editor = app.orders.editors["France"]
    editor.activate()
    limit = _limited_box(editor, editor.text)[1]
    assert limit.limit == MAX_SHEET_CHARS
    app.controller.set_lang("fr")  # the page's language switch
    assert limit.message == INPUT_LIMIT_TEXTS["refused"].render("fr", n=MAX_SHEET_CHARS)
    app.show_tab("whatif")
    assert app.whatif.desk is not None
    text = app.whatif.desk.show("France").text
    assert _limited_box(app.whatif.desk, text)[1].limit == MAX_SHEET_CHARS
    app.show_tab("rounds")
    app.rounds.history.value = 1
    app.rounds.amend_button.click()
    desk = app.rounds.amend.desk
    assert desk is not None
    text = desk.show("Germany").text
    assert _limited_box(desk, text)[1].limit == MAX_SHEET_CHARS
