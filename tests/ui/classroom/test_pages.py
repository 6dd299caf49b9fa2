"""The class pages driven in process against a real SQLite store: teacher and students."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from tabletop.classroom.games import PRESETS, preset
from tabletop.store import Store, open_store
from tabletop.store.classroom import Classes
from tabletop.ui.classroom import StudentPage, TeacherPage, classroom_page, student_page
from tabletop.ui.classroom.labels import how_words, preset_label


@pytest.fixture
def store(tmp_path: Path) -> Any:
    opened = open_store(tmp_path / "class.db")
    yield opened
    opened.close()


def _texts(widget: Any) -> str:
    """Every value and description in a widget tree (what its page can show)."""
    out: list[str] = []

    def walk(w: Any) -> None:
        for name in ("value", "description", "placeholder"):
            value = getattr(w, name, None)
            if isinstance(value, str):
                out.append(value)
        for child in getattr(w, "children", ()):
            walk(child)

    walk(widget)
    return "\n".join(out)


def _buttons(widget: Any) -> list[widgets.Button]:
    found: list[widgets.Button] = []

    def walk(w: Any) -> None:
        if isinstance(w, widgets.Button):
            found.append(w)
        for child in getattr(w, "children", ()):
            walk(child)

    walk(widget)
    return found


def _press(widget: Any, css: str) -> None:
    (button,) = [b for b in _buttons(widget) if css in b._dom_classes]
    button.click()


def _teacher(store: Store, key: str = "africa-two-full", rounds: int = 3) -> TeacherPage:
    page = TeacherPage(Classes(store), base_url="http://192.0.2.1:8866")
    page.preset.value = key
    page.rounds.value = rounds
    _press(page, "tt-create-class")
    return page


def _student(page: TeacherPage, store: Store, name: str) -> StudentPage:
    link = page.join_link
    query = dict(re.findall(r"[?&](\w+)=([^&]+)", link))
    student = student_page(query, store=store)
    student.nickname.value = name
    _press(student, "tt-join")
    return student


def test_a_class_plays_a_round_from_the_pages(store: Store) -> None:
    teacher = _teacher(store)
    assert "<svg" in teacher.join_card.value and teacher.code in teacher.join_card.value
    students = [_student(teacher, store, n) for n in ("Ana", "Ben", "Cy", "Dee")]
    assert all("Wait for the teacher" in _texts(s) for s in students)
    teacher.refresh()
    assert "4 joined" in teacher.counts.value
    _press(teacher, "tt-start-round")
    for s in students:
        s.refresh()
    choices = {"Ana": "war", "Ben": "alliance", "Cy": "war"}  # Dee says nothing
    for s in students:
        name = s.view["nickname"]
        if name in choices:
            label = "War" if choices[name] == "war" else "Alliance with everyone"
            (button,) = [b for b in _buttons(s) if b.description == label]
            button.click()
            assert s.view["choice"] == choices[name]
    teacher.refresh()
    assert "3 of 4 have chosen" in teacher.counts.value and "Dee" in teacher.waiting.value
    # Never a choice on the teacher's screen before the close, nor another's on a phone.
    assert "alliance" not in teacher.waiting.value
    ben = next(s for s in students if s.view["nickname"] == "Ben")
    assert json.dumps(ben.view).count('"war"') == 1  # only in its own list of actions
    _press(teacher, "tt-close-round")
    assert "1 student has not chosen yet" in _texts(teacher.confirm)
    _press(teacher, "tt-confirm-close")
    for s in students:
        s.refresh()
    dee = next(s for s in students if s.view["nickname"] == "Dee")
    assert "chosen by the computer" in _texts(dee)
    assert "<svg" in _texts(teacher.results) and "Theory" in _texts(teacher.results)
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
    teacher = _teacher(store)
    ana = _student(teacher, store, "Ana")
    link = ana.personal_link()
    query = dict(re.findall(r"[?&](\w+)=([^&]+)", link))
    again = student_page(query, store=store)
    assert again.view["nickname"] == "Ana" and again.view["student"] == ana.view["student"]


def test_bad_links_and_inputs_get_one_line(store: Store) -> None:
    teacher = _teacher(store)
    query = dict(re.findall(r"[?&](\w+)=([^&]+)", teacher.join_link))
    bad = student_page({**query, "join": "nope"}, store=store)
    bad.nickname.value = "Ana"
    _press(bad, "tt-join")
    assert "does not open this class game" in bad.message.value
    first = _student(teacher, store, "Ana")
    assert first.view is not None
    twin = student_page(query, store=store)
    twin.nickname.value = " ana "
    _press(twin, "tt-join")
    assert "taken" in twin.message.value
    assert "names no class game" in _texts(
        student_page({"class": "x", "student": "y"}, store=store)
    )
    assert "does not open" in _texts(classroom_page({"class": "1", "token": "wrong"}, store=store))


def test_the_timer_closes_the_round(store: Store) -> None:
    teacher = _teacher(store)
    _student(teacher, store, "Ana")
    teacher.refresh()
    teacher.timer.value = 1
    _press(teacher, "tt-start-round")
    assert teacher.deadline is not None
    teacher.deadline = 0.0  # the second has passed
    teacher.refresh()
    assert teacher.view["round"] == 1 and not teacher.view["open"]


def test_deleting_from_the_teacher_screen(store: Store) -> None:
    teacher = _teacher(store)
    ana = _student(teacher, store, "Ana")
    teacher.ask_delete()
    _press(teacher, "tt-confirm-delete")
    assert "was deleted" in _texts(teacher)
    ana.refresh()
    assert "there is no class game" in _texts(ana)


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_pages_speak_the_language(store: Store, lang: str) -> None:
    assert all(preset_label(k, lang) != PRESETS[k] for k in PRESETS)
    assert how_words("dominance", lang) != "a dominant choice"
    page = TeacherPage(Classes(store), lang=lang, base_url="http://192.0.2.1:8866")
    assert "Create the class game" not in _texts(page)
