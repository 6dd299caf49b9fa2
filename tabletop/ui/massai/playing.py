"""Playing, undoing and redoing actions of the game a Massai page shows.

An action accepted by the rules core becomes a new entry of the game (through the page's
:class:`~tabletop.ui.massai.keeping.GameKeeper`), and a refusal is said without changing
anything. Undo is a new entry returning to the earlier state; redo restores the undone one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.games.massai.actions import Action, Attack, Setup
from tabletop.ui.massai.keeping import GameKeeper
from tabletop.ui.massai.kept_secrets import KeptTarget
from tabletop.ui.massai.stages import (
    ENTRY_STAGES,
    HELD_STAGES,
    TABLE,
    Stage,
    history_detail,
    resting_stage,
    seat,
)
from tabletop.ui.massai.steps import PageSteps


class Plays:
    """Turns a page's actions, undos and redos into entries of its game (``keeper``).

    ``cancel_entry`` leaves an entry under way (an undo then takes back nothing else);
    ``announce_attack`` opens the attack again once its undo is agreed.
    """

    def __init__(
        self,
        page: PageSteps,
        keeper: GameKeeper,
        secrets: KeptTarget,
        *,
        cancel_entry: Callable[[], None],
        announce_attack: Callable[[], None],
    ) -> None:
        self.page = page
        self.keeper = keeper
        self.secrets = secrets
        self._cancel_entry = cancel_entry
        self._announce_attack = announce_attack

    def undo(self) -> None:
        """Cancel an entry in progress, else take back the last action (a new entry).

        A revealed attack or the revealed setups cannot be hidden again: taking them back is
        first asked (:attr:`~.controller.MassaiController.undo_question`), for both to agree.
        """
        page = self.page
        if page.undo_question or (page.stage in HELD_STAGES and not page.handover_ready()):
            return  # a question is open, or a look-away screen has just appeared
        if page.stage in ENTRY_STAGES:
            self._cancel_entry()
            return
        if not page.record.actions:
            page.notify("notice_nothing_to_undo")
            return
        last = page.record.actions[-1]
        if isinstance(last, Attack):
            page.ask_undo("attack")
            page.notify("undo_ask_attack", player=last.player, target=last.target)
            return
        if isinstance(last, Setup) and page.state.pending_setup is None:
            page.ask_undo("setups")
            page.notify("undo_ask_setups")
            return
        what = self._words("undo")
        if not self._undo_once():
            return
        page.say(("notice_undone", {"what": what}))
        page.changed()

    def undo_agree(self) -> None:
        """Both players agreed: take back the revealed attack (it starts again, a new target
        to choose) or both revealed setups (both are chosen again)."""
        page = self.page
        question = page.undo_question
        page.ask_undo("")
        if question == "attack":
            attacker = page.record.actions[-1].player
            what = self._words("undo")
            if not self._undo_once():
                return
            self._announce_attack()
            page.say(("undone_attack", {"what": what, "player": attacker}))
        elif question == "setups":
            if not (self._undo_once() and self._undo_once()):
                return
            page.say(("undone_setups", {}))
        else:
            return
        page.changed()

    def undo_keep(self) -> None:
        """The undo asked is not wanted: nothing changes."""
        page = self.page
        if page.undo_question:
            page.ask_undo("")
            page.notify("undo_kept")

    def _words(self, how: str) -> tuple[str, dict[str, Any]]:
        """The last action as notice words (``how``: undo or redo)."""
        page = self.page
        last = page.record.actions[-1]
        secret = isinstance(last, Setup) and page.state.pending_setup is not None
        return (how, {"player": last.player, "action": last, "secret": secret})

    def _undo_once(self) -> bool:
        """Take back the last action (a new entry when kept); False when refused (said)."""
        page = self.page
        game_id = page.game_id
        if self.keeper.store is None or game_id is None:
            page.take_record(page.record.undo())
        elif not self.keeper.change(lambda s, v: s.undo(game_id, v, actor=TABLE)):
            return False
        page.after_return()
        return True

    def redo(self) -> None:
        """Restore the state the last undo left (a new entry of the history)."""
        page = self.page
        game_id = page.game_id
        if page.stage in ENTRY_STAGES or page.undo_question or not page.kept or game_id is None:
            return
        if not self.keeper.change(lambda s, v: s.redo(game_id, v, actor=TABLE)):
            return
        page.after_return()
        last = page.record.actions[-1] if page.record.actions else None
        if last is None:
            page.say(())
        else:
            page.say(("db_redone", {"what": self._words("redo")}))
        page.changed()

    def play(self, action: Action) -> None:
        """Play ``action``: a new entry of the game (a refusal is said, nothing played); an
        attack or the second setup opens the reveal."""
        page = self.page
        record, report = page.record.play(action)
        if not report.ok:
            page.say(("report", report))
            page.changed()
            return
        game_id = page.game_id
        if page.kept and game_id is not None:
            done = self.keeper.change(
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
                self.secrets.keep(action.player, None)
        elif page.deleted:
            page.notify("db_deleted")
            return
        else:
            page.take_record(record)
        page.played(report)
        reveal = isinstance(action, Attack) or (isinstance(action, Setup) and report.placed)
        if isinstance(action, Setup) and not report.placed:
            page.enter(Stage.SETUP_WAIT)
            page.say(("locked", {}))
        else:
            page.enter(Stage.REVEAL if reveal else resting_stage(page.state))
            page.say(("report", report))
        page.changed()
