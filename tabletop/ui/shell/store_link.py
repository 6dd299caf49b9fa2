"""What ties a page to the games database: opening it, watching one game, saving typed text
a little later, and the page texts about other pages' changes.

- :func:`open_page_store` opens the database (the autosave files of the data folder are
  imported once, their originals kept) or says in one line why it cannot;
- :class:`PageWatcher` watches one game with :class:`tabletop.store.GameWatcher` and hands each
  change to the kernel's event loop (captured when the page is built), so the page's handlers
  never run in the watcher's thread; without a running loop (widget tests) the change is
  handled in the watcher's thread, or by :meth:`PageWatcher.poll`;
- :class:`Debouncer` runs an action a moment after the last call (typing stays fast: one write
  per pause, not one per key), at once when there is no loop.

>>> store_text("stale", "fr").startswith("Cette partie a changé sur une autre page")
True
"""

from __future__ import annotations

import asyncio
import hashlib
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from tabletop.fileio.json_guard import MAX_JSON_BYTES, parse_json_bytes
from tabletop.fileio.messages import FileFormatError
from tabletop.fileio.reading import read_bytes
from tabletop.i18n import available_languages
from tabletop.i18n.keys import STORE, text
from tabletop.store import (
    GameArchive,
    GameChange,
    GameWatcher,
    Snapshot,
    Store,
    StoreError,
    Versions,
    open_store,
)
from tabletop.store.schema import imported_files


def store_text(key: str, lang: str = "en", **values: object) -> str:
    """The text ``key`` in ``lang`` (the ``store`` catalog table; English for a language
    without a catalog)."""
    if lang not in available_languages():
        lang = "en"
    return text("store", key, lang, **values)


def store_text_keys() -> tuple[str, ...]:
    """Every key of :func:`store_text` (for tests and translators)."""
    return tuple(STORE)


# ---------------------------------------------------------------------- opening the database
_imported_lock = threading.Lock()
_imported_from: set[str] = set()  # databases whose data folder was imported by this process


def open_page_store(url: str | None = None) -> tuple[Store | None, str | None, int]:
    """(store, None, games imported) or (None, why not in one line, 0).

    The autosave files the pages wrote before the database are imported once (the store
    remembers each file's hash; the originals are only read).
    """
    try:
        store = open_store(url)
    except StoreError as error:
        return None, str(error), 0
    imported = 0
    with _imported_lock:
        if store.where not in _imported_from:
            _imported_from.add(store.where)
            try:
                imported = sum(
                    1 for o in GameArchive(store).import_autosaves() if o.snapshot is not None
                )
            except (StoreError, OSError, ValueError):
                # The saves stay where they are; the page still opens. ValueError: a file of
                # the data folder the store's reading lets through unchecked (a drafts file
                # holding a number of 5,000 digits).
                imported = 0
    return store, None, imported


def import_file_once(store: Store, path: Path) -> Snapshot:
    """The game imported from the server's file ``path``: imported at the first visit, the
    same game at the next ones (while the file is unchanged). Raises StoreError / OSError.

    The file is read as the command line reads a game file (:func:`read_bytes` then
    :func:`parse_json_bytes`: a regular file of at most :data:`MAX_JSON_BYTES`, byte order mark,
    nesting, long numbers and item counts checked); a refusal is one line.
    """
    try:
        data = read_bytes(path, MAX_JSON_BYTES, "a game file")
    except FileFormatError as error:
        raise StoreError(f"{path.name}: {error.reason}") from None
    digest = hashlib.sha256(data).hexdigest()
    found = _imported_game(store, digest)
    if found is not None:
        return store.load(found)
    try:
        parsed = parse_json_bytes(data)
    except FileFormatError as error:
        raise StoreError(f"{path.name}: {error.reason}") from None
    try:
        return GameArchive(store).import_data(
            parsed,
            name=path.stem,
            source=str(path),
            base_dir=path.parent,
            imported=(digest, str(path.resolve())),
        )
    except sa.exc.IntegrityError:
        found = _imported_game(store, digest)  # another page imported it just now
        if found is None:
            raise StoreError(f"{path.name} was imported before and its game deleted") from None
        return store.load(found)


def _imported_game(store: Store, digest: str) -> int | None:
    with store.engine.connect() as connection:
        row = connection.execute(
            sa.select(imported_files.c.game_id).where(imported_files.c.sha256 == digest)
        ).first()
    return None if row is None else row[0]


# ---------------------------------------------------------------------- the kernel's loop
def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running the page's code (the kernel's), or None (plain Python)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class PageWatcher:
    """Watches one game; ``on_change(GameChange)`` runs in the page's loop."""

    def __init__(
        self,
        store: Store,
        on_change: Callable[[GameChange], Any],
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        self.store = store
        self.on_change = on_change
        self.loop = loop
        self.watcher: GameWatcher | None = None

    def watch(self, game_id: int, versions: Versions, start: bool = True) -> None:
        """Watch ``game_id`` from ``versions`` on (the previous game is no longer watched)."""
        self.stop()
        self.watcher = GameWatcher(self.store, game_id, self._deliver, versions=versions)
        if start:
            self.watcher.start()

    def known(self, versions: Versions) -> None:
        """The page's own change: not reported back as another page's."""
        if self.watcher is not None:
            self.watcher.known = versions

    def _deliver(self, change: GameChange) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.on_change, change)
        else:
            self.on_change(change)

    def poll(self) -> GameChange | None:
        """Look once now and handle a change at once (tests; a page that wants to be sure)."""
        if self.watcher is None:
            return None
        change = self.watcher.check()
        if change is not None:
            self.on_change(change)
        return change

    def stop(self) -> None:
        if self.watcher is not None:
            self.watcher.stop()
            self.watcher = None


class Debouncer:
    """Runs ``action`` ``delay`` seconds after the last :meth:`touch` (at once without a loop)."""

    def __init__(
        self,
        action: Callable[[], Any],
        delay: float = 0.4,
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        self.action = action
        self.delay = delay
        self.loop = loop
        self._handle: asyncio.TimerHandle | None = None
        self.pending = False

    def touch(self) -> None:
        """Something changed: run the action soon."""
        self.pending = True
        if self.loop is None or self.loop.is_closed():
            self.flush()
            return
        if self._handle is not None:
            self._handle.cancel()
        self._handle = self.loop.call_later(self.delay, self.flush)

    def flush(self) -> None:
        """Run the action now if a change waits."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        if self.pending:
            self.pending = False
            self.action()
