"""The address of the shared screen's links (tabletop.ui.table.seat_actions) against a real
SQLite store: QR codes only for an address phones can open, a plain word and the command when
the server is this machine's only, a typed address checked and kept with the table, so that
the page opened again shows it."""

from __future__ import annotations

from pathlib import Path

from tabletop.store.table_address import TableAddress
from tabletop.ui.table import TablePage
from tests.ui.seat.helpers import africa_table, find, new_store

LAN = "http://192.168.1.20:8866"
LOCAL = "http://127.0.0.1:8866"


def test_an_address_phones_can_open_has_qr_codes_and_no_warning(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = TablePage(tables, new.table_id, new.host_token, base_url=LAN)
    assert all(card.qr.value.startswith("<svg") for card in page.cards.values())
    assert "tt-loopback-warning" not in page.address_note.value
    assert "local network" in page.address_note.value
    store.close()


def test_served_to_this_machine_only_it_says_so_and_shows_no_qr_code(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = TablePage(tables, new.table_id, new.host_token, base_url=LOCAL)
    note = page.address_note.value
    assert "tt-loopback-warning" in note and "Phones cannot open these links" in note
    assert "tabletop serve --lan" in note
    for seat, card in page.cards.items():
        assert "<svg" not in card.qr.value and "tt-no-qr" in card.qr.value
        # the link still works on this machine
        token = new.seat(seat).token
        assert f"{LOCAL}/voila/render/seat.ipynb?table={new.table_id}&amp;token={token}" in (
            card.link.value
        )
    assert f"{LOCAL}/voila/render/table.ipynb" in page.host_link.value
    # a new link for a lost phone: no QR code either
    page.revoke("France")
    assert "<svg" not in page.cards["France"].qr.value
    store.close()


def test_a_typed_address_is_kept_with_the_table_and_shown_when_reopened(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = TablePage(tables, new.table_id, new.host_token, base_url=LOCAL)
    page.address.value = "http://10.0.0.5:9999/"
    find(page, "tt-address-use")[0].click()
    assert "Links updated" in page.message.value
    assert page.address.value == "http://10.0.0.5:9999"
    assert TableAddress(store).get(new.table_id, new.host_token) == "http://10.0.0.5:9999"
    card = page.cards["France"]
    assert "http://10.0.0.5:9999/voila/render/seat.ipynb" in card.link.value
    assert card.qr.value.startswith("<svg") and "tt-loopback-warning" not in (
        page.address_note.value
    )
    # The page opened again (another kernel, the server's address on loopback): the kept one.
    again = TablePage(tables, new.table_id, new.host_token, base_url=LOCAL)
    assert again.address.value == "http://10.0.0.5:9999"
    assert "http://10.0.0.5:9999/voila/render/seat.ipynb" in again.cards["France"].link.value
    assert "http://10.0.0.5:9999/voila/render/table.ipynb" in again.host_link.value
    assert again.cards["France"].qr.value.startswith("<svg")
    # An empty address forgets it: back to the server's own.
    again.address.value = ""
    find(again, "tt-address-use")[0].click()
    assert "server’s own address" in again.message.value
    assert again.address.value == LOCAL and "tt-loopback-warning" in again.address_note.value
    assert TableAddress(store).get(new.table_id, new.host_token) is None
    third = TablePage(tables, new.table_id, new.host_token, base_url=LAN)
    assert third.address.value == LAN
    store.close()


def test_a_wrong_address_is_refused_in_one_line_and_nothing_changes(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = TablePage(tables, new.table_id, new.host_token, base_url=LAN, lang="fr")
    before = page.cards["France"].link.value
    for typed in ("192.168.1.20:8866", "http://192.168.1.20", "http://x:8866/?a=b"):
        page.address.value = typed
        find(page, "tt-address-use")[0].click()
        message = page.message.value
        assert "tt-msg-error" in message and "http://192.168.1.5:8866" in message
        assert "\n" not in message and "Traceback" not in message
        assert page.cards["France"].link.value == before
        assert TableAddress(store).get(new.table_id, new.host_token) is None
    # An address pasted far over the field's limit is put back at once, with a word beside it.
    page.address.value = LAN
    page.address.value = "http://" + "a" * 5000 + ":8866"
    assert page.address.value == LAN
    assert "300" in page.address_bound.note.value
    store.close()
