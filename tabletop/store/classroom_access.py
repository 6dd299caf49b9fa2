"""What every part of :class:`~tabletop.store.classroom.Classes` shares: a class game's row,
whose credential it is (with the lock-out after wrong ones), and the ledger read from the
class game's row and its students' own rows, and written back."""

from __future__ import annotations

import hmac
import json
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tabletop.classroom.ledger import ClassLedger
from tabletop.store.base import StoreBase
from tabletop.store.classroom_records import BadClassToken, ClassLockedOut, ClassNotFound
from tabletop.store.schema import class_choices, class_games, class_students
from tabletop.store.tokens import aware as _aware
from tabletop.store.tokens import hash_secret as _hash
from tabletop.store.tokens import lock_wait, normalize_code
from tabletop.store.tokens import utc_now as _now

#: A student whose page has not been heard from for this long is not seated in the next
#: round and not waited for in this one (the computer chooses for them at the close).
PRESENT_SECONDS = 20.0
#: "Last seen" is written again only when older than this (a page asks every few seconds).
SEEN_REFRESH = 5.0


def _when(value: datetime) -> datetime:
    found = _aware(value)
    assert found is not None
    return found


class ClassesBase:
    """The store under the class games, their rows, the check of every credential, the ledger."""

    def __init__(self, store: StoreBase) -> None:
        self.store = store

    # ------------------------------------------------------------------ plumbing
    def _class_row(self, connection: Connection, class_id: int, lock: str | None = None) -> Any:
        query = sa.select(class_games).where(class_games.c.id == class_id)
        if lock and self.store.backend == "postgresql":
            query = query.with_for_update(read=lock == "share")
        row = connection.execute(query).one_or_none()
        if row is None:
            raise ClassNotFound(class_id)
        locked = _aware(row.locked_until)
        if locked is not None and locked > _now():
            raise ClassLockedOut((locked - _now()).total_seconds())
        return row

    def _check(self, class_id: int, credential: str, who: str) -> tuple[str, str]:
        """Whose ``credential`` it is: the teacher ("host"), the class link or code ("join"), or
        a student (their id and nickname; their page is marked as seen).

        Wrong credentials are counted in the database (committed before the refusal) and, after
        :data:`FREE_FAILURES`, lock the class game out for a growing while.
        """
        given = str(credential).strip()
        hashed = _hash(given)
        found: tuple[str, str] = ("", "")
        touch = False
        # Reading first: most checks write nothing, and SQLite takes one writer at a time.
        with self.store._read() as connection:
            row = self._class_row(connection, class_id)
            if who == "host":
                ok = hmac.compare_digest(hashed, row.host_hash)
            elif who == "join":
                candidates = (hashed, _hash(normalize_code(given)))
                # Every comparison is made (no early exit): constant time.
                ok = any(
                    [
                        hmac.compare_digest(h, k)
                        for h in candidates
                        for k in (row.join_hash, row.code_hash)
                    ]
                )
            else:
                hit = connection.execute(
                    sa.select(
                        class_students.c.student,
                        class_students.c.nickname,
                        class_students.c.seen,
                        class_students.c.gone,
                    ).where(
                        class_students.c.class_id == class_id,
                        class_students.c.token_hash == hashed,
                    )
                ).one_or_none()
                ok = hit is not None
                if hit is not None:
                    found = (str(hit.student), str(hit.nickname))
                    stale = _now() - timedelta(seconds=SEEN_REFRESH)
                    touch = bool(hit.gone) or _when(hit.seen) < stale
        if not ok:
            self._count_failure(class_id)
            raise BadClassToken()  # after the commit: the failure is counted
        if touch or row.failures or row.locked_until is not None:
            with self.store._write() as connection:
                if touch:
                    connection.execute(
                        class_students.update()
                        .where(
                            class_students.c.class_id == class_id,
                            class_students.c.student == found[0],
                        )
                        .values(seen=_now(), gone=False)
                    )
                if row.failures or row.locked_until is not None:
                    connection.execute(
                        class_games.update()
                        .where(class_games.c.id == class_id)
                        .values(failures=0, locked_until=None)
                    )
        return found

    def _count_failure(self, class_id: int) -> None:
        with self.store._write() as connection:
            key = class_games.c.id == class_id
            connection.execute(
                class_games.update().where(key).values(failures=class_games.c.failures + 1)
            )
            failures = connection.execute(sa.select(class_games.c.failures).where(key)).scalar()
            wait = lock_wait(failures or 0)
            if wait is not None:
                connection.execute(
                    class_games.update()
                    .where(key)
                    .values(locked_until=_now() + timedelta(seconds=wait))
                )

    def _ledger(
        self, connection: Connection, class_id: int, own: str | None = None, lock: str | None = None
    ) -> ClassLedger:
        return self._ledger_from(connection, self._class_row(connection, class_id, lock), own)

    def _ledger_from(self, connection: Connection, row: Any, own: str | None) -> ClassLedger:
        """The ledger with its students and the open round's choices from their own rows.

        ``own`` set: a student's view, which reads that student's choice only."""
        ledger = ClassLedger.from_json(json.loads(row.ledger))
        rows = connection.execute(
            sa.select(
                class_students.c.student,
                class_students.c.nickname,
                class_students.c.seen,
                class_students.c.gone,
            )
            .where(class_students.c.class_id == row.id)
            .order_by(class_students.c.joined, class_students.c.student)
        ).all()
        limit = _now() - timedelta(seconds=PRESENT_SECONDS)
        ledger.students = {r.student: r.nickname for r in rows}
        ledger.present = {r.student for r in rows if not r.gone and _when(r.seen) >= limit}
        current = ledger.current
        if current is not None and not current.closed:
            query = sa.select(class_choices.c.student, class_choices.c.action).where(
                class_choices.c.class_id == row.id, class_choices.c.round == current.number
            )
            if own is not None:
                query = query.where(class_choices.c.student == own)
            current.choices = {r.student: r.action for r in connection.execute(query)}
        return ledger

    def _save(self, connection: Connection, class_id: int, ledger: ClassLedger) -> None:
        data = ledger.to_json()
        # Students and the open round's choices live in their own rows, not in the ledger.
        data["students"], data["present"] = {}, []
        for record in data["history"]:
            if not record["closed"]:
                record["choices"] = {}
        connection.execute(
            class_games.update()
            .where(class_games.c.id == class_id)
            .values(ledger=json.dumps(data), rev=class_games.c.rev + 1)
        )

    def _seen(self, connection: Connection, class_id: int) -> dict[str, float]:
        now = _now()
        return {
            r.nickname: (now - _when(r.seen)).total_seconds()
            for r in connection.execute(
                sa.select(class_students.c.nickname, class_students.c.seen).where(
                    class_students.c.class_id == class_id
                )
            )
        }
