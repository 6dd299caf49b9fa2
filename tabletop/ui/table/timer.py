"""The shared screen's timer: the shell's countdown, kept with the game so every seat shows it
(the same state the dashboard keeps: duration, remaining, running, finished)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.store import Store, StoreError
from tabletop.ui.shell.timer import TimerWidget


class TableTimer(widgets.VBox):
    """The countdown of the round, kept in the database at every start, pause and reset."""

    def __init__(self, store: Store, game_id: int, lang: str) -> None:
        super().__init__()
        self.add_class("tt-table-timer")
        self.store = store
        self.game_id = game_id
        self.widget = TimerWidget(lang=lang)
        self.rev: int | None = None
        self.applying = False
        countdown = self.widget.countdown
        countdown.observe(self._keep, names=["running", "finished"])
        self.children = (self.widget,)
        self.refresh()

    def _keep(self, _change: Any = None) -> None:
        if self.applying:
            return
        countdown = self.widget.countdown
        state = {
            "duration": countdown.duration,
            "remaining": countdown.remaining,
            "running": countdown.running,
            "finished": countdown.finished,
        }
        try:
            self.rev = self.store.save_timer(self.game_id, state)
        except StoreError:
            pass  # the timer still runs here; the seats do not see it

    def refresh(self) -> None:
        """Follow the timer as kept (another page started or paused it)."""
        try:
            kept = self.store.timer(self.game_id)
        except StoreError:
            return
        if kept is None or kept.rev == self.rev:
            return
        self.rev = kept.rev
        countdown = self.widget.countdown
        self.applying = True
        try:
            duration = float(kept.state.get("duration") or countdown.duration)
            countdown.reset(duration)
            left = kept.remaining_now()
            if kept.state.get("finished") or (left is not None and left <= 0):
                countdown.remaining = 0.0
                countdown.finished = True
            elif left is not None:
                countdown.remaining = left
                if kept.state.get("running"):
                    countdown.start()
        finally:
            self.applying = False
