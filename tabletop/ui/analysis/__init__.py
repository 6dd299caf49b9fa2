"""The game-theory pages: the two teacher-view panels and the lesson.

The lesson page (notebooks/game_theory.ipynb) shows ``dominance_lesson()``,
``equilibria_lesson()`` and ``massai_lesson()``, one cell each between the lesson's words.
The dashboards build the panels with ``africa_analysis_panel(after, declared)`` and
``massai_analysis_panel(state)``.

- ``texts``: interface texts and number formats; ``style``: CSS and dropdown helpers;
- ``tables``: pure HTML builders (payoff tables, equilibria, bars, the Massai board);
- ``africa_panel`` / ``massai_panel``: the teacher-view panels; ``lesson``: the lesson parts.
"""

from __future__ import annotations

import importlib
from typing import Any

# Imported on first use (PEP 562): a dashboard asks whether the panels are installed by looking
# up ``tabletop.ui.analysis.africa_panel``, which imports this package; the numerical libraries
# behind the panels are loaded only when the teacher view is first shown.
_HOMES = {
    "AfricaAnalysisPanel": "africa_panel",
    "africa_analysis_panel": "africa_panel",
    "MassaiAnalysisPanel": "massai_panel",
    "massai_analysis_panel": "massai_panel",
    "dominance_lesson": "lesson",
    "equilibria_lesson": "lesson",
    "massai_lesson": "lesson",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)


__all__ = [
    "AfricaAnalysisPanel",
    "MassaiAnalysisPanel",
    "africa_analysis_panel",
    "dominance_lesson",
    "equilibria_lesson",
    "massai_analysis_panel",
    "massai_lesson",
]
