"""The table's clock as a browser widget: the deadline is sent once per change, the browser
counts down by itself (``clock_widget.js``, an ``anywidget`` whose script ships in the package).

The model holds what the table keeps (:class:`~tabletop.store.seat_records.TableClock`): the
phase, the deadline as milliseconds since the epoch, the seconds left when paused, the writing
window that follows a negotiation; never a number of seconds left that would change every
second. At render the browser asks the kernel's time once (a ping and its answer) so that a
phone whose clock is off still counts to the same deadline. The script keeps the screen awake
while a clock runs, where the browser allows it (``navigator.wakeLock`` in a secure context),
and says nothing elsewhere.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from tabletop.store.seat_records import TableClock

__all__ = ["ClockWidget", "clock_state"]

_HERE = Path(__file__).resolve().parent


def clock_state(clock: TableClock) -> dict[str, Any]:
    """The model's values for ``clock`` (what the browser counts from).

    >>> from datetime import datetime, timezone
    >>> t0 = datetime(2026, 1, 1, tzinfo=timezone.utc)
    >>> clock_state(TableClock().started(t0, round=1))["deadline"]
    1767226080000.0
    """
    deadline = 0.0 if clock.deadline is None else clock.deadline.timestamp() * 1000.0
    return {
        "phase": clock.phase or "",
        "deadline": deadline,
        "left": float(clock.left or 0.0),
        "paused": clock.paused or "",
        "writing": int(clock.writing),
    }


class ClockWidget(anywidget.AnyWidget):  # type: ignore[misc]
    """Big ``mm:ss`` with the phase's name above it and a line below it (who has sealed)."""

    _esm = (_HERE / "clock_widget.js").read_text(encoding="utf-8")
    _css = (_HERE / "clock_widget.css").read_text(encoding="utf-8")

    phase = traitlets.Unicode("").tag(sync=True)
    #: The end of the running phase, in milliseconds since the epoch (0: none).
    deadline = traitlets.Float(0.0).tag(sync=True)
    #: The seconds left of the paused phase.
    left = traitlets.Float(0.0).tag(sync=True)
    paused = traitlets.Unicode("").tag(sync=True)
    #: The seconds of the writing window that follows a negotiation (0: none).
    writing = traitlets.Int(0).tag(sync=True)
    #: The phases' names in the page's language (``negotiation``, ``writing``, ``paused``,
    #: ``up``).
    labels = traitlets.Dict().tag(sync=True)
    #: The line under the digits ("3 of 4 sealed").
    sealed = traitlets.Unicode("").tag(sync=True)

    def __init__(self, labels: Mapping[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(labels=dict(labels or {}), **kwargs)
        self.add_class("tt-clock-widget")
        self.on_msg(self._answer)

    def show(self, clock: TableClock, sealed: str | None = None) -> None:
        """Show ``clock`` (and the sealed line): one message to the browser when it changed,
        none when it did not."""
        with self.hold_sync():
            for name, value in clock_state(clock).items():
                setattr(self, name, value)
            if sealed is not None:
                self.sealed = sealed

    def _answer(self, _widget: Any, content: Any, _buffers: Any) -> None:
        # The browser's one question at render: the kernel's time, to count to the same deadline.
        if isinstance(content, dict) and isinstance(content.get("ping"), (int, float)):
            self.send({"pong": content["ping"], "server": time.time() * 1000.0})
