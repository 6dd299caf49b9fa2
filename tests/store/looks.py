"""What a running watcher saw, look by look: a test checks that the first look taken after a
commit is up to date, which holds however busy the machine is (no wall-clock latency)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tabletop.store import GameChange, GameWatcher, Versions

#: Only turns a hang into a failure; a loaded machine never comes near it.
HANG_SECONDS = 120.0


@dataclass(frozen=True)
class Look:
    started: float  # time.monotonic() when the look began
    change: GameChange | None
    known: Versions | None  # the counters the watcher knew once the look was over


class Looks:
    """Records every look ``watcher`` takes from now on (its thread may already run), and
    wakes :meth:`wait_for` after each look and each change handed to its callback."""

    def __init__(self, watcher: GameWatcher) -> None:
        self.watcher = watcher
        self.taken: list[Look] = []
        self._lock = threading.Lock()
        self._news = threading.Condition(self._lock)
        look, callback = watcher.check, watcher.callback

        def recorded() -> GameChange | None:
            started = time.monotonic()
            change = look()
            with self._lock:
                self.taken.append(Look(started, change, watcher.known))
                self._news.notify_all()
            return change

        def handed(change: GameChange) -> Any:
            try:
                return callback(change)
            finally:
                with self._lock:
                    self._news.notify_all()

        watcher.check = recorded  # type: ignore[method-assign]
        watcher.callback = handed

    def wait_for(self, condition: Callable[[], bool]) -> None:
        """Return once ``condition()`` holds (looked at after each look and each change)."""
        with self._lock:
            assert self._news.wait_for(condition, HANG_SECONDS), "still not so after long"

    def first_after(self, moment: float) -> Look:
        """The first look that began after ``moment`` (waits for it)."""

        def found() -> Look | None:
            return next((look for look in self.taken if look.started > moment), None)

        self.wait_for(lambda: found() is not None)
        look = found()
        assert look is not None
        return look


async def until(condition: Callable[[], bool], step: float = 0.02) -> None:
    """Return once ``condition()`` holds, looking every ``step`` seconds while the event loop
    runs (the watcher hands its changes to the loop); fails only after :data:`HANG_SECONDS`."""

    async def looking() -> None:
        while not condition():
            await asyncio.sleep(step)

    await asyncio.wait_for(looking(), HANG_SECONDS)
