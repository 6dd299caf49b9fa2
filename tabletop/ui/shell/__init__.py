"""What every page shares: the frame (style sheet, header bar, language switch), tabs addressed
by name, the teacher-view toggle, the diplomacy timer, and small HTML helpers.

- ``frame``: ``page_frame``, ``frame_root``, ``header_bar``, ``language_switch``;
- ``tabs``: ``NamedTabs`` (``tabs.show("result")``, ``tabs.retitle("timer", ...)``);
- ``teacher``: ``TeacherView``, one implementation for every dashboard;
- ``timer``: ``Countdown`` and ``TimerWidget``; ``html``: ``esc``, ``colon``, ``html_table``;
- ``style``: the shared CSS; ``texts``: the shared texts and the list of languages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.ui.shell.frame import frame_root, header_bar, language_switch, page_frame
    from tabletop.ui.shell.html import colon, esc, html_table
    from tabletop.ui.shell.tabs import NamedTabs
    from tabletop.ui.shell.teacher import TeacherView, installed
    from tabletop.ui.shell.timer import Countdown, TimerWidget, format_clock

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "frame_root": "tabletop.ui.shell.frame",
        "header_bar": "tabletop.ui.shell.frame",
        "language_switch": "tabletop.ui.shell.frame",
        "page_frame": "tabletop.ui.shell.frame",
        "colon": "tabletop.ui.shell.html",
        "esc": "tabletop.ui.shell.html",
        "html_table": "tabletop.ui.shell.html",
        "NamedTabs": "tabletop.ui.shell.tabs",
        "TeacherView": "tabletop.ui.shell.teacher",
        "installed": "tabletop.ui.shell.teacher",
        "Countdown": "tabletop.ui.shell.timer",
        "TimerWidget": "tabletop.ui.shell.timer",
        "format_clock": "tabletop.ui.shell.timer",
    },
)

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
