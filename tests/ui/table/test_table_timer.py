"""The shared screen's clock, driven in-process against a real SQLite store with an injected
time: Start, Pause (then Start resumes), +1 min, the writing window at once, Reset, the lengths
of the phases; every seat's clock holds the same deadline after its page looks; "N of M
sealed" on the screen and the phones, "all sealed — resolve now"; a resolved round shows no
clock; a refusal is one line."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

from tabletop.store.seat_records import NEGOTIATION, PAUSED, WRITING
from tabletop.ui.seat import SeatPage
from tabletop.ui.table import TablePage
from tabletop.ui.table.timer import TableTimer
from tests.ui.seat.helpers import africa_table, new_store

T0 = datetime(2026, 5, 1, 20, 0, tzinfo=timezone.utc)
BASE = "http://192.168.1.20:8866"


class Now:
    def __init__(self) -> None:
        self.at = T0

    def __call__(self) -> datetime:
        return self.at


def _ms(moment: datetime) -> float:
    return moment.timestamp() * 1000


def test_start_pause_extend_on_the_screen_show_on_every_seat(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    now = Now()
    tables.now = now
    page = TablePage(tables, new.table_id, new.host_token, base_url=BASE)
    seats = [SeatPage(tables, new.table_id, new.seat(p).token) for p in ("France", "Germany")]
    timer = page.timer
    assert timer.widget.phase == "" and seats[0].timer.phase == ""
    assert timer.pause_button.disabled
    timer.start_button.click()
    assert timer.widget.phase == NEGOTIATION
    assert timer.widget.deadline == _ms(T0 + timedelta(minutes=8))
    for seat in seats:
        seat.poll()
        # The same deadline on every page: each browser counts to it.
        assert (seat.timer.phase, seat.timer.deadline) == (NEGOTIATION, timer.widget.deadline)
        assert seat.timer.writing == 120
    now.at += timedelta(seconds=200)
    timer.pause_button.click()
    seats[0].poll()
    assert (seats[0].timer.phase, seats[0].timer.left) == (PAUSED, 280.0)
    assert seats[0].timer.paused == NEGOTIATION and seats[0].timer.deadline == 0.0
    timer.extend_button.click()
    seats[0].poll()
    assert seats[0].timer.left == 340.0
    now.at += timedelta(seconds=600)  # the break: nothing counts
    timer.start_button.click()  # resumes
    seats[1].poll()
    assert seats[1].timer.deadline == _ms(now.at + timedelta(seconds=340))
    timer.writing_button.click()  # the negotiation ends now: the silent writing window
    seats[1].poll()
    assert seats[1].timer.phase == WRITING
    assert seats[1].timer.deadline == _ms(now.at + timedelta(minutes=2))
    timer.stop_button.click()
    seats[1].poll()
    assert seats[1].timer.phase == "" and timer.stop_button.disabled
    store.close()


def test_the_lengths_are_set_on_the_screen(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    tables.now = Now()
    page = TablePage(tables, new.table_id, new.host_token, base_url=BASE)
    timer = page.timer
    assert (timer.negotiation_minutes.value, timer.writing_minutes.value) == (8, 2)
    timer.negotiation_minutes.value = 5
    timer.writing_minutes.value = 0  # no writing window
    clock = tables.clock(new.table_id)
    assert (clock.negotiation, clock.writing) == (300, 0)
    timer.start_button.click()
    assert timer.widget.deadline == _ms(T0 + timedelta(minutes=5))
    assert timer.widget.writing == 0
    # Another shared screen of the same table shows the kept lengths.
    other = TablePage(tables, new.table_id, new.host_token, base_url=BASE)
    assert (other.timer.negotiation_minutes.value, other.timer.writing_minutes.value) == (5, 0)
    store.close()


def test_who_has_sealed_shows_on_the_screen_and_the_phones(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    page = TablePage(tables, new.table_id, new.host_token, base_url=BASE)
    phone = SeatPage(tables, new.table_id, new.seat("Belgium").token)
    assert page.timer.widget.sealed == "0 of 4 sealed" == phone.timer.sealed
    page.timer.start_button.click()
    sheets = {
        "France": "Algeria: develop",
        "Germany": "Togo: develop",
        "Great Britain": "Egypt: develop",
    }
    for power, text in sheets.items():
        tables.seal(new.table_id, new.seat(power).token, text)
    page.poll()
    phone.poll()
    assert page.timer.widget.sealed == "3 of 4 sealed" == phone.timer.sealed
    assert page.timer.all_sealed.value == ""
    tables.seal(new.table_id, new.seat("Belgium").token, "Congo: develop")
    page.poll()
    assert "All sealed — resolve now" in page.timer.all_sealed.value
    # Resolved here: the new round has no clock until the host starts one.
    page.resolve_button.click()
    assert page.timer.widget.phase == "" and page.timer.all_sealed.value == ""
    assert page.timer.widget.sealed == "0 of 4 sealed"
    store.close()


def test_a_refusal_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    timer = TableTimer(tables, new.table_id, new.seat("France").token, "en")
    timer.start_button.click()
    assert "does not open table" in timer.message.value
    assert "\n" not in timer.message.value and "Traceback" not in timer.message.value
    assert tables.clock(new.table_id).phase is None
    store.close()


def test_the_clock_speaks_the_page_language(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    timer = TableTimer(tables, new.table_id, new.host_token, "fr")
    phone = SeatPage(tables, new.table_id, new.seat("France").token, lang="de")
    assert timer.widget.labels["up"] == "Le temps est écoulé"
    assert timer.widget.labels["negotiation"] == "Négociation"
    assert timer.widget.labels["writing"] == "Écriture des ordres"
    assert phone.timer.sealed == "0 von 4 versiegelt"
    store.close()
