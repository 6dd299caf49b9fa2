"""Class games in the database: the teacher's screen and every student's phone share one game.

Three tables (schema 4): ``class_games`` holds the teacher's side of the game (the
:class:`~tabletop.classroom.ledger.ClassLedger` as JSON: rounds, groups, results), changed only
by the teacher's actions; ``class_students`` one row per student (nickname, hashed token, last
seen); ``class_choices`` one row per student and round, so 40 students submitting at once write
40 different rows. A student's operations read that student's own rows only: no other
student's choice of an open round ever reaches their page, and a choice is kept encrypted under
the server secret (:func:`~tabletop.store.server_secret.seal_at_rest`), so a reader of the
database alone does not see it either.

Closing a round locks the class game's row (``FOR UPDATE`` on PostgreSQL; SQLite writes one at a
time), and a submission holds a shared lock on it, so a choice is either in the round's results
or refused with "the round is closed" — never stored and then ignored.

Credentials are kept as keyed hashes (:mod:`tabletop.store.tokens`) and only checked: a wrong
one is refused, nothing is counted and no class game is ever locked out (its teacher and
students would be locked out with the guesser); the web server slows guessers per client. The
teacher may give a student a new link to the same seat (:meth:`Classes.rejoin`: a phone that
died); the old one then opens nothing.

A class game may take partners for its empty seats from the stored choices of earlier classes
of the same game (:meth:`Classes.earlier_classes`, ``partners_from`` of :meth:`Classes.create`),
and a teacher may add stand-in students for a rehearsal (:meth:`Classes.add_standins`): rows of
``class_students`` whose token is never given out, with their strategy in the ledger.
The teacher's latest message to every phone (schema 9: ``class_games.message``, plain text, with
the time it was sent) is read with each student's view (:meth:`Classes.send_message`).

:class:`Classes` works on a :class:`~tabletop.store.store.Store` through its public
transactions; the values it hands out, the page links and the refusals are in
:mod:`tabletop.store.classroom_records`.

>>> from tabletop.store import open_store
>>> import tempfile, os
>>> classes = Classes(open_store(os.path.join(tempfile.mkdtemp(), "t.db")))
>>> new = classes.create("africa-two-full", rounds=3)
>>> ana = classes.join(new.class_id, new.code, "Ana")
>>> classes.student_view(new.class_id, ana.token)["status"]
'waiting'
"""

from __future__ import annotations

import hmac
import json
import random
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from tabletop.classroom.ledger import (
    ClassError,
    ClassLedger,
    StoredChoice,
    check_strategy,
    clean_message,
    clean_nickname,
)
from tabletop.classroom.standins import MAX_STANDINS
from tabletop.store.classroom_records import (
    BadClassToken,
    ClassNotFound,
    EarlierClass,
    NewClass,
    StudentPass,
)
from tabletop.store.records import aware, utc_now
from tabletop.store.schema import class_choices, class_games, class_students
from tabletop.store.server_secret import open_at_rest, seal_at_rest
from tabletop.store.store import Store
from tabletop.store.tokens import hash_secret, new_code, new_token, normalize_code

__all__ = [
    "PRESENT_SECONDS",
    "SEEN_REFRESH",
    "Classes",
]

#: A student whose page has not been heard from for this long is not seated in the next
#: round and not waited for in this one (the computer chooses for them at the close).
PRESENT_SECONDS = 20.0
#: "Last seen" is written again only when older than this (a page asks every few seconds).
SEEN_REFRESH = 5.0


class Classes:
    """Class games kept in a store (SQLite or PostgreSQL): the teacher's screen with its host
    token, each student's phone with the student's own token."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ------------------------------------------------------------------ rows and credentials
    def _class_row(self, connection: Connection, class_id: int, lock: str | None = None) -> Any:
        query = sa.select(class_games).where(class_games.c.id == class_id)
        if lock and self.store.backend == "postgresql":
            query = query.with_for_update(read=lock == "share")
        row = connection.execute(query).one_or_none()
        if row is None:
            raise ClassNotFound(class_id)
        return row

    def verify(self, class_id: int, credential: str, who: str) -> bool:
        """Whether ``credential`` is the teacher's (``who="host"``), the class link or code
        (``"join"``) or a student's (``"student"``) for class game ``class_id``: a check only
        (nothing is written, a missing class game is ``False``), for the web server's gate."""
        try:
            with self.store.reading() as connection:
                return self._match(connection, class_id, credential, who) is not None
        except ClassNotFound:
            return False

    def _match(self, connection: Connection, class_id: int, credential: str, who: str) -> Any:
        """The row ``credential`` opens as ``who`` (the class game's, or the student's), or
        ``None``; every hash is compared in constant time, nothing is counted."""
        given = str(credential).strip()
        hashed = hash_secret(given)
        row = self._class_row(connection, class_id)
        if who == "host":
            return row if hmac.compare_digest(hashed, row.host_hash) else None
        if who == "join":
            candidates = (hashed, hash_secret(normalize_code(given)))
            # Every comparison is made (no early exit): constant time.
            stored = (row.join_hash, row.code_hash)
            hits = [hmac.compare_digest(h, k) for h in candidates for k in stored]
            return row if any(hits) else None
        return connection.execute(
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

    def _check(self, class_id: int, credential: str, who: str) -> tuple[str, str]:
        """Whose ``credential`` it is: the teacher ("host"), the class link or code ("join"), or
        a student (their id and nickname; their page is marked as seen).

        A wrong credential is refused (:class:`BadClassToken`); nothing is counted or locked.
        """
        # Reading first: most checks write nothing, and SQLite takes one writer at a time.
        with self.store.reading() as connection:
            hit = self._match(connection, class_id, credential, who)
        if hit is None:
            raise BadClassToken()
        if who != "student":
            return ("", "")
        stale = utc_now() - timedelta(seconds=SEEN_REFRESH)
        if hit.gone or aware(hit.seen) < stale:
            with self.store.writing() as connection:
                connection.execute(
                    class_students.update()
                    .where(
                        class_students.c.class_id == class_id,
                        class_students.c.student == hit.student,
                    )
                    .values(seen=utc_now(), gone=False)
                )
        return (str(hit.student), str(hit.nickname))

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
        limit = utc_now() - timedelta(seconds=PRESENT_SECONDS)
        ledger.students = {r.student: r.nickname for r in rows}
        ledger.present = {r.student for r in rows if not r.gone and aware(r.seen) >= limit}
        # Stand-ins have no page: they are always here.
        ledger.present |= set(ledger.standins) & set(ledger.students)
        current = ledger.current
        if current is not None and not current.closed:
            query = sa.select(class_choices.c.student, class_choices.c.action).where(
                class_choices.c.class_id == row.id, class_choices.c.round == current.number
            )
            if own is not None:
                query = query.where(class_choices.c.student == own)
            choices = {
                r.student: open_at_rest(r.action, choice_context(row.id, current.number, r.student))
                for r in connection.execute(query)
            }
            # A choice that does not open (another server secret) is played by the computer.
            current.choices = {s: a for s, a in choices.items() if a is not None}
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
        now = utc_now()
        return {
            r.nickname: (now - aware(r.seen)).total_seconds()
            for r in connection.execute(
                sa.select(class_students.c.nickname, class_students.c.seen).where(
                    class_students.c.class_id == class_id
                )
            )
        }

    def _stored_choices(self, connection: Connection, ledger: ClassLedger) -> list[StoredChoice]:
        """The choices of the earlier classes the teacher named, still in the database."""
        if not ledger.partners_from:
            return []
        rows = connection.execute(
            sa.select(class_games.c.id, class_games.c.ledger).where(
                class_games.c.id.in_(ledger.partners_from)
            )
        )
        found: list[StoredChoice] = []
        for row in rows:
            earlier = _readable(row.ledger)
            if earlier is not None and earlier.preset_key == ledger.preset_key:
                found += earlier.stored_choices(int(row.id))
        return found

    # ------------------------------------------------------------------ teacher
    def earlier_classes(self, preset: str) -> list[EarlierClass]:
        """The class games of game ``preset`` whose students' choices can be partners in a
        new class game (at least one stored choice), newest first: for the teacher's form."""
        with self.store.reading() as connection:
            rows = connection.execute(
                sa.select(class_games.c.id, class_games.c.created, class_games.c.ledger).order_by(
                    class_games.c.id.desc()
                )
            ).all()
        found = []
        for row in rows:
            ledger = _readable(row.ledger)
            if ledger is None or ledger.preset_key != preset:
                continue
            choices = len(ledger.stored_choices(int(row.id)))
            if choices:
                played = sum(r.closed for r in ledger.history)
                found.append(EarlierClass(int(row.id), aware(row.created), played, choices))
        return found

    def create(
        self,
        preset: str,
        rounds: int,
        matching: str = "random",
        seed: int | None = None,
        partners_from: Sequence[int] = (),
    ) -> NewClass:
        """A new class game of ``preset``; ``partners_from``: earlier class games of the same
        game (:meth:`earlier_classes`) whose stored choices fill the seats nobody sits in."""
        ledger = ClassLedger.new(preset, rounds, matching, seed, partners_from)
        if ledger.partners_from:
            known = {c.class_id for c in self.earlier_classes(preset)}
            unknown = [c for c in ledger.partners_from if c not in known]
            if unknown:
                raise ClassError(
                    f"class game {unknown[0]} has no stored choices of this game: choose "
                    "among the earlier classes of the same game"
                )
        host, join = new_token(), new_token()
        code = new_code()
        with self.store.writing() as connection:
            inserted = connection.execute(
                class_games.insert().values(
                    host_hash=hash_secret(host),
                    join_hash=hash_secret(join),
                    code_hash=hash_secret(code),
                    created=utc_now(),
                    ledger=json.dumps(ledger.to_json()),
                    rev=0,
                )
            ).inserted_primary_key
        assert inserted is not None
        return NewClass(int(inserted[0]), host, join, code)

    def open_round(self, class_id: int, host_token: str) -> dict[str, Any]:
        """The next round over the students present now."""
        self._check(class_id, host_token, "host")
        with self.store.writing() as connection:
            ledger = self._ledger(connection, class_id, lock="update")
            record = ledger.open_round()
            self._save(connection, class_id, ledger)
            # The stand-ins chose as the round opened: their choices are kept as a student's.
            now = utc_now()
            for student, action in record.choices.items():
                connection.execute(
                    class_choices.insert().values(
                        class_id=class_id,
                        round=record.number,
                        student=student,
                        action=seal_at_rest(
                            action, choice_context(class_id, record.number, student)
                        ),
                        submitted=now,
                    )
                )
        return {"round": record.number, "groups": len(record.groups)}

    def close_round(self, class_id: int, host_token: str) -> dict[str, Any]:
        """Close the open round: computers play every missing choice, everyone is paid."""
        self._check(class_id, host_token, "host")
        with self.store.writing() as connection:
            ledger = self._ledger(connection, class_id, lock="update")
            outcomes = ledger.close_round(self._stored_choices(connection, ledger))
            self._save(connection, class_id, ledger)
        return {"round": outcomes[0].round if outcomes else None, "seats": len(outcomes)}

    def teacher_view(self, class_id: int, host_token: str) -> dict[str, Any]:
        """Counts, who is still choosing (names, never choices) and every closed round's results."""
        self._check(class_id, host_token, "host")
        with self.store.reading() as connection:
            row = self._class_row(connection, class_id)
            ledger = self._ledger_from(connection, row, None)
            seen = self._seen(connection, class_id)
        current = ledger.current
        open_round = current is not None and not current.closed
        closed = [r for r in ledger.history if r.closed]
        prediction = ledger.game.prediction
        return {
            "class": class_id,
            "preset": ledger.preset_key,
            "rounds": ledger.rounds,
            "round": current.number if current else 0,
            "open": open_round,
            "finished": ledger.finished,
            "joined": len(ledger.students),
            "present": len(ledger.present),
            "seated": (
                sum(s is not None for g in current.groups for s in g)
                if current and open_round
                else 0
            ),
            "submitted": (len(current.choices) if current and open_round else 0),
            # Still to choose: those whose page is open; the others are not waited for.
            "waiting": [ledger.students[s] for s in ledger.waiting_for() if s in ledger.present],
            "gone": [ledger.students[s] for s in ledger.waiting_for() if s not in ledger.present],
            "last_seen": seen,
            "shares": {
                r.number: {
                    role: ledger.shares(r.number, k) for k, role in enumerate(ledger.game.roles)
                }
                for r in closed
            },
            "shares_all": {r.number: ledger.shares(r.number) for r in closed},
            "counts": {r.number: _counts(r.outcomes) for r in closed},
            "average_payoff": {
                r.number: _mean([o.payoff for o in r.outcomes if not o.by_computer]) for r in closed
            },
            "prediction": {
                "how": prediction.how,
                "mix": {role: prediction.mix[k] for k, role in enumerate(ledger.game.roles)},
                "pure_equilibria": [list(p) for p in prediction.pure_equilibria],
                "dominant": list(prediction.dominant),
                "value": prediction.value,
            },
            "totals": {ledger.students[s]: v for s, v in ledger.totals().items()},
            # Everyone who joined, in joining order (the teacher's list, its rejoin links).
            "students": [
                {
                    "student": s,
                    "nickname": name,
                    "standin": s in ledger.standins,
                    "present": s in ledger.present,
                }
                for s, name in ledger.students.items()
            ],
            "standins": {
                ledger.students[s]: str(v.strategy)
                for s, v in ledger.standins.items()
                if s in ledger.students
            },
            "partners_from": list(ledger.partners_from),
            "message": _message(row),
            # Per closed round, the (class, round) of every stored choice that was a partner.
            "stored": {
                r.number: [
                    [o.stored_class, o.stored_round]
                    for o in r.outcomes
                    if o.stored_class is not None
                ]
                for r in closed
            },
        }

    def export_csv(
        self,
        class_id: int,
        host_token: str,
        include_standins: bool = False,
        table: str = "choices",
    ) -> str:
        """Every seat of every closed round as CSV (one row each); the stand-ins' seats only
        when ``include_standins`` (a rehearsal is not the class's data).

        ``table="qre"``: instead, the logit QRE fitted to the closed rounds' counts (those the
        teacher's screen shows), one row per side and action with λ, the profile and the
        log-likelihoods (:func:`~tabletop.classroom.theory.theory_csv`; its header alone
        before the first choice)."""
        if table not in ("choices", "qre"):
            raise ClassError(f"unknown export {table!r}: choose choices or qre")
        self._check(class_id, host_token, "host")
        with self.store.reading() as connection:
            ledger = self._ledger(connection, class_id)
        if table == "choices":
            return ledger.csv_text(include_standins)
        # The fit needs numpy and SciPy: loaded by this export only.
        from tabletop.classroom.theory import class_theory, theory_csv

        counts = {r.number: _counts(r.outcomes) for r in ledger.history if r.closed}
        return theory_csv(class_theory(ledger.game, counts))

    def add_standins(
        self,
        class_id: int,
        host_token: str,
        n: int,
        strategy: str = "uniform",
        seed: int | None = None,
        name: str = "Stand-in",
    ) -> list[str]:
        """Add ``n`` (1 to 40) stand-in students for a rehearsal, playing ``strategy``
        (``uniform``, ``nash`` or ``best-response``), their draws made from ``seed`` (random
        when ``None``); their nicknames (``name`` and a number: "Stand-in 1") are returned.

        They sit from the next round on, choose as soon as a round opens, are marked as
        stand-ins in the teacher's lists and results, and are left out of the export unless
        asked for."""
        how = check_strategy(strategy)
        if not isinstance(n, int) or not 1 <= n <= MAX_STANDINS:
            raise ClassError(f"add 1 to {MAX_STANDINS} stand-ins at a time, not {n}")
        label = clean_nickname(name)
        seed = random.SystemRandom().randrange(2**32) if seed is None else int(seed)
        self._check(class_id, host_token, "host")
        added: list[str] = []
        with self.store.writing() as connection:
            # The class row is locked first, as a join does: the numbers of students stay unique.
            ledger = self._ledger(connection, class_id, lock="update")
            taken = {nickname.casefold() for nickname in ledger.students.values()}
            count = len(ledger.students)
            number = 0
            now = utc_now()
            while len(added) < n:
                number += 1
                nickname = f"{label} {number}"
                if nickname.casefold() in taken:
                    continue
                student = f"s{count + len(added) + 1}"
                ledger.add_standin(nickname, how, seed, student)
                connection.execute(
                    class_students.insert().values(
                        class_id=class_id,
                        student=student,
                        # A token nobody is given: a stand-in has no page.
                        token_hash=hash_secret(new_token()),
                        nickname=nickname,
                        nickname_key=nickname.casefold(),
                        joined=now,
                        seen=now,
                        gone=False,
                    )
                )
                added.append(nickname)
            self._save(connection, class_id, ledger)
        return added

    def send_message(self, class_id: int, host_token: str, text: str) -> dict[str, Any]:
        """Show ``text`` (plain text, at most 280 characters) on every student's phone, in
        place of the message before, until :meth:`clear_message`; returns it as the pages get it
        (``{"text": ..., "at": ISO time}``)."""
        kept = clean_message(text)
        self._check(class_id, host_token, "host")
        now = utc_now()
        with self.store.writing() as connection:
            self._set_message(connection, class_id, kept, now)
        return {"text": kept, "at": now.isoformat()}

    def clear_message(self, class_id: int, host_token: str) -> None:
        """Take the teacher's message off every phone."""
        self._check(class_id, host_token, "host")
        with self.store.writing() as connection:
            self._set_message(connection, class_id, None, None)

    def _set_message(
        self, connection: Connection, class_id: int, text: str | None, at: datetime | None
    ) -> None:
        # Not a change of the game (its rev stays): a submission in flight is not retried.
        changed = connection.execute(
            class_games.update()
            .where(class_games.c.id == class_id)
            .values(message=text, message_at=at)
        ).rowcount
        if not changed:
            raise ClassNotFound(class_id)

    def rejoin(self, class_id: int, host_token: str, student: str) -> StudentPass:
        """A new personal link for a student (by id, ``s3``, or nickname): the same seat,
        nickname and history; the student's old link opens nothing from now on."""
        self._check(class_id, host_token, "host")
        token = new_token()
        with self.store.writing() as connection:
            ledger = self._ledger(connection, class_id)
            sid = _student_named(ledger, student)
            if sid in ledger.standins:
                raise ClassError(f"{ledger.students[sid]} is a stand-in: it has no page to open")
            connection.execute(
                class_students.update()
                .where(class_students.c.class_id == class_id, class_students.c.student == sid)
                .values(token_hash=hash_secret(token))
            )
        return StudentPass(class_id, sid, token, ledger.students[sid])

    def delete(self, class_id: int, host_token: str) -> None:
        """The class game and every trace of its students (nicknames, choices) removed."""
        self._check(class_id, host_token, "host")
        with self.store.writing() as connection:
            for table in (class_choices, class_students):
                connection.execute(table.delete().where(table.c.class_id == class_id))
            connection.execute(class_games.delete().where(class_games.c.id == class_id))

    # ------------------------------------------------------------------ students
    def join(self, class_id: int, credential: str, nickname: str) -> StudentPass:
        """A student joins with the class link's token or its short code and a nickname."""
        name = clean_nickname(nickname)
        token = new_token()
        self._check(class_id, credential, "join")
        with self.store.writing() as connection:
            # Joins to one class take turns: the class row is locked before the students are
            # counted (PostgreSQL; SQLite's write transactions already take turns), so two
            # students joining at once never draw the same number.
            connection.execute(
                sa.select(class_games.c.id).where(class_games.c.id == class_id).with_for_update()
            )
            count = connection.execute(
                sa.select(sa.func.count())
                .select_from(class_students)
                .where(class_students.c.class_id == class_id)
            ).scalar_one()
            student = f"s{count + 1}"
            now = utc_now()
            try:
                connection.execute(
                    class_students.insert().values(
                        class_id=class_id,
                        student=student,
                        token_hash=hash_secret(token),
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
        with self.store.reading() as connection:
            row = self._class_row(connection, class_id)
            ledger = self._ledger_from(connection, row, own=student)
            number = ledger.current.number if ledger.current else 0
            kept = connection.execute(
                sa.select(class_choices.c.action).where(
                    class_choices.c.class_id == class_id,
                    class_choices.c.round == number,
                    class_choices.c.student == student,
                )
            ).scalar_one_or_none()
        own = None
        if kept is not None:
            own = open_at_rest(kept, choice_context(class_id, number, student))
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
            "message": _message(row),
        }

    def submit(self, class_id: int, token: str, action: str) -> None:
        """A student's choice for the open round (a new one replaces the old until it closes)."""
        hashed = hash_secret(str(token).strip())
        for _attempt in range(5):
            # Checked first in a read (no lock: SQLite takes one writer at a time and 40
            # students tap at once), then written in a short transaction that makes sure the
            # class game did not move on (its rev) in between.
            with self.store.reading() as connection:
                row = self._class_row(connection, class_id)
                student = self._student_of(connection, class_id, hashed)
                if student is not None:
                    ledger = self._ledger_from(connection, row, own=student)
                    ledger.submit(student, action)  # ClassError: not seated, round closed...
                    number = ledger.current.number if ledger.current else 0
            if student is None:
                self._check(class_id, token, "student")  # refuses
                return
            with self.store.writing() as connection:
                # A shared lock: submissions go side by side, a closing round waits for them.
                now = self._class_row(connection, class_id, "share")
                if now.rev != row.rev:
                    continue  # a round opened or closed meanwhile: check again
                key = (
                    class_choices.c.class_id == class_id,
                    class_choices.c.round == number,
                    class_choices.c.student == student,
                )
                kept = seal_at_rest(action, choice_context(class_id, number, student))
                changed = connection.execute(
                    class_choices.update().where(*key).values(action=kept, submitted=utc_now())
                ).rowcount
                if not changed:
                    connection.execute(
                        class_choices.insert().values(
                            class_id=class_id,
                            round=number,
                            student=student,
                            action=kept,
                            submitted=utc_now(),
                        )
                    )
                connection.execute(
                    class_students.update()
                    .where(
                        class_students.c.class_id == class_id, class_students.c.student == student
                    )
                    .values(seen=utc_now(), gone=False)
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
        with self.store.writing() as connection:
            connection.execute(
                class_students.update()
                .where(class_students.c.class_id == class_id, class_students.c.student == student)
                .values(gone=True)
            )


def choice_context(class_id: int, round_: int, student: str) -> str:
    """What a student's kept choice is bound to (its row): it is encrypted under the server
    secret while its round is open (the results, once closed, are the class's)."""
    return f"tabletop class choice|class {class_id}|round {round_}|student {student}"


def _message(row: Any) -> dict[str, str] | None:
    """The teacher's message as the pages get it, or None."""
    if not row.message:
        return None
    at = aware(row.message_at)
    return {"text": str(row.message), "at": at.isoformat() if at else ""}


def _readable(text: str) -> ClassLedger | None:
    """A class game's ledger, or None when it cannot be read (it is then no partner)."""
    try:
        return ClassLedger.from_json(json.loads(text))
    except (ClassError, ValueError):
        return None


def _student_named(ledger: ClassLedger, student: str) -> str:
    """The id of the student called ``student`` (their id or nickname, any case)."""
    given = str(student).strip()
    if given in ledger.students:
        return given
    for sid, nickname in ledger.students.items():
        if nickname.casefold() == " ".join(given.split()).casefold():
            return sid
    raise ClassError(f"no student of this class game is called {given[:40]!r}")


def _counts(outcomes: list[Any]) -> dict[str, dict[str, int]]:
    """Per role, how many students (not computers) chose each action."""
    out: dict[str, dict[str, int]] = {}
    for o in outcomes:
        if not o.by_computer:
            role = out.setdefault(o.role, {})
            role[o.action] = role.get(o.action, 0) + 1
    return out


def _mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _outcome_json(o: Any) -> dict[str, Any]:
    return {
        "round": o.round,
        "role": o.role,
        "action": o.action,
        "payoff": o.payoff,
        "partners": list(o.partners),
        "partner_kinds": list(o.partner_kinds),
        "by_computer": o.by_computer,
    }
