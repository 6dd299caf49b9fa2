"""The secret entries of a Massai page: setups, attack targets and guards chosen square by square.

The player who chooses is at the screen only after the page asked the other one to look away
(the ``*-wait`` stages of :mod:`.stages`); clicks build up the selection, ``confirm`` locks it
in (a setup is played, an attack target kept, the guards play the attack).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.massai.actions import Attack, Build, Move, Setup
from tabletop.games.massai.legal import (
    attack_points,
    attackable_huts,
    guards_allowed,
    legal_setup_squares,
)
from tabletop.games.massai.state import SETUP_HUTS
from tabletop.ui.massai.stages import ENTRY_STAGES, OPENS, WAIT_STAGES, Stage, resting_stage
from tabletop.ui.massai.texts import player_label

if TYPE_CHECKING:
    from tabletop.ui.massai.controller import MassaiController


class SecretEntry:
    """The steps of a controller's entries: open, click squares, confirm, clear, cancel."""

    def __init__(self, ctl: MassaiController) -> None:
        self.ctl = ctl

    def start_secret(self) -> None:
        """The chooser is at the screen and the other looks away: open the secret entry."""
        ctl = self.ctl
        # A look-away screen just shown ignores its button for a moment (a slow double click).
        if ctl.stage in OPENS and ctl.handover_ready():
            ctl.show(stage=OPENS[ctl.stage], selection=(), notice=())
            ctl.changed()

    def click(self, square: str) -> None:
        """A square was clicked (or tapped) on the board."""
        ctl = self.ctl
        state, stage = ctl.state, ctl.stage
        if not state.board.contains(square):
            return
        if ctl.undo_question:
            ctl.notify("undo_answer_first")
        elif stage in WAIT_STAGES:
            ctl.notify("notice_start_first")
        elif stage == Stage.REVEAL:
            ctl.notify("notice_press_continue")
        elif stage == Stage.SETUP_ENTRY:
            self._toggle_setup(square)
        elif stage == Stage.PLAY:
            self._click_play(square)
        elif stage == Stage.ATTACK_TARGET:
            if square in attackable_huts(state):
                ctl.show(selection=(square,), notice=())
                ctl.changed()
            else:
                ctl.refusal("target-not-attackable", square=square)
        elif stage == Stage.GUARDS:
            self._toggle_guard(square)

    def _toggle_setup(self, square: str) -> None:
        ctl = self.ctl
        if square in ctl.selection:
            ctl.show(selection=tuple(s for s in ctl.selection if s != square), notice=())
        elif square not in legal_setup_squares(ctl.state, ctl.state.to_move):
            rows = ctl.state.board.half_rows(ctl.state.to_move)
            ctl.refusal("not-own-half", squares=square, first_row=rows[0], last_row=rows[-1])
            return
        elif len(ctl.selection) >= SETUP_HUTS:
            ctl.notify("notice_setup_full")
            return
        else:
            ctl.show(selection=(*ctl.selection, square), notice=())
        ctl.changed()

    def _toggle_guard(self, square: str) -> None:
        ctl = self.ctl
        allowed = guards_allowed(ctl.state)
        if square in ctl.selection:
            ctl.show(selection=tuple(s for s in ctl.selection if s != square))
        elif square not in attackable_huts(ctl.state):
            ctl.refusal("guard-not-attackable", squares=square)
            return
        elif len(ctl.selection) >= allowed:
            points = attack_points(ctl.state)
            ctl.refusal("too-many-guards", attack_points=points, allowed=allowed, count=allowed + 1)
            return
        else:
            ctl.show(selection=(*ctl.selection, square))
        ctl.show(notice=())
        ctl.changed()

    def _click_play(self, square: str) -> None:
        ctl = self.ctl
        state = ctl.state
        player = state.to_move
        if state.supply(player) > 0:
            ctl.plays.play(Build(player, square))
            return
        # All huts out: the first click picks the hut, the second its new square.
        if not ctl.selection:
            if square in state.huts[player]:
                ctl.show(selection=(square,), notice=())
                ctl.changed()
            else:
                ctl.notify("notice_not_own_hut", square=square)
            return
        origin = ctl.selection[0]
        if square == origin:
            ctl.show(selection=())
            ctl.changed()
        elif square in state.huts[player]:
            ctl.show(selection=(square,))
            ctl.changed()
        else:
            ctl.plays.play(Move(player, origin, square))

    def confirm(self) -> None:
        """Lock the secret choice being entered."""
        ctl = self.ctl
        state = ctl.state
        if ctl.stage == Stage.SETUP_ENTRY:
            ctl.plays.play(Setup(state.to_move, tuple(ctl.selection)))
        elif ctl.stage == Stage.ATTACK_TARGET:
            if len(ctl.selection) != 1:
                ctl.notify("notice_choose_target")
                return
            if not ctl.keeper.fresh():
                return
            target = ctl.selection[0]
            if ctl.open_attack():
                # No guard allowed: nothing for the defender to choose, resolved at once.
                ctl.plays.play(Attack(state.to_move, target, ()))
                return
            # Kept at once, so that a reload finds it locked in (hidden) until the guards.
            if not ctl.secrets.keep(state.to_move, target):
                ctl.changed()
                return
            ctl.show(target=target, selection=(), stage=Stage.GUARDS_WAIT, notice=("locked", {}))
            ctl.changed()
        elif ctl.stage == Stage.GUARDS:
            assert ctl.target is not None  # guards-wait is reached only with a locked target
            ctl.plays.play(Attack(state.to_move, ctl.target, tuple(ctl.selection)))

    def attack(self) -> None:
        """Announce an attack by the player to move (opens the secret target entry)."""
        ctl = self.ctl
        if ctl.stage != Stage.PLAY:
            return
        if not attackable_huts(ctl.state):
            name = player_label(ctl.state.to_move, ctl.lang)
            ctl.notify(
                "notice_no_attack", player=name, other=player_label(ctl.state.opponent, ctl.lang)
            )
            return
        ctl.show(selection=(), target=None, notice=())
        if guards_allowed(ctl.state) == 0:
            ctl.show(stage=Stage.ATTACK_TARGET)  # nothing secret: no look-away, no guards
        else:
            # Kept, so that a reload goes on with the attack rather than forget it.
            ctl.secrets.announce(ctl.state.to_move)
            ctl.show(stage=Stage.ATTACK_WAIT)
        ctl.changed()

    def clear(self) -> None:
        """Forget the squares clicked so far in this entry."""
        ctl = self.ctl
        ctl.show(selection=(), notice=())
        ctl.changed()

    def cancel(self) -> None:
        """Leave a secret entry or an announced attack without playing anything."""
        ctl = self.ctl
        if ctl.stage in (Stage.GUARDS_WAIT, Stage.GUARDS):
            # The target is locked in: the defender may only clear their own guards.
            ctl.notify("no_cancel_now")
        elif ctl.stage in ENTRY_STAGES:
            if ctl.stage in (Stage.ATTACK_WAIT, Stage.ATTACK_TARGET):
                ctl.secrets.keep(ctl.state.to_move, None)  # the announcement or target kept
            ctl.show(
                target=None,
                selection=(),
                stage=resting_stage(ctl.state),
                notice=("notice_entry_cancelled", {}),
            )
            ctl.changed()
        elif ctl.stage == Stage.PLAY and ctl.selection:
            ctl.clear()

    def continue_(self) -> None:
        """Close the reveal and go on with the game."""
        ctl = self.ctl
        # A reveal just shown ignores its button for a moment (the Confirm before it stood there).
        if ctl.stage == Stage.REVEAL and ctl.handover_ready():
            ctl.show(stage=resting_stage(ctl.state))
            ctl.changed()
