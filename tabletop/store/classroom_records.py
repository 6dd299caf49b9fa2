"""The values and refusals of class games: what creating one gives the teacher, what a student's
page keeps, the links of both pages, and the errors (all are :class:`ClassError`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from tabletop.classroom.ledger import ClassError


class ClassNotFound(ClassError):
    def __init__(self, class_id: int) -> None:
        super().__init__(f"there is no class game {class_id}")


class BadClassToken(ClassError):
    def __init__(self) -> None:
        super().__init__("this link or code does not open this class game: ask the teacher")


class ClassLockedOut(ClassError):
    """Too many wrong codes from one client lately. The store never raises it (it locks no
    class game out); the pages may, slowing guessers per client."""

    def __init__(self, retry_after: float) -> None:
        super().__init__(f"too many wrong codes: try again in {max(1, round(retry_after))} s")
        self.retry_after = retry_after


@dataclass(frozen=True)
class NewClass:
    """A class game as created: only the teacher gets these secrets."""

    class_id: int
    host_token: str
    join_token: str
    code: str


@dataclass(frozen=True)
class StudentPass:
    """What a student's page keeps to come back to the same seat after a reload."""

    class_id: int
    student: str
    token: str
    nickname: str


@dataclass(frozen=True)
class EarlierClass:
    """An earlier class game whose students' choices can be a new class's partners."""

    class_id: int
    created: datetime
    #: Rounds closed.
    rounds: int
    #: Choices its students made (not the computer's, not stand-ins').
    choices: int


def student_url(base_url: str, class_id: int, join_token: str) -> str:
    """The class's join link (the student page, ``notebooks/student.ipynb``)."""
    return f"{base_url.rstrip('/')}/voila/render/student.ipynb?class={class_id}&join={join_token}"


def rejoin_url(base_url: str, class_id: int, token: str) -> str:
    """A student's own seat (a reload, or a new link the teacher gave: :meth:`Classes.rejoin`)."""
    return f"{base_url.rstrip('/')}/voila/render/student.ipynb?class={class_id}&student={token}"


def teacher_url(base_url: str, class_id: int, host_token: str) -> str:
    """The teacher's screen (``notebooks/classroom.ipynb``)."""
    return (
        f"{base_url.rstrip('/')}/voila/render/classroom.ipynb?class={class_id}&token={host_token}"
    )
