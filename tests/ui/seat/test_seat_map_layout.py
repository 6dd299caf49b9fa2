"""The seat page's map uses the default board's ready-made layout: placing the marks anew costs
seconds of CPU on a phone's kernel (13 s for a 480 px canvas here), so it must never happen for
the default board."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.ui.africa1880.map import shipped
from tabletop.ui.seat import SeatPage
from tabletop.ui.seat.africa import AfricaSeat
from tests.ui.seat.helpers import africa_table, new_store


def test_the_seat_map_is_not_placed_anew(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the default board's placements were computed instead of read")

    shipped.placements_for.cache_clear()  # an earlier test may have cached a computed layout
    monkeypatch.setattr(shipped, "compute_placements", refuse)
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    try:
        page = SeatPage(tables, new.table_id, new.seat("France").token)
        assert isinstance(page.part, AfricaSeat)
        page.part.map_button.value = True  # the player asks for the board
        assert page.part.map_view is not None and page.part.map_view.model is not None
        assert page.part.map_view.model.territories["Egypt"].place is not None
        assert page.part.map_box.children[-1] is page.part.map_view
        page.part.map_button.value = False  # and hides it again
        assert page.part.map_box.children == (page.part.map_button,)
    finally:
        shipped.placements_for.cache_clear()
        store.close()
