"""Opening a table and its links: a host token, a token and a short code per seat, the links
shown again to the host, and a seat's new link when a phone is lost."""

from __future__ import annotations

import json

import sqlalchemy as sa

from tabletop.store import kinds
from tabletop.store.schema import seats as seats_table
from tabletop.store.schema import tables as tables_table
from tabletop.store.seat_base import TablesBase, _round_of
from tabletop.store.seat_crypto import _open_link, _seal_link
from tabletop.store.seat_errors import SeatError
from tabletop.store.seat_records import IssuedSeat, NewTable
from tabletop.store.tokens import hash_secret as _hash
from tabletop.store.tokens import new_code as _new_code
from tabletop.store.tokens import new_token as _new_token
from tabletop.store.tokens import utc_now as _now

#: Revoked token and code hashes kept per seat (to say "revoked" rather than "wrong").
OLD_HASHES_KEPT = 20


class TableLinks(TablesBase):
    """Opening tables, the host's view of the links, new links for lost phones."""

    # ------------------------------------------------------------------ opening
    def open_table(self, game_id: int) -> NewTable:
        """Open a table on game ``game_id``: a host token and a token and a code per seat."""
        snap = self.store.load(game_id)
        names = kinds.players_of(snap.game)
        host_token = _new_token()
        now = _now()
        issued: list[IssuedSeat] = []
        with self.store._write() as connection:
            inserted = connection.execute(
                tables_table.insert().values(
                    game_id=game_id, host_hash=_hash(host_token), created=now, failures=0
                )
            ).inserted_primary_key
            assert inserted is not None
            table_id = int(inserted[0])
            for position, name in enumerate(names):
                token, code = _new_token(), _new_code()
                connection.execute(
                    seats_table.insert().values(
                        table_id=table_id,
                        seat=name,
                        position=position,
                        token_hash=_hash(token),
                        code_hash=_hash(code),
                        sealed_link=_seal_link(host_token, table_id, name, 1, token, code),
                        generation=1,
                        old_hashes="[]",
                        rev=0,
                    )
                )
                issued.append(IssuedSeat(name, token, code))
        return NewTable(
            table_id, game_id, snap.kind, _round_of(snap.game), host_token, tuple(issued)
        )

    def host_links(self, table_id: int, host_token: str) -> list[IssuedSeat]:
        """Every seat's token and code again, for the shared screen (host token only)."""
        self.authenticate(table_id, host_token, host=True)
        with self.store._read() as connection:
            rows = connection.execute(
                sa.select(seats_table.c.seat, seats_table.c.generation, seats_table.c.sealed_link)
                .where(seats_table.c.table_id == table_id)
                .order_by(seats_table.c.position)
            ).all()
        out = []
        for row in rows:
            token, code = _open_link(
                host_token, table_id, row.seat, row.generation, row.sealed_link
            )
            out.append(IssuedSeat(row.seat, token, code))
        return out

    def revoke(self, table_id: int, host_token: str, seat: str) -> IssuedSeat:
        """Replace ``seat``'s token and code (a lost phone); the old ones are refused from now
        on, with a message saying so. Its sealed sheet stays."""
        self.authenticate(table_id, host_token, host=True)
        with self.store._write() as connection:
            row = connection.execute(
                sa.select(seats_table).where(
                    seats_table.c.table_id == table_id, seats_table.c.seat == seat
                )
            ).one_or_none()
            if row is None:
                names = connection.execute(
                    sa.select(seats_table.c.seat)
                    .where(seats_table.c.table_id == table_id)
                    .order_by(seats_table.c.position)
                ).scalars()
                raise SeatError(
                    f"table {table_id} has no seat {seat!r} (its seats: {', '.join(names)})"
                )
            token, code = _new_token(), _new_code()
            generation = row.generation + 1
            old = [row.token_hash, row.code_hash, *json.loads(row.old_hashes)][:OLD_HASHES_KEPT]
            connection.execute(
                seats_table.update()
                .where(seats_table.c.table_id == table_id, seats_table.c.seat == seat)
                .values(
                    token_hash=_hash(token),
                    code_hash=_hash(code),
                    generation=generation,
                    sealed_link=_seal_link(host_token, table_id, seat, generation, token, code),
                    old_hashes=json.dumps(old),
                )
            )
        return IssuedSeat(seat, token, code)
