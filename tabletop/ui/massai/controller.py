"""The Massai page's controller: the one object that holds the game and the secret-entry steps.

Widgets observe its traits and send it intents (``click``, ``confirm``, ``start_secret``,
``attack``, ``cancel``, ``continue_``, ``undo``, ``redo``, ``new_game``, ``import_file``); every
rule question is asked of the rules core. The stages are those of :mod:`.stages`.

The game lives in the games database (:mod:`tabletop.store`), through :class:`.GameKeeper`:
every accepted action is a new entry of its history made on the version this page shows; undo
is a new entry returning to the earlier state, redo restores the undone one. Other pages'
changes come through :class:`.OtherPages` (:meth:`MassaiController.watch`). A first setup
confirmed is an action of the game (the rules core keeps it hidden until the second one); an
attack target confirmed is kept by :class:`.KeptTarget` until the guards are chosen.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from typing import Any

import traitlets

from tabletop.games.massai.board import other
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.legal import (
    attack_points,
    attackable_huts,
    guards_allowed,
    legal_setup_squares,
)
from tabletop.games.massai.reports import Report
from tabletop.games.massai.state import Options, State
from tabletop.i18n.languages import Lang
from tabletop.store import GameNotFound, GameWatcher, Store, StoreError
from tabletop.ui.massai.entries import SecretEntry
from tabletop.ui.massai.following import OtherPages
from tabletop.ui.massai.keeping import GameKeeper
from tabletop.ui.massai.kept_secrets import KeptTarget
from tabletop.ui.massai.notices import action_words, notice_text
from tabletop.ui.massai.playing import Plays
from tabletop.ui.massai.prompts import history_lines, stage_prompt, store_text
from tabletop.ui.massai.stages import HANDOVER_SECONDS, HELD_STAGES, Stage, resting_stage
from tabletop.ui.shell.texts import LANGS
from tabletop.ui.shell.traits import EnumTrait, page_lang

__all__ = [
    "MassaiController",
]


class MassaiController(traitlets.HasTraits):
    """Holds the game record, the page stage and the secret choice being entered.

    It is the one owner of its state: every field is a declared trait, read-only outside, set
    here only. Its parts (the entries, the plays, the keeper of the game and of the target
    locked in) are given what they need: the store, each other, and the page as a
    :class:`~tabletop.ui.massai.steps.PageSteps` whose named steps are the only way they change
    it; views observe ``revision``.

    ``store``: the games database (``None``: the game is kept nowhere); ``game_id``: the game to
    open (``None`` with a store: a new game, as a new entry; with ``start=False``, none yet:
    :meth:`open`, :meth:`new_game` or :meth:`import_file` gives one).
    """

    record = traitlets.Instance(GameRecord, read_only=True)
    stage = EnumTrait(Stage, default_value=Stage.SETUP_WAIT, read_only=True)
    lang = EnumTrait(Lang, default_value=Lang.EN, read_only=True)
    #: Squares clicked in the current entry (setup squares, attack target, guards, move origin).
    selection = traitlets.Tuple(read_only=True)
    #: The attack target locked in (hidden) while the guards are chosen.
    target = traitlets.Unicode(None, allow_none=True, read_only=True)
    #: The last report (shown, and highlighted on the board while ``stage == "reveal"``).
    last_report = traitlets.Instance(Report, allow_none=True, read_only=True)
    #: A short notice ``(text key, values)`` for the person at the table.
    notice = traitlets.Tuple(read_only=True)
    #: The game open in the database (``None``: none, or no database).
    game_id = traitlets.Int(allow_none=True, default_value=None, read_only=True)
    #: Its name in the games list.
    game_name = traitlets.Unicode("", read_only=True)
    #: The version of the game shown, and of what is kept beside it (secrets), in the database.
    version = traitlets.Int(0, read_only=True)
    aux_version = traitlets.Int(0, read_only=True)
    #: Whether the database can undo or redo a step of the game's history.
    can_undo = traitlets.Bool(False, read_only=True)
    can_redo = traitlets.Bool(False, read_only=True)
    #: The game was deleted (on another page) while shown.
    deleted = traitlets.Bool(False, read_only=True)
    #: An undo both players must agree to, being asked: ``"attack"``, ``"setups"`` or ``""``.
    undo_question = traitlets.Unicode("", read_only=True)
    #: Bumped on every change, so that views can redraw once per intent.
    revision = traitlets.Int(0, read_only=True)
    #: How long a look-away screen waits before its button works (see ``stages``).
    handover_seconds: float = HANDOVER_SECONDS

    def __init__(
        self,
        store: Store | None = None,
        game_id: int | None = None,
        lang: str = "en",
        options: Options | None = None,
        start: bool = True,
    ) -> None:
        super().__init__()
        self.set_trait("lang", page_lang(lang))
        self.store = store
        self.clock: Callable[[], float] = time.monotonic
        #: When the look-away screen (or reveal) shown now appeared (clock seconds).
        self.wait_since = -math.inf
        self.pages = OtherPages(self.sync)
        self.secrets = KeptTarget(store, self)
        self.keeper = GameKeeper(store, self, self.pages, self.watch, self.secrets)
        self.plays = Plays(
            self, self.keeper, self.secrets, cancel_entry=self.cancel, announce_attack=self.attack
        )
        self.entry = SecretEntry(self, self.secrets, play=self.plays.play, fresh=self.keeper.fresh)
        self._sync_lock = threading.Lock()
        self.take_record(GameRecord.new(options))
        self.enter(resting_stage(self.state))
        if store is not None and game_id is not None:
            self.open(game_id)
        elif store is not None and start:
            self.new_game(options or Options())

    @traitlets.observe("stage")
    def _stage_changed(self, change: dict[str, Any]) -> None:
        if change["new"] in HELD_STAGES:
            self.wait_since = self.clock()

    # --- derived views ---------------------------------------------------------------------

    def handover_ready(self) -> bool:
        """Whether the look-away screen shown now has waited long enough to take its button."""
        return self.clock() - self.wait_since >= self.handover_seconds

    def skip_handover(self) -> None:
        """The look-away screen shown now takes its button at once: the page has just opened
        the game, so no click of this page's can be the second half of a double click (the
        moment's only purpose), and a press now must not be dropped."""
        self.wait_since = -math.inf

    def open_attack(self) -> bool:
        """Whether the attack being entered allows no guard (nothing secret: chosen openly)."""
        return self.stage == Stage.ATTACK_TARGET and guards_allowed(self.state) == 0

    @property
    def state(self) -> State:
        """The current position."""
        return self.record.state

    @property
    def chooser(self) -> int:
        """The player who acts or chooses now (the defender while guards are chosen)."""
        if self.stage in (Stage.GUARDS_WAIT, Stage.GUARDS):
            return other(self.state.to_move)
        return self.state.to_move

    @property
    def kept(self) -> bool:
        """Whether the game is kept in the database."""
        return self.store is not None and self.game_id is not None and not self.deleted

    @property
    def watcher(self) -> GameWatcher | None:
        """The watcher following other pages (``None``: not following)."""
        return self.pages.watcher

    def where_kept(self) -> str:
        """One line on where the game is kept, in the page language."""
        if not self.kept:
            return store_text("db_not_kept", self.lang)
        assert self.store is not None
        return store_text("db_kept_in", self.lang, where=self.store.where, name=self.game_name)

    def selectable(self) -> frozenset[str]:
        """Squares to outline as choosable in the current stage (public information only)."""
        state = self.state
        if self.stage == Stage.SETUP_ENTRY:
            return legal_setup_squares(state, state.to_move) - set(self.selection)
        if self.stage in (Stage.ATTACK_TARGET, Stage.GUARDS):
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
        return notice_text(self.notice, self.lang)

    def action_words(self, what: Any) -> str:
        """``("play"|"undo"|"redo", {player, action, secret})`` as words in the page language."""
        return action_words(what, self.lang)

    def history_lines(self) -> list[str]:
        """One line per action, a still secret setup shown without its squares."""
        return history_lines(self.record, self.state, self.lang)

    # --- intents: the secret entries -------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        """Switch the page language (one of the page's languages)."""
        if lang in LANGS and lang != self.lang and page_lang(lang) == lang:
            self.set_trait("lang", page_lang(lang))
            self.changed()

    def start_secret(self) -> None:
        """The chooser is at the screen and the other looks away: open the secret entry."""
        self.entry.start_secret()

    def click(self, square: str) -> None:
        """A square was clicked (or tapped) on the board."""
        self.entry.click(square)

    def confirm(self) -> None:
        """Lock the secret choice being entered."""
        self.entry.confirm()

    def attack(self) -> None:
        """Announce an attack by the player to move (opens the secret target entry)."""
        self.entry.attack()

    def clear(self) -> None:
        """Forget the squares clicked so far in this entry."""
        self.entry.clear()

    def cancel(self) -> None:
        """Leave a secret entry or an announced attack without playing anything."""
        self.entry.cancel()

    def continue_(self) -> None:
        """Close the reveal and go on with the game."""
        self.entry.continue_()

    # --- intents: the game's history -------------------------------------------------------

    def undo(self) -> None:
        """Cancel an entry in progress, else take back the last action (a new entry)."""
        self.plays.undo()

    def undo_agree(self) -> None:
        """Both players agree to the undo asked (a revealed attack, or the revealed setups)."""
        self.plays.undo_agree()

    def undo_keep(self) -> None:
        """The undo asked is not wanted: nothing changes."""
        self.plays.undo_keep()

    def redo(self) -> None:
        """Restore the state the last undo left (a new entry of the history)."""
        self.plays.redo()

    def after_return(self) -> None:
        """Back to the resting stage with nothing selected (after undo, redo, a reload)."""
        self.set_trait("last_report", None)
        self.set_trait("selection", ())
        self.set_trait("target", None)
        self.set_trait("undo_question", "")
        self.set_trait("stage", resting_stage(self.state))

    def new_game(self, options: Options) -> None:
        """Start a NEW game with ``options`` (kept as a new game: the previous one stays)."""
        self.keeper.new_game(options)

    def open(self, game_id: int) -> bool:
        """Show game ``game_id`` of the database, its pending secret restored; False if it
        cannot be opened (the notice says why)."""
        return self.keeper.open(game_id)

    def import_file(self, data: bytes, file_name: str = "upload") -> bool:
        """Import an uploaded game file (or history) as a NEW game and show it; a bad file is
        refused and the game shown stays as it is. True when imported."""
        return self.keeper.import_file(data, file_name)

    # --- other pages -----------------------------------------------------------------------

    def watch(self) -> GameWatcher | None:
        """Follow other pages' changes of this game (see :class:`.OtherPages`); ``None`` when
        it is kept nowhere or cannot be watched (the notice says why)."""
        if not self.kept:
            return None
        assert self.store is not None and self.game_id is not None
        try:
            return self.pages.watch(self.store, self.game_id)
        except StoreError as error:
            self.notify("db_failed", error=str(error))
            return None

    def stop_watching(self) -> None:
        """Stop following other pages (the watcher's thread and connection end)."""
        self.pages.stop()

    def stop_watching_later(self) -> None:
        """Stop the watcher without waiting for its thread (called from its own callback)."""
        self.pages.stop_later()

    def sync(self) -> None:
        """Catch up with the database: show another page's change (an entry under way here is
        interrupted, with the reason), or follow a secret locked or cancelled elsewhere."""
        with self._sync_lock:
            if not self.kept:
                return
            assert self.store is not None and self.game_id is not None
            try:
                now = self.store.versions(self.game_id)
            except GameNotFound:
                self.keeper.gone()
                return
            except StoreError:
                return  # the database may be restarting: the watcher looks again
            if now.version != self.version:
                self.keeper.reload(remote=True)
                self.changed()
            elif now.aux_version != self.aux_version:
                self.kept_aside(now.aux_version)
                if self.secrets.follow():
                    self.changed()

    # --- helpers ---------------------------------------------------------------------------

    def notify(self, key: str, **values: Any) -> None:
        """Show the notice ``key`` (a text of the page) with ``values``."""
        self.set_trait("notice", (key, values))
        self.changed()

    def refusal(self, code: str, **params: Any) -> None:
        """Show the rules core's refusal ``code`` (its text is ``x_<code>``) with ``params``."""
        self.set_trait("notice", (f"x_{code}", params))
        self.changed()

    # --- the steps the parts take (see :class:`~tabletop.ui.massai.steps.PageSteps`) --------

    def enter(self, stage: Stage | str) -> None:
        """The page moves to ``stage``."""
        self.set_trait("stage", stage)

    def select(self, squares: tuple[str, ...]) -> None:
        """The squares clicked in the entry are now ``squares``."""
        self.set_trait("selection", squares)

    def begin_attack(self) -> None:
        """An attack is announced: no square selected, no target yet, no notice."""
        self.set_trait("selection", ())
        self.set_trait("target", None)
        self.set_trait("notice", ())

    def lock_target(self, target: str) -> None:
        """``target`` is locked in (hidden); the defender's guards wait."""
        self.set_trait("selection", ())
        self.set_trait("target", target)
        self.set_trait("stage", Stage.GUARDS_WAIT)

    def rest(self) -> None:
        """Back to the resting stage of the position, no entry under way (the last report
        stays)."""
        self.set_trait("selection", ())
        self.set_trait("target", None)
        self.set_trait("stage", resting_stage(self.state))

    def ask_undo(self, question: str) -> None:
        """An undo both players must agree to is asked (``""``: no question open)."""
        self.set_trait("undo_question", question)

    def say(self, notice: tuple[Any, ...]) -> None:
        """The notice shown becomes ``notice`` (``()``: none)."""
        self.set_trait("notice", notice)

    def take_record(self, record: GameRecord) -> None:
        """The game shown is now ``record``."""
        self.set_trait("record", record)

    def played(self, report: Report) -> None:
        """An action was played: its report is the last one, the entry is over."""
        self.set_trait("last_report", report)
        self.set_trait("selection", ())
        self.set_trait("target", None)

    def kept_at(self, game_id: int) -> None:
        """The game shown is game ``game_id`` of the database (not deleted)."""
        self.set_trait("game_id", game_id)
        self.set_trait("deleted", False)

    def kept_as(
        self, version: int, aux_version: int, name: str, can_undo: bool, can_redo: bool
    ) -> None:
        """The database has the game shown at ``version`` (its secrets at ``aux_version``),
        named ``name``; whether it can undo or redo a step of its history."""
        self.set_trait("version", version)
        self.set_trait("aux_version", aux_version)
        self.set_trait("game_name", name)
        self.set_trait("can_undo", can_undo)
        self.set_trait("can_redo", can_redo)

    def kept_aside(self, aux_version: int) -> None:
        """What is kept beside the game (its secrets) is now at ``aux_version``."""
        self.set_trait("aux_version", aux_version)

    def mark_deleted(self) -> None:
        """The game shown was deleted on another page."""
        self.set_trait("deleted", True)

    def changed(self) -> None:
        """Say that the page changed (views redraw once per intent)."""
        self.set_trait("revision", self.revision + 1)
