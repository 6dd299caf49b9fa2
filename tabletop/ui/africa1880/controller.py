"""The one object holding an Africa 1880 game in the dashboard.

Widgets observe the controller's traits and call its intents (``new_game``, ``load_file``,
``set_order``, ``set_sheet_text``, ``resolve``, ``undo``, ``view_round`` ...). It holds the
game and what the page shows; the jobs are done by its parts: the typed sheets
(:class:`~tabletop.ui.africa1880.drafts.Drafts`), the rounds shown
(:mod:`~tabletop.ui.africa1880.session`), the files (:mod:`~tabletop.ui.africa1880.persistence`:
the game is saved after every change, so a closed tab or a crash loses nothing) and the menus'
choices (:mod:`~tabletop.ui.africa1880.choices`). Every rule is asked of the rules core.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
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
    game_from_dict,
)
from tabletop.games.africa1880.orders import OrderSheet
from tabletop.games.africa1880.report import Report, Score
from tabletop.games.africa1880.state import GameState, Options, Relations, StateError
from tabletop.ui.africa1880 import choices, session
from tabletop.ui.africa1880.drafts import Check, Drafts
from tabletop.ui.africa1880.persistence import (
    DraftsFile,
    GameSaves,
    drafts_path_for,
    position_key,
)
from tabletop.ui.africa1880.session import RoundView
from tabletop.ui.africa1880.texts import power_name, t

__all__ = ["AfricaController", "Check", "RoundView"]


class AfricaController(traitlets.HasTraits):
    """Holds the game, the draft order sheets and what the page shows; widgets observe it."""

    lang = traitlets.Unicode("en")
    #: Bumped whenever the game itself changes (new game, file, resolution, undo).
    revision = traitlets.Int(0)
    #: Bumped whenever a draft order sheet changes.
    drafts_revision = traitlets.Int(0)
    #: -1 shows the current position (with the last round's changes); k shows history round k.
    view_index = traitlets.Int(-1)
    message = traitlets.Unicode("")
    message_kind = traitlets.Unicode("ok")
    #: True while an autosaved game is offered for continuing.
    offer_continue = traitlets.Bool(False)

    def __init__(
        self,
        game: Game | None = None,
        autosave_path: str | os.PathLike[str] | None = None,
        lang: str = "en",
        board_dir: str | os.PathLike[str] | None = None,
    ) -> None:
        super().__init__()
        self.saves = GameSaves(autosave_path, board_dir)
        self.game: Game = game if game is not None else example_game()
        self.board: Board = self.game.board  # type: ignore[assignment]
        self.geometry = load_geometry(self.board)
        self.last_report: Report | None = None
        self.saved_game: Game | None = None
        example = session.split_sheets(example_orders(), self.powers) if game is None else None
        # Built in the trait's first language, then switched like any later change of language.
        self._drafts = Drafts(self.board, self.state, self.lang, example)
        self.lang = lang
        self.drafts_file = DraftsFile(drafts_path_for(self.saves.path))
        self.saved_game = self.saves.load()
        self.offer_continue = self.saved_game is not None

    # ----------------------------------------------------------------- state access
    @property
    def autosave_path(self) -> Path:
        return self.saves.path

    @property
    def drafts_path(self) -> Path:
        return self.drafts_file.path

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
        """Intent: resolve the round with the drafts; saves the game; returns the report."""
        if self.state.game_over:
            self.say(t("resolve_refused", self.lang), "warn")
            return None
        year = self.state.year
        try:
            report = self.game.apply(self._drafts.combined_text())
        except GameOverError:
            self.say(t("resolve_refused", self.lang), "warn")
            return None
        self.last_report = report
        self.view_index = -1
        self._reset_drafts()
        self._changed()
        self._autosave(t("resolved", self.lang, year=year))
        return report

    def undo(self) -> bool:
        """Intent: take back the last resolution; the drafts get back the sheets it used."""
        if not self.game.history:
            self.say(t("nothing_to_undo", self.lang), "warn")
            return False
        entry = self.game.history[-1]
        try:
            self.game.undo()
        except NothingToUndo:
            self.say(t("nothing_to_undo", self.lang), "warn")
            return False
        self.last_report = session.replay(self.game, self.board, len(self.game.history) - 1)
        self.view_index = -1
        self._reset_drafts(session.split_sheets(entry.sheets_text, self.powers))
        self._changed()
        self._autosave(t("undone", self.lang, year=entry.state.year))
        return True

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

    # ----------------------------------------------------------------- games and files
    def _install(self, game: Game, message: str) -> None:
        self.game = game
        self.board = game.board  # type: ignore[assignment]
        self.geometry = load_geometry(self.board)
        self.last_report = None
        self.view_index = -1
        self._reset_drafts()
        self._changed()
        self.say(message, "ok")

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
        """Intent: start a new game; on any problem the message lists them and nothing changes."""
        try:
            opts = Options.from_dict(dict(options or {}))
            board_name = None
            if board is not None and board.source not in ("default",):
                board_name = str(self.saves.store_board(board))
            game = Game.new(list(powers), board, start, placements, opts, board_name)
        except (StateError, BoardError, GameFileError, ValueError) as error:
            problems = getattr(error, "problems", None) or [str(error)]
            self.say(t("new_game_error", self.lang) + " " + "; ".join(problems), "error")
            return False
        self._install(game, t("game_started", self.lang))
        self._autosave(t("game_started", self.lang))
        return True

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
        """Intent: open the bundled example game in progress, with its typed sheets ready."""
        self._install(example_game(), t("example_loaded", self.lang))
        self._reset_drafts(session.split_sheets(example_orders(), self.powers))

    def load_file(self, data: bytes, name: str = "game.json") -> bool:
        """Intent: open an uploaded game file; a bad file is refused and the game is kept."""
        try:
            text = bytes(data).decode("utf-8")
            game = game_from_dict(json.loads(text), source=name)
        except UnicodeDecodeError:
            return self._refuse(t("not_utf8", self.lang, name=name))
        except json.JSONDecodeError as error:
            return self._refuse(
                t("not_json", self.lang, name=name, line=error.lineno, error=error.msg)
            )
        except (GameFileError, StateError, BoardError) as error:
            return self._refuse(str(error))
        self._install(game, t("file_loaded", self.lang, name=name))
        self._autosave(t("file_loaded", self.lang, name=name))
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

    # ----------------------------------------------------------------- autosave
    def _autosave(self, done: str) -> None:
        error = self.saves.save(self.game)
        if error is not None:
            self.say(done + " " + t("autosave_failed", self.lang, error=error), "error")
            return
        self.saved_game = None
        self.offer_continue = False
        self.say(done, "ok")

    def saved_summary(self) -> str:
        """The sentence offering to continue the autosaved game."""
        game = self.saved_game
        if game is None:
            return ""
        powers = ", ".join(power_name(p, self.lang) for p in game.state.powers)
        return t("continue_prompt", self.lang, year=game.state.year, powers=powers)

    def continue_saved(self) -> bool:
        """Intent: continue the autosaved game."""
        if self.saved_game is None:
            return False
        game, self.saved_game = self.saved_game, None
        self.offer_continue = False
        self._install(game, t("continued", self.lang))
        self.last_report = session.replay(game, self.board, len(game.history) - 1)
        self.restore_drafts()
        return True

    def decline_saved(self) -> None:
        """Intent: keep the game shown; the autosave is replaced at the next resolution."""
        self.saved_game = None
        self.offer_continue = False

    # ----------------------------------------------------------------- typed sheets kept
    def _save_drafts(self) -> None:
        """Keep the typed sheets, so a closed tab or a restarted kernel loses none of them."""
        if self.offer_continue:
            return  # while a saved game is offered, its typed sheets are still to be restored
        error = self.drafts_file.write(position_key(self.game), self.drafts)
        if error is not None:
            self.say(t("autosave_failed", self.lang, error=error), "warn")

    def restore_drafts(self) -> bool:
        """Intent: take back the sheets typed for this very position before a reload."""
        texts = self.drafts_file.restore(position_key(self.game), self.powers)
        if texts is None:
            return False
        self._reset_drafts(texts)
        return True

    # ----------------------------------------------------------------- language
    @traitlets.observe("lang")
    def _lang_changed(self, change: dict) -> None:
        self._drafts.relang(change["old"], change["new"])
        self.drafts_revision += 1
