"""The gate's credential checks against the games database (:class:`tabletop.server.gate.Checks`).

Each check opens nothing new: one store per server process, asked in a worker thread by the
web server (a check is a few hashes and one or two indexed reads).
"""

from __future__ import annotations

import threading

from tabletop.store import Store, StoreError, open_store
from tabletop.store.classroom import Classes
from tabletop.store.passes import reveal_pass_ok
from tabletop.store.seats import Tables

__all__ = ["StoreChecks"]


class StoreChecks:
    """Credentials checked in the database named by ``url`` (default: the pages' own)."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url
        self._store: Store | None = None
        self._lock = threading.Lock()

    def _open(self) -> Store:
        # Opened at the first check: a server whose database is missing still starts and says
        # so on its pages, as the pages do.
        with self._lock:
            if self._store is None:
                self._store = open_store(self.url)
            return self._store

    def _table(self, table_id: int, credential: str, host: bool) -> bool:
        try:
            access = Tables(self._open()).authenticate(table_id, credential, host=host)
        except StoreError:
            return False
        return access.is_host if host else not access.is_host

    def seat(self, table_id: int, credential: str) -> bool:
        return self._table(table_id, credential, host=False)

    def table_host(self, table_id: int, credential: str) -> bool:
        return self._table(table_id, credential, host=True)

    def _class(self, class_id: int, credential: str, who: str) -> bool:
        try:
            return Classes(self._open()).verify(class_id, credential, who)
        except StoreError:
            return False

    def class_join(self, class_id: int, credential: str) -> bool:
        return self._class(class_id, credential, "join")

    def student(self, class_id: int, credential: str) -> bool:
        return self._class(class_id, credential, "student")

    def class_host(self, class_id: int, credential: str) -> bool:
        return self._class(class_id, credential, "host")

    def reveal(self, game_id: int, credential: str) -> bool:
        return reveal_pass_ok(game_id, credential)

    def close(self) -> None:
        with self._lock:
            if self._store is not None:
                self._store.close()
                self._store = None
