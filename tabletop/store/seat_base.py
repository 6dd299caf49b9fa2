"""What every part of :class:`~tabletop.store.seats.Tables` shares: the store, a table's row, and
who a token (or a seat's short code) opens the table for, with the lock-out after wrong ones;
also the round a game is at and the seats that have something to seal in it."""

from __future__ import annotations

import hmac
from datetime import timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tabletop.store import kinds
from tabletop.store.schema import games
from tabletop.store.schema import seats as seats_table
from tabletop.store.schema import tables as tables_table
from tabletop.store.seat_errors import (
    BadToken,
    RevokedToken,
    SeatError,
    TableNotFound,
    TooManyAttempts,
)
from tabletop.store.seat_records import HOST, SeatAccess
from tabletop.store.store import Store
from tabletop.store.tokens import CODE_LENGTH, lock_wait, normalize_code
from tabletop.store.tokens import aware as _aware
from tabletop.store.tokens import hash_secret as _hash
from tabletop.store.tokens import utc_now as _now


def _round_of(game: Any) -> int:
    # The key sheets are sealed under: Africa's round to play; Massai's number of actions.
    return kinds.round_of(game)


def _game_over(game: Any) -> bool:
    return kinds.game_over(game)


def _expected_seats(game: Any, names: list[str]) -> list[str]:
    """The seats that have something to seal now (Africa: every power, unless the game is over;
    Massai: the players who have a secret to choose)."""
    if _game_over(game):
        return []
    kind = kinds.kind_for(game)
    return [n for n in names if kind.secret_of(game, n) is not None]


class TablesBase:
    """The store under the tables, a table's row and the check of every token."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def table_game(self, table_id: int) -> int:
        """The game a table plays (public: the table's number is on the shared screen)."""
        with self.store._read() as connection:
            return self._table_row(connection, table_id).game_id

    def _table_row(self, connection: Connection, table_id: int) -> Any:
        row = connection.execute(
            sa.select(
                tables_table.c.id,
                tables_table.c.game_id,
                tables_table.c.host_hash,
                tables_table.c.failures,
                tables_table.c.locked_until,
            ).where(tables_table.c.id == table_id)
        ).one_or_none()
        if row is None:
            raise TableNotFound(table_id)
        return row

    # ------------------------------------------------------------------ tokens
    def authenticate(self, table_id: int, credential: str, host: bool = False) -> SeatAccess:
        """Who ``credential`` (a token, or a seat's short code) opens ``table_id`` for.

        ``host=True`` accepts the host token only. Wrong tokens are counted (in the database)
        and, after :data:`FREE_FAILURES`, lock the table's tokens out for a growing while.
        Raises :class:`BadToken`, :class:`RevokedToken`, :class:`TooManyAttempts`,
        :class:`TableNotFound`.
        """
        credential = str(credential).strip()
        hashes = {_hash(credential)}
        if not host and len(credential) <= CODE_LENGTH + 4:
            hashes.add(_hash(normalize_code(credential)))
        now = _now()
        failure: SeatError | None = None
        access: SeatAccess | None = None
        with self.store._write() as connection:
            table = self._table_row(connection, table_id)
            locked = _aware(table.locked_until)
            if locked is not None and locked > now:
                raise TooManyAttempts(table_id, (locked - now).total_seconds())
            kind = connection.execute(
                sa.select(games.c.kind).where(games.c.id == table.game_id)
            ).scalar_one()
            # Constant-time comparison of the hashes (no early exit on the first match).
            if any([hmac.compare_digest(table.host_hash, h) for h in hashes]):
                access = SeatAccess(table_id, table.game_id, kind, HOST)
            elif not host:
                access = self._seat_access(connection, table, kind, hashes)
            if access is None:
                if self._revoked(connection, table_id, hashes):
                    failure = RevokedToken(
                        f"this link to table {table_id} was replaced by the host (a new link was "
                        "issued for this seat): ask the host for the new link"
                    )
                else:
                    what = "host token" if host else "link or code"
                    failure = BadToken(
                        f"this {what} does not open table {table_id} (wrong, mistyped or from "
                        "another table)"
                    )
                    failures = table.failures + 1
                    values: dict[str, Any] = {"failures": failures}
                    wait = lock_wait(failures)
                    if wait is not None:
                        values["locked_until"] = now + timedelta(seconds=wait)
                    connection.execute(
                        tables_table.update().where(tables_table.c.id == table_id).values(**values)
                    )
            elif table.failures or table.locked_until is not None:
                connection.execute(
                    tables_table.update()
                    .where(tables_table.c.id == table_id)
                    .values(failures=0, locked_until=None)
                )
        if failure is not None:
            raise failure  # after the commit: the failure is counted
        assert access is not None
        return access

    def _seat_access(
        self, connection: Connection, table: Any, kind: str, hashes: set[str]
    ) -> SeatAccess | None:
        # Only the row whose token or code matches is read; then compared in constant time.
        conditions = [seats_table.c.token_hash.in_(hashes), seats_table.c.code_hash.in_(hashes)]
        row = connection.execute(
            sa.select(seats_table.c.seat, seats_table.c.token_hash, seats_table.c.code_hash)
            .where(seats_table.c.table_id == table.id, sa.or_(*conditions))
            .limit(1)
        ).one_or_none()
        if row is None:
            return None
        matches = [
            hmac.compare_digest(stored, h)
            for stored in (row.token_hash, row.code_hash)
            for h in hashes
        ]
        return SeatAccess(table.id, table.game_id, kind, row.seat) if any(matches) else None

    def _revoked(self, connection: Connection, table_id: int, hashes: set[str]) -> bool:
        # Hex digests only: safe inside LIKE.
        found = connection.execute(
            sa.select(seats_table.c.seat).where(
                seats_table.c.table_id == table_id,
                sa.or_(*[seats_table.c.old_hashes.like(f'%"{h}"%') for h in hashes]),
            )
        ).first()
        return found is not None
