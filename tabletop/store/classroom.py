"""Class games in the database: the teacher's screen and every student's phone share one game.

Three tables (schema 4): ``class_games`` holds the teacher's side of the game (the
:class:`~tabletop.classroom.ledger.ClassLedger` as JSON: rounds, groups, results), changed only
by the teacher's actions; ``class_students`` one row per student (nickname, hashed token, last
seen); ``class_choices`` one row per student and round, so 40 students submitting at once write
40 different rows. A student's operations read that student's own rows only: no other
student's choice of an open round ever reaches their page.

Closing a round locks the class game's row (``FOR UPDATE`` on PostgreSQL; SQLite writes one at a
time), and a submission holds a shared lock on it, so a choice is either in the round's results
or refused with "the round is closed" — never stored and then ignored.

:class:`Classes` puts together its parts, one job each:

- :mod:`tabletop.store.classroom_access`: a class game's row, whose credential it is (and the
  lock-out after wrong ones), the ledger read and written;
- :mod:`tabletop.store.classroom_teacher`: the teacher's actions and view;
- :mod:`tabletop.store.classroom_students`: the students' actions and views;
- :mod:`tabletop.store.classroom_records`: the values handed out, the page links, the refusals.

>>> from tabletop.store import open_store
>>> import tempfile, os
>>> classes = Classes(open_store(os.path.join(tempfile.mkdtemp(), "t.db")))
>>> new = classes.create("africa-two-full", rounds=3)
>>> ana = classes.join(new.class_id, new.code, "Ana")
>>> classes.student_view(new.class_id, ana.token)["status"]
'waiting'
"""

from __future__ import annotations

from tabletop.store.classroom_students import StudentActions
from tabletop.store.classroom_teacher import TeacherActions

__all__ = [
    "Classes",
]


class Classes(TeacherActions, StudentActions):
    """Class games kept in a store (SQLite or PostgreSQL).

    The teacher's side and the students' side are its parts (see the module's description);
    this class only puts them together.
    """
