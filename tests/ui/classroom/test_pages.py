"""The class pages driven in process against a real SQLite store: teacher and students."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tabletop.classroom.games import PRESETS, preset
from tabletop.store import Store, open_store
from tabletop.store.classroom import Classes
from tabletop.ui.classroom import TeacherPage, classroom_page, student_page
from tabletop.ui.classroom.labels import how_words, preset_label
from tests.ui.classroom.helpers import buttons, join_student, new_teacher, press, texts


@pytest.fixture
def store(tmp_path: Path) -> Any:
    opened = open_store(tmp_path / "class.db")
    yield opened
    opened.close()


def test_a_class_plays_a_round_from_the_pages(store: Store) -> None:
    teacher = new_teacher(store)
    assert "<svg" in teacher.join_card.value and teacher.code in teacher.join_card.value
    students = [join_student(teacher, store, n) for n in ("Ana", "Ben", "Cy", "Dee")]
    assert all("Wait for the teacher" in texts(s) for s in students)
    teacher.refresh()
    assert "4 joined" in teacher.counts.value
    press(teacher, "tt-start-round")
    for s in students:
        s.refresh()
    choices = {"Ana": "war", "Ben": "alliance", "Cy": "war"}  # Dee says nothing
    for s in students:
        name = s.view["nickname"]
        if name in choices:
            label = "War" if choices[name] == "war" else "Alliance with everyone"
            (button,) = [b for b in buttons(s) if b.description == label]
            button.click()
            assert s.view["choice"] == choices[name]
    teacher.refresh()
    assert "3 of 4 have chosen" in teacher.counts.value and "Dee" in teacher.waiting.value
    # Never a choice on the teacher's screen before the close, nor another's on a phone.
    assert "alliance" not in teacher.waiting.value
    ben = next(s for s in students if s.view["nickname"] == "Ben")
    assert json.dumps(ben.view).count('"war"') == 1  # only in its own list of actions
    press(teacher, "tt-close-round")
    assert "1 student has not chosen yet" in texts(teacher.confirm)
    press(teacher, "tt-confirm-close")
    for s in students:
        s.refresh()
    dee = next(s for s in students if s.view["nickname"] == "Dee")
    assert "chosen by the computer" in texts(dee)
    assert "<svg" in texts(teacher.results) and "Theory" in texts(teacher.results)
    rows = list(
        csv.DictReader(
            io.StringIO(teacher.classes.export_csv(teacher.class_id, teacher.host_token))
        )
    )
    assert {r["nickname"]: r["action"] for r in rows if r["by_computer"] == "0"} == choices
    game = preset("africa-two-full")
    for s in students:
        last = s.view["last"]
        assert last["payoff"] in {v for cell in game.payoffs.reshape(2, -1).T for v in cell}


def test_a_student_reload_comes_back_to_the_same_seat(store: Store) -> None:
    teacher = new_teacher(store)
    ana = join_student(teacher, store, "Ana")
    link = ana.personal_link()
    query = dict(re.findall(r"[?&](\w+)=([^&]+)", link))
    again = student_page(query, store=store)
    assert again.view["nickname"] == "Ana" and again.view["student"] == ana.view["student"]


def test_bad_links_and_inputs_get_one_line(store: Store) -> None:
    teacher = new_teacher(store)
    query = dict(re.findall(r"[?&](\w+)=([^&]+)", teacher.join_link))
    bad = student_page({**query, "join": "nope"}, store=store)
    bad.nickname.value = "Ana"
    press(bad, "tt-join")
    assert "does not open this class game" in bad.message.value
    first = join_student(teacher, store, "Ana")
    assert first.view is not None
    twin = student_page(query, store=store)
    twin.nickname.value = " ana "
    press(twin, "tt-join")
    assert "taken" in twin.message.value
    assert "names no class game" in texts(student_page({"class": "x", "student": "y"}, store=store))
    assert "does not open" in texts(classroom_page({"class": "1", "token": "wrong"}, store=store))


def test_the_timer_closes_the_round(store: Store) -> None:
    teacher = new_teacher(store)
    join_student(teacher, store, "Ana")
    teacher.refresh()
    teacher.timer.value = 1
    press(teacher, "tt-start-round")
    assert teacher.deadline is not None
    teacher.deadline = 0.0  # the second has passed
    teacher.refresh()
    assert teacher.view["round"] == 1 and not teacher.view["open"]


def test_deleting_from_the_teacher_screen(store: Store) -> None:
    teacher = new_teacher(store)
    ana = join_student(teacher, store, "Ana")
    teacher.ask_delete()
    press(teacher, "tt-confirm-delete")
    assert "was deleted" in texts(teacher)
    ana.refresh()
    assert "there is no class game" in texts(ana)


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_pages_speak_the_language(store: Store, lang: str) -> None:
    assert all(preset_label(k, lang) != PRESETS[k] for k in PRESETS)
    assert how_words("dominance", lang) != "a dominant choice"
    page = TeacherPage(Classes(store), lang=lang, base_url="http://192.0.2.1:8866")
    assert "Create the class game" not in texts(page)
