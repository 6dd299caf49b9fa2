"""The Massai page's controller: the one object that holds the game and the secret-entry steps.

Widgets observe its traits and send it intents (``click``, ``confirm``, ``start_secret``,
``attack``, ``cancel``, ``continue_``, ``undo``, ``new_game``); every rule question is asked of
the rules core. Each accepted action is saved to the game file at once (atomic write).

Stages of the page (``stage``)::

    setup-wait -> setup-entry -> (locked) setup-wait -> setup-entry -> reveal -> play
    play -> attack-wait -> attack-target -> guards-wait -> guards -> reveal -> play | over

In ``*-wait`` stages the page asks the other player to look away; secret choices live only in
this object (``selection``, ``_target``) and are never drawn outside their own entry stage.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import traitlets

from tabletop.games.massai.actions import Attack, Build, Move, Setup
from tabletop.games.massai.board import other
from tabletop.games.massai.gamefile import (
    GameFileError,
    GameRecord,
    default_game_path,
    load_game,
    save_game,
)
from tabletop.games.massai.notation import format_action
from tabletop.games.massai.rules import (
    Report,
    attack_points,
    attackable_huts,
    guards_allowed,
    legal_setup_squares,
)
from tabletop.games.massai.state import SETUP_HUTS, Options, State
from tabletop.ui.massai.prompts import history_lines, stage_prompt
from tabletop.ui.massai.report_text import describe
from tabletop.ui.massai.texts import player_label, t

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
SECRET_STAGES = ("setup-entry", "attack-target", "guards")


def _free_sibling(path: Path) -> Path:
    """``massai-2.json``, ``massai-3.json``… : the first name beside ``path`` not taken."""
    number = 2
    while True:
        candidate = path.with_name(f"{path.stem}-{number}{path.suffix}")
        if not candidate.exists():
            return candidate
        number += 1


class MassaiController(traitlets.HasTraits):
    """Holds the game record, the page stage and the secret choice being entered."""

    record = traitlets.Instance(GameRecord)
    stage = traitlets.Unicode("setup-wait")
    lang = traitlets.Unicode("en")
    #: Squares clicked in the current entry (setup squares, attack target, guards, move origin).
    selection = traitlets.Tuple()
    #: The last report (shown, and highlighted on the board while ``stage == "reveal"``).
    last_report = traitlets.Instance(Report, allow_none=True)
    #: A short notice ``(text key, values)`` for the person at the table.
    notice = traitlets.Tuple()
    #: Where the game is saved after every change (``None``: not saved).
    save_path = traitlets.Instance(Path, allow_none=True)
    #: Bumped on every change, so that views can redraw once per intent.
    revision = traitlets.Int(0)

    def __init__(
        self, game_file: str | os.PathLike[str] | None = None, lang: str = "en", save: bool = True
    ) -> None:
        super().__init__(lang=lang if lang in ("en", "fr") else "en")
        self._target: str | None = None
        path = Path(game_file) if game_file is not None else default_game_path()
        record = GameRecord.new()
        notice: tuple = ()
        if save and path.exists():
            try:
                record = load_game(path)
                notice = ("notice_loaded", {"path": str(path)})
            except GameFileError as error:
                # Never overwrite a file we cannot read: save this game beside it instead.
                new_path = _free_sibling(path)
                notice = (
                    "notice_file_unreadable",
                    {"path": str(path), "error": str(error), "new": str(new_path)},
                )
                path = new_path
        self.save_path = path if save else None
        self.record = record
        self.stage = self._resting_stage()
        self.notice = notice
        self._save()

    # --- derived views ---------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The current position."""
        return self.record.state

    @property
    def chooser(self) -> int:
        """The player who acts or chooses now (the defender while guards are chosen)."""
        if self.stage in ("guards-wait", "guards"):
            return other(self.state.to_move)
        return self.state.to_move

    def selectable(self) -> frozenset[str]:
        """Squares to outline as choosable in the current stage (public information only)."""
        state = self.state
        if self.stage == "setup-entry":
            return legal_setup_squares(state, state.to_move) - set(self.selection)
        if self.stage == "attack-target":
            return attackable_huts(state)
        if self.stage == "guards":
            return attackable_huts(state)
        return frozenset()

    def attack_numbers(self) -> tuple[int, int]:
        """``(attack points, guards allowed)`` of an attack by the player to move now."""
        return attack_points(self.state), guards_allowed(self.state)

    def prompt(self) -> str:
        """The big instruction line for the current stage, in the page language."""
        return stage_prompt(self)

    def notice_text(self) -> str:
        """The current notice (or the last report) in the page language."""
        if self.notice:
            key, values = self.notice
            if key == "report":
                return describe(values, self.lang)
            return t(key, self.lang, **values)
        return ""

    def history_lines(self) -> list[str]:
        """One line per action, a still secret setup shown without its squares."""
        return history_lines(self.record, self.state, self.lang)

    # --- intents ---------------------------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        """Switch the page language ("en" or "fr")."""
        if lang in ("en", "fr") and lang != self.lang:
            self.lang = lang
            self._changed()

    def start_secret(self) -> None:
        """The chooser is at the screen and the other looks away: open the secret entry."""
        opens = {
            "setup-wait": "setup-entry",
            "attack-wait": "attack-target",
            "guards-wait": "guards",
        }
        if self.stage in opens:
            self.stage = opens[self.stage]
            self.selection = ()
            self.notice = ()
            self._changed()

    def click(self, square: str) -> None:
        """A square was clicked on the board."""
        state, stage = self.state, self.stage
        if not state.board.contains(square):
            return
        if stage in ("setup-wait", "attack-wait", "guards-wait"):
            self.notify("notice_start_first")
        elif stage == "reveal":
            self.notify("notice_press_continue")
        elif stage == "setup-entry":
            self._toggle_setup(square)
        elif stage == "play":
            self._click_play(square)
        elif stage == "attack-target":
            if square in attackable_huts(state):
                self.selection = (square,)
                self.notice = ()
                self._changed()
            else:
                self._refusal("target-not-attackable", square=square)
        elif stage == "guards":
            self._toggle_guard(square)

    def _toggle_setup(self, square: str) -> None:
        if square in self.selection:
            self.selection = tuple(s for s in self.selection if s != square)
            self.notice = ()
        elif square not in legal_setup_squares(self.state, self.state.to_move):
            rows = self.state.board.half_rows(self.state.to_move)
            self._refusal("not-own-half", squares=square, first_row=rows[0], last_row=rows[-1])
            return
        elif len(self.selection) >= SETUP_HUTS:
            self.notify("notice_setup_full")
            return
        else:
            self.selection = (*self.selection, square)
            self.notice = ()
        self._changed()

    def _toggle_guard(self, square: str) -> None:
        allowed = guards_allowed(self.state)
        if square in self.selection:
            self.selection = tuple(s for s in self.selection if s != square)
        elif square not in attackable_huts(self.state):
            self._refusal("guard-not-attackable", squares=square)
            return
        elif len(self.selection) >= allowed:
            points = attack_points(self.state)
            self._refusal(
                "too-many-guards", attack_points=points, allowed=allowed, count=allowed + 1
            )
            return
        else:
            self.selection = (*self.selection, square)
        self.notice = ()
        self._changed()

    def _click_play(self, square: str) -> None:
        state = self.state
        player = state.to_move
        if state.supply(player) > 0:
            self._play(Build(player, square))
            return
        # All huts out: the first click picks the hut, the second its new square.
        if not self.selection:
            if square in state.huts[player]:
                self.selection = (square,)
                self.notice = ()
                self._changed()
            else:
                self.notify("notice_not_own_hut", square=square)
            return
        origin = self.selection[0]
        if square == origin:
            self.selection = ()
            self._changed()
        elif square in state.huts[player]:
            self.selection = (square,)
            self._changed()
        else:
            self._play(Move(player, origin, square))

    def confirm(self) -> None:
        """Lock the secret choice being entered."""
        state = self.state
        if self.stage == "setup-entry":
            self._play(Setup(state.to_move, tuple(self.selection)))
        elif self.stage == "attack-target":
            if len(self.selection) != 1:
                self.notify("notice_choose_target")
                return
            self._target = self.selection[0]
            self.selection = ()
            self.stage = "guards-wait"
            self.notice = ("locked", {})
            self._changed()
        elif self.stage == "guards":
            assert self._target is not None  # guards-wait is reached only with a locked target
            self._play(Attack(state.to_move, self._target, tuple(self.selection)))

    def attack(self) -> None:
        """Announce an attack by the player to move (opens the secret target entry)."""
        if self.stage != "play":
            return
        if not attackable_huts(self.state):
            name = player_label(self.state.to_move, self.lang)
            self.notify(
                "notice_no_attack", player=name, other=player_label(self.state.opponent, self.lang)
            )
            return
        self.stage = "attack-wait"
        self.selection = ()
        self._target = None
        self.notice = ()
        self._changed()

    def clear(self) -> None:
        """Forget the squares clicked so far in this entry."""
        self.selection = ()
        self.notice = ()
        self._changed()

    def cancel(self) -> None:
        """Leave a secret entry or an announced attack without playing anything."""
        if self.stage in ("attack-wait", "attack-target", "guards-wait", "guards", "setup-entry"):
            self._target = None
            self.selection = ()
            self.stage = self._resting_stage()
            self.notice = ("notice_entry_cancelled", {})
            self._changed()
        elif self.stage == "play" and self.selection:
            self.clear()

    def continue_(self) -> None:
        """Close the reveal and go on with the game."""
        if self.stage == "reveal":
            self.stage = self._resting_stage()
            self._changed()

    def undo(self) -> None:
        """Cancel an entry in progress, else take back the last action."""
        if self.stage in ("attack-wait", "attack-target", "guards-wait", "guards", "setup-entry"):
            self.cancel()
            return
        if not self.record.actions:
            self.notify("notice_nothing_to_undo")
            return
        last = self.record.actions[-1]
        secret = isinstance(last, Setup) and self.state.pending_setup is not None
        what = t(
            "player_action",
            self.lang,
            player=player_label(last.player, self.lang),
            action=t("secret_setup", self.lang) if secret else format_action(last, self.lang),
        )
        self.record = self.record.undo()
        self.selection = ()
        self._target = None
        self.last_report = None
        self.stage = self._resting_stage()
        self.notice = ("notice_undone", {"what": what})
        self._save()
        self._changed()

    def new_game(self, options: Options) -> None:
        """Start again with ``options`` (saved over this page's game file)."""
        self.record = GameRecord.new(options)
        self.selection = ()
        self._target = None
        self.last_report = None
        self.stage = self._resting_stage()
        self.notice = ("notice_new_game", {})
        self._save()
        self._changed()

    # --- helpers ---------------------------------------------------------------------------

    def _resting_stage(self) -> str:
        phase = self.state.phase
        return {"setup": "setup-wait", "play": "play"}.get(phase, "over")

    def _play(self, action: Any) -> None:
        record, report = self.record.play(action)
        if not report.ok:
            self.notice = ("report", report)
            self._changed()
            return
        self.record = record
        self.last_report = report
        self.selection = ()
        self._target = None
        reveal = isinstance(action, Attack) or (isinstance(action, Setup) and report.placed)
        if isinstance(action, Setup) and not report.placed:
            self.stage = "setup-wait"
            self.notice = ("locked", {})
        else:
            self.stage = "reveal" if reveal else self._resting_stage()
            self.notice = ("report", report)
        self._save()
        self._changed()

    def notify(self, key: str, **values: Any) -> None:
        """Show the notice ``key`` (a text of massai_i18n) with ``values``."""
        self.notice = (key, values)
        self._changed()

    def _refusal(self, code: str, **params: Any) -> None:
        self.notice = (f"x_{code}", params)
        self._changed()

    def _save(self) -> None:
        if self.save_path is None:
            return
        try:
            save_game(self.record, self.save_path)
        except OSError as error:
            self.notice = (
                "notice_save_failed",
                {"path": str(self.save_path), "error": error.strerror or str(error)},
            )

    def _changed(self) -> None:
        self.revision += 1
