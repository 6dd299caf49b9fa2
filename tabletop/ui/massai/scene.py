"""What the Massai board shows at each stage of the page, as a :class:`~.canvas.Scene`.

Secret choices appear only in their own entry stage; a reveal shows the target, the guards and
what was placed and removed; a build or a move stays marked for the other player to see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.massai.actions import Build, Move
from tabletop.ui.massai.canvas import Scene

if TYPE_CHECKING:
    from tabletop.ui.massai.controller import MassaiController


def scene_for(c: MassaiController) -> Scene:
    """The scene of the controller's stage (public information outside the entry stages)."""
    stage, state = c.stage, c.state
    if stage in ("setup-entry", "attack-target", "guards") or (stage == "play" and c.selection):
        return Scene(
            state=state,
            selection=tuple(c.selection),
            selection_player=c.chooser,
            selection_as_huts=stage == "setup-entry",
            choosable=c.selectable(),
            guards=tuple(c.selection) if stage == "guards" else (),
        )
    report = c.last_report
    if stage == "reveal" and report is not None:
        outcome = report.attack
        return Scene(
            state=state,
            target=outcome.target if outcome else None,
            guards=outcome.guards if outcome else (),
            placed=report.placed,
            removed=report.removed,
        )
    if stage == "play" and report is not None and isinstance(report.action, (Build, Move)):
        # Keep the last build or move visible to the other player (a move: where from, too).
        action = report.action
        moved = (action.origin, action.destination) if isinstance(action, Move) else None
        return Scene(state=state, placed=report.placed, moved=moved)
    return Scene(state=state)
