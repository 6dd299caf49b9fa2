"""Following other pages on the same game: a watcher thread, changes handed to the page's loop.

A :class:`~tabletop.store.GameWatcher` says when the game (or its kept secrets) changed; the
change is handed over to the event loop that was running when the page started watching (the
kernel's), so that the widgets are only ever changed from there.
"""

from __future__ import annotations

import asyncio
import threading
from typing import TYPE_CHECKING

from tabletop.store import GameChange, GameNotFound, GameWatcher, StoreError

if TYPE_CHECKING:
    from tabletop.ui.massai.controller import MassaiController


class OtherPages:
    """Watches the game a controller shows and brings other pages' changes to it."""

    def __init__(self, ctl: MassaiController) -> None:
        self.ctl = ctl
        self.watcher: GameWatcher | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._sync_lock = threading.Lock()

    def watch(self) -> GameWatcher | None:
        """Start following the game (a watcher thread); ``None`` when it is kept nowhere."""
        ctl = self.ctl
        if not ctl.kept:
            return None
        assert ctl.store is not None and ctl.game_id is not None
        self.stop()
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        try:
            self.watcher = GameWatcher(ctl.store, ctl.game_id, self._on_watch).start()
        except StoreError as error:
            ctl.notify("db_failed", error=str(error))
            return None
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
            loop.call_soon_threadsafe(self.sync)
        else:
            self.sync()

    def sync(self) -> None:
        """Catch up with the database: show another page's change (an entry under way here is
        interrupted, with the reason), or follow a secret locked or cancelled elsewhere."""
        ctl = self.ctl
        with self._sync_lock:
            if not ctl.kept:
                return
            assert ctl.store is not None and ctl.game_id is not None
            try:
                now = ctl.store.versions(ctl.game_id)
            except GameNotFound:
                ctl.keeper.gone()
                return
            except StoreError:
                return  # the database may be restarting: the watcher looks again
            if now.version != ctl.version:
                ctl.keeper.reload(remote=True)
                ctl.changed()
            elif now.aux_version != ctl.aux_version:
                ctl.note_kept(aux_version=now.aux_version)
                if ctl.secrets.follow():
                    ctl.changed()
