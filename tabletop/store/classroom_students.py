"""The students' side of a class game: join with the class's link or code, see one's own seat,
choice and results (nothing of another student's open choice), submit, stay present, leave."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from tabletop.classroom.ledger import ClassError, clean_nickname
from tabletop.store.classroom_access import ClassesBase
from tabletop.store.classroom_records import StudentPass
from tabletop.store.schema import class_choices, class_students
from tabletop.store.tokens import hash_secret as _hash
from tabletop.store.tokens import new_token as _token
from tabletop.store.tokens import utc_now as _now


class StudentActions(ClassesBase):
    """What a student's phone does with the student's own token."""

    # ------------------------------------------------------------------ students
    def join(self, class_id: int, credential: str, nickname: str) -> StudentPass:
        """A student joins with the class link's token or its short code and a nickname."""
        name = clean_nickname(nickname)
        token = _token()
        self._check(class_id, credential, "join")
        with self.store._write() as connection:
            count = connection.execute(
                sa.select(sa.func.count())
                .select_from(class_students)
                .where(class_students.c.class_id == class_id)
            ).scalar_one()
            student = f"s{count + 1}"
            now = _now()
            try:
                connection.execute(
                    class_students.insert().values(
                        class_id=class_id,
                        student=student,
                        token_hash=_hash(token),
                        nickname=name,
                        nickname_key=name.casefold(),
                        joined=now,
                        seen=now,
                        gone=False,
                    )
                )
            except IntegrityError:
                raise ClassError(f"the nickname {name!r} is taken: choose another") from None
        return StudentPass(class_id, student, token, name)

    def student_view(self, class_id: int, token: str) -> dict[str, Any]:
        """What one student may see: their seat, their own choice and results, nothing else."""
        student, nickname = self._check(class_id, token, "student")
        with self.store._read() as connection:
            ledger = self._ledger(connection, class_id, own=student)
            own = connection.execute(
                sa.select(class_choices.c.action).where(
                    class_choices.c.class_id == class_id,
                    class_choices.c.round == (ledger.current.number if ledger.current else 0),
                    class_choices.c.student == student,
                )
            ).scalar_one_or_none()
        current = ledger.current
        seat = ledger.seat_of(student)
        mine = [o for o in ledger.outcomes() if o.student == student]
        if ledger.finished:
            status = "finished"
        elif seat is None:
            status = "waiting"
        elif student in (current.left if current else []):
            status = "computer"
        else:
            status = "submitted" if own else "choose"
        role = seat[1] if seat else None
        return {
            "class": class_id,
            "student": student,
            "nickname": nickname,
            "preset": ledger.preset_key,
            "round": current.number if current else 0,
            "rounds": ledger.rounds,
            "status": status,
            "role": ledger.game.roles[role] if role is not None else None,
            "actions": list(ledger.game.actions[role]) if role is not None else [],
            "choice": own,
            "last": _outcome_json(mine[-1]) if mine else None,
            "total": sum(o.payoff for o in mine),
        }

    def submit(self, class_id: int, token: str, action: str) -> None:
        """A student's choice for the open round (a new one replaces the old until it closes)."""
        hashed = _hash(str(token).strip())
        for _attempt in range(5):
            # Checked first in a read (no lock: SQLite takes one writer at a time and 40
            # students tap at once), then written in a short transaction that makes sure the
            # class game did not move on (its rev) in between.
            with self.store._read() as connection:
                row = self._class_row(connection, class_id)
                student = self._student_of(connection, class_id, hashed)
                if student is not None:
                    ledger = self._ledger_from(connection, row, own=student)
                    ledger.submit(student, action)  # ClassError: not seated, round closed...
                    number = ledger.current.number if ledger.current else 0
            if student is None:
                self._check(class_id, token, "student")  # counts the failure and refuses
                return
            with self.store._write() as connection:
                # A shared lock: submissions go side by side, a closing round waits for them.
                now = self._class_row(connection, class_id, "share")
                if now.rev != row.rev:
                    continue  # a round opened or closed meanwhile: check again
                key = (
                    class_choices.c.class_id == class_id,
                    class_choices.c.round == number,
                    class_choices.c.student == student,
                )
                changed = connection.execute(
                    class_choices.update().where(*key).values(action=action, submitted=_now())
                ).rowcount
                if not changed:
                    connection.execute(
                        class_choices.insert().values(
                            class_id=class_id,
                            round=number,
                            student=student,
                            action=action,
                            submitted=_now(),
                        )
                    )
                connection.execute(
                    class_students.update()
                    .where(
                        class_students.c.class_id == class_id, class_students.c.student == student
                    )
                    .values(seen=_now(), gone=False)
                )
            return
        raise ClassError("the class game kept changing: tap your choice again")

    def _student_of(self, connection: Connection, class_id: int, hashed: str) -> str | None:
        found = connection.execute(
            sa.select(class_students.c.student).where(
                class_students.c.class_id == class_id, class_students.c.token_hash == hashed
            )
        ).scalar_one_or_none()
        return None if found is None else str(found)

    def heartbeat(self, class_id: int, token: str) -> None:
        """The student's page is still open (it calls this every few seconds)."""
        self._check(class_id, token, "student")

    def leave(self, class_id: int, token: str) -> None:
        """The student's page closed: not waited for, not seated in the next round, until the
        page (or a reload of it) is seen again. A choice already made still counts."""
        student, _ = self._check(class_id, token, "student")
        with self.store._write() as connection:
            connection.execute(
                class_students.update()
                .where(class_students.c.class_id == class_id, class_students.c.student == student)
                .values(gone=True)
            )


def _outcome_json(o: Any) -> dict[str, Any]:
    return {
        "round": o.round,
        "role": o.role,
        "action": o.action,
        "payoff": o.payoff,
        "partners": list(o.partners),
        "by_computer": o.by_computer,
    }
