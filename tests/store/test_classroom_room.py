"""Class games in the database (SQLite and PostgreSQL): partners from earlier classes, stand-in
students for a rehearsal, a new link to a student's own seat."""

from __future__ import annotations

import csv
import io

import pytest

from tabletop.classroom.ledger import ClassError
from tabletop.server.checks import StoreChecks
from tabletop.server.gate import Gate
from tabletop.store import Store
from tabletop.store.classroom import Classes
from tabletop.store.classroom_records import BadClassToken, NewClass


def _earlier(classes: Classes, key: str = "massai-two-huts", students: int = 2) -> NewClass:
    """A class game of ``key`` played to its end (3 rounds), every student choosing."""
    new = classes.create(key, rounds=3, seed=2)
    passes = [classes.join(new.class_id, new.code, f"Earlier {k}") for k in range(students)]
    for number in range(3):
        classes.open_round(new.class_id, new.host_token)
        for k, p in enumerate(passes):
            actions = classes.student_view(new.class_id, p.token)["actions"]
            classes.submit(new.class_id, p.token, actions[(k + number) % len(actions)])
        classes.close_round(new.class_id, new.host_token)
    return new


def _rows(classes: Classes, new: NewClass, **kw: bool) -> list[dict[str, str]]:
    text = classes.export_csv(new.class_id, new.host_token, **kw)
    return list(csv.DictReader(io.StringIO(text)))


def test_a_class_of_one_plays_a_whole_game_against_stored_choices(store: Store) -> None:
    classes = Classes(store)
    earlier = _earlier(classes)
    classes.create("africa-two-full", rounds=1, seed=1)  # another game: not offered
    offered = classes.earlier_classes("massai-two-huts")
    assert [(c.class_id, c.rounds, c.choices) for c in offered] == [(earlier.class_id, 3, 6)]
    stored = {(int(r["round"]), r["role"], r["action"]) for r in _rows(classes, earlier)}
    new = classes.create("massai-two-huts", rounds=4, seed=6, partners_from=[earlier.class_id])
    ana = classes.join(new.class_id, new.code, "Ana")
    for _ in range(4):
        classes.open_round(new.class_id, new.host_token)
        view = classes.student_view(new.class_id, ana.token)
        assert view["status"] == "choose"
        classes.submit(new.class_id, ana.token, view["actions"][0])
        classes.close_round(new.class_id, new.host_token)
        last = classes.student_view(new.class_id, ana.token)["last"]
        (kind,) = last["partner_kinds"]
        _, from_class, from_round = kind.split(":")
        assert int(from_class) == earlier.class_id
        assert last["partners"] == [f"stored choice (class {from_class}, round {from_round})"]
    teacher = classes.teacher_view(new.class_id, new.host_token)
    assert teacher["partners_from"] == [earlier.class_id]
    assert all(len(teacher["stored"][n]) == 1 for n in range(1, 5))
    # The class's frequencies hold Ana's choices only, never the stored partners'.
    for number, by_role in teacher["counts"].items():
        assert sum(sum(c.values()) for c in by_role.values()) == 1, number
    rows = _rows(classes, new)
    partners = [r for r in rows if r["student"] == ""]
    assert len(partners) == 4 and all(r["by_computer"] == "1" for r in partners)
    for r in partners:
        assert r["stored_class"] == str(earlier.class_id)
        assert (int(r["stored_round"]), r["role"], r["action"]) in stored


def test_an_odd_class_gets_one_stored_partner_and_a_rerun_draws_the_same(store: Store) -> None:
    classes = Classes(store)
    earlier = _earlier(classes, "africa-two-full", students=4)

    def play() -> list[dict[str, str]]:
        new = classes.create("africa-two-full", rounds=2, seed=8, partners_from=[earlier.class_id])
        passes = [classes.join(new.class_id, new.code, n) for n in ("Ana", "Ben", "Cy")]
        for _ in range(2):
            classes.open_round(new.class_id, new.host_token)
            for p in passes:
                classes.submit(new.class_id, p.token, "war")
            classes.close_round(new.class_id, new.host_token)
        view = classes.teacher_view(new.class_id, new.host_token)
        assert [len(view["stored"][n]) for n in (1, 2)] == [1, 1]
        return [{k: v for k, v in r.items() if k != "student"} for r in _rows(classes, new)]

    assert play() == play()


def test_partners_must_be_earlier_classes_of_the_same_game(store: Store) -> None:
    classes = Classes(store)
    earlier = _earlier(classes)
    empty = classes.create("massai-two-huts", rounds=1, seed=1)
    for wrong in (earlier.class_id + 100, empty.class_id):
        with pytest.raises(ClassError, match="has no stored choices of this game"):
            classes.create("massai-two-huts", rounds=2, partners_from=[wrong])
    with pytest.raises(ClassError, match="has no stored choices of this game"):
        classes.create("africa-two-full", rounds=2, partners_from=[earlier.class_id])


def test_stand_ins_rehearse_a_class_and_stay_out_of_the_export(store: Store) -> None:
    classes = Classes(store)
    new = classes.create("africa-two-full-score", rounds=3, seed=5)
    ana = classes.join(new.class_id, new.code, "Ana")
    names = classes.add_standins(new.class_id, new.host_token, 3, "best-response", seed=11)
    assert names == ["Stand-in 1", "Stand-in 2", "Stand-in 3"]
    more = classes.add_standins(new.class_id, new.host_token, 1, "nash", name="Remplaçant")
    assert more == ["Remplaçant 1"]
    for bad, message in [(0, "1 to 40"), (41, "1 to 40")]:
        with pytest.raises(ClassError, match=message):
            classes.add_standins(new.class_id, new.host_token, bad, "uniform")
    with pytest.raises(ClassError, match="unknown stand-in strategy"):
        classes.add_standins(new.class_id, new.host_token, 1, "clever")
    with pytest.raises(BadClassToken):
        classes.add_standins(new.class_id, ana.token, 1, "uniform")
    for _ in range(3):
        classes.open_round(new.class_id, new.host_token)
        view = classes.teacher_view(new.class_id, new.host_token)
        # The stand-ins chose as the round opened: only Ana is waited for.
        assert view["submitted"] == 4 and view["waiting"] == ["Ana"]
        classes.submit(new.class_id, ana.token, "war")
        classes.close_round(new.class_id, new.host_token)
    view = classes.teacher_view(new.class_id, new.host_token)
    marked = {s["nickname"]: s["standin"] for s in view["students"]}
    assert marked == {
        "Ana": False,
        "Stand-in 1": True,
        "Stand-in 2": True,
        "Stand-in 3": True,
        "Remplaçant 1": True,
    }
    assert view["standins"]["Stand-in 2"] == "best-response"
    rows = _rows(classes, new)
    assert {r["nickname"] for r in rows if r["student"]} == {"Ana"}
    assert {r["standin"] for r in rows} == {"0"}
    everyone = _rows(classes, new, include_standins=True)
    assert len(everyone) == 18  # five students and a computer: three pairs, three rounds
    assert {r["nickname"] for r in everyone if r["standin"] == "1"} == set(names + more)
    with pytest.raises(ClassError, match="is a stand-in"):
        classes.rejoin(new.class_id, new.host_token, "Stand-in 1")


def test_a_rejoin_link_restores_the_seat_and_the_old_link_stops(store: Store) -> None:
    classes = Classes(store)
    new = classes.create("africa-two-full", rounds=3, seed=4)
    ana = classes.join(new.class_id, new.code, "Ana")
    ben = classes.join(new.class_id, new.code, "Ben")
    classes.open_round(new.class_id, new.host_token)
    classes.submit(new.class_id, ana.token, "war")
    classes.submit(new.class_id, ben.token, "alliance")
    classes.close_round(new.class_id, new.host_token)
    classes.open_round(new.class_id, new.host_token)
    classes.submit(new.class_id, ana.token, "alliance")  # chosen, then the phone dies
    before = classes.student_view(new.class_id, ana.token)
    with pytest.raises(BadClassToken):
        classes.rejoin(new.class_id, ben.token, "Ana")  # the teacher's action only
    with pytest.raises(ClassError, match="no student of this class game is called"):
        classes.rejoin(new.class_id, new.host_token, "Zed")
    again = classes.rejoin(new.class_id, new.host_token, " ana ")
    assert (again.student, again.nickname) == (ana.student, "Ana") and again.token != ana.token
    after = classes.student_view(new.class_id, again.token)
    assert after == before  # same seat, same choice, same history and total
    with pytest.raises(BadClassToken):
        classes.student_view(new.class_id, ana.token)
    with pytest.raises(BadClassToken):
        classes.submit(new.class_id, ana.token, "war")
    assert classes.student_view(new.class_id, ben.token)["nickname"] == "Ben"  # untouched
    # By id too; every new link replaces the one before.
    third = classes.rejoin(new.class_id, new.host_token, ana.student)
    with pytest.raises(BadClassToken):
        classes.student_view(new.class_id, again.token)
    classes.submit(new.class_id, third.token, "war")
    classes.close_round(new.class_id, new.host_token)
    rows = _rows(classes, new)
    assert [r["action"] for r in rows if r["nickname"] == "Ana"] == ["war", "war"]


def test_the_served_gate_opens_the_new_link_only(store: Store, db_url: str) -> None:
    classes = Classes(store)
    new = classes.create("africa-two-full", rounds=1, seed=4)
    ana = classes.join(new.class_id, new.code, "Ana")
    again = classes.rejoin(new.class_id, new.host_token, "Ana")
    checks = StoreChecks(db_url)
    gate = Gate("the-owner-key-of-this-server", checks)
    try:
        query = {"class": str(new.class_id), "student": again.token}
        assert gate.page("student.ipynb", query, "10.0.0.7", False).allowed
        old = gate.page("student.ipynb", {**query, "student": ana.token}, "10.0.0.8", False)
        assert old.status == 403 and "replaced" in old.message
        other = {"class": str(new.class_id + 1), "student": again.token}
        assert not gate.page("student.ipynb", other, "10.0.0.9", False).allowed
    finally:
        checks.close()


def test_a_message_reaches_every_student_view_until_cleared(store: Store) -> None:
    classes = Classes(store)
    new = classes.create("africa-two-full", rounds=2, seed=4)
    passes = [classes.join(new.class_id, new.code, f"S{k}") for k in range(5)]
    assert all(classes.student_view(new.class_id, p.token)["message"] is None for p in passes)
    sent = classes.send_message(new.class_id, new.host_token, "  Last round <b>now</b>!\r\n ")
    assert sent["text"] == "Last round <b>now</b>!"  # kept as typed: pages escape it
    classes.open_round(new.class_id, new.host_token)
    for p in passes:
        assert classes.student_view(new.class_id, p.token)["message"] == sent
    assert classes.teacher_view(new.class_id, new.host_token)["message"] == sent
    newer = classes.send_message(new.class_id, new.host_token, "Second\nline")
    assert classes.student_view(new.class_id, passes[3].token)["message"]["text"] == "Second\nline"
    assert newer["at"] >= sent["at"]
    # A message is not a change of the game: a choice made meanwhile is kept.
    classes.submit(new.class_id, passes[0].token, "war")
    assert classes.student_view(new.class_id, passes[0].token)["choice"] == "war"
    for bad, words in [("", "write a message"), ("x" * 281, "at most 280"), ("a\x07b", "plain")]:
        with pytest.raises(ClassError, match=words):
            classes.send_message(new.class_id, new.host_token, bad)
    with pytest.raises(BadClassToken):
        classes.send_message(new.class_id, passes[0].token, "I am the teacher")
    with pytest.raises(BadClassToken):
        classes.clear_message(new.class_id, passes[0].token)
    assert classes.student_view(new.class_id, passes[1].token)["message"]["text"] == "Second\nline"
    classes.clear_message(new.class_id, new.host_token)
    assert all(classes.student_view(new.class_id, p.token)["message"] is None for p in passes)
