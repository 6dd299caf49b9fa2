"""The pages of classroom play: the teacher's screen and the student's phone."""

from tabletop.ui.classroom.student import StudentPage, student_page
from tabletop.ui.classroom.teacher import TeacherPage, classroom_page

__all__ = ["StudentPage", "TeacherPage", "classroom_page", "student_page"]
