"""What the class page tests share: a teacher's screen made from its form, students joining
from its link, and reading or pressing what a page shows."""

from __future__ import annotations

import re
from typing import Any

import ipywidgets as widgets

from tabletop.store import Store
from tabletop.store.classroom import Classes
from tabletop.ui.classroom import StudentPage, TeacherPage, student_page


def texts(widget: Any) -> str:
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


def buttons(widget: Any) -> list[widgets.Button]:
    found: list[widgets.Button] = []

    def walk(w: Any) -> None:
        if isinstance(w, widgets.Button):
            found.append(w)
        for child in getattr(w, "children", ()):
            walk(child)

    walk(widget)
    return found


def press(widget: Any, css: str) -> None:
    (button,) = [b for b in buttons(widget) if css in b._dom_classes]
    button.click()


def new_teacher(store: Store, key: str = "africa-two-full", rounds: int = 3) -> TeacherPage:
    page = TeacherPage(Classes(store), base_url="http://192.0.2.1:8866")
    page.preset.value = key
    page.rounds.value = rounds
    press(page, "tt-create-class")
    return page


def join_student(page: TeacherPage, store: Store, name: str) -> StudentPage:
    link = page.join_link
    query = dict(re.findall(r"[?&](\w+)=([^&]+)", link))
    student = student_page(query, store=store)
    student.nickname.value = name
    press(student, "tt-join")
    return student
