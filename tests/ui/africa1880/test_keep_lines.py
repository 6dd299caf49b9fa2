"""Nothing typed is dropped by the Africa page's editors: the sheet tab and its grid, the what-if
and the correction of a round all edit a sheet through the core's ``edit_sheet``, so a line the
rules cannot read stays as typed, in its place, with its warning, and is in the text resolved."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Any

import pytest

from tabletop.games.africa1880.notation import MAX_SHEET_CHARS
from tabletop.ui.africa1880.app import AfricaApp, africa_app
from tabletop.ui.africa1880.drafts import Drafts
from tests.cpu import own_cpu

JUNK = ["explore Mauretania", "land: Atlantis", "Tunisia: fly  # ask the table"]
TYPED = f"Algeria: develop\n{JUNK[0]}\n{JUNK[1]}\n{JUNK[2]}\n"


@pytest.fixture
def app() -> AfricaApp:
    page = africa_app()
    page.show_game()
    return page


def junk_in(text: str) -> list[str]:
    return [line for line in text.splitlines() if line in JUNK]


def warned(checks: list) -> str:
    return "\n".join(c.text for c in checks if c.kind == "void")


def test_the_sheet_tab_grid_and_menus_keep_unreadable_lines(app: AfricaApp) -> None:
    ctl = app.controller
    editor = app.orders.editors["France"]
    editor.activate()
    editor.text.value = TYPED
    before = ctl.relation("France", "Germany")
    app.orders.grid.cells[("France", "Germany")].click()
    assert ctl.relation("France", "Germany") is not before
    ctl.set_order("France", "Sahara", "hold")  # a menu
    text = ctl.drafts["France"]
    assert junk_in(text) == JUNK and text.startswith("Algeria: develop\n")
    assert editor.text.value == text  # the box shows it
    checks = warned(ctl.checks_for("France"))
    assert "Mauretania" in checks and "Atlantis" in checks  # their warnings stay
    assert all(line in ctl.sheets_text() for line in JUNK)  # and Resolve reads them


def test_the_whatif_and_the_correction_keep_unreadable_lines(app: AfricaApp) -> None:
    app.show_tab("whatif")
    tab = app.whatif
    assert tab.model is not None and tab.desk is not None
    tab.desk.show("France").text.value = TYPED
    tab.desk.grid.cells[("France", "Belgium")].click()
    assert junk_in(tab.model.drafts["France"]) == JUNK
    assert "Mauretania" in warned(tab.model.checks_for("France"))

    app.show_tab("rounds")
    app.rounds.history.value = 1
    app.rounds.amend_button.click()
    panel = app.rounds.amend
    assert panel.model is not None and panel.desk is not None
    panel.desk.show("France").text.value = TYPED
    panel.desk.grid.cells[("France", "Belgium")].click()
    panel.model.set_landing("France", None)  # the landing line is the line concerned
    text = panel.model.drafts["France"]
    assert junk_in(text) == [JUNK[0], JUNK[2]]
    assert all(line in panel.model.combined_text() for line in (JUNK[0], JUNK[2]))


def test_an_oversized_draft_is_kept_whole_and_read_in_no_time(app: AfricaApp) -> None:
    ctl = app.controller
    editor = app.orders.editors["France"]
    editor.activate()
    big = ("explore Mauretania   \n") * 45_000  # about 1 MB
    with own_cpu() as took:
        editor.text.value = big
    assert took.seconds < 1.0, f"{took.seconds:.2f} s of CPU for a 1 MB paste"
    assert ctl.drafts["France"] == big and editor.text.value == big  # kept, not put back
    assert "characters long" in editor.checks.value
    app.orders.grid.cells[("France", "Germany")].click()  # a tap changes nothing
    assert ctl.drafts["France"] == big


def test_a_box_of_many_lines_is_checked_line_by_line_quickly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Telling a header line from an order used to look for a "did you mean" power on every
    line (a millisecond each): a 64 KB box of short lines took seconds. Every "did you mean"
    goes through difflib; the box's checks may seek a bounded few, never one per line."""
    page = africa_app()
    page.show_game()
    ctl = page.controller
    drafts = Drafts(ctl.board, ctl.state, "en")
    text = "explore Mauretania\n" * (MAX_SHEET_CHARS // 20)
    drafts.set_text("France", text)
    sought: list[str] = []
    real: Callable[..., Any] = difflib.get_close_matches

    def counted(word: str, *args: Any, **kwargs: Any) -> Any:
        sought.append(word)
        return real(word, *args, **kwargs)

    monkeypatch.setattr(difflib, "get_close_matches", counted)
    with own_cpu() as took:
        drafts.checks("en")
        assert drafts.box_text("France")[0] == text.rstrip("\n")
    assert len(sought) <= 10, f"{len(sought)} did-you-mean lookups for {text.count(chr(10))} lines"
    assert took.seconds < 1.0, f"{took.seconds:.2f} s of CPU"
