"""The pages of classroom play: the teacher's screen and the student's phone."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.ui.classroom.student import StudentPage, student_page
    from tabletop.ui.classroom.teacher import TeacherPage, classroom_page

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "StudentPage": "tabletop.ui.classroom.student",
        "student_page": "tabletop.ui.classroom.student",
        "TeacherPage": "tabletop.ui.classroom.teacher",
        "classroom_page": "tabletop.ui.classroom.teacher",
    },
)

__all__ = ["StudentPage", "TeacherPage", "classroom_page", "student_page"]
