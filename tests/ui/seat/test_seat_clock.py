"""A seat's clock: the table's deadline as kept, who has sealed ("1 of 4 sealed", never what),
nothing sealed counted for a round resolved since, the phases named in the seat's language,
and a Massai table counting only the players who have something to choose."""

from __future__ import annotations

from pathlib import Path

from tabletop.store.seat_records import WRITING
from tabletop.ui.seat import SeatPage
from tabletop.ui.seat.timer import SeatClock, clock_labels
from tests.ui.seat.helpers import africa_table, massai_table, new_store


def test_a_seat_follows_the_clock_and_the_seals_through_a_resolution(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    phone = SeatPage(tables, new.table_id, new.seat("France").token)
    tables.start_clock(new.table_id, new.host_token, phase=WRITING)
    tables.seal(new.table_id, new.seat("Germany").token, "Togo: develop")
    phone.poll()
    kept = tables.clock(new.table_id)
    assert kept.deadline is not None
    assert phone.timer.phase == WRITING
    assert phone.timer.deadline == kept.deadline.timestamp() * 1000
    assert phone.timer.sealed == "1 of 4 sealed"
    assert "Togo" not in repr(phone.timer.get_state())
    tables.resolve(new.table_id, new.host_token, force=True, round=4)
    phone.poll()
    assert phone.timer.phase == "" and phone.timer.sealed == "0 of 4 sealed"
    store.close()


def test_the_phases_are_named_in_the_seat_language() -> None:
    assert clock_labels("fr")["paused"] == "en pause"
    assert clock_labels("de")["writing"] == "Befehle schreiben"
    assert clock_labels("en")["negotiation"] == "Negotiation"


def test_a_massai_table_counts_who_has_something_to_choose(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = massai_table(store)
    status = tables.status(new.table_id)
    clock = SeatClock(tables, new.table_id, "en")
    expected = len(status.sealed) + len(status.waiting)
    assert expected >= 1 and clock.sealed == f"0 of {expected} sealed"
    store.close()
