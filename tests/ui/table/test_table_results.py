"""The shared screen after a resolution: the report comes before the new round's heading, on the
widgets already shown (no widget built), above the seats' QR codes, and the page asks the
browser to bring it into view."""

from __future__ import annotations

from pathlib import Path

from tabletop.ui.table.page import TablePage
from tests.ui.seat.helpers import (
    africa_table,
    massai_table,
    new_store,
    resolve_now,
    widgets_built,
)

BASE = "http://192.168.1.20:8866"


def changes_in_order(page: TablePage) -> list[str]:
    """Records, in order, which of the heading and the report's text took a new value."""
    order: list[str] = []
    page.heading.observe(lambda _c: order.append("heading"), names="value")
    page.report.text.observe(lambda _c: order.append("report"), names="value")
    return order


def test_resolve_here_shows_the_report_before_the_heading_on_the_same_widgets(
    tmp_path: Path,
) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = TablePage(tables, new.table_id, new.host_token, base_url=BASE)
    map_view = page.report.map_view
    assert map_view is not None
    for seat in new.seats:
        tables.seal(new.table_id, seat.token, "")
    page.poll()
    order = changes_in_order(page)
    with widgets_built() as built:
        page.resolve_button.click()
    assert built == [], [type(w).__name__ for w in built]
    assert order == ["report", "heading"]
    assert page.report.map_view is map_view and map_view in page.report.children
    assert "Round 5" in page.heading.value and "Resolved" in page.message.value
    assert "scrollIntoView" in page.scroller.value and ".tt-table-report" in page.scroller.value
    store.close()


def test_a_resolution_from_elsewhere_shows_the_report_first_too(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = TablePage(tables, new.table_id, new.host_token, base_url=BASE)
    order = changes_in_order(page)
    resolve_now(tables, new)  # another shared screen, or the command line
    with widgets_built() as built:
        page.poll()
    assert built == []
    assert order == ["report", "heading"] and "Round 5" in page.heading.value
    first = page.scroller.value
    resolve_now(tables, new)
    page.poll()
    assert page.scroller.value != first  # each resolution's HTML differs: it runs again
    tables.seal(new.table_id, new.seat("France").token, "")
    page.poll()  # a seal is no resolution: the report stays, nothing scrolls
    assert order == ["report", "heading"] * 2
    store.close()


def test_the_report_comes_before_the_qr_codes(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = TablePage(tables, new.table_id, new.host_token, base_url=BASE)
    body = list(page.body.children)
    card = page.cards["France"]
    cards = next(i for i, w in enumerate(body) if card in getattr(w, "children", ()))
    assert body.index(page.report) < cards
    assert body.index(page.report) < body.index(page.host_link)
    store.close()


def test_massai_revealed_on_the_same_widget(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = massai_table(store)
    page = TablePage(tables, new.table_id, new.host_token, base_url=BASE)
    text = page.report.text
    first, second = new.seats
    tables.seal(new.table_id, first.token, "a3 b3 c3 d3 e3")
    tables.seal(new.table_id, second.token, "a4 b4 c4 d4 e4")
    page.poll()
    page.resolve_button.click()
    assert page.report.text is text and "tt-revealed" in text.value and "a3" in text.value
    assert page.report.map_view is None
    store.close()
