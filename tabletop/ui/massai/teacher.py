"""The Massai page's teacher view: the attack game of the public position, when installed.

The page gives the shell's :class:`~tabletop.ui.shell.teacher.TeacherView` only the public
position (:func:`public_position`), so a target or guards being entered in secret never reach it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from tabletop.games.massai.state import State
from tabletop.ui.shell.teacher import installed

PANELS_MODULE = "tabletop.ui.analysis.massai_panel"

#: Builds the teacher panel: ``factory(public_state, lang=lang)`` -> a widget with
#: ``update(state)``, ``set_lang(lang)`` and ``lang``.
TeacherFactory = Callable[[State, str], Any]


def public_position(state: State) -> State:
    """``state`` without anything still secret (a first setup not yet placed)."""
    if state.pending_setup is None:
        return state
    return dataclasses.replace(state, pending_setup=None)


def teacher_panel_factory() -> TeacherFactory | None:
    """The teacher view's panel factory, or ``None`` when the analysis panels are not installed.

    Only looked up here: the panels (and the numerical libraries behind them) are imported when
    the teacher view is first switched on, so the page's first render stays light.
    """
    if not installed(PANELS_MODULE):
        return None

    def factory(state: State, lang: str) -> Any:
        from tabletop.ui.analysis.massai_panel import massai_analysis_panel

        return massai_analysis_panel(state, lang=lang)

    return factory
