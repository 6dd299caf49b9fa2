"""The CPU time a piece of test code spends itself, for the tests that bound a cost.

A test in the full suite shares its process with what earlier tests left: threads still
polling, and a heap of millions of objects. ``time.process_time`` counts every thread of the
process, and a full garbage collection falling inside the measured call scans the whole heap;
either made a 0.07 s check measure 1.6 s in one CI run. So the measure counts only the calling
thread (``time.thread_time``) and freezes the objects that exist before it (``gc.freeze``): a
collection inside then scans what the measured code made, which is part of its cost.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass
class Spent:
    """Seconds of CPU of the calling thread, set when the ``with`` block ends."""

    seconds: float = 0.0


@contextmanager
def own_cpu() -> Iterator[Spent]:
    """Measure the CPU time of the ``with`` block's own thread, the earlier heap frozen."""
    spent = Spent()
    gc.freeze()
    start = time.thread_time()
    try:
        yield spent
    finally:
        spent.seconds = time.thread_time() - start
        gc.unfreeze()
