"""The one object holding an Africa 1880 game in the dashboard.

Widgets observe the controller's traits and call its intents (``new_game``, ``load_file``,
``set_order``, ``set_sheet_text``, ``resolve``, ``undo``, ``redo``, ``view_round`` ...). It holds
the game and what the page shows; the jobs are done by its parts: the typed sheets
(:class:`~tabletop.ui.africa1880.drafts.Drafts`), the rounds shown
(:mod:`~tabletop.ui.africa1880.session`), the menus' choices
(:mod:`~tabletop.ui.africa1880.choices`) and the games database (:mod:`tabletop.store`): the
game lives there, every resolution, undo and redo is a new history entry made on the version
the page showed (a page acting on a game another page changed meanwhile is refused and shown
the new state), and the typed sheets are kept there too, so a reload loses nothing. Every rule
is asked of the rules core.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from typing import Any

import traitlets

from tabletop.games.africa1880.adjudicate import AfterOrders, GameOverError, score
from tabletop.games.africa1880.board import Board, BoardError, board_from_dict, load_geometry
from tabletop.games.africa1880.gamefile import (
    Game,
    GameFileError,
    NothingToUndo,
    example_game,
    example_orders,
)
from tabletop.games.africa1880.orders import OrderSheet
from tabletop.games.africa1880.report import Report, Score
from tabletop.games.africa1880.state import GameState, Options, Relations, StateError
from tabletop.store import (
    GameChange,
    NothingToRedo,
    Snapshot,
    StaleGameError,
    Store,
    StoreError,
    TimerState,
    Versions,
)
from tabletop.store import NothingToUndo as StoreNothingToUndo
from tabletop.store.kinds import detect_kind
from tabletop.ui.africa1880 import choices, session
from tabletop.ui.africa1880.drafts import Check, Drafts
from tabletop.ui.africa1880.session import RoundView
from tabletop.ui.africa1880.texts import t
from tabletop.ui.shell.store_link import (
    Debouncer,
    PageWatcher,
    open_page_store,
    running_loop,
    store_text,
)

__all__ = ["AfricaController", "Check", "RoundView"]

KIND = "africa1880"


class AfricaController(traitlets.HasTraits):
    """Holds the game, the draft order sheets and what the page shows; widgets observe it."""

    lang = traitlets.Unicode("en")
    #: Bumped whenever the game itself changes (new game, file, resolution, undo, redo).
    revision = traitlets.Int(0)
    #: Bumped whenever a draft order sheet changes.
    drafts_revision = traitlets.Int(0)
    #: Bumped when something else kept with the game changed on another page (timer, name).
    aux_revision = traitlets.Int(0)
    #: -1 shows the current position (with the last round's changes); k shows history round k.
    view_index = traitlets.Int(-1)
    message = traitlets.Unicode("")
    message_kind = traitlets.Unicode("ok")

    def __init__(
        self,
        game: Game | None = None,
        autosave_path: str | os.PathLike[str] | None = None,
        lang: str = "en",
        board_dir: str | os.PathLike[str] | None = None,
        *,
        store: Store | None = None,
        game_id: int | None = None,
        actor: str = "table",
        name: str | None = None,
    ) -> None:
        """``game`` (default: the bundled example) is kept as a NEW game of ``store`` (default:
        the database of :func:`tabletop.store.open_store`); ``game_id`` opens a game kept there.

        ``autosave_path`` and ``board_dir`` are accepted for the callers of the former
        file-based page and not used: the game, its board and its sheets live in the database.
        """
        super().__init__()
        del autosave_path, board_dir
        self.actor = actor
        self.loop = running_loop()
        self.store_error: str | None = None
        if store is None:
            store, self.store_error, _ = open_page_store()
        self.store: Store | None = store
        self.game_id: int | None = None
        self.version: Versions | None = None
        self.gone = False  # set when the game was deleted on another page
        self._saved: dict[str, str] = {}  # the sheets as the database has them
        self._revs: dict[str, int] = {}  # their revisions there
        self._draft_round = 0
        self.watcher = PageWatcher(store, self._on_store_change, self.loop) if store else None
        self.draft_saver = Debouncer(self.flush_drafts, loop=self.loop)
        snap: Snapshot | None = None
        if store is not None and game_id is not None:
            snap = store.load(game_id)
            game = snap.game  # type: ignore[assignment]
        self.game: Game = game if game is not None else example_game()
        self.board: Board = self.game.board  # type: ignore[assignment]
        self.geometry = load_geometry(self.board)
        self.last_report: Report | None = None
        example = (
            session.split_sheets(example_orders(), self.powers)
            if game is None and snap is None
            else None
        )
        # Built in the trait's first language, then switched like any later change of language.
        self._drafts = Drafts(self.board, self.state, self.lang, example)
        self.lang = lang
        if self.store_error is not None:
            self.say(store_text("no_database", self.lang, error=self.store_error), "error")
        if snap is None and self.store is not None:
            if name is None and game is None:
                name = store_text("example_name", self.lang)
            snap = self._keep_new(self.game, name)
        if snap is not None:
            self._open_snapshot(snap)
            if example is not None:
                self._reset_drafts(example)
                self._save_drafts()
                self.flush_drafts()

    # ----------------------------------------------------------------- state access
    @property
    def state(self) -> GameState:
        """The current position (the round to be played next)."""
        return self.game.state

    @property
    def powers(self) -> tuple[str, ...]:
        return self.state.powers

    @property
    def drafts(self) -> dict[str, str]:
        """Every power's draft sheet as typed text (without its header)."""
        return self._drafts.texts

    def say(self, text: str, kind: str = "ok") -> None:
        """Show a message in the page (kind: ok, warn, error)."""
        self.message_kind = kind
        self.message = text

    # ----------------------------------------------------------------- drafts
    def _reset_drafts(self, texts: Mapping[str, str] | None = None) -> None:
        """Fresh drafts: empty sheets, or the bodies found in ``texts`` (after an undo)."""
        self._drafts = Drafts(self.board, self.state, self.lang, texts)
        self.drafts_revision += 1

    def _drafts_changed(self, changed: bool) -> None:
        if changed:
            self.drafts_revision += 1
            self._save_drafts()

    def _check_power(self, power: str) -> None:
        if power not in self.powers:
            raise ValueError(f"{power} does not play in this game")

    def sheet(self, power: str) -> OrderSheet:
        """The sheet the core reads in ``power``'s draft."""
        return self._drafts.sheet(power)

    def sheets(self) -> dict[str, OrderSheet]:
        """Every power's sheet as the core reads it."""
        return self._drafts.sheets()

    def set_sheet_text(self, power: str, text: str) -> None:
        """Intent: the person typed ``text`` in ``power``'s box (the widgets follow)."""
        self._check_power(power)
        self._drafts_changed(self._drafts.set_text(power, text))

    def order_of(self, power: str, territory: str) -> tuple[str, str]:
        """(kind, target) of the order written for ``power``'s presence in ``territory``."""
        return self._drafts.order_of(power, territory)

    def set_order(self, power: str, territory: str, kind: str, target: str = "") -> None:
        """Intent: the order for ``power``'s presence in ``territory`` (kind "" removes it)."""
        self._check_power(power)
        sheet = self._drafts.with_order(power, territory, kind, target)
        self._drafts_changed(self._drafts.write(sheet, self.lang))
        if kind == "explore" and not target:
            self.drafts_revision += 1  # the menu shows "explore" without a written order

    def set_landing(self, power: str, target: str | None) -> None:
        """Intent: ``power`` lands on ``target`` (None or "" for no landing)."""
        self._check_power(power)
        sheet = self._drafts.with_landing(power, target)
        self._drafts_changed(self._drafts.write(sheet, self.lang))

    def relation(self, declarer: str, toward: str) -> str:
        """ "war" or "alliance" as written on ``declarer``'s sheet toward ``toward``."""
        return self._drafts.relation(declarer, toward)

    def set_relation(self, declarer: str, toward: str, relation: str) -> None:
        """Intent: ``declarer`` declares ``relation`` ("war"/"alliance") toward ``toward``."""
        self._check_power(declarer)
        self._check_power(toward)
        sheet = self._drafts.with_relation(declarer, toward, relation)
        self._drafts_changed(self._drafts.write(sheet, self.lang))

    # ----------------------------------------------------------------- menus and checks
    def presences_of(self, power: str) -> list[str]:
        """``power``'s presences, in alphabetical order."""
        return choices.presences_of(self.state, power)

    def explore_targets(self, territory: str) -> list[str]:
        """Exploration targets from ``territory``: its neighbours that are not colonies."""
        return choices.explore_targets(self.board, self.state, territory)

    def landing_targets(self) -> list[str]:
        """Coastal territories empty of any presence at the start of the round."""
        return choices.landing_targets(self.board, self.state)

    def checks(self) -> list[Check]:
        """Void orders and presences without an order, before resolving (cached per draft)."""
        return self._drafts.checks(self.lang)

    def checks_for(self, power: str) -> list[Check]:
        """The live checks of one power's sheet."""
        return [c for c in self.checks() if c.power == power]

    def after_orders(self) -> AfterOrders | None:
        """The position after phase 3 of the drafts as written (None once the game is over)."""
        return self._drafts.after_orders()

    def declared_relations(self) -> Relations:
        """The diplomacy grid as written on the drafts (alliance where nothing is written)."""
        return self._drafts.declared_relations()

    # ----------------------------------------------------------------- rounds
    def resolve(self) -> Report | None:
        """Intent: resolve the round with the drafts, as a new entry of the game's history
        made on the version shown; returns the report (None when refused)."""
        if self.state.game_over:
            self.say(t("resolve_refused", self.lang), "warn")
            return None
        year = self.state.year
        sheets = self._drafts.combined_text()
        if self.store is None or self.game_id is None or self.version is None:
            try:
                report = self.game.apply(sheets)
            except GameOverError:
                self.say(t("resolve_refused", self.lang), "warn")
                return None
            self._after_change(report, None)
            self.say(t("resolved", self.lang, year=year), "ok")
            return report
        self.flush_drafts()
        try:
            snap, report = self.store.resolve_round(
                self.game_id, sheets, expected_version=self.version.version, actor=self.actor
            )
        except StaleGameError:
            self._stale()
            return None
        except GameOverError:
            self.say(t("resolve_refused", self.lang), "warn")
            return None
        except StoreError as error:
            self.say(store_text("not_saved", self.lang, error=str(error)), "error")
            return None
        self._take(snap)
        self._after_change(report, None)
        self.say(t("resolved", self.lang, year=year), "ok")
        return report

    def undo(self) -> bool:
        """Intent: take back the last resolution (a new entry returning to the state before
        it; redo restores it); the drafts get back the sheets it used."""
        if not self.game.history:
            self.say(t("nothing_to_undo", self.lang), "warn")
            return False
        entry = self.game.history[-1]
        before = len(self.game.history)
        if self.store is None or self.game_id is None or self.version is None:
            try:
                self.game.undo()
            except NothingToUndo:
                self.say(t("nothing_to_undo", self.lang), "warn")
                return False
        else:
            self.flush_drafts()
            try:
                snap = self.store.undo(self.game_id, self.version.version, actor=self.actor)
            except StaleGameError:
                self._stale()
                return False
            except StoreNothingToUndo:
                self.say(t("nothing_to_undo", self.lang), "warn")
                return False
            except StoreError as error:
                self.say(store_text("not_saved", self.lang, error=str(error)), "error")
                return False
            self._take(snap)
        self.last_report = session.replay(self.game, self.board, len(self.game.history) - 1)
        typed = None
        if len(self.game.history) == before - 1:
            typed = session.split_sheets(entry.sheets_text, self.powers)
        self._after_change(self.last_report, typed)
        if typed is not None:
            self._save_drafts()
            self.flush_drafts()
        self.say(t("undone", self.lang, year=entry.state.year), "ok")
        return True

    def can_redo(self) -> bool:
        """Whether an undone round waits to be restored."""
        if self.store is None or self.game_id is None or self.gone:
            return False
        try:
            return self.store.can_undo_redo(self.game_id)[1]
        except StoreError:
            return False

    def redo(self) -> bool:
        """Intent: restore the round the last undo took back (a new entry)."""
        if self.store is None or self.game_id is None or self.version is None:
            self.say(store_text("nothing_to_redo", self.lang), "warn")
            return False
        self.flush_drafts()
        try:
            snap = self.store.redo(self.game_id, self.version.version, actor=self.actor)
        except StaleGameError:
            self._stale()
            return False
        except NothingToRedo:
            self.say(store_text("nothing_to_redo", self.lang), "warn")
            return False
        except StoreError as error:
            self.say(store_text("not_saved", self.lang, error=str(error)), "error")
            return False
        self._take(snap)
        last = len(self.game.history) - 1
        self._after_change(session.replay(self.game, self.board, last), None)
        year = self.game.history[-1].state.year if self.game.history else self.state.year
        self.say(store_text("redone", self.lang, year=year), "ok")
        return True

    def _after_change(self, report: Report | None, typed: Mapping[str, str] | None) -> None:
        """A new position: its report, the current round shown, its sheets (the ones kept for
        it in the database, else ``typed``), and the pages redrawn."""
        self.last_report = report
        self.view_index = -1
        self._load_drafts(typed)
        self._changed()

    def history_years(self) -> list[int]:
        """Years of the resolved rounds, oldest first."""
        return [entry.state.year for entry in self.game.history]

    def view_round(self, index: int | None) -> None:
        """Intent: show history round ``index`` (None or -1: the current position)."""
        if index is None or index < 0:
            self.view_index = -1
            return
        if index >= len(self.game.history):
            raise ValueError(f"no resolved round {index}")
        self.view_index = index

    def round_view(self) -> RoundView:
        """The state, report and highlights for the round being viewed."""
        index = self.view_index
        if 0 <= index < len(self.game.history):
            return session.past_round(self.game, self.board, index)
        if self.last_report is None and self.game.history:
            last = len(self.game.history) - 1
            self.last_report = session.replay(self.game, self.board, last)
        return session.current_round(self.game, self.last_report)

    def scores(self) -> Score:
        """The score of the current position (the game's scoring option)."""
        return score(self.state)

    # ----------------------------------------------------------------- the database
    def _keep_new(self, game: Game, name: str | None) -> Snapshot | None:
        """Keep ``game`` as a NEW game of the database (never over another)."""
        assert self.store is not None
        try:
            return self.store.create_game(game, name=name, actor=self.actor)
        except StoreError as error:
            self.say(store_text("not_saved", self.lang, error=str(error)), "error")
            return None

    def _take(self, snap: Snapshot) -> None:
        """The page now shows ``snap`` (its own change: not another page's)."""
        game = snap.game
        assert isinstance(game, Game)
        self.game = game
        self.board = game.board  # type: ignore[assignment]
        self.version = Versions(snap.version, snap.info.aux_version)
        if self.watcher is not None:
            self.watcher.known(self.version)

    def _open_snapshot(self, snap: Snapshot) -> None:
        """Show the game of ``snap`` and watch it for other pages' changes."""
        self.flush_drafts()
        self.game_id = snap.game_id
        self.gone = False
        self._take(snap)
        self.geometry = load_geometry(self.board)
        self._saved, self._revs = {}, {}
        last = len(self.game.history) - 1
        self._after_change(session.replay(self.game, self.board, last), None)
        if self.watcher is not None and self.version is not None:
            self.watcher.watch(snap.game_id, self.version, start=self.loop is not None)

    def open_game(self, game_id: int) -> bool:
        """Intent: show game ``game_id`` of the database."""
        if self.store is None:
            return False
        try:
            snap = self.store.load(game_id)
        except StoreError as error:
            self.say(store_text("not_saved", self.lang, error=str(error)), "error")
            return False
        if snap.kind != KIND:
            self.say(t("file_refused", self.lang, error=f"game {game_id} is not Africa 1880"))
            return False
        self._open_snapshot(snap)
        self.say(store_text("opened", self.lang, name=snap.info.name), "ok")
        return True

    def reload(self) -> None:
        """Show the game as the database has it now (after another page's change)."""
        if self.store is None or self.game_id is None:
            return
        try:
            snap = self.store.load(self.game_id)
        except StoreError:
            self._gone()
            return
        self._take(snap)
        self.geometry = load_geometry(self.board)
        last = len(self.game.history) - 1
        self._after_change(session.replay(self.game, self.board, last), None)

    def _stale(self) -> None:
        """Another page changed the game first: show its state, apply nothing."""
        self.reload()
        self.say(store_text("stale", self.lang), "error")

    def _gone(self) -> None:
        self.gone = True
        if self.watcher is not None:
            self.watcher.stop()
        self.say(store_text("deleted_elsewhere", self.lang), "error")

    def _on_store_change(self, change: GameChange) -> None:
        """A change seen in the database (this page's own ones are not reported)."""
        if change.game_id != self.game_id:
            return  # a change of the game shown before: this page moved on
        if change.deleted:
            self._gone()
            return
        versions = change.versions
        assert versions is not None
        if self.version is not None and versions.version != self.version.version:
            self.reload()
            self.say(store_text("changed_elsewhere", self.lang), "ok")
            return
        self.version = versions
        self._sync_drafts()
        self.aux_revision += 1

    def poll(self) -> None:
        """Look at the database now (the watcher does it twice a second in a page)."""
        if self.watcher is not None:
            self.watcher.poll()

    def close(self) -> None:
        """Stop watching and save what waits (the page is closed)."""
        self.flush_drafts()
        if self.watcher is not None:
            self.watcher.stop()

    # ----------------------------------------------------------------- typed sheets kept
    def _save_drafts(self) -> None:
        """Keep the typed sheets in the database a moment after the last key pressed."""
        self.draft_saver.touch()

    def flush_drafts(self) -> None:
        """Write the sheets changed since the last write (one entry per changed sheet)."""
        self.draft_saver.pending = False
        if self.store is None or self.game_id is None or self.gone:
            return
        round_ = self.state.round
        if round_ != self._draft_round:
            return  # typed for a position the page no longer shows
        for power, text in self.drafts.items():
            if text == self._saved.get(power, ""):
                continue
            try:
                self._revs[power] = self.store.save_draft(
                    self.game_id, round_, power, text, actor=self.actor
                )
            except StoreError as error:
                self.say(store_text("not_saved", self.lang, error=str(error)), "warn")
                return
            self._saved[power] = text

    def _stored_drafts(self) -> dict[str, tuple[str, int]]:
        if self.store is None or self.game_id is None:
            return {}
        try:
            kept = self.store.drafts(self.game_id, self.state.round)
        except StoreError:
            return {}
        return {p: (d.text, d.rev) for p, d in kept.items() if p in self.powers}

    def _load_drafts(self, typed: Mapping[str, str] | None) -> None:
        """The sheets of the position shown: the ones kept for it, else ``typed``."""
        self.draft_saver.pending = False
        kept = self._stored_drafts()
        self._draft_round = self.state.round
        self._saved = {p: text for p, (text, _rev) in kept.items()}
        self._revs = {p: rev for p, (_text, rev) in kept.items()}
        texts = dict(typed or {})
        texts.update({p: text for p, text in self._saved.items() if text.strip()})
        self._reset_drafts(texts or None)

    def _sync_drafts(self) -> None:
        """Sheets another page typed for this round (a sheet being typed here is kept)."""
        if self.draft_saver.pending:
            return
        changed = False
        for power, (text, rev) in self._stored_drafts().items():
            if rev > self._revs.get(power, 0) and text != self.drafts.get(power, ""):
                self._drafts.set_text(power, text)
                changed = True
            self._revs[power] = rev
            self._saved[power] = text
        if changed:
            self.drafts_revision += 1

    def restore_drafts(self) -> bool:
        """Intent: take back the sheets kept in the database for the position shown."""
        kept = self._stored_drafts()
        if not kept:
            return False
        self._load_drafts(None)
        return True

    # ----------------------------------------------------------------- the timer kept
    def timer_state(self) -> TimerState | None:
        """The timer as the database has it for this game."""
        if self.store is None or self.game_id is None:
            return None
        try:
            return self.store.timer(self.game_id)
        except StoreError:
            return None

    def save_timer(self, state: Mapping[str, Any]) -> int | None:
        """Keep the timer's state with the game; its revision (None when not kept)."""
        if self.store is None or self.game_id is None or self.gone:
            return None
        try:
            rev = self.store.save_timer(self.game_id, state)
        except StoreError as error:
            self.say(store_text("not_saved", self.lang, error=str(error)), "warn")
            return None
        return rev

    # ----------------------------------------------------------------- games and files
    def _install(self, game: Game, message: str, name: str | None = None) -> bool:
        """Show ``game``, kept as a NEW game of the database (the one shown stays as it is)."""
        if self.store is not None:
            snap = self._keep_new(game, name)
            if snap is None:
                return False
            self._open_snapshot(snap)
        else:
            self.game = game
            self.board = game.board  # type: ignore[assignment]
            self.geometry = load_geometry(self.board)
            self._after_change(None, None)
        self.say(message, "ok")
        return True

    def _changed(self) -> None:
        self.revision += 1

    def new_game(
        self,
        powers: Iterable[str],
        start: str = "historical",
        placements: Mapping[str, str] | None = None,
        board: Board | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> bool:
        """Intent: start a new game (a new entry of the games list; the game shown is kept);
        on any problem the message lists them and nothing changes."""
        try:
            opts = Options.from_dict(dict(options or {}))
            game = Game.new(list(powers), board, start, placements, opts, None)
        except (StateError, BoardError, GameFileError, ValueError) as error:
            problems = getattr(error, "problems", None) or [str(error)]
            self.say(t("new_game_error", self.lang) + " " + "; ".join(problems), "error")
            return False
        return self._install(game, t("game_started", self.lang))

    def read_board(self, data: bytes, name: str = "board.json") -> Board | None:
        """Read an uploaded board file; on a problem, say every problem and return None."""
        error_head = t("board_error", self.lang) + " "
        try:
            raw = json.loads(bytes(data).decode("utf-8"))
            board = board_from_dict(raw, source=name)
        except UnicodeDecodeError:
            self.say(error_head + t("not_utf8", self.lang, name=name), "error")
            return None
        except json.JSONDecodeError as error:
            not_json = t("not_json", self.lang, name=name, line=error.lineno, error=error.msg)
            self.say(error_head + not_json, "error")
            return None
        except BoardError as error:
            self.say(error_head + "; ".join(error.problems), "error")
            return None
        self.say(t("board_loaded", self.lang, name=board.name), "ok")
        return board

    def load_example(self) -> None:
        """Intent: open the bundled example game in progress, as a new game, with its typed
        sheets ready."""
        name = store_text("example_name", self.lang)
        if self._install(example_game(), t("example_loaded", self.lang), name):
            self._reset_drafts(session.split_sheets(example_orders(), self.powers))
            self._save_drafts()
            self.flush_drafts()

    def load_file(self, data: bytes, name: str = "game.json") -> bool:
        """Intent: open an uploaded game file (or whole history) as a NEW game; a bad file is
        refused with the reason and the game shown is kept."""
        try:
            text = bytes(data).decode("utf-8")
            parsed = json.loads(text)
        except UnicodeDecodeError:
            return self._refuse(t("not_utf8", self.lang, name=name))
        except json.JSONDecodeError as error:
            return self._refuse(
                t("not_json", self.lang, name=name, line=error.lineno, error=error.msg)
            )
        except RecursionError:
            return self._refuse(f"{name}: nested too deeply")
        archive_kind = parsed.get("kind") if isinstance(parsed, dict) else None
        if detect_kind(parsed) not in (KIND, None) or archive_kind not in (KIND, None):
            return self._refuse(f"{name}: not an Africa 1880 game")
        message = t("file_loaded", self.lang, name=name)
        if self.store is None:
            from tabletop.games.africa1880.gamefile import game_from_dict

            try:
                game = game_from_dict(parsed, source=name)
            except (GameFileError, StateError, BoardError) as error:
                return self._refuse(str(error))
            return self._install(game, message)
        stem = name.rsplit(".", 1)[0] or name
        try:
            snap = self.store.import_bytes(bytes(data), name=stem, source=name, actor=self.actor)
        except StoreError as error:
            return self._refuse(str(error))
        if snap.kind != KIND:  # an archive of another kind: kept, but not shown here
            return self._refuse(f"{name}: not an Africa 1880 game")
        self._open_snapshot(snap)
        self.say(message, "ok")
        return True

    def _refuse(self, error: str) -> bool:
        self.say(t("file_refused", self.lang, error=error), "error")
        return False

    def game_bytes(self) -> bytes:
        """The current game as a game file (for the download link)."""
        return (json.dumps(self.game.to_dict(), ensure_ascii=False, indent=2) + "\n").encode()

    def file_name(self) -> str:
        """A name for the downloaded game file."""
        return f"africa1880-{self.state.year}.json"

    # ----------------------------------------------------------------- language
    @traitlets.observe("lang")
    def _lang_changed(self, change: dict) -> None:
        self._drafts.relang(change["old"], change["new"])
        self.drafts_revision += 1
