"""The game-theory pages: the two teacher-view panels and the lesson.

The lesson page (notebooks/game_theory.ipynb) shows ``dominance_lesson()``,
``equilibria_lesson()`` and ``massai_lesson()``, one cell each between the lesson's words.
The dashboards build the panels with ``africa_analysis_panel(after, declared)`` and
``massai_analysis_panel(state)``.

- ``texts``: interface texts and number formats; ``style``: CSS and dropdown helpers;
- ``tables``: pure HTML builders (payoff tables, equilibria, bars, the Massai board);
- ``africa_panel`` / ``massai_panel``: the teacher-view panels; ``lesson``: the lesson parts.
"""

from tabletop.ui.analysis.africa_panel import AfricaAnalysisPanel, africa_analysis_panel
from tabletop.ui.analysis.lesson import (
    dominance_lesson,
    equilibria_lesson,
    massai_lesson,
)
from tabletop.ui.analysis.massai_panel import MassaiAnalysisPanel, massai_analysis_panel

__all__ = [
    "AfricaAnalysisPanel",
    "MassaiAnalysisPanel",
    "africa_analysis_panel",
    "dominance_lesson",
    "equilibria_lesson",
    "massai_analysis_panel",
    "massai_lesson",
]
