"""A resolution seen by an open seat page: the next round is shown on the widgets already there
(no widget built, so a phone's browser only applies new values), and the page asks the browser
to bring the seat's heading and results back to the top of the screen."""

from __future__ import annotations

from pathlib import Path

from tabletop.ui.seat.page import SeatPage, scroll_into_view
from tests.ui.seat.helpers import (
    africa_table,
    massai_table,
    new_store,
    resolve_now,
    widgets_built,
)


def test_an_africa_round_is_shown_on_the_same_widgets(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = SeatPage(tables, new.table_id, new.seat("France").token)
    assert page.part.map_view is None  # drawn when asked for
    page.part.map_button.value = True
    part, editor, canvas = page.part, page.part.editor, page.part.map_view.canvas
    draws = page.part.map_view.draw_count
    page.part.map_view.client_ready = True  # as when a browser shows the page
    page.part.editor.text.value = "Algeria: develop"
    page.part.seal_button.click()
    resolve_now(tables, new)
    with widgets_built() as built:
        page.poll()
    assert built == [], [type(w).__name__ for w in built]
    assert page.part is part and part.editor is editor and part.map_view.canvas is canvas
    assert "Round 5" in part.heading.value
    assert "tt-own-results" in part.results.value and "Algeria" in part.results.value
    assert "Not sealed yet" in part.state_line.value
    fresh = SeatPage(tables, new.table_id, new.seat("France").token)  # opened now: the same
    assert part.editor.text.value == fresh.part.editor.text.value
    assert "Algeria: develop" not in part.editor.text.value
    assert part.results.value == fresh.part.results.value
    assert part.heading.value == fresh.part.heading.value
    assert [b.description for b in part.relation_buttons.values()] == [
        b.description for b in fresh.part.relation_buttons.values()
    ]
    assert part.map_view.draw_count == draws + 1  # the new board, drawn on the same canvas
    assert part.controller.state.round == 5 and part.controller.powers == part.game.state.powers
    store.close()


def test_the_next_round_can_be_played_and_sealed(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = SeatPage(tables, new.table_id, new.seat("France").token)
    resolve_now(tables, new)
    page.poll()
    rows = {row.territory for row in page.part.editor.rows if row.power}
    game = store.load(int(page.view["game"])).game
    assert rows == set(game.state.presences["France"])  # the menus of the new position
    page.part.editor.text.value = "Algeria: hold"
    page.part.seal_button.click()
    status = tables.status(new.table_id)
    assert status.round == 5 and "France" in status.sealed
    store.close()


def test_the_page_scrolls_back_to_the_heading_once_per_new_round(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = SeatPage(tables, new.table_id, new.seat("Germany").token)
    assert page.scroller.value == ""  # opening the page moves nothing
    assert page.scroller in page.body.children
    seen = []
    for _ in range(2):
        resolve_now(tables, new)
        page.poll()
        seen.append(page.scroller.value)
    assert seen[0] != seen[1]  # each new round's HTML differs: the browser runs it again
    assert all("scrollIntoView" in value and ".tt-seat-heading" in value for value in seen)
    page.poll()  # nothing new: no scrolling asked
    assert page.scroller.value == seen[1]
    store.close()


def test_a_massai_action_is_shown_on_the_same_squares(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = massai_table(store)
    first, second = new.seats
    page = SeatPage(tables, new.table_id, first.token)
    squares = dict(page.part.squares)
    tables.seal(new.table_id, first.token, "a3 b3 c3 d3 e3")
    tables.seal(new.table_id, second.token, "a4 b4 c4 d4 e4")
    tables.resolve(new.table_id, new.host_token)
    with widgets_built() as built:
        page.poll()
    assert built == []
    assert page.part.squares == squares
    assert page.part.secret == "target" and page.part.seal_button in page.part.children
    assert page.part.squares["a3"].description == "⌂"
    assert "scrollIntoView" in page.scroller.value
    store.close()


def test_the_scroll_html_quotes_its_selectors() -> None:
    glue = scroll_into_view(".tt-table-page", '.a"b', 2, below=0.5)
    assert glue.startswith("<img") and 'onerror="' in glue
    assert '"b' not in glue.split('onerror="', 1)[1].rsplit('"', 1)[0]  # no raw quote inside
    assert "window.innerHeight * 0.5" in glue
