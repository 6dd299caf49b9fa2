"""An Africa seat's keyboard part: the keys' widget goes on to Seal, the hint is in the seat's
language (the keys themselves are tried in Chromium: tests/e2e/test_order_keys_browser.py)."""

from __future__ import annotations

from pathlib import Path

from tabletop.ui.seat.africa import AfricaSeat
from tabletop.ui.seat.page import SeatPage
from tabletop.ui.shell.order_keys import OrderKeys
from tests.ui.seat.helpers import africa_table, find, new_store


def test_the_seat_keys_go_on_to_seal_in_the_seat_language(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = SeatPage(tables, new.table_id, new.seat("Germany").token, lang="fr")
    part = page.part
    assert isinstance(part, AfricaSeat)
    assert [w for w in part.children if isinstance(w, OrderKeys)] == [part.order_keys]
    assert part.order_keys.finish == ".tt-seal"
    assert "tt-seal" in part.seal_button._dom_classes
    assert find(page, "tt-order-keys-line") == [part.keys_hint]
    assert "H = rien, D = développer, E = explorer" in part.keys_hint.value
    assert "Clavier" in part.keys_hint.value
    # Before the sheet, so that it is read first.
    assert part.children.index(part.keys_hint) < part.children.index(part.editor)
    store.close()
