"""The diplomacy-timer tab: the shell's timer, kept with the game.

The timer is kept with the game when it starts, pauses, is reset or runs out (not at every
tick): a reload, or another page, computes the time left from when it was kept. The tab's title
shows the time left while the timer runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from tabletop.store import TimerState
from tabletop.ui.africa1880.controller import AfricaController
from tabletop.ui.africa1880.texts import t
from tabletop.ui.shell.timer import TimerWidget, format_clock

__all__ = ["TimerTab"]


class TimerTab(widgets.VBox):
    """The timer (built when the tab is first opened), in step with the one kept in the database."""

    def __init__(self, controller: AfricaController, retitle: Callable[[str], None]) -> None:
        """``retitle`` receives the tab's title whenever it may have changed."""
        self.controller = controller
        self._retitle = retitle
        self._timer: TimerWidget | None = None
        self._rev: int | None = None  # the timer's revision in the database, as shown
        self._applying = False
        super().__init__()

    @property
    def built(self) -> bool:
        """Whether the timer was shown at least once."""
        return self._timer is not None

    @property
    def timer(self) -> TimerWidget:
        """The diplomacy timer (built on first use)."""
        if self._timer is None:
            self._timer = TimerWidget(lang=self.controller.lang)
            self.children = (self._timer,)
            countdown = self._timer.countdown
            countdown.observe(self._on_tick, names=["remaining", "running", "finished"])
            countdown.observe(lambda _c: self._keep(), names=["running", "finished"])
            countdown.observe(self._on_remaining, names="remaining")
        return self._timer

    def set_lang(self, lang: str) -> None:
        if self._timer is not None:
            self._timer.set_lang(lang)

    def title(self, lang: str) -> str:
        """The tab's title, with the time left while it runs (glyphs every font has)."""
        title = t("tab_timer", lang)
        countdown = self._timer.countdown if self._timer is not None else None
        if countdown is not None and countdown.finished:
            return f"{title} ⚠ {format_clock(0)}"
        if countdown is not None and countdown.running:
            return f"{title} ▶ {format_clock(countdown.remaining)}"
        return title

    def _on_tick(self, _change: Any = None) -> None:
        # The timer ticks four times a second: the tabs send the titles only when they change.
        self._retitle(self.title(self.controller.lang))

    def _on_remaining(self, _change: Any = None) -> None:
        countdown = self.timer.countdown
        if not countdown.running and not countdown.finished:
            self._keep()  # a reset, or a new duration, while stopped

    def _keep(self) -> None:
        if self._applying or self._timer is None:
            return
        countdown = self._timer.countdown
        state = {
            "duration": countdown.duration,
            "remaining": countdown.remaining,
            "running": countdown.running,
            "finished": countdown.finished,
        }
        rev = self.controller.save_timer(state)
        if rev is not None:
            self._rev = rev

    def restore(self) -> None:
        """Show the timer as kept with the game (running on, with the time left now)."""
        kept = self.controller.timer_state()
        if kept is None:
            if self._timer is not None and self._rev is not None:
                self._apply(None)  # another game, with no timer kept
            self._rev = None
            return
        if kept.rev == self._rev:
            return
        self._rev = kept.rev
        self._apply(kept)

    def _apply(self, kept: TimerState | None) -> None:
        countdown = self.timer.countdown
        self._applying = True
        try:
            state = kept.state if kept is not None else {}
            duration = float(state.get("duration") or countdown.duration)
            countdown.reset(duration)
            self.timer.minutes.value = max(1, min(60, round(duration / 60)))
            countdown.reset(duration)
            if kept is None:
                return
            left = kept.remaining_now()
            if state.get("finished") or (state.get("running") and left is not None and left <= 0):
                countdown.remaining = 0.0
                countdown.finished = True
            elif left is not None:
                countdown.remaining = left
                if state.get("running"):
                    countdown.start()
        finally:
            self._applying = False
        self._on_tick()
