"""What a page keeps beside a game's state: the typed sheets not resolved yet, the timer and
the secret choices being entered. None of it is a state change: it bumps ``aux_version``."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import sqlalchemy as sa

from tabletop.store.base import StoreBase
from tabletop.store.errors import StaleGameError
from tabletop.store.records import Draft, TimerState, _aware, _dumps, _now
from tabletop.store.schema import drafts, secrets, timers


class GameExtras(StoreBase):
    """Typed sheets, the timer and secret choices of a game."""

    def save_draft(
        self,
        game_id: int,
        round: int,
        seat: str,
        text: str,
        actor: str = "table",
        expected_rev: int | None = None,
    ) -> int:
        """Keep the sheet typed by ``seat`` for ``round``; returns its revision (1, 2, ...).

        With ``expected_rev``, a sheet changed meanwhile elsewhere is not overwritten
        (:class:`StaleGameError` carrying the sheet's revision).
        """
        now = _now()
        with self._write() as connection:
            self._bump_aux(connection, game_id)  # also serialises writers on this game
            key = (drafts.c.game_id == game_id, drafts.c.round == round, drafts.c.seat == seat)
            rev = connection.execute(sa.select(drafts.c.rev).where(*key)).scalar_one_or_none()
            if expected_rev is not None and (rev or 0) != expected_rev:
                raise StaleGameError(game_id, expected_rev, rev or 0)
            new_rev = (rev or 0) + 1
            values = {"text": text, "actor": actor, "updated": now, "rev": new_rev}
            if rev is None:
                connection.execute(
                    drafts.insert().values(game_id=game_id, round=round, seat=seat, **values)
                )
            else:
                connection.execute(drafts.update().where(*key).values(**values))
            self._notify(connection, game_id)
        return new_rev

    def drafts(self, game_id: int, round: int) -> dict[str, Draft]:
        """The sheets typed for ``round``, by seat."""
        with self._read() as connection:
            rows = connection.execute(
                sa.select(drafts).where(drafts.c.game_id == game_id, drafts.c.round == round)
            ).all()
        return {
            row.seat: Draft(row.seat, row.text, row.actor, _aware(row.updated), row.rev)
            for row in rows
        }

    def save_timer(self, game_id: int, state: Mapping[str, Any]) -> int:
        """Keep the timer's state (e.g. duration, remaining, running); returns its revision."""
        now = _now()
        text = _dumps(dict(state))
        with self._write() as connection:
            self._bump_aux(connection, game_id)
            rev = connection.execute(
                sa.select(timers.c.rev).where(timers.c.game_id == game_id)
            ).scalar_one_or_none()
            if rev is None:
                connection.execute(
                    timers.insert().values(game_id=game_id, state=text, updated=now, rev=1)
                )
            else:
                connection.execute(
                    timers.update()
                    .where(timers.c.game_id == game_id)
                    .values(state=text, updated=now, rev=rev + 1)
                )
            self._notify(connection, game_id)
        return (rev or 0) + 1

    def timer(self, game_id: int) -> TimerState | None:
        """The timer as last kept, or ``None``."""
        with self._read() as connection:
            row = connection.execute(
                sa.select(timers).where(timers.c.game_id == game_id)
            ).one_or_none()
        if row is None:
            return None
        return TimerState(json.loads(row.state), _aware(row.updated), row.rev)

    def set_secret(self, game_id: int, seat: str, payload: Any | None) -> None:
        """Keep (or, with ``None``, clear) the secret choice ``seat`` is entering (Massai)."""
        now = _now()
        text = None if payload is None else _dumps(payload)
        with self._write() as connection:
            self._bump_aux(connection, game_id)
            key = (secrets.c.game_id == game_id, secrets.c.seat == seat)
            found = connection.execute(sa.select(secrets.c.seat).where(*key)).first()
            if found is None:
                connection.execute(
                    secrets.insert().values(game_id=game_id, seat=seat, payload=text, updated=now)
                )
            else:
                connection.execute(secrets.update().where(*key).values(payload=text, updated=now))
            self._notify(connection, game_id)

    def secrets(self, game_id: int) -> dict[str, Any]:
        """The pending secret choices by seat (cleared ones left out)."""
        with self._read() as connection:
            rows = connection.execute(
                sa.select(secrets.c.seat, secrets.c.payload).where(
                    secrets.c.game_id == game_id, secrets.c.payload.is_not(None)
                )
            ).all()
        return {seat: json.loads(payload) for seat, payload in rows}
