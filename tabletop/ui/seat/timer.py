"""The round's timer as the shared screen keeps it with the game, shown on a seat (read only).

The shared screen (or the dashboard) keeps the timer in the database (``Store.save_timer``);
a seat shows the time left and counts down on its own while it runs.
"""

from __future__ import annotations

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.store import Store, StoreError
from tabletop.ui.seat.common import tr
from tabletop.ui.shell.html import esc
from tabletop.ui.shell.timer import Countdown, format_clock


class TimerLine(widgets.HTML):
    """``⏱ 07:42`` while the table's timer runs (or is paused), nothing without a timer."""

    def __init__(self, store: Store, game_id: int, lang: str, ticking: bool) -> None:
        super().__init__()
        self.add_class("tt-seat-timer")
        self.store = store
        self.game_id = game_id
        self.lang = lang
        self.rev: int | None = None
        self.countdown = Countdown(60.0, use_thread=ticking)
        self.countdown.observe(self._render, names=["remaining", "running", "finished"])
        self.refresh()

    def refresh(self) -> None:
        """Read the kept timer again (after a change of the game)."""
        try:
            kept = self.store.timer(self.game_id)
        except StoreError:
            kept = None
        if kept is None:
            self.rev = None
            self.countdown.pause()
            self.value = ""
            return
        if kept.rev == self.rev:
            return
        self.rev = kept.rev
        duration = float(kept.state.get("duration") or 60.0)
        self.countdown.pause()
        self.countdown.reset(duration)
        left = kept.remaining_now()
        if left is not None:
            self.countdown.remaining = left
        if kept.state.get("finished") or (left is not None and left <= 0):
            self.countdown.remaining = 0.0
            self.countdown.finished = True
        elif kept.state.get("running"):
            self.countdown.start()
        self._render()

    def _render(self, _change: object = None) -> None:
        if self.rev is None:
            self.value = ""
            return
        clock = format_clock(self.countdown.remaining)
        if self.countdown.finished:
            said = tr(self.lang).gettext("Time is up")
            self.value = f'<b class="tt-msg-error">⏱ {esc(clock)} — {esc(said)}</b>'
        elif self.countdown.running:
            self.value = f"<b>⏱ {esc(clock)}</b>"
        else:
            paused = tr(self.lang).gettext("paused")
            self.value = f"<b>⏱ {esc(clock)}</b> ({esc(paused)})"

    def close_timer(self) -> None:
        self.countdown.pause()
