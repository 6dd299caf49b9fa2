"""Reading games: the list, one game's newest state, its counters, its history and old states."""

from __future__ import annotations

import sqlalchemy as sa

from tabletop.store import kinds
from tabletop.store.base import StoreBase
from tabletop.store.errors import GameNotFound, StoreError
from tabletop.store.kinds import AnyGame
from tabletop.store.records import Entry, GameInfo, Snapshot, Versions, _entry, _info, _info_query
from tabletop.store.schema import games, history


class GameReader(StoreBase):
    """What the pages and the command line read (one short transaction each)."""

    def list_games(self, kind: str | None = None) -> list[GameInfo]:
        """Every game, the most recently changed first (``kind`` keeps one kind only)."""
        query = _info_query()
        if kind is not None:
            query = query.where(games.c.kind == kinds.check_kind(kind))
        query = query.order_by(games.c.updated.desc(), games.c.id.desc())
        with self._read() as connection:
            return [_info(row) for row in connection.execute(query)]

    def info(self, game_id: int) -> GameInfo:
        """One game's list entry; :class:`GameNotFound` when there is none."""
        with self._read() as connection:
            return self._info(connection, game_id)

    def load(self, game_id: int) -> Snapshot:
        """The game at its newest state, with the version to name in the next change."""
        query = _info_query(with_state=True).where(games.c.id == game_id)
        with self._read() as connection:
            row = connection.execute(query).one_or_none()
        if row is None:
            raise GameNotFound(game_id)
        info = _info(row)
        game = self._cached(
            (game_id, info.created, row.head_seq),
            lambda: self._game_from(row.kind, row.board, row.state, f"db:{game_id}"),
        )
        return Snapshot(info, game, row.head_seq)

    def versions(self, game_id: int) -> Versions:
        """The game's two counters (cheap: one row by primary key)."""
        with self._read() as connection:
            row = connection.execute(
                sa.select(games.c.version, games.c.aux_version).where(games.c.id == game_id)
            ).one_or_none()
        if row is None:
            raise GameNotFound(game_id)
        return Versions(row[0], row[1])

    def current_version(self, game_id: int) -> int:
        """The version of the game's state."""
        return self.versions(game_id).version

    def changed_since(self, game_id: int, version: int, aux_version: int | None = None) -> bool:
        """True when the game's state (or, given ``aux_version``, anything shown) changed."""
        now = self.versions(game_id)
        return now.version != version or (
            aux_version is not None and now.aux_version != aux_version
        )

    def history(self, game_id: int, with_states: bool = False) -> list[Entry]:
        """The game's history, oldest first (states only when asked: they are the big part)."""
        columns = [c for c in history.c if with_states or c.name != "state"]
        with self._read() as connection:
            self._info(connection, game_id)
            rows = connection.execute(
                sa.select(*columns).where(history.c.game_id == game_id).order_by(history.c.seq)
            ).all()
        return [_entry(row) for row in rows]

    def entry(self, game_id: int, seq: int) -> Entry:
        """One history entry with its state."""
        with self._read() as connection:
            row = connection.execute(
                sa.select(history).where(history.c.game_id == game_id, history.c.seq == seq)
            ).one_or_none()
        if row is None:
            raise StoreError(f"game {game_id} has no history entry {seq}")
        return _entry(row)

    def game_at(self, game_id: int, seq: int) -> AnyGame:
        """The game object of an earlier entry (to look at an old state)."""
        info = self.info(game_id)
        found = self.entry(game_id, seq)
        assert found.state is not None
        with self._read() as connection:
            board = connection.execute(
                sa.select(games.c.board).where(games.c.id == game_id)
            ).scalar_one()
        return kinds.load_doc(info.kind, found.state, board, f"db:{game_id}#{seq}")
