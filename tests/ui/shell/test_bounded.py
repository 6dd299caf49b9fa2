"""Text fields held to a length (tabletop.ui.shell.bounded): the helper itself, then every text
field of the pages outside the order sheets, each driven as the browser would set it (its
``value``): an over-long value is put back at once to the last one that fitted, with a one-line
message beside the field, and what fits is kept as typed. (The game's name: test_games_list;
the shared screen's address: tests/ui/table/test_seat_actions.py.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from tabletop.classroom.ledger import MAX_NICKNAME
from tabletop.store import Store, open_store
from tabletop.store.classroom import Classes
from tabletop.store.seats import Tables
from tabletop.ui.classroom.student import StudentPage
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.view import GUARD_TABLE_LIMIT, MassaiView
from tabletop.ui.seat.page import SeatPage
from tabletop.ui.shell.bounded import CODE_LIMIT, NUMBER_LIMIT, BoundedField, bounded
from tabletop.ui.shell.input_limit import limit_class


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = open_store(tmp_path / "tabletop.db")
    yield opened
    opened.close()


def _holds(bound: BoundedField, field: Any, good: str, limit: int, shown: Any) -> None:
    """``field`` keeps ``good``, refuses one character more (put back, message beside it in the
    page), and takes ``good`` again (message gone)."""
    assert bound.field is field and bound.limit == limit
    assert (
        _inside(shown, bound.box) and _inside(bound.box, field) and _inside(bound.box, bound.note)
    )
    # The browser refuses it first (tabletop.ui.shell.input_limit): the box states the limit.
    assert limit_class(limit) in bound.box._dom_classes
    assert bound.browser_limit in bound.box.children and bound.browser_limit.limit == limit
    field.value = good
    assert field.value == good and bound.note.value == ""
    field.value = good + "9" * (limit - len(good) + 1)
    assert field.value == good
    assert f"{limit}" in bound.note.value and "tt-msg-error" in bound.note.value
    assert "\n" not in bound.note.value
    field.value = "1" * limit
    assert field.value == "1" * limit and bound.note.value == ""
    field.value = good
    assert field.value == good


def _inside(parent: Any, child: Any) -> bool:
    if parent is child:
        return True
    return any(_inside(c, child) for c in getattr(parent, "children", ()))


def test_the_helper_puts_back_the_last_good_value_and_says_why() -> None:
    field = widgets.Text(value="abc")
    bound = bounded(field, 5, "de")
    field.value = "abcdef"
    assert field.value == "abc" and bound.refused and "5" in bound.note.value
    assert "Zeichen" in bound.note.value  # in the page's language
    bound.relabel("fr")
    assert "caractères" in bound.note.value
    field.value = "x" * 100_000  # a paste of a book: one comparison, nothing kept
    assert field.value == "abc"
    field.value = "ab\ncd"  # one line: a tampered browser could send a line break
    assert field.value == "abc" and "One line" not in bound.note.value  # French now
    assert "ligne" in bound.note.value
    field.value = ""
    assert field.value == "" and bound.note.value == "" and not bound.refused


def test_a_text_area_keeps_its_lines_and_a_value_too_long_at_start_is_dropped() -> None:
    area = widgets.Textarea(value="x" * 50)
    bound = bounded(area, 10)
    assert area.value == "" and bound.good == ""
    area.value = "a\nb\nc"
    assert area.value == "a\nb\nc" and bound.note.value == ""
    area.value = "a\n" * 6
    assert area.value == "a\nb\nc" and "10" in bound.note.value


def test_the_seat_form_table_number_and_code(store: Store) -> None:
    page = SeatPage(Tables(store), lang="fr")
    _holds(page.table_bound, page.table_field, "12", NUMBER_LIMIT, page)
    _holds(page.code_bound, page.code_field, "K7QX2P", CODE_LIMIT, page)
    assert "caractères" in page.code_bound.note.value or page.code_bound.note.value == ""


def test_the_student_form_code_and_nickname(store: Store) -> None:
    page = StudentPage(Classes(store), None)
    _holds(page.code_bound, page.code_field, "K7QX2P", CODE_LIMIT, page)
    _holds(page.nickname_bound, page.nickname, "Ana", MAX_NICKNAME, page)


def test_the_massai_guard_table(store: Store) -> None:
    view = MassaiView(MassaiController(store))
    _holds(view.guard_bound, view.guard_table, "0,0,1,2,3,4", GUARD_TABLE_LIMIT, view.root)
    view.controller.set_lang("de")
    view.guard_table.value = "0," * 200
    assert view.guard_table.value == "0,0,1,2,3,4" and "Zeichen" in view.guard_bound.note.value
