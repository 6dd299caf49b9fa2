"""What a seat page's live region says when a resolved round arrives (a real SQLite store): the
resolution with its counts and where the seat's own results are, in the page's language, said
again for each round; nothing before."""

from __future__ import annotations

from pathlib import Path

from tabletop.ui.seat.page import SeatPage
from tests.ui.seat.helpers import africa_table, find, new_store, resolve_now


def test_the_new_round_is_said_when_it_arrives(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = SeatPage(tables, new.table_id, new.seat("France").token)
    assert find(page, "tt-seat-live") == [page.live]
    page.part.editor.text.value = "Algeria: develop"
    page.part.seal_button.click()
    page.poll()
    assert page.live.text == "" and page.live.serial == 0  # a seal is no new round
    resolve_now(tables, new)
    page.poll()
    assert page.live.text == (
        "Round 1895 resolved: 0 presences removed, 0 colonies founded. Your results are below."
    )
    resolve_now(tables, new)
    page.poll()
    assert page.live.text.startswith("Round 1900 resolved: ") and page.live.serial == 2
    store.close()


def test_the_new_round_is_said_in_german(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = SeatPage(tables, new.table_id, new.seat("Germany").token, lang="de")
    resolve_now(tables, new)
    page.poll()
    assert page.live.text == (
        "Runde 1895 ausgewertet: 0 Präsenzen entfernt, 0 Kolonien gegründet. "
        "Ihre Ergebnisse stehen weiter unten."
    )
    store.close()
