"""Class games in the database (SQLite and PostgreSQL): secrecy, tokens, rounds, load."""

from __future__ import annotations

import csv
import io
import json
import threading
from typing import Any

import pytest
import sqlalchemy as sa

from tabletop.classroom.games import preset
from tabletop.classroom.ledger import ClassError
from tabletop.store import Store, open_store
from tabletop.store.classroom import Classes
from tabletop.store.classroom_records import BadClassToken, ClassNotFound
from tabletop.store.schema import class_choices, class_games, class_students


def _class(store: Store, n: int, key: str = "africa-two-full", rounds: int = 3) -> tuple:
    classes = Classes(store)
    new = classes.create(key, rounds=rounds, seed=3)
    passes = [classes.join(new.class_id, new.code, f"Student {k}") for k in range(n)]
    return classes, new, passes


def test_only_hashes_of_tokens_and_codes_are_kept(store: Store) -> None:
    classes, new, passes = _class(store, 2)
    with store.engine.connect() as connection:
        dump = json.dumps(
            [
                [str(v) for v in row]
                for table in (class_games, class_students)
                for row in connection.execute(sa.select(table))
            ]
        )
    secrets = [new.host_token, new.join_token, new.code] + [p.token for p in passes]
    assert not any(s in dump for s in secrets)
    assert "Student 0" in dump  # the nickname is all that is kept about a student


def test_wrong_codes_are_refused_and_never_lock_the_class_out(store: Store) -> None:
    classes, new, _ = _class(store, 0)
    with pytest.raises(ClassNotFound):
        classes.join(new.class_id + 100, new.code, "Ana")
    for _ in range(12):
        with pytest.raises(BadClassToken):
            classes.join(new.class_id, "WRONG1", "Ana")
    # The right code still opens at once (guessers are slowed per client by the web server).
    assert classes.join(new.class_id, new.code, "Ana").student == "s1"


def test_join_with_the_link_or_the_typed_code_and_nicknames_are_unique(store: Store) -> None:
    classes, new, _ = _class(store, 0)
    a = classes.join(new.class_id, new.join_token, "Ana")
    b = classes.join(new.class_id, new.code.lower()[:3] + " " + new.code.lower()[3:], "Ben")
    assert (a.student, b.student) == ("s1", "s2")
    with pytest.raises(ClassError, match="taken"):
        classes.join(new.class_id, new.code, "ANA")
    with pytest.raises(BadClassToken):
        classes.open_round(new.class_id, a.token)  # a student is not the teacher


def test_a_student_sees_only_their_own_choice(store: Store) -> None:
    classes, new, passes = _class(store, 4)
    classes.open_round(new.class_id, new.host_token)
    views = [classes.student_view(new.class_id, p.token) for p in passes]
    assert all(v["status"] == "choose" and v["actions"] == ["alliance", "war"] for v in views)
    classes.submit(new.class_id, passes[0].token, "war")
    classes.submit(new.class_id, passes[1].token, "alliance")
    mine = classes.student_view(new.class_id, passes[1].token)
    assert mine["status"] == "submitted" and mine["choice"] == "alliance"
    other = classes.student_view(new.class_id, passes[2].token)
    assert other["choice"] is None
    teacher = classes.teacher_view(new.class_id, new.host_token)
    assert teacher["submitted"] == 2 and sorted(teacher["waiting"]) == ["Student 2", "Student 3"]
    assert "choices" not in json.dumps(teacher)


def test_rounds_pay_by_the_rules_and_the_csv_is_what_was_submitted(store: Store) -> None:
    classes, new, passes = _class(store, 4, key="africa-two-full-score", rounds=2)
    game = preset("africa-two-full-score")
    sent: dict[tuple[int, str], str] = {}
    for number in (1, 2):
        classes.open_round(new.class_id, new.host_token)
        for k, p in enumerate(passes):
            action = "war" if (k + number) % 2 else "alliance"
            classes.submit(new.class_id, p.token, action)
            sent[(number, p.student)] = action
        classes.close_round(new.class_id, new.host_token)
    rows = list(csv.DictReader(io.StringIO(classes.export_csv(new.class_id, new.host_token))))
    assert {(int(r["round"]), r["student"]): r["action"] for r in rows} == sent
    for number in (1, 2):
        for group in {r["group"] for r in rows if int(r["round"]) == number}:
            pair = [r for r in rows if int(r["round"]) == number and r["group"] == group]
            by_role = {r["role"]: r for r in pair}
            profile = tuple(by_role[role]["action"] for role in game.roles)
            paid = tuple(float(by_role[role]["payoff"]) for role in game.roles)
            assert paid == game.payoff(profile)
    view = classes.student_view(new.class_id, passes[0].token)
    assert view["status"] == "finished"
    assert view["total"] == sum(float(r["payoff"]) for r in rows if r["student"] == "s1")


def test_a_submission_after_the_close_is_refused_not_lost(store: Store) -> None:
    classes, new, passes = _class(store, 2)
    classes.open_round(new.class_id, new.host_token)
    classes.submit(new.class_id, passes[0].token, "war")
    classes.close_round(new.class_id, new.host_token)
    with pytest.raises(ClassError, match="no round is open"):
        classes.submit(new.class_id, passes[1].token, "alliance")
    view = classes.student_view(new.class_id, passes[1].token)
    assert view["last"]["by_computer"] is True  # the computer chose for the silent one


def test_a_student_who_leaves_is_played_by_the_computer_and_can_come_back(store: Store) -> None:
    classes, new, passes = _class(store, 2)
    classes.open_round(new.class_id, new.host_token)
    classes.leave(new.class_id, passes[1].token)
    # Nobody waits for the one who left; the other still has to choose.
    view = classes.teacher_view(new.class_id, new.host_token)
    assert view["waiting"] == ["Student 0"] and view["gone"] == ["Student 1"]
    classes.submit(new.class_id, passes[0].token, "war")
    classes.close_round(new.class_id, new.host_token)
    teacher = classes.teacher_view(new.class_id, new.host_token)
    assert teacher["present"] == 1
    classes.open_round(new.class_id, new.host_token)
    assert classes.student_view(new.class_id, passes[0].token)["status"] == "choose"
    # The one who left reloads their page: seen again, they play from the next round.
    assert classes.student_view(new.class_id, passes[1].token)["status"] == "waiting"


def test_deleting_a_class_game_removes_every_trace(store: Store) -> None:
    classes, new, passes = _class(store, 2)
    classes.open_round(new.class_id, new.host_token)
    classes.submit(new.class_id, passes[0].token, "war")
    classes.delete(new.class_id, new.host_token)
    with store.engine.connect() as connection:
        for table in (class_games, class_students, class_choices):
            assert connection.execute(sa.select(sa.func.count()).select_from(table)).scalar() == 0
    with pytest.raises(ClassNotFound):
        classes.student_view(new.class_id, passes[0].token)


def test_forty_students_submitting_at_once_for_five_rounds(db_url: str) -> None:
    # Loopback only, bounded: 40 threads, each with its own store (its own connections), as
    # 40 student kernels; they submit at the same moment each round.
    first = open_store(db_url)
    classes = Classes(first)
    new = classes.create("massai-two-huts", rounds=5, seed=1)
    passes = [classes.join(new.class_id, new.code, f"S{k}") for k in range(40)]
    errors: list[str] = []
    sent: dict[tuple[int, str], str] = {}
    lock = threading.Lock()
    opened, done = threading.Barrier(41), threading.Barrier(41)

    def student(p: Any) -> None:
        store = open_store(db_url)
        mine = Classes(store)
        try:
            for number in range(1, 6):
                opened.wait(timeout=120)
                try:
                    view = mine.student_view(new.class_id, p.token)
                    action = view["actions"][(int(p.student[1:]) + number) % len(view["actions"])]
                    mine.submit(new.class_id, p.token, action)
                    with lock:
                        sent[(number, p.student)] = action
                except Exception as error:  # collected: the test fails with it
                    errors.append(repr(error))
                done.wait(timeout=120)
        finally:
            store.close()

    threads = [threading.Thread(target=student, args=(p,)) for p in passes]
    for t in threads:
        t.start()
    try:
        for _ in range(5):
            classes.open_round(new.class_id, new.host_token)
            opened.wait(timeout=120)
            done.wait(timeout=120)
            assert not errors, errors[:3]
            assert classes.teacher_view(new.class_id, new.host_token)["submitted"] == 40
            classes.close_round(new.class_id, new.host_token)
    finally:
        # A failed round must not leave the students waiting: break the barriers (harmless once
        # every round has passed them).
        opened.abort()
        done.abort()
        for t in threads:
            t.join(120)
    rows = list(csv.DictReader(io.StringIO(classes.export_csv(new.class_id, new.host_token))))
    assert len(rows) == 200 and all(r["by_computer"] == "0" for r in rows)
    assert {(int(r["round"]), r["student"]): r["action"] for r in rows} == sent
    first.close()


def test_forty_students_joining_at_the_same_moment_all_get_in(db_url: str) -> None:
    """Each joins from its own store (as its own kernel) at one barrier: every join succeeds,
    with its own number and nickname (on PostgreSQL the numbers once came from a count that
    two joins could read at the same time, refusing most with a false "nickname taken")."""
    first = open_store(db_url)
    classes = Classes(first)
    new = classes.create("massai-two-huts", rounds=1, seed=1)
    stores = [open_store(db_url) for _ in range(40)]
    start = threading.Barrier(40)
    joined: list[Any] = []
    errors: list[str] = []
    lock = threading.Lock()

    def student(k: int) -> None:
        start.wait(timeout=120)
        try:
            student_pass = Classes(stores[k]).join(new.class_id, new.code, f"Student {k}")
            with lock:
                joined.append(student_pass)
        except Exception as error:  # collected: the test fails with it
            with lock:
                errors.append(repr(error))

    threads = [threading.Thread(target=student, args=(k,)) for k in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    for store in stores:
        store.close()
    assert errors == []
    assert sorted(p.student for p in joined) == sorted(f"s{k}" for k in range(1, 41))
    assert {p.nickname for p in joined} == {f"Student {k}" for k in range(40)}
    first.close()
