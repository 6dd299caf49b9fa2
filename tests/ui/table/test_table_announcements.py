"""What the shared screen's live region says, against a real SQLite store: each seat's seal as it
arrives (a seal made again too), each resolution with its counts (made here or elsewhere), for
Africa 1880 and Massai, in the page's language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.games.africa1880.gamefile import example_game, example_orders
from tabletop.store.seat_records import NewTable
from tabletop.store.seats import Tables
from tabletop.ui.africa1880.session import split_sheets
from tabletop.ui.table import TablePage
from tests.ui.seat.helpers import africa_table, find, massai_table, new_store, resolve_now

BASE = "http://192.168.1.20:8866"


def host_page(tables: Tables, new: NewTable, lang: str = "en") -> TablePage:
    return TablePage(tables, new.table_id, new.host_token, lang=lang, base_url=BASE)


def seal_example_orders(tables: Tables, new: NewTable, page: TablePage) -> list[str]:
    """Each power seals its example sheet, the page looking after each; what it said."""
    said = []
    sheets = split_sheets(example_orders(), example_game().state.powers)
    for power in ("France", "Germany", "Belgium", "Great Britain"):
        tables.seal(new.table_id, new.seat(power).token, sheets[power])
        page.poll()
        said.append(page.live.text)
    return said


def test_the_region_is_on_the_page_and_says_nothing_at_first(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = host_page(tables, new)
    assert find(page, "tt-table-live") == [page.live]
    assert page.live.text == "" and page.live.serial == 0
    store.close()


def test_each_seal_then_the_resolution_is_said(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = host_page(tables, new)
    said = seal_example_orders(tables, new, page)
    assert said == [
        "France sealed.",
        "Germany sealed.",
        "Belgium sealed.",
        "Great Britain sealed.",
    ]
    reports: list[Any] = []
    page.on_report = reports.append
    page.resolve_button.click()
    # The example round: Britain's pawn in Zanzibar removed, Togo a German colony.
    assert [r.territory for r in reports[0].removals] == ["Zanzibar"]
    assert page.live.text == "Round 1895 resolved: 1 presence removed, 1 colony founded."
    assert page.live.serial == 5
    store.close()


def test_a_seat_sealing_again_is_said_again(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = host_page(tables, new)
    tables.seal(new.table_id, new.seat("France").token, "Algeria: develop")
    page.poll()
    first = page.live.serial
    tables.seal(new.table_id, new.seat("France").token, "Algeria: hold")
    page.poll()
    # The same words: the serial tells the browser to say them again.
    assert page.live.text == "France sealed." and page.live.serial == first + 1
    page.poll()  # nothing new: nothing said
    assert page.live.serial == first + 1
    store.close()


def test_a_resolution_made_elsewhere_is_said(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = host_page(tables, new)
    resolve_now(tables, new)  # another shared screen, or the command line
    page.poll()
    assert page.live.text.startswith("Round 1895 resolved: ")
    assert "presences removed" in page.live.text
    store.close()


def test_a_resolve_refused_for_a_round_resolved_elsewhere_says_that_round(
    tmp_path: Path,
) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = host_page(tables, new)
    other = host_page(tables, new)
    other.resolve(force=True)
    page.resolve(force=True)  # this screen still showed round 4: refused
    assert "already resolved" in page.message.value
    assert page.live.text.startswith("Round 1895 resolved: ")
    assert "Round 5" in page.heading.value and "Round 1895" in page.report.text.value
    store.close()


def test_massai_seats_and_the_reveal_are_said(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = massai_table(store)
    page = host_page(tables, new)
    first, second = new.seats
    tables.seal(new.table_id, first.token, "a1 b1 c1 d1 e1")
    page.poll()
    assert page.live.text == "Player 1 sealed."
    tables.seal(new.table_id, second.token, "a6 b6 c6 d6 e6")
    page.poll()
    assert page.live.text == "Player 2 sealed."
    page.resolve_button.click()
    assert page.live.text.startswith("Resolved. ")
    assert "a1" in page.live.text and "a6" in page.live.text
    store.close()


def test_french_announcements(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = host_page(tables, new, lang="fr")
    said = seal_example_orders(tables, new, page)
    # Each seat by the name the French screen gives it, as on its card.
    assert said == [
        "France a scellé.",
        "Allemagne a scellé.",
        "Belgique a scellé.",
        "Grande-Bretagne a scellé.",
    ]
    assert "Grande-Bretagne" in page.cards["Great Britain"].title.value
    page.resolve_button.click()
    assert page.live.text == "Tour 1895 résolu\u00a0: 1 présence retirée, 1 colonie fondée."
    store.close()


def test_german_massai_seats_are_named_in_german(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = massai_table(store)
    page = host_page(tables, new, lang="de")
    first, _second = new.seats
    tables.seal(new.table_id, first.token, "a1 b1 c1 d1 e1")
    page.poll()
    assert page.live.text.startswith("Spieler 1 ")
    assert "Spieler 2" in page.cards["Player 2"].title.value
    store.close()
