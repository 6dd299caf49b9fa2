"""The room's tools on the class pages, in process against a real SQLite store: a message on
every phone, a new link to a student's seat, stand-ins, partners from an earlier class."""

from __future__ import annotations

import base64
import csv
import io
import re
from pathlib import Path
from typing import Any

import pytest

from tabletop.store import Store, open_store
from tabletop.store.classroom import Classes
from tabletop.ui.classroom import StudentPage, TeacherPage, student_page
from tests.ui.classroom.helpers import buttons, join_student, new_teacher, press, texts


@pytest.fixture
def store(tmp_path: Path) -> Any:
    opened = open_store(tmp_path / "class.db")
    yield opened
    opened.close()


def _query(link: str) -> dict[str, str]:
    return dict(re.findall(r"[?&](\w+)=([^&]+)", link))


def test_a_message_reaches_every_phone_escaped_and_is_cleared(store: Store) -> None:
    teacher = new_teacher(store)
    students = [join_student(teacher, store, n) for n in ("Ana", "Ben", "Cy")]
    teacher.room_text.value = "Last round <script>x</script> & then talk"
    press(teacher, "tt-send-message")
    assert "on every phone" in teacher.message.value
    # The teacher sees it escaped; the phones get it as text (set as text in the browser).
    assert "&lt;script&gt;" in teacher.room_now.value and "<script>" not in teacher.room_now.value
    for s in students:
        s.refresh()
        assert s.room.text == "Last round <script>x</script> & then talk" and s.room.at
    # A message alone does not rebuild the buttons under a student's thumb.
    press(teacher, "tt-start-round")
    ana = students[0]
    ana.refresh()
    before = ana.body.children
    teacher.room_text.value = "Two minutes left"
    press(teacher, "tt-send-message")
    ana.refresh()
    assert ana.room.text == "Two minutes left" and ana.body.children == before
    teacher.room_text.value = "x" * 300  # the field refuses it at once
    assert teacher.room_text.value == ""
    press(teacher, "tt-send-message")
    assert "write a message first" in teacher.message.value
    press(teacher, "tt-clear-message")
    for s in students:
        s.refresh()
        assert s.room.text == ""
    assert teacher.room_now.value == ""


def test_a_new_link_restores_a_students_seat_and_the_old_page_is_refused(store: Store) -> None:
    teacher = new_teacher(store)
    ana = join_student(teacher, store, "Ana")
    ben = join_student(teacher, store, "Ben")
    press(teacher, "tt-start-round")
    ana.refresh()
    (war,) = [b for b in buttons(ana) if b.description == "War"]
    war.click()
    teacher.refresh()
    assert [label for label, _sid in teacher.rejoin_student.options] == ["Ana", "Ben"]
    assert teacher.rejoin_student.value == ana.view["student"]  # the first, until one is picked
    # Ben picked on the page while the teacher's list changed under it (a list read by place
    # would now give someone else): Ben is the one asked about.
    teacher.rejoin_student.options = [("Cy", "cy-id"), *teacher.rejoin_student.options]
    teacher.rejoin_student.set_state({"value": ben.view["student"]})
    press(teacher, "tt-rejoin")
    asked = texts(teacher.rejoin_card)
    assert "Ben&#x27;s current link will stop working" in asked and "Ana" not in asked
    teacher.rejoin_student.value = ana.view["student"]
    press(teacher, "tt-rejoin")
    assert "Ana&#x27;s current link will stop working" in texts(teacher.rejoin_card)
    press(teacher, "tt-confirm-rejoin")
    assert "<svg" in texts(teacher.rejoin_card) and "Ana" in texts(teacher.rejoin_card)
    link = teacher.rejoin_link
    assert link.startswith("http://192.0.2.1:8866/voila/render/student.ipynb?class=")
    again = student_page(_query(link), store=store)
    assert again.view is not None
    assert again.view["student"] == ana.view["student"] and again.view["choice"] == "war"
    assert "Your choice: War" in texts(again)
    ana.refresh()  # the old page: its link opens nothing now
    assert "does not open this class game" in texts(ana)
    ben.refresh()
    assert ben.view["status"] == "choose"
    press(teacher, "tt-hide-rejoin")
    assert teacher.rejoin_card.children == ()


def test_stand_ins_from_the_teacher_page_are_marked_and_exported_on_request(
    store: Store,
) -> None:
    teacher = new_teacher(store, key="africa-two-full-score", rounds=2)
    ana = join_student(teacher, store, "Ana")
    teacher.standin_count.value = 3
    teacher.standin_strategy.value = "nash"
    press(teacher, "tt-add-standins")
    assert "3 stand-ins joined" in teacher.message.value
    assert teacher.roster.value.count("🤖") == 3 and "stand-in, Nash" in teacher.roster.value
    assert [label for label, _sid in teacher.rejoin_student.options] == ["Ana"]
    press(teacher, "tt-start-round")
    assert "1 of 4 have chosen" not in teacher.counts.value
    assert "3 of 4 have chosen" in teacher.counts.value
    ana.refresh()
    (war,) = [b for b in buttons(ana) if b.description == "War"]
    war.click()
    teacher.refresh()
    press(teacher, "tt-close-round")
    ana.refresh()
    assert "Stand-in" in texts(ana)  # her partner was one: it says so
    assert 'class="tt-export-standins"' in teacher.export_all.value
    data = re.search(r"base64,([^\"]+)", teacher.export_all.value)
    assert data is not None
    rows = list(csv.DictReader(io.StringIO(base64.b64decode(data.group(1)).decode())))
    assert sum(r["standin"] == "1" for r in rows) == 3
    plain = teacher.classes.export_csv(teacher.class_id, teacher.host_token)
    assert [r["nickname"] for r in csv.DictReader(io.StringIO(plain))] == ["Ana"]


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_stand_ins_take_the_pages_language(store: Store, lang: str) -> None:
    page = TeacherPage(Classes(store), lang=lang, base_url="http://192.0.2.1:8866")
    press(page, "tt-create-class")
    press(page, "tt-add-standins")
    names = [s["nickname"] for s in page.view["students"]]
    assert names and not any(n.startswith("Stand-in") for n in names)
    assert "Send to every phone" not in texts(page)


def test_a_student_alone_plays_against_an_earlier_class_from_the_pages(store: Store) -> None:
    first = new_teacher(store, key="massai-two-huts", rounds=2)
    others = [join_student(first, store, n) for n in ("Ana", "Ben")]
    for _ in range(2):
        press(first, "tt-start-round")
        for s in others:
            s.refresh()
            s.choose(s.view["actions"][0])
        first.refresh()
        press(first, "tt-close-round")
    page = TeacherPage(Classes(store), base_url="http://192.0.2.1:8866")
    page.preset.value = "massai-two-huts"
    assert [c for _label, c in page.partners.options] == [first.class_id]
    assert "4 stored choices" in page.partners.options[0][0]
    page.partners.value = (first.class_id,)
    page.rounds.value = 2
    press(page, "tt-create-class")
    zoe: StudentPage = join_student(page, store, "Zoé")
    press(page, "tt-start-round")
    zoe.refresh()
    zoe.choose(zoe.view["actions"][-1])
    page.refresh()
    press(page, "tt-close-round")
    zoe.refresh()
    assert f"a stored choice from class {first.class_id}, round" in texts(zoe)
    assert f"class {first.class_id}, round" in page.stored_line.value
    page.preset.value = "africa-two-full"
    other = TeacherPage(Classes(store), base_url="http://192.0.2.1:8866")
    other.preset.value = "africa-two-full"
    assert other.partners.options == () and "No earlier class" in other.partners_note.value
