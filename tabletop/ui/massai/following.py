"""Following other pages on the same game: a watcher thread, changes handed to the page's loop.

A :class:`~tabletop.store.GameWatcher` says when the game (or its kept secrets) changed; the
page is told in the event loop that was running when it started watching (the kernel's), so
that the widgets are only ever changed from there. What a change means for the page is the
controller's business (:meth:`~tabletop.ui.massai.controller.MassaiController.sync`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from tabletop.store import GameChange, GameWatcher, Store


class OtherPages:
    """Watches one game at a time and calls ``on_change()`` in the page's loop when it changed."""

    def __init__(self, on_change: Callable[[], None]) -> None:
        self.on_change = on_change
        self.watcher: GameWatcher | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def watch(self, store: Store, game_id: int) -> GameWatcher:
        """Start following ``game_id`` (a watcher thread; the game followed before no longer).

        Raises :class:`~tabletop.store.StoreError` when the database cannot be watched.
        """
        self.stop()
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        self.watcher = GameWatcher(store, game_id, self._on_watch).start()
        return self.watcher

    def stop(self) -> None:
        """Stop following (the watcher's thread and connection end)."""
        watcher, self.watcher = self.watcher, None
        if watcher is not None:
            watcher.stop()

    def stop_later(self) -> None:
        """Stop the watcher without waiting for its thread (called from its own callback)."""
        watcher, self.watcher = self.watcher, None
        if watcher is not None:
            watcher._stop.set()

    def _on_watch(self, _change: GameChange) -> None:
        # In the watcher's thread: the widgets are changed only in the page's own loop.
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.on_change)
        else:
            self.on_change()
