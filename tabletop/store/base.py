"""The plumbing every part of the store shares: the engine and its schema check, one
transaction per operation, the change announcements and the cache of game objects."""

from __future__ import annotations

import json
import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import URL, Connection
from sqlalchemy.exc import DBAPIError, IntegrityError

from tabletop.games.africa1880.gamefile import Game
from tabletop.store import kinds
from tabletop.store.engine import create_engine, describe, resolve_url, use_wal
from tabletop.store.errors import DatabaseUnavailable, GameNotFound, StaleGameError, StoreError
from tabletop.store.kinds import AnyGame
from tabletop.store.records import GameInfo, _info, _info_query, _now
from tabletop.store.schema import check_and_upgrade, games

#: PostgreSQL channel on which every change is announced (payload ``"game_id:version:aux"``).
NOTIFY_CHANNEL = "tabletop_games"
#: Game objects kept in memory per store (entries never change, so a cached one stays right).
CACHE_SIZE = 64


_S = TypeVar("_S", bound="StoreBase")


class StoreBase:
    """One engine (checked and upgraded on opening), its transactions and the game cache.

    The parts of :class:`~tabletop.store.Store` build on it; it is thread-safe (one engine,
    one connection per operation).
    """

    def __init__(self, url: str | os.PathLike[str] | URL | None = None) -> None:
        self.url = resolve_url(url)
        self.where = describe(self.url)
        self.backend = self.url.get_backend_name()
        try:
            self.engine = create_engine(self.url)
        except OSError as error:
            raise DatabaseUnavailable(
                f"cannot create the database folder for {self.where}: {error.strerror}"
            ) from None
        try:
            self.upgraded_from = check_and_upgrade(self.engine, self.where)
            self._cache: OrderedDict[tuple[int, datetime, int], AnyGame] = OrderedDict()
            self._cache_lock = threading.Lock()
            if self.backend == "sqlite":
                use_wal(self.engine)
        except DBAPIError as error:
            self.engine.dispose()
            raise DatabaseUnavailable(_db_message(self.where, error)) from None
        except BaseException:
            self.engine.dispose()
            raise

    # ------------------------------------------------------------------ plumbing
    def close(self) -> None:
        """Close every connection (a SQLite file is then complete on its own, no -wal left)."""
        self.engine.dispose()

    def __enter__(self: _S) -> _S:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        try:
            with self.engine.connect() as connection:
                if self.backend == "sqlite":
                    connection.execution_options(sqlite_begin="IMMEDIATE")
                with connection.begin():
                    yield connection
        except StoreError:
            raise
        except IntegrityError:
            raise
        except DBAPIError as error:
            raise DatabaseUnavailable(_db_message(self.where, error)) from None

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        try:
            with self.engine.connect() as connection, connection.begin():
                yield connection
        except StoreError:
            raise
        except DBAPIError as error:
            raise DatabaseUnavailable(_db_message(self.where, error)) from None

    def _notify(self, connection: Connection, game_id: int) -> None:
        if self.backend != "postgresql":
            return  # SQLite pages poll PRAGMA data_version (see tabletop.store.watch)
        row = connection.execute(
            sa.select(games.c.version, games.c.aux_version).where(games.c.id == game_id)
        ).one_or_none()
        payload = f"{game_id}:{row[0]}:{row[1]}" if row else f"{game_id}:deleted:0"
        connection.execute(sa.select(sa.func.pg_notify(NOTIFY_CHANNEL, payload)))

    def _info(self, connection: Connection, game_id: int) -> GameInfo:
        row = connection.execute(_info_query().where(games.c.id == game_id)).one_or_none()
        if row is None:
            raise GameNotFound(game_id)
        return _info(row)

    def _game_from(self, kind: str, board: str | None, state: str, source: str) -> AnyGame:
        return kinds.load_doc(kind, json.loads(state), board, source)

    def _cached(self, key: tuple[int, datetime, int], make: Callable[[], AnyGame]) -> AnyGame:
        """The game of one history entry, read once: entries are never changed, and a game is
        known by its id, its creation time (ids of deleted games are not reused, to be sure)
        and the entry's number. Each caller gets its own copy (an Africa game is mutable)."""
        with self._cache_lock:
            hit = self._cache.get(key)
            if hit is not None:
                self._cache.move_to_end(key)
                return _copy_game(hit)
        game = make()
        self._remember(key, game)
        return game

    def _remember(self, key: tuple[int, datetime, int], game: AnyGame) -> None:
        with self._cache_lock:
            self._cache[key] = _copy_game(game)
            while len(self._cache) > CACHE_SIZE:
                self._cache.popitem(last=False)

    def _bump(self, connection: Connection, game_id: int, expected_version: int) -> Any:
        """The version check: +1 when the game is at ``expected_version``, else stale."""
        now = _now()
        result = connection.execute(
            games.update()
            .where(games.c.id == game_id, games.c.version == expected_version)
            .values(version=games.c.version + 1, head_seq=games.c.head_seq + 1, updated=now)
        )
        if result.rowcount != 1:
            current = connection.execute(
                sa.select(games.c.version).where(games.c.id == game_id)
            ).scalar_one_or_none()
            if current is None:
                raise GameNotFound(game_id)
            raise StaleGameError(game_id, expected_version, current)
        return connection.execute(
            sa.select(games.c.kind, games.c.head_seq, games.c.board, games.c.updated).where(
                games.c.id == game_id
            )
        ).one()

    def _bump_aux(self, connection: Connection, game_id: int, **values: Any) -> None:
        result = connection.execute(
            games.update()
            .where(games.c.id == game_id)
            .values(aux_version=games.c.aux_version + 1, **values)
        )
        if result.rowcount != 1:
            raise GameNotFound(game_id)


def _copy_game(game: AnyGame) -> AnyGame:
    """A copy a caller may change: states, boards and Massai records are immutable values."""
    if isinstance(game, Game):
        return Game(state=game.state, history=list(game.history), board=game.board)
    return game


def _db_message(where: str, error: DBAPIError) -> str:
    first = str(error.orig).strip().splitlines()[0] if error.orig else str(error)
    return f"cannot use the database {where}: {first}"
