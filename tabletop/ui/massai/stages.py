"""The stages of the Massai page and the names its entries are kept under.

Stages of the page (``MassaiController.stage``)::

    setup-wait -> setup-entry -> (locked) setup-wait -> setup-entry -> reveal -> play
    play -> attack-wait -> attack-target -> guards-wait -> guards -> reveal -> play | over

In ``*-wait`` stages the page asks the other player to look away; secret choices are never drawn
outside their own entry stage.
"""

from __future__ import annotations

from tabletop.games.massai.actions import Action, Setup
from tabletop.games.massai.notation import format_action
from tabletop.games.massai.reports import Report, player_name
from tabletop.games.massai.state import State

STAGES = (
    "setup-wait",
    "setup-entry",
    "play",
    "attack-wait",
    "attack-target",
    "guards-wait",
    "guards",
    "reveal",
    "over",
)
#: Stages where a secret choice is being clicked (drawn only there).
SECRET_STAGES = ("setup-entry", "attack-target", "guards")
#: Stages where the page asks the other player to look away.
WAIT_STAGES = ("setup-wait", "attack-wait", "guards-wait")
#: Screens that appear where the previous step's button was: their buttons wait a moment
#: (the look-away screens, and the reveal that a defender's Confirm opens).
HELD_STAGES = (*WAIT_STAGES, "reveal")
#: Stages of an entry under way (undo cancels them; no action is played in them).
ENTRY_STAGES = ("setup-entry", "attack-wait", "attack-target", "guards-wait", "guards")
#: The stage a wait opens once the chooser is at the screen.
OPENS = {"setup-wait": "setup-entry", "attack-wait": "attack-target", "guards-wait": "guards"}
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


def resting_stage(state: State) -> str:
    """The stage a page shows when no entry is under way."""
    return {"setup": "setup-wait", "play": "play"}.get(state.phase, "over")


def history_detail(action: Action, report: Report) -> str:
    """What the history entry says was played; a first setup stays secret there too."""
    if isinstance(action, Setup) and not report.placed:
        return "setup (secret until both setups are chosen)"
    return format_action(action)
