"""Resolving a table's round with the sealed sheets (exactly once under any concurrency), the
table's game as a game file, and the tables opened on a game."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from tabletop.games.kind import NotResolvable, SecretRefused
from tabletop.store import kinds
from tabletop.store.errors import GameNotFound, StaleGameError
from tabletop.store.records import Snapshot, _dumps
from tabletop.store.schema import games, history
from tabletop.store.schema import seats as seats_table
from tabletop.store.schema import tables as tables_table
from tabletop.store.seat_base import TablesBase, _game_over, _round_of
from tabletop.store.seat_errors import RoundAlreadyResolved, SealRefused, SeatError, SeatsMissing


class TableResolving(TablesBase):
    """The host's Resolve, the export and the list of a game's tables."""

    # ------------------------------------------------------------------ resolving
    def resolve(
        self,
        table_id: int,
        host_token: str,
        force: bool = False,
        round: int | None = None,
    ) -> tuple[Snapshot, Any]:
        """Resolve the current round (``round``: the one the host saw) with the sealed sheets.

        Refused while seats are missing unless ``force`` (Africa: a missing sheet holds
        everywhere and allies everyone); refused for a round already resolved (nothing
        changes). Reading the sheets and keeping the result is one transaction on the version
        read, so under any concurrency exactly one resolution of a round happens. Returns the
        new snapshot and the report (Africa: its ``Report``; Massai: the last action's).
        """
        access = self.authenticate(table_id, host_token, host=True)
        game_id = access.game_id
        snap = self.store.load(game_id)
        current = _round_of(snap.game)
        if round is not None and round != current:
            raise RoundAlreadyResolved(
                f"table {table_id}: round {round} is already resolved (now at {current}); "
                "nothing changed"
            )
        game = snap.game
        if _game_over(game):
            raise SeatError(f"table {table_id}: the game is over, there is nothing to resolve")
        with self.store._write() as connection:
            try:
                row = self.store._bump(connection, game_id, snap.version)
            except StaleGameError:
                raise RoundAlreadyResolved(
                    f"table {table_id}: round {current} was resolved meanwhile (on another "
                    "page); nothing changed"
                ) from None
            sealed_rows = connection.execute(
                sa.select(seats_table.c.seat, seats_table.c.sheet)
                .where(seats_table.c.table_id == table_id, seats_table.c.sealed_round == current)
                .order_by(seats_table.c.position)
            ).all()
            sealed = {r.seat: r.sheet for r in sealed_rows}
            kind = kinds.kind_for(game)
            missing = [
                seat
                for seat in kinds.players_of(game)
                if kind.secret_of(game, seat) is not None and seat not in sealed
            ]
            if missing and not force:
                raise SeatsMissing(table_id, missing)
            try:
                done = kind.resolve(game, sealed, force)
            except SecretRefused as error:
                raise SealRefused(str(error)) from None
            except NotResolvable as error:
                raise SeatError(f"table {table_id}: {error}") from None
            action, detail, report_json = done.action, done.detail, done.report_json
            new_game: Any = done.game
            report: Any = done.report
            seq = row.head_seq
            connection.execute(
                history.insert().values(
                    game_id=game_id,
                    seq=seq,
                    action=action,
                    detail=detail,
                    report=None if report_json is None else _dumps(report_json),
                    actor=f"table {table_id}",
                    at=row.updated,
                    step=kinds.step_of(new_game),
                    parent_seq=seq - 1,
                    returns_to=None,
                    undoes=None,
                    state=_dumps(kinds.doc_of(new_game)),
                )
            )
            self.store._notify(connection, game_id)
            info = self.store._info(connection, game_id)
        self.store._remember((game_id, info.created, seq), new_game)
        return Snapshot(info, new_game, seq), report

    def export(self, table_id: int) -> dict[str, Any]:
        """The table's game as a game file (``tabletop africa/massai`` read it)."""
        return self.store.export_game(self.table_game(table_id))

    def tables_of(self, game_id: int) -> list[int]:
        """The tables opened on a game, newest first."""
        with self.store._read() as connection:
            if (
                connection.execute(sa.select(games.c.id).where(games.c.id == game_id)).first()
                is None
            ):
                raise GameNotFound(game_id)
            return list(
                connection.execute(
                    sa.select(tables_table.c.id)
                    .where(tables_table.c.game_id == game_id)
                    .order_by(tables_table.c.id.desc())
                ).scalars()
            )
