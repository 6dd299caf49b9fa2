"""What the pages look at: who has sealed (never what), a seat's own view and the shared
screen's public view (what each may see is decided in ``tabletop.games.*.observe``)."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tabletop.store import kinds
from tabletop.store.records import Snapshot
from tabletop.store.schema import seats as seats_table
from tabletop.store.seat_base import TablesBase, _expected_seats, _game_over, _round_of
from tabletop.store.seat_errors import BadToken
from tabletop.store.seat_records import TableStatus
from tabletop.store.tokens import aware as _aware


class TableViews(TablesBase):
    """The table's status and the views of a seat and of the shared screen."""

    # ------------------------------------------------------------------ looking
    def status(self, table_id: int) -> TableStatus:
        """Who has sealed for the current round and who is awaited; never what was sealed."""
        with self.store._read() as connection:
            table = self._table_row(connection, table_id)
        snap = self.store.load(table.game_id)
        round_ = _round_of(snap.game)
        with self.store._read() as connection:
            rows = connection.execute(
                # The sheet column is not even read.
                sa.select(seats_table.c.seat, seats_table.c.sealed_round, seats_table.c.sealed_at)
                .where(seats_table.c.table_id == table_id)
                .order_by(seats_table.c.position)
            ).all()
        expected = _expected_seats(snap.game, [r.seat for r in rows])
        sealed = [r.seat for r in rows if r.sealed_round == round_ and r.seat in expected]
        return TableStatus(
            table_id=table_id,
            game_id=table.game_id,
            kind=snap.kind,
            round=round_,
            version=snap.version,
            sealed=sealed,
            waiting=[s for s in expected if s not in sealed],
            game_over=_game_over(snap.game),
            sealed_at={
                r.seat: _aware(r.sealed_at)  # type: ignore[misc]
                for r in rows
                if r.seat in sealed and r.sealed_at is not None
            },
        )

    def _own_sheet(self, connection: Connection, table_id: int, seat: str) -> Any:
        # The one query reading sealed contents for a seat: its own row, by the WHERE clause.
        return connection.execute(
            sa.select(seats_table.c.sheet, seats_table.c.sealed_round).where(
                seats_table.c.table_id == table_id, seats_table.c.seat == seat
            )
        ).one()

    def seat_view(self, table_id: int, token: str) -> dict[str, Any]:
        """What the seat ``token`` opens may see (see ``tabletop.games.*.observe``): the public
        position, its own sealed sheet for the current round, the last public report."""
        access = self.authenticate(table_id, token)
        if access.is_host:
            raise BadToken("the host token is not a seat: use a seat's link")
        snap = self.store.load(access.game_id)
        round_ = _round_of(snap.game)
        with self.store._read() as connection:
            row = self._own_sheet(connection, table_id, access.seat)
        own = row.sheet if row.sealed_round == round_ else None
        view = self._observe(snap, access.seat, own)
        view["table"] = table_id
        view["game"] = access.game_id  # public: for the page's GameWatcher
        view["sealed"] = own is not None
        return view

    def _observe(self, snap: Snapshot, seat: str, own: str | None) -> dict[str, Any]:
        game = snap.game
        return kinds.kind_for(game).observe(game, seat, own)

    def public_view(self, table_id: int) -> dict[str, Any]:
        """The shared screen's view: the public position and who has sealed (no contents)."""
        status = self.status(table_id)
        snap = self.store.load(status.game_id)
        game = snap.game
        public, last = kinds.kind_for(game).observe_public(game)
        return {"status": status.to_json(), "public": public, "last_report": last}
