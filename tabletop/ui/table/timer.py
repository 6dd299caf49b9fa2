"""The shared screen's clock: the one clock of the table, started, paused and extended here for
everyone (the host token), kept with the table (:meth:`~tabletop.store.seats.Tables.start_clock`
and the others), counted down in each browser
(:class:`~tabletop.ui.shell.clock_widget.ClockWidget`).

A round's clock is the negotiation, then, when the negotiation's time ends, an optional silent
window to write the orders (2 minutes unless the host sets another length here; 0: none). When
every seat has sealed, the screen says the round may be resolved at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.store import StoreError
from tabletop.store.seat_errors import SeatError
from tabletop.store.seat_records import PAUSED, WRITING, TableClock, TableStatus
from tabletop.store.seats import Tables
from tabletop.ui.seat.common import tr
from tabletop.ui.seat.timer import clock_labels, sealed_line
from tabletop.ui.shell.clock_widget import ClockWidget
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.texts import t

__all__ = ["EXTEND_SECONDS", "TableTimer"]

#: What the "+1 min" button adds.
EXTEND_SECONDS = 60


class TableTimer(widgets.VBox):
    """The clock, its buttons and the lengths of the phases, for the host."""

    def __init__(self, tables: Tables, table_id: int, host_token: str, lang: str) -> None:
        super().__init__()
        self.add_class("tt-table-timer")
        self.tables = tables
        self.table_id = table_id
        self.host_token = host_token
        self.lang = lang
        self.clock: TableClock | None = None
        self.applying = False
        self.widget = ClockWidget(clock_labels(lang))
        labels = clock_labels(lang)
        self.start_button = self._button(t("timer_start", lang), "tt-clock-start", self.start)
        self.pause_button = self._button(t("timer_pause", lang), "tt-clock-pause", self.pause)
        self.extend_button = self._button("+1 min", "tt-clock-extend", self.extend)
        self.writing_button = self._button(
            "✎ " + labels[WRITING], "tt-clock-writing-now", self.write_now
        )
        self.stop_button = self._button(t("timer_reset", lang), "tt-clock-stop", self.stop)
        self.negotiation_minutes = widgets.BoundedIntText(
            min=1, max=240, description=labels["negotiation"], layout={"width": "16em"}
        )
        self.negotiation_minutes.add_class("tt-clock-negotiation-minutes")
        self.writing_minutes = widgets.BoundedIntText(
            min=0, max=240, description=labels[WRITING], layout={"width": "16em"}
        )
        self.writing_minutes.add_class("tt-clock-writing-minutes")
        minutes = widgets.HTML(f"({esc(t('timer_minutes', lang))})")
        self.all_sealed = widgets.HTML()
        self.all_sealed.add_class("tt-all-sealed")
        self.message = widgets.HTML()
        self.message.add_class("tt-clock-message")
        self.children = (
            self.widget,
            self.all_sealed,
            widgets.HBox(
                [
                    self.start_button,
                    self.pause_button,
                    self.extend_button,
                    self.writing_button,
                    self.stop_button,
                ],
                layout={"flex_flow": "row wrap"},
            ),
            widgets.HBox(
                [self.negotiation_minutes, self.writing_minutes, minutes],
                layout={"flex_flow": "row wrap"},
            ),
            self.message,
        )
        self.negotiation_minutes.observe(self._on_lengths, names="value")
        self.writing_minutes.observe(self._on_lengths, names="value")
        self.refresh()

    def _button(self, text: str, css: str, action: Callable[[], Any]) -> widgets.Button:
        button = widgets.Button(description=text)
        button.add_class(css)
        button.on_click(lambda _b: action())
        return button

    # ----------------------------------------------------------------- the host's intents
    def start(self) -> None:
        """Resume a paused clock, else start the negotiation afresh (the writing window
        follows it)."""
        if self.clock is not None and self.clock.phase == PAUSED:
            self._do(lambda: self.tables.resume_clock(self.table_id, self.host_token))
        else:
            self._do(lambda: self.tables.start_clock(self.table_id, self.host_token))

    def pause(self) -> None:
        self._do(lambda: self.tables.pause_clock(self.table_id, self.host_token))

    def extend(self) -> None:
        self._do(lambda: self.tables.extend_clock(self.table_id, self.host_token, EXTEND_SECONDS))

    def write_now(self) -> None:
        """End the negotiation now: the silent writing window starts."""
        self._do(lambda: self.tables.start_clock(self.table_id, self.host_token, phase=WRITING))

    def stop(self) -> None:
        self._do(lambda: self.tables.stop_clock(self.table_id, self.host_token))

    def _on_lengths(self, _change: Any = None) -> None:
        if self.applying:
            return
        self._do(
            lambda: self.tables.set_clock_lengths(
                self.table_id,
                self.host_token,
                negotiation=self.negotiation_minutes.value * 60,
                writing=self.writing_minutes.value * 60,
            )
        )

    def _do(self, change: Callable[[], TableClock]) -> None:
        try:
            change()
        except (SeatError, StoreError) as error:
            self.message.value = f'<span class="tt-msg-error">{esc(str(error))}</span>'
            return
        self.message.value = ""
        self.refresh()

    # ----------------------------------------------------------------- showing
    def refresh(self, status: TableStatus | None = None) -> None:
        """Read the table's clock and who has sealed again (after any change of the game)."""
        try:
            clock = self.tables.clock(self.table_id)
            status = status or self.tables.status(self.table_id)
        except (SeatError, StoreError) as error:
            self.message.value = f'<span class="tt-msg-error">{esc(str(error))}</span>'
            return
        self.clock = clock
        self.widget.show(clock, sealed_line(status, self.lang))
        self.pause_button.disabled = clock.phase is None or clock.phase == PAUSED
        self.extend_button.disabled = clock.phase is None
        self.stop_button.disabled = clock.phase is None
        ready = status.complete and bool(status.sealed) and not status.game_over
        self.all_sealed.value = (
            '<b class="tt-msg-ok">'
            + esc(tr(self.lang).gettext("All sealed — resolve now"))
            + "</b>"
            if ready
            else ""
        )
        # The boxes follow the kept lengths without writing them back.
        self.applying = True
        try:
            for box, seconds in (
                (self.negotiation_minutes, clock.negotiation),
                (self.writing_minutes, clock.writing),
            ):
                box.value = max(box.min, min(box.max, round(seconds / 60)))
        finally:
            self.applying = False
