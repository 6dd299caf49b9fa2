"""The diplomacy timer: countdown logic with a fake clock, the widget, and the real thread."""

from __future__ import annotations

import threading

import pytest

from tabletop.ui.shell.timer import Countdown, TimerWidget, format_clock


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [
        (480, "08:00"),
        (479.01, "08:00"),
        (479.0, "07:59"),
        (0.2, "00:01"),
        (0, "00:00"),
        (-3, "00:00"),
    ],
)
def test_format_clock(seconds: float, shown: str) -> None:
    assert format_clock(seconds) == shown


def test_start_pause_resume_reset_with_a_fake_clock() -> None:
    clock = FakeClock()
    cd = Countdown(duration=480, clock=clock, use_thread=False)
    assert cd.remaining == 480 and not cd.running
    cd.start()
    clock.now += 100
    cd.update()
    assert cd.remaining == pytest.approx(380)
    cd.pause()
    clock.now += 50  # paused: time does not run
    cd.update()
    assert cd.remaining == pytest.approx(380) and not cd.running
    cd.start()
    clock.now += 30
    cd.update()
    assert cd.remaining == pytest.approx(350)
    cd.reset()
    assert cd.remaining == 480 and not cd.running and not cd.finished


def test_time_up_stops_and_flags_finished() -> None:
    clock = FakeClock()
    cd = Countdown(duration=60, clock=clock, use_thread=False)
    cd.start()
    clock.now += 75
    cd.update()
    assert cd.remaining == 0 and cd.finished and not cd.running
    cd.start()  # nothing left to count
    assert not cd.running


def test_widget_buttons_drive_the_countdown_and_digits() -> None:
    clock = FakeClock()
    widget = TimerWidget(Countdown(clock=clock, use_thread=False))
    assert "08:00" in widget.digits.value
    widget.start_button.click()
    assert widget.countdown.running
    clock.now += 61
    widget.countdown.update()
    assert "06:59" in widget.digits.value and "tt-digits-running" in widget.digits.value
    widget.pause_button.click()
    assert not widget.countdown.running
    widget.minutes.value = 5
    widget.reset_button.click()
    assert "05:00" in widget.digits.value and widget.countdown.duration == 300
    widget.start_button.click()
    clock.now += 301
    widget.countdown.update()
    assert "tt-digits-done" in widget.digits.value and "Time is up" in widget.digits.value


def test_minutes_apply_at_once_only_when_idle() -> None:
    clock = FakeClock()
    widget = TimerWidget(Countdown(clock=clock, use_thread=False))
    widget.minutes.value = 3
    assert widget.countdown.remaining == 180
    widget.start_button.click()
    widget.minutes.value = 10  # running: kept until reset
    assert widget.countdown.duration == 180


def test_widget_language() -> None:
    widget = TimerWidget(Countdown(use_thread=False), lang="fr")
    assert "Démarrer" in widget.start_button.description
    widget.set_lang("en")
    assert "Start" in widget.start_button.description


class SteppingClock:
    """A clock that moves on by ``step`` each time it is read: time passes only as the countdown
    looks at it, so the thread's ticks, not the machine's speed, decide when time is up."""

    def __init__(self, step: float) -> None:
        self.now = 1000.0
        self.step = step
        self.lock = threading.Lock()

    def __call__(self) -> float:
        with self.lock:
            self.now += self.step
            return self.now


def test_the_kernel_thread_counts_down_by_itself() -> None:
    cd = Countdown(duration=0.3, clock=SteppingClock(0.05), interval=0.001)
    time_up = threading.Event()
    cd.observe(lambda change: time_up.set() if change["new"] else None, names="finished")
    cd.start()  # nothing but the countdown's own thread calls update() from here on
    assert time_up.wait(120), "the thread never counted down to zero"
    assert cd.finished and cd.remaining == 0 and not cd.running
