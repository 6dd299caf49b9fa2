"""The stages of the Massai page and the names its entries are kept under.

Stages of the page (``MassaiController.stage``)::

    setup-wait -> setup-entry -> (locked) setup-wait -> setup-entry -> reveal -> play
    play -> attack-wait -> attack-target -> guards-wait -> guards -> reveal -> play | over

In ``*-wait`` stages the page asks the other player to look away; secret choices are never drawn
outside their own entry stage.
"""

from __future__ import annotations

from enum import Enum

from tabletop.games.massai.actions import Action, Setup
from tabletop.games.massai.notation import format_action
from tabletop.games.massai.reports import Report, player_name
from tabletop.games.massai.state import State


class Stage(str, Enum):
    """A stage of the page (a ``str``: ``Stage.PLAY == "play"``)."""

    SETUP_WAIT = "setup-wait"
    SETUP_ENTRY = "setup-entry"
    PLAY = "play"
    ATTACK_WAIT = "attack-wait"
    ATTACK_TARGET = "attack-target"
    GUARDS_WAIT = "guards-wait"
    GUARDS = "guards"
    REVEAL = "reveal"
    OVER = "over"

    def __str__(self) -> str:
        return str(self.value)


STAGES = tuple(Stage)
#: Stages where a secret choice is being clicked (drawn only there).
SECRET_STAGES = (Stage.SETUP_ENTRY, Stage.ATTACK_TARGET, Stage.GUARDS)
#: Stages where the page asks the other player to look away.
WAIT_STAGES = (Stage.SETUP_WAIT, Stage.ATTACK_WAIT, Stage.GUARDS_WAIT)
#: Screens that appear where the previous step's button was: their buttons wait a moment
#: (the look-away screens, and the reveal that a defender's Confirm opens).
HELD_STAGES = (*WAIT_STAGES, Stage.REVEAL)
#: Stages of an entry under way (undo cancels them; no action is played in them).
ENTRY_STAGES = (
    Stage.SETUP_ENTRY,
    Stage.ATTACK_WAIT,
    Stage.ATTACK_TARGET,
    Stage.GUARDS_WAIT,
    Stage.GUARDS,
)
#: The stage a wait opens once the chooser is at the screen.
OPENS = {
    Stage.SETUP_WAIT: Stage.SETUP_ENTRY,
    Stage.ATTACK_WAIT: Stage.ATTACK_TARGET,
    Stage.GUARDS_WAIT: Stage.GUARDS,
}
#: What a kept secret says it is: an attack target locked in, or an attack announced.
SECRET_ATTACK = "attack-target"
SECRET_ANNOUNCED = "attack-announced"
#: A look-away screen accepts its button only this long after it appeared, so that a slow
#: double click on the button before it (which stood in the same place) cannot press it too.
HANDOVER_SECONDS = 1.0
#: The actor of changes that are not one player's action.
TABLE = "table"


def seat(player: int) -> str:
    """The seat name a player's actions and secrets are kept under (``Player 1``)."""
    return player_name(player)


def resting_stage(state: State) -> Stage:
    """The stage a page shows when no entry is under way."""
    return {"setup": Stage.SETUP_WAIT, "play": Stage.PLAY}.get(state.phase, Stage.OVER)


def history_detail(action: Action, report: Report) -> str:
    """What the history entry says was played; a first setup stays secret there too."""
    if isinstance(action, Setup) and not report.placed:
        return "setup (secret until both setups are chosen)"
    return format_action(action)
