"""The teacher's side of a class game: create it, open and close rounds, the live counts and
results (names of those still choosing, never their choices), the CSV export, deletion."""

from __future__ import annotations

import json
from typing import Any

from tabletop.classroom.ledger import ClassLedger
from tabletop.store.classroom_access import ClassesBase
from tabletop.store.classroom_records import NewClass
from tabletop.store.schema import class_choices, class_games, class_students
from tabletop.store.tokens import hash_secret as _hash
from tabletop.store.tokens import new_code
from tabletop.store.tokens import new_token as _token
from tabletop.store.tokens import utc_now as _now


class TeacherActions(ClassesBase):
    """What the teacher's screen does with its host token."""

    # ------------------------------------------------------------------ teacher
    def create(
        self, preset: str, rounds: int, matching: str = "random", seed: int | None = None
    ) -> NewClass:
        ledger = ClassLedger.new(preset, rounds, matching, seed)
        host, join = _token(), _token()
        code = new_code()
        with self.store._write() as connection:
            inserted = connection.execute(
                class_games.insert().values(
                    host_hash=_hash(host),
                    join_hash=_hash(join),
                    code_hash=_hash(code),
                    created=_now(),
                    ledger=json.dumps(ledger.to_json()),
                    rev=0,
                    failures=0,
                )
            ).inserted_primary_key
        assert inserted is not None
        return NewClass(int(inserted[0]), host, join, code)

    def open_round(self, class_id: int, host_token: str) -> dict[str, Any]:
        """The next round over the students present now."""
        self._check(class_id, host_token, "host")
        with self.store._write() as connection:
            ledger = self._ledger(connection, class_id, lock="update")
            record = ledger.open_round()
            self._save(connection, class_id, ledger)
        return {"round": record.number, "groups": len(record.groups)}

    def close_round(self, class_id: int, host_token: str) -> dict[str, Any]:
        """Close the open round: computers play every missing choice, everyone is paid."""
        self._check(class_id, host_token, "host")
        with self.store._write() as connection:
            ledger = self._ledger(connection, class_id, lock="update")
            outcomes = ledger.close_round()
            self._save(connection, class_id, ledger)
        return {"round": outcomes[0].round if outcomes else None, "seats": len(outcomes)}

    def teacher_view(self, class_id: int, host_token: str) -> dict[str, Any]:
        """Counts, who is still choosing (names, never choices) and every closed round's results."""
        self._check(class_id, host_token, "host")
        with self.store._read() as connection:
            ledger = self._ledger(connection, class_id)
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
        }

    def export_csv(self, class_id: int, host_token: str) -> str:
        self._check(class_id, host_token, "host")
        with self.store._read() as connection:
            return self._ledger(connection, class_id).csv_text()

    def delete(self, class_id: int, host_token: str) -> None:
        """The class game and every trace of its students (nicknames, choices) removed."""
        self._check(class_id, host_token, "host")
        with self.store._write() as connection:
            for table in (class_choices, class_students):
                connection.execute(table.delete().where(table.c.class_id == class_id))
            connection.execute(class_games.delete().where(class_games.c.id == class_id))


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
