"""Diplomacy timer: a countdown readable from across the table.

The countdown runs in a kernel thread that updates a widget; that works under Voila (the
browser receives the updates like any other widget change). The model reads an injectable
clock, so tests drive it without sleeping.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from tabletop.ui.shell.texts import t

DEFAULT_MINUTES = 8


def format_clock(seconds: float) -> str:
    """Whole seconds left as ``MM:SS`` (rounded up, so 0:00 shows only when time is up).

    >>> format_clock(480)
    '08:00'
    >>> format_clock(59.2)
    '01:00'
    """
    whole = int(-(-max(seconds, 0.0) // 1))
    return f"{whole // 60:02d}:{whole % 60:02d}"


class Countdown(traitlets.HasTraits):
    """Countdown state: duration, seconds remaining, running or not."""

    duration = traitlets.Float(DEFAULT_MINUTES * 60.0)
    remaining = traitlets.Float(DEFAULT_MINUTES * 60.0)
    running = traitlets.Bool(False)
    finished = traitlets.Bool(False)

    def __init__(
        self,
        duration: float = DEFAULT_MINUTES * 60.0,
        clock: Callable[[], float] = time.monotonic,
        interval: float = 0.25,
        use_thread: bool = True,
    ) -> None:
        super().__init__(duration=float(duration), remaining=float(duration))
        self._clock = clock
        self._interval = interval
        self._use_thread = use_thread
        self._started_at = 0.0
        self._left_at_start = float(duration)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start or resume counting down (no effect once time is up or while running)."""
        with self._lock:
            if self.running or self.remaining <= 0:
                return
            self._started_at = self._clock()
            self._left_at_start = self.remaining
            self.running = True
        if self._use_thread:
            self._stop = threading.Event()
            self._thread = threading.Thread(
                target=self._run, args=(self._stop,), name="diplomacy-timer", daemon=True
            )
            self._thread.start()

    def pause(self) -> None:
        """Stop counting, keeping the time left."""
        self.update()
        with self._lock:
            self.running = False
        self._stop.set()

    def reset(self, duration: float | None = None) -> None:
        """Stop and go back to the full duration (optionally a new one)."""
        with self._lock:
            self.running = False
            self._stop.set()
            if duration is not None:
                self.duration = float(duration)
            self.remaining = self.duration
            self.finished = False

    def update(self) -> None:
        """Recompute the time left from the clock (the thread calls this; tests too)."""
        with self._lock:
            if not self.running:
                return
            left = max(0.0, self._left_at_start - (self._clock() - self._started_at))
            self.remaining = left
            if left <= 0:
                self.running = False
                self.finished = True
                self._stop.set()

    def _run(self, stop: threading.Event) -> None:
        while not stop.wait(self._interval):
            self.update()
            if not self.running:
                return


class TimerWidget(widgets.VBox):
    """Big digits with start, pause and reset buttons and a minutes box."""

    def __init__(self, countdown: Countdown | None = None, lang: str = "en") -> None:
        self.countdown = countdown or Countdown()
        self.lang = lang
        self.digits = widgets.HTML()
        self.digits.add_class("tt-timer-digits")
        self.start_button = widgets.Button()
        self.start_button.add_class("tt-timer-start")
        self.pause_button = widgets.Button()
        self.pause_button.add_class("tt-timer-pause")
        self.reset_button = widgets.Button()
        self.reset_button.add_class("tt-timer-reset")
        self.minutes = widgets.BoundedIntText(
            value=round(self.countdown.duration / 60), min=1, max=60, layout={"width": "9em"}
        )
        self.minutes.add_class("tt-timer-minutes")
        self.start_button.on_click(lambda _b: self.countdown.start())
        self.pause_button.on_click(lambda _b: self.countdown.pause())
        self.reset_button.on_click(lambda _b: self.countdown.reset(self.minutes.value * 60.0))
        self.minutes.observe(self._on_minutes, names="value")
        self.countdown.observe(self._render, names=["remaining", "running", "finished"])
        self._shown = ""
        super().__init__(
            [
                self.digits,
                widgets.HBox(
                    [self.start_button, self.pause_button, self.reset_button, self.minutes]
                ),
            ]
        )
        self.add_class("tt-timer")
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        """Relabel the buttons in ``lang``."""
        self.lang = lang
        self.start_button.description = t("timer_start", lang)
        self.pause_button.description = t("timer_pause", lang)
        self.reset_button.description = t("timer_reset", lang)
        self.minutes.description = t("timer_minutes", lang)
        self._shown = ""
        self._render()

    def _on_minutes(self, change: dict) -> None:
        # A new duration applies at once only when the timer is idle at its full duration.
        if not self.countdown.running and self.countdown.remaining == self.countdown.duration:
            self.countdown.reset(change["new"] * 60.0)

    def _render(self, _change: dict | None = None) -> None:
        cd = self.countdown
        state = "done" if cd.finished else ("running" if cd.running else "idle")
        html = f'<div class="tt-digits tt-digits-{state}">{format_clock(cd.remaining)}</div>' + (
            f'<div class="tt-timer-message">{t("timer_done", self.lang)}</div>'
            if cd.finished
            else ""
        )
        # Send only when the visible text changes (the thread ticks four times a second).
        if html != self._shown:
            self._shown = html
            self.digits.value = html
