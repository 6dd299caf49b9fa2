"""What the Massai board shows at each stage of the page, as a :class:`~.canvas.Scene`.

Secret choices appear only in their own entry stage; a reveal shows the target, the guards and
what was placed and removed; a build or a move stays marked for the other player to see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.massai.actions import Build, Move
from tabletop.ui.massai.squares import Scene
from tabletop.ui.massai.stages import Stage

if TYPE_CHECKING:
    from tabletop.ui.massai.controller import MassaiController


def scene_for(c: MassaiController) -> Scene:
    """The scene of the controller's stage (public information outside the entry stages)."""
    stage, state = c.stage, c.state
    if stage in (Stage.SETUP_ENTRY, Stage.ATTACK_TARGET, Stage.GUARDS) or (
        stage == Stage.PLAY and c.selection
    ):
        return Scene(
            state=state,
            selection=tuple(c.selection),
            selection_player=c.chooser,
            selection_as_huts=stage == Stage.SETUP_ENTRY,
            choosable=c.selectable(),
            guards=tuple(c.selection) if stage == Stage.GUARDS else (),
        )
    report = c.last_report
    if stage == Stage.REVEAL and report is not None:
        outcome = report.attack
        return Scene(
            state=state,
            target=outcome.target if outcome else None,
            guards=outcome.guards if outcome else (),
            placed=report.placed,
            removed=report.removed,
        )
    if stage == Stage.PLAY and report is not None and isinstance(report.action, (Build, Move)):
        # Keep the last build or move visible to the other player (a move: where from, too).
        action = report.action
        moved = (action.origin, action.destination) if isinstance(action, Move) else None
        return Scene(state=state, placed=report.placed, moved=moved)
    return Scene(state=state)
