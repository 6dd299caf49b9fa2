"""Seeing another page's change: a watcher that calls back when a game's counters move.

SQLite: every ``interval`` the watcher reads ``PRAGMA data_version`` on its own connection (it
changes only when another connection committed) and reads the game's counters only then.
PostgreSQL: the watcher LISTENs on the channel every change NOTIFYs, so it wakes at once, and
reads the counters at least every ``interval`` as well (a lost connection is reopened).

Run it in a thread (``start`` / ``stop``) or in an asyncio task (``await watcher.run()``)::

    watcher = GameWatcher(store, game_id, on_change, versions=snap_versions).start()
    ...
    watcher.stop()

In a thread the callback runs in the watcher's thread; with ``run`` it runs in the event loop.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.store.errors import GameNotFound, StoreError
from tabletop.store.records import Versions
from tabletop.store.store import NOTIFY_CHANNEL, Store

if TYPE_CHECKING:
    import psycopg

#: Seconds between two looks. SQLite's look is one ``PRAGMA data_version`` on the watcher's own
#: connection (microseconds), so a table of six phones and a shared screen, seven watchers,
#: make 35 cheap reads a second; a resolution reaches every page within this long.
DEFAULT_INTERVAL = 0.2


@dataclass(frozen=True)
class GameChange:
    """What a watcher saw: the game's new counters (``None`` once the game was deleted)."""

    game_id: int
    versions: Versions | None
    state_changed: bool

    @property
    def deleted(self) -> bool:
        return self.versions is None


class GameWatcher:
    """Calls ``callback(GameChange)`` when the game changes (its state, or anything shown)."""

    def __init__(
        self,
        store: Store,
        game_id: int,
        callback: Callable[[GameChange], Any],
        interval: float = DEFAULT_INTERVAL,
        versions: Versions | None = None,
    ) -> None:
        self.store = store
        self.game_id = game_id
        self.callback = callback
        self.interval = interval
        self.known = versions if versions is not None else store.versions(game_id)
        self.last_error: BaseException | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._sqlite: sqlite3.Connection | None = None
        self._data_version: int | None = None
        self._pg: psycopg.Connection[Any] | None = None
        self._gone = False

    # ------------------------------------------------------------------ one look
    def check(self) -> GameChange | None:
        """Look once; the change since the last look, or ``None`` (no callback called)."""
        with self._lock:
            if self._gone:
                return None
            try:
                now = self._read_versions()
            except GameNotFound:
                self._gone = True
                return GameChange(self.game_id, None, True)
            if now is None or now == self.known:
                return None
            change = GameChange(self.game_id, now, now.version != self.known.version)
            self.known = now
            return change

    def poll(self) -> GameChange | None:
        """Look once and call the callback on a change; returns the change."""
        change = self.check()
        if change is not None:
            self._call(change)
        return change

    def _call(self, change: GameChange) -> None:
        try:
            self.callback(change)
        except Exception as error:  # a page's callback must not stop the watching
            self.last_error = error

    def _read_versions(self) -> Versions | None:
        if self.store.backend == "sqlite":
            return self._read_sqlite()
        try:
            return self.store.versions(self.game_id)
        except GameNotFound:
            raise
        except StoreError as error:
            self.last_error = error  # the server may be restarting: look again later
            return None

    def _read_sqlite(self) -> Versions | None:
        if self._sqlite is None:
            path = self.store.url.database
            assert path is not None
            # Its own connection: data_version counts commits made by *other* connections.
            self._sqlite = sqlite3.connect(
                path, timeout=5, isolation_level=None, check_same_thread=False
            )
        try:
            data_version = self._sqlite.execute("PRAGMA data_version").fetchone()[0]
            if data_version == self._data_version:
                return None
            row = self._sqlite.execute(
                "SELECT version, aux_version FROM games WHERE id = ?", (self.game_id,)
            ).fetchone()
        except sqlite3.Error as error:
            self.last_error = error
            return None
        self._data_version = data_version
        if row is None:
            raise GameNotFound(self.game_id)
        return Versions(row[0], row[1])

    # ------------------------------------------------------------------ waiting
    def _wait(self, timeout: float) -> None:
        """Sleep up to ``timeout``; on PostgreSQL a notification ends the sleep at once."""
        if self.store.backend != "postgresql":
            self._stop.wait(timeout)
            return
        import psycopg  # only with a PostgreSQL store

        try:
            if self._pg is None or self._pg.closed:
                conninfo = self.store.url.set(drivername="postgresql").render_as_string(
                    hide_password=False
                )
                self._pg = psycopg.connect(conninfo, autocommit=True, connect_timeout=5)
                self._pg.execute(f"LISTEN {NOTIFY_CHANNEL}")
            for _notify in self._pg.notifies(timeout=timeout, stop_after=1):
                break
        except psycopg.Error as error:
            self.last_error = error
            self._close_pg()
            self._stop.wait(timeout)

    def _close_pg(self) -> None:
        if self._pg is not None:
            try:
                self._pg.close()
            except Exception:  # closing a broken connection may fail; it is dropped anyway
                pass
            self._pg = None

    # ------------------------------------------------------------------ running
    def start(self) -> GameWatcher:
        """Watch in a daemon thread until :meth:`stop`; returns the watcher."""
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(
                target=self._loop, name=f"tabletop-watch-{self.game_id}", daemon=True
            )
            self._thread.start()
        return self

    def _loop(self) -> None:
        while not self._stop.is_set():
            self.poll()
            if self._gone:
                break
            self._wait(self.interval)

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the thread (if any) and close the watcher's own connection."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        self.close()

    def close(self) -> None:
        """Close the watcher's own connection."""
        with self._lock:
            if self._sqlite is not None:
                self._sqlite.close()
                self._sqlite = None
        self._close_pg()

    async def run(self) -> None:
        """Watch from an asyncio task (cancel it to stop); the callback runs in the loop."""
        try:
            while True:
                change = await asyncio.to_thread(self.check)
                if change is not None:
                    self._call(change)
                    if change.deleted:
                        return
                await asyncio.to_thread(self._wait, self.interval)
        finally:
            self.close()
