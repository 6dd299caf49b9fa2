"""The table's clock on a seat's phone (read only), and who has sealed ("3 of 4 sealed").

The shared screen starts, pauses and extends the one clock the table keeps
(:meth:`~tabletop.store.seats.Tables.start_clock` and the others). A seat reads it again when
its page sees a change of the game (a clock change is one) and hands the deadline to the
browser, which counts down by itself (:class:`~tabletop.ui.shell.clock_widget.ClockWidget`): no
message each second, the same time on every phone.
"""

from __future__ import annotations

from tabletop.store import StoreError
from tabletop.store.seat_errors import SeatError
from tabletop.store.seat_records import NEGOTIATION, PAUSED, TIME_UP, WRITING, TableStatus
from tabletop.store.seats import Tables
from tabletop.ui.seat.common import tr
from tabletop.ui.shell.clock_widget import ClockWidget

__all__ = ["SeatClock", "clock_labels", "sealed_line"]


def clock_labels(lang: str) -> dict[str, str]:
    """The phases' names in ``lang`` (what the clock shows above its digits)."""
    _ = tr(lang).gettext
    return {
        NEGOTIATION: _("Negotiation"),
        WRITING: _("Writing orders"),
        PAUSED: _("paused"),
        TIME_UP: _("Time is up"),
    }


def sealed_line(status: TableStatus | None, lang: str) -> str:
    """``3 of 4 sealed`` for the round (never what); nothing once the game is over."""
    if status is None or status.game_over:
        return ""
    seats = len(status.sealed) + len(status.waiting)
    return tr(lang).gettext("{sealed} of {seats} sealed", sealed=len(status.sealed), seats=seats)


class SeatClock(ClockWidget):  # type: ignore[misc]
    """The table's clock and the sealed count, as a seat sees them."""

    def __init__(self, tables: Tables, table_id: int, lang: str) -> None:
        super().__init__(clock_labels(lang))
        self.add_class("tt-seat-timer")
        self.tables = tables
        self.table_id = table_id
        self.lang = lang
        self.refresh()

    def refresh(self) -> None:
        """Read the table's clock and who has sealed again (after a change of the game)."""
        try:
            clock = self.tables.clock(self.table_id)
            status = self.tables.status(self.table_id)
        except (SeatError, StoreError):
            return  # the page says what is wrong; the clock keeps what it showed
        self.show(clock, sealed_line(status, self.lang))

    def close_timer(self) -> None:
        """Nothing runs here (the browser counts): kept for the page's closing."""
