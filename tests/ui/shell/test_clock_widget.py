"""The clock widget's model carries the deadline, never a number of seconds that changes every
second: with the table's clock running, time passing and the page reading the clock again, no
message goes to the browser; a change of the clock is one message. Its script and style ship
in the package (nothing from a CDN), and it answers the browser's one ping with the time."""

from __future__ import annotations

import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from tabletop.store.seat_records import TableClock
from tabletop.ui.seat.timer import SeatClock
from tabletop.ui.shell.clock_widget import ClockWidget, clock_state
from tests.ui.seat.helpers import africa_table, new_store

T0 = datetime(2026, 5, 1, 20, 0, tzinfo=timezone.utc)


class Now:
    def __init__(self) -> None:
        self.at = T0

    def __call__(self) -> datetime:
        return self.at


def _record(widget: ClockWidget) -> list[set[str]]:
    """The keys of each message the model sends to the browser (ipywidgets' own sending)."""
    sent: list[set[str]] = []

    def send(msg: dict[str, Any], buffers: Any = None) -> None:
        sent.append(set(msg.get("state", {})))

    widget._send = send  # type: ignore[method-assign]
    return sent


def test_the_state_is_the_deadline_in_milliseconds() -> None:
    clock = TableClock().started(T0, round=4, seconds=300)
    state = clock_state(clock)
    assert state["deadline"] == (T0 + timedelta(seconds=300)).timestamp() * 1000
    assert state["phase"] == "negotiation" and state["writing"] == 120
    paused = clock_state(clock.paused_at(T0 + timedelta(seconds=100)))
    assert (paused["phase"], paused["deadline"], paused["left"], paused["paused"]) == (
        "paused",
        0.0,
        200.0,
        "negotiation",
    )


def test_time_passing_sends_nothing_a_change_sends_one_message(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = africa_table(store)
    now = Now()
    tables.now = now
    clock = SeatClock(tables, new.table_id, "en")
    sent = _record(clock)
    threads = threading.active_count()
    tables.start_clock(new.table_id, new.host_token, seconds=480)
    clock.refresh()
    assert len(sent) == 1 and {"phase", "deadline"} <= sent[0]
    deadline = clock.deadline
    assert deadline == (T0 + timedelta(seconds=480)).timestamp() * 1000
    for _ in range(5):  # five "seconds" pass, the page looks again each time
        now.at += timedelta(seconds=1)
        clock.refresh()
    assert len(sent) == 1 and clock.deadline == deadline
    assert threading.active_count() == threads  # no thread ticks in the kernel
    now.at += timedelta(seconds=30)
    tables.pause_clock(new.table_id, new.host_token)
    clock.refresh()
    assert len(sent) == 2 and clock.phase == "paused" and clock.left == 445.0
    assert clock.deadline == 0.0
    store.close()


def test_the_script_and_style_ship_in_the_package() -> None:
    widget = ClockWidget({"up": "Time is up"})
    assert "navigator.wakeLock" in widget._esm and "export default" in widget._esm
    assert "http://" not in widget._esm and "https://" not in widget._esm
    assert ".tt-clock-digits" in widget._css
    assert widget.labels == {"up": "Time is up"}


def test_the_ping_is_answered_with_the_kernel_time() -> None:
    widget = ClockWidget({})
    answers: list[Any] = []
    widget.send = lambda content, buffers=None: answers.append(content)  # type: ignore[method-assign]
    before = time.time() * 1000
    widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": {"ping": 42.0}}}, "buffers": []}
    )
    widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": {"ping": "x"}}}, "buffers": []}
    )
    assert len(answers) == 1 and answers[0]["pong"] == 42.0
    assert before <= answers[0]["server"] <= time.time() * 1000
