"""The shared screen driven in-process against a real SQLite store: links, QR codes and codes;
who has sealed (never what); Resolve and Resolve now with its confirmation; the report; a new
link for a lost phone; a seat played on the screen itself; opening a table from a game."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.store.seats import Tables
from tabletop.ui.seat import SeatPage
from tabletop.ui.table import TablePage, table_page
from tests.ui.seat.helpers import africa_table, find, massai_table, new_store, page_text

BASE = "http://192.168.1.20:8866"
SECRET = "# okapi-lantern-4417"


def host_page(tables: Tables, new, lang: str = "en") -> TablePage:
    return TablePage(tables, new.table_id, new.host_token, lang=lang, base_url=BASE)


def test_cards_show_links_qr_codes_and_codes(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = host_page(tables, new)
    assert set(page.cards) == {"Belgium", "France", "Germany", "Great Britain"}
    card = page.cards["France"]
    france = new.seat("France")
    assert card.qr.value.startswith("<svg")
    assert france.code in card.code.value
    assert f"{BASE}/voila/render/seat.ipynb?table={new.table_id}&amp;token={france.token}" in (
        card.link.value
    )
    assert "Waiting" in card.status.value
    page.address.value = "http://10.0.0.5:9999/"
    find(page, "tt-address-use")[0].click()
    assert "http://10.0.0.5:9999/voila/render/seat.ipynb" in card.link.value
    page.address.value = "ftp://nope"
    find(page, "tt-address-use")[0].click()
    assert "http://" in page.message.value
    store.close()


def test_who_sealed_never_what_then_resolve(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = host_page(tables, new)
    assert page.resolve_button.disabled
    for power, text in [
        ("Belgium", "Congo: develop"),
        ("France", f"Algeria: develop\n{SECRET}"),
        ("Germany", "Togo: develop"),
    ]:
        tables.seal(new.table_id, new.seat(power).token, text)
    page.poll()
    assert "Sealed at" in page.cards["France"].status.value
    assert "Waiting" in page.cards["Great Britain"].status.value
    text = page_text(page)
    assert "okapi-lantern" not in text and "Congo: develop" not in text
    assert page.resolve_button.disabled and page.resolve_now_button.layout.display != "none"
    tables.seal(new.table_id, new.seat("Great Britain").token, "Egypt: develop")
    page.poll()
    assert not page.resolve_button.disabled
    assert page.resolve_now_button.layout.display == "none"
    page.resolve_button.click()
    assert "Resolved" in page.message.value
    report = page_text(page.report)
    assert "what to do on the board" in report and "Congo" in report
    assert "Round 5" in page.heading.value
    assert "Waiting" in page.cards["France"].status.value
    store.close()


def test_resolve_now_names_who_is_missing_and_asks_first(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = host_page(tables, new)
    tables.seal(new.table_id, new.seat("France").token, "Algeria: develop")
    page.poll()
    page.resolve_now_button.click()
    question = page.question.children[0].value
    assert "Belgium, Germany, Great Britain" in question and "holds everywhere" in question
    find(page, "tt-confirm-no")[0].click()
    assert page.question.children == ()
    assert tables.status(new.table_id).round == 4  # nothing resolved
    page.resolve_now_button.click()
    find(page, "tt-confirm-yes")[0].click()
    assert tables.status(new.table_id).round == 5
    assert "Resolved" in page.message.value
    store.close()


def test_a_french_screen_names_the_missing_seats_in_french(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = host_page(tables, new, lang="fr")
    page.resolve_now_button.click()
    question = page.question.children[0].value
    assert "Allemagne" in question and "Grande-Bretagne" in question, question
    assert "Germany" not in question
    store.close()


def test_a_round_resolved_elsewhere_is_refused_here_in_one_line(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = host_page(tables, new)
    other = host_page(tables, new)
    other.resolve(force=True)
    page.resolve(force=True)  # this screen still showed round 4
    assert "already resolved" in page.message.value
    assert tables.status(new.table_id).round == 5
    store.close()


def test_new_link_for_a_lost_phone(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = host_page(tables, new)
    old = new.seat("Germany")
    find(page.cards["Germany"], "tt-revoke")[0].click()
    assert "old link" in page.question.children[0].value
    find(page, "tt-confirm-yes")[0].click()
    assert old.code not in page.cards["Germany"].code.value
    assert old.token not in page.cards["Germany"].link.value
    refused = SeatPage(tables, new.table_id, old.token)
    assert "replaced by the host" in find(refused, "tt-refusal-box")[0].value
    fresh = page.links["Germany"]
    assert SeatPage(tables, new.table_id, fresh.token).part.power == "Germany"
    store.close()


def test_enter_a_seat_on_the_shared_screen(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = host_page(tables, new)
    find(page.cards["Belgium"], "tt-enter-here")[0].click()
    assert "look away" in page.question.children[0].value
    assert page.here_page is None  # nothing shown before the confirmation
    find(page, "tt-confirm-yes")[0].click()
    seat = page.here_page
    assert seat is not None and seat.part.power == "Belgium"
    seat.part.editor.text.value = "Congo: develop"
    seat.part.seal_button.click()
    assert page.here_page is None and page.here_box.children == ()
    assert "Sealed at" in page.cards["Belgium"].status.value
    assert "Congo: develop" not in page_text(page)
    store.close()


def test_wrong_host_token_is_refused(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = TablePage(tables, new.table_id, new.seat("France").token, base_url=BASE)
    assert "host token does not open" in find(page, "tt-refusal-box")[0].value
    page = TablePage(tables, new.table_id, None, base_url=BASE)
    assert "no host token" in find(page, "tt-refusal-box")[0].value
    store.close()


def test_game_query_opens_a_table_and_shows_its_host_link(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = table_page({"game": str(new.game_id)}, store=store)
    assert page.table_id != new.table_id
    assert f"table.ipynb?table={page.table_id}&amp;token={page.host_token}" in page.host_link.value
    assert "<details open>" in page.host_link.value  # just opened: shown to bookmark
    assert tables.tables_of(new.game_id)[0] == page.table_id
    missing = table_page({"game": "999"}, store=store)
    assert "999" in find(missing, "tt-refusal-box")[0].value
    store.close()


def test_bare_page_lists_games_then_opens_a_table(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = table_page({}, store=store)
    lists = find(page, "tt-games-list")
    assert len(lists) == 2
    find(lists[0], "tt-game-open")[0].click()
    find(page, "tt-open-table")[0].click()
    assert page.table_id and page.cards
    page2 = table_page({}, store=store)
    find(find(page2, "tt-games-list")[1], "tt-games-new")[0].click()
    find(page2, "tt-open-table")[0].click()
    assert set(page2.cards) == {"Player 1", "Player 2"}
    store.close()


def test_massai_reveals_both_setups_together(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = massai_table(store)
    page = host_page(tables, new)
    first, second = new.seats
    tables.seal(new.table_id, first.token, "a1 b1 c1 d1 e1")
    page.poll()
    assert "Sealed" in page.cards[first.seat].status.value
    assert "a1 b1 c1" not in page_text(page) and "⌂" not in page_text(page.report)
    tables.seal(new.table_id, second.token, "a6 b6 c6 d6 e6")
    page.poll()
    page.resolve_button.click()
    revealed = page_text(page.report)
    assert "Revealed" in revealed and "a1" in revealed and "a6" in revealed
    store.close()


@pytest.mark.parametrize("query", [{"table": "x", "token": "y"}, {"table": "1"}])
def test_bad_queries_are_one_line(tmp_path: Path, query: dict[str, str]) -> None:
    store = new_store(tmp_path)
    page = table_page(query, store=store)
    assert find(page, "tt-refusal-box")
    store.close()


def test_the_timer_started_here_shows_on_the_seats(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = host_page(tables, new)
    seat = SeatPage(tables, new.table_id, new.seat("France").token)
    assert seat.timer.phase == ""
    page.timer.start_button.click()
    seat.poll()
    assert seat.timer.phase == "negotiation" and seat.timer.deadline == page.timer.widget.deadline
    page.timer.pause_button.click()
    seat.poll()
    assert seat.timer.phase == "paused" and 470 < seat.timer.left <= 480
    store.close()


def test_french_shared_screen_and_its_links(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = table_page(
        {"table": str(new.table_id), "token": new.host_token, "lang": "fr"}, store=store
    )
    assert page.resolve_button.description == "Résoudre"
    assert "Table 1" in page.heading.value and "Tour 4" in page.heading.value
    assert "&amp;lang=fr" in page.cards["France"].link.value
    store.close()
