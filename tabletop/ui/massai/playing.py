"""Playing, undoing and redoing actions of the game a Massai page shows.

An action accepted by the rules core becomes a new entry of the game (through the controller's
:class:`~tabletop.ui.massai.keeping.GameKeeper`), and a refusal is said without changing
anything. Undo is a new entry returning to the earlier state; redo restores the undone one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.games.massai.actions import Action, Attack, Setup
from tabletop.ui.massai.stages import (
    ENTRY_STAGES,
    HELD_STAGES,
    TABLE,
    Stage,
    history_detail,
    resting_stage,
    seat,
)

if TYPE_CHECKING:
    from tabletop.ui.massai.controller import MassaiController


class Plays:
    """Turns a controller's actions, undos and redos into entries of its game."""

    def __init__(self, ctl: MassaiController) -> None:
        self.ctl = ctl

    def undo(self) -> None:
        """Cancel an entry in progress, else take back the last action (a new entry).

        A revealed attack or the revealed setups cannot be hidden again: taking them back is
        first asked (:attr:`~.controller.MassaiController.undo_question`), for both to agree.
        """
        ctl = self.ctl
        if ctl.undo_question or (ctl.stage in HELD_STAGES and not ctl.handover_ready()):
            return  # a question is open, or a look-away screen has just appeared
        if ctl.stage in ENTRY_STAGES:
            ctl.entry.cancel()
            return
        if not ctl.record.actions:
            ctl.notify("notice_nothing_to_undo")
            return
        last = ctl.record.actions[-1]
        if isinstance(last, Attack):
            ctl.show(undo_question="attack")
            ctl.notify("undo_ask_attack", player=last.player, target=last.target)
            return
        if isinstance(last, Setup) and ctl.state.pending_setup is None:
            ctl.show(undo_question="setups")
            ctl.notify("undo_ask_setups")
            return
        what = self._words("undo")
        if not self._undo_once():
            return
        ctl.show(notice=("notice_undone", {"what": what}))
        ctl.changed()

    def undo_agree(self) -> None:
        """Both players agreed: take back the revealed attack (it starts again, a new target
        to choose) or both revealed setups (both are chosen again)."""
        ctl = self.ctl
        question = ctl.undo_question
        ctl.show(undo_question="")
        if question == "attack":
            attacker = ctl.record.actions[-1].player
            what = self._words("undo")
            if not self._undo_once():
                return
            ctl.entry.attack()
            ctl.show(notice=("undone_attack", {"what": what, "player": attacker}))
        elif question == "setups":
            if not (self._undo_once() and self._undo_once()):
                return
            ctl.show(notice=("undone_setups", {}))
        else:
            return
        ctl.changed()

    def undo_keep(self) -> None:
        """The undo asked is not wanted: nothing changes."""
        ctl = self.ctl
        if ctl.undo_question:
            ctl.show(undo_question="")
            ctl.notify("undo_kept")

    def _words(self, how: str) -> tuple[str, dict[str, Any]]:
        """The last action as notice words (``how``: undo or redo)."""
        ctl = self.ctl
        last = ctl.record.actions[-1]
        secret = isinstance(last, Setup) and ctl.state.pending_setup is not None
        return (how, {"player": last.player, "action": last, "secret": secret})

    def _undo_once(self) -> bool:
        """Take back the last action (a new entry when kept); False when refused (said)."""
        ctl = self.ctl
        game_id = ctl.game_id
        if ctl.store is None or game_id is None:
            ctl.show(record=ctl.record.undo())
        elif not ctl.keeper.change(lambda s, v: s.undo(game_id, v, actor=TABLE)):
            return False
        ctl.after_return()
        return True

    def redo(self) -> None:
        """Restore the state the last undo left (a new entry of the history)."""
        ctl = self.ctl
        game_id = ctl.game_id
        if ctl.stage in ENTRY_STAGES or ctl.undo_question or not ctl.kept or game_id is None:
            return
        if not ctl.keeper.change(lambda s, v: s.redo(game_id, v, actor=TABLE)):
            return
        ctl.after_return()
        last = ctl.record.actions[-1] if ctl.record.actions else None
        if last is None:
            ctl.show(notice=())
        else:
            ctl.show(notice=("db_redone", {"what": self._words("redo")}))
        ctl.changed()

    def play(self, action: Action) -> None:
        """Play ``action``: a new entry of the game (a refusal is said, nothing played); an
        attack or the second setup opens the reveal."""
        ctl = self.ctl
        record, report = ctl.record.play(action)
        if not report.ok:
            ctl.show(notice=("report", report))
            ctl.changed()
            return
        game_id = ctl.game_id
        if ctl.kept and game_id is not None:
            done = ctl.keeper.change(
                lambda s, v: s.append(
                    game_id,
                    record,
                    v,
                    "play",
                    actor=seat(action.player),
                    detail=history_detail(action, report),
                )
            )
            if not done:
                return
            if isinstance(action, Attack):
                ctl.secrets.keep(action.player, None)
        elif ctl.deleted:
            ctl.notify("db_deleted")
            return
        else:
            ctl.show(record=record)
        ctl.show(last_report=report, selection=(), target=None)
        reveal = isinstance(action, Attack) or (isinstance(action, Setup) and report.placed)
        if isinstance(action, Setup) and not report.placed:
            ctl.show(stage=Stage.SETUP_WAIT, notice=("locked", {}))
        else:
            ctl.show(
                stage=Stage.REVEAL if reveal else resting_stage(ctl.state),
                notice=("report", report),
            )
        ctl.changed()
