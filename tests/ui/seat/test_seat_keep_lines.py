"""A seat's sheet keeps every typed line: a relation tap or a menu edits only the line concerned,
the seal is the text the box shows, and an oversized paste stays whole with a message."""

from __future__ import annotations

from pathlib import Path

from tabletop.store.seats import Tables
from tabletop.ui.seat import SeatPage
from tests.cpu import own_cpu
from tests.ui.seat.helpers import africa_table, new_store

JUNK = ["explore Mauretania", "land: Atlantis"]
TYPED = f"Algeria: develop\n{JUNK[0]}\n{JUNK[1]}\n"


def open_france(tmp_path: Path) -> tuple[Tables, int, str, SeatPage]:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    token = new.seat("France").token
    return tables, new.table_id, token, SeatPage(tables, new.table_id, token)


def test_a_relation_tap_keeps_unreadable_lines_and_the_seal_is_the_box(tmp_path: Path) -> None:
    tables, table_id, token, page = open_france(tmp_path)
    part = page.part
    part.editor.text.value = TYPED
    part.relation_buttons["Germany"].click()
    part.controller.set_order("France", "Sahara", "hold")  # a menu
    shown = part.editor.text.value
    assert [line for line in shown.splitlines() if line in JUNK] == JUNK  # as typed, in order
    assert shown.splitlines()[:2] == ["Algeria: develop", "Sahara: hold"]  # the menus' order
    assert "war: Germany" in shown and "Sahara: hold" in shown
    assert "Mauretania" in part.editor.checks.value and "Atlantis" in part.editor.checks.value
    part.seal_button.click()
    assert tables.seat_view(table_id, token)["own_sheet"] == f"[France]\n{shown}"


def test_an_oversized_paste_is_kept_and_a_tap_says_why_it_changes_nothing(tmp_path: Path) -> None:
    _, _, _, page = open_france(tmp_path)
    part = page.part
    big = "explore Mauretania   \n" * 45_000  # about 1 MB
    with own_cpu() as took:
        part.editor.text.value = big
    assert took.seconds < 1.0, f"{took.seconds:.2f} s of CPU"
    assert "characters long" in part.editor.checks.value
    part.relation_buttons["Germany"].click()
    assert part.editor.text.value == big  # not put back to the previous sheet
    assert "characters long" in part.message.value and "tt-msg-error" in part.message.value
