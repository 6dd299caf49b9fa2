"""What every page shares: the frame (style sheet, header bar, language switch), tabs addressed
by name, the teacher-view toggle, the diplomacy timer, and small HTML helpers.

- ``frame``: ``page_frame``, ``frame_root``, ``header_bar``, ``language_switch``;
- ``tabs``: ``NamedTabs`` (``tabs.show("result")``, ``tabs.retitle("timer", ...)``);
- ``teacher``: ``TeacherView``, one implementation for every dashboard;
- ``timer``: ``Countdown`` and ``TimerWidget``; ``html``: ``esc``, ``colon``, ``html_table``;
- ``style``: the shared CSS; ``texts``: the shared texts and the list of languages.
"""

from tabletop.ui.shell.frame import frame_root, header_bar, language_switch, page_frame
from tabletop.ui.shell.html import colon, esc, html_table
from tabletop.ui.shell.tabs import NamedTabs
from tabletop.ui.shell.teacher import TeacherView, installed
from tabletop.ui.shell.timer import Countdown, TimerWidget, format_clock

__all__ = [
    "Countdown",
    "NamedTabs",
    "TeacherView",
    "TimerWidget",
    "colon",
    "esc",
    "format_clock",
    "frame_root",
    "header_bar",
    "html_table",
    "installed",
    "language_switch",
    "page_frame",
]
