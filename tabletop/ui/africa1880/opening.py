"""Which game the page shows: one of the database, a new one, the example, an uploaded file
(each kept as a NEW game: the one shown before stays as it is), and the game again when
another page changed or deleted it.

The controller asks :class:`GameOpener`; the opener shows the game through the controller and
says what happened in the page's message.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from tabletop.games.africa1880.board import Board, BoardError
from tabletop.games.africa1880.gamefile import Game, GameFileError, example_game, example_orders
from tabletop.games.africa1880.options import Options, StateError
from tabletop.store import GameChange, Snapshot
from tabletop.ui.africa1880 import game_files, session
from tabletop.ui.africa1880.game_files import KIND
from tabletop.ui.africa1880.game_link import Refused
from tabletop.ui.africa1880.texts import t
from tabletop.ui.shell.store_link import store_text

if TYPE_CHECKING:
    from tabletop.ui.africa1880.controller import AfricaController

__all__ = ["GameOpener"]


class GameOpener:
    """Puts a game on the controller's page and follows the database's changes of it."""

    def __init__(self, ctl: AfricaController) -> None:
        self.ctl = ctl

    def keep_new(self, game: Game, name: str | None) -> Snapshot | None:
        """Keep ``game`` as a NEW game of the database (never over another)."""
        try:
            return self.ctl.link.keep_new(game, name)
        except Refused as refusal:
            self.ctl.say_refused(refusal)
            return None

    def open_snapshot(self, snap: Snapshot) -> None:
        """Show the game of ``snap`` and watch it for other pages' changes."""
        self.ctl.flush_drafts()
        self.ctl.display_game(self.ctl.link.open(snap))

    def open_game(self, game_id: int) -> bool:
        """Intent: show game ``game_id`` of the database."""
        if self.ctl.store is None:
            return False
        try:
            snap = self.ctl.link.load(game_id)
        except Refused as refusal:
            self.ctl.say_refused(refusal)
            return False
        if snap.kind != KIND:
            self.ctl.say(
                t("file_refused", self.ctl.lang, error=f"game {game_id} is not Africa 1880")
            )
            return False
        self.open_snapshot(snap)
        self.ctl.say(store_text("opened", self.ctl.lang, name=snap.info.name), "ok")
        return True

    def reload(self) -> None:
        """Show the game as the database has it now (after another page's change)."""
        if self.ctl.store is None or self.ctl.game_id is None:
            return
        try:
            snap = self.ctl.link.load(self.ctl.game_id)
        except Refused:
            self.gone()
            return
        self.ctl.display_game(self.ctl.link.take(snap))

    def stale(self) -> None:
        """Another page changed the game first: show its state, apply nothing."""
        self.reload()
        self.ctl.say(store_text("stale", self.ctl.lang), "error")

    def gone(self) -> None:
        self.ctl.link.gone = True
        self.ctl.link.stop()
        self.ctl.say(store_text("deleted_elsewhere", self.ctl.lang), "error")

    def on_store_change(self, change: GameChange) -> None:
        """A change seen in the database (this page's own ones are not reported)."""
        if change.game_id != self.ctl.game_id:
            return  # a change of the game shown before: this page moved on
        if change.deleted:
            self.gone()
            return
        versions = change.versions
        assert versions is not None
        if self.ctl.link.version is not None and versions.version != self.ctl.link.version.version:
            self.reload()
            self.ctl.say(store_text("changed_elsewhere", self.ctl.lang), "ok")
            return
        self.ctl.link.version = versions
        self.ctl.sync_drafts()
        self.ctl.aux_revision += 1

    def install(self, game: Game, message: str, name: str | None = None) -> bool:
        """Show ``game``, kept as a NEW game of the database (the one shown stays as it is)."""
        if self.ctl.store is not None:
            snap = self.keep_new(game, name)
            if snap is None:
                return False
            self.open_snapshot(snap)
        else:
            self.ctl.display_game(game)
        self.ctl.say(message, "ok")
        return True

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
            self.ctl.say(t("new_game_error", self.ctl.lang) + " " + "; ".join(problems), "error")
            return False
        return self.install(game, t("game_started", self.ctl.lang))

    def read_board(self, data: bytes, name: str = "board.json") -> Board | None:
        """Read an uploaded board file; on a problem, say every problem and return None."""
        try:
            board = game_files.read_board(data, name)
        except Refused as refusal:
            self.ctl.say_refused(refusal)
            return None
        self.ctl.say(t("board_loaded", self.ctl.lang, name=board.name), "ok")
        return board

    def load_example(self) -> None:
        """Intent: open the bundled example game in progress, as a new game, with its typed
        sheets ready."""
        name = store_text("example_name", self.ctl.lang)
        if self.install(example_game(), t("example_loaded", self.ctl.lang), name):
            self.ctl.reset_drafts(session.split_sheets(example_orders(), self.ctl.powers))
            self.ctl.kept.touch()
            self.ctl.flush_drafts()

    def load_file(self, data: bytes, name: str = "game.json") -> bool:
        """Intent: open an uploaded game file (or whole history) as a NEW game; a bad file is
        refused with the reason and the game shown is kept."""
        message = t("file_loaded", self.ctl.lang, name=name)
        try:
            parsed = game_files.parse_game_file(data, name)
            if self.ctl.store is None:
                return self.install(game_files.read_game(parsed, name), message)
            stem = name.rsplit(".", 1)[0] or name
            snap = self.ctl.link.import_bytes(bytes(data), stem, name)
            if snap.kind != KIND:  # an archive of another kind: kept, but not shown here
                raise game_files.file_refused(f"{name}: not an Africa 1880 game")
        except Refused as refusal:
            self.ctl.say_refused(refusal)
            return False
        self.open_snapshot(snap)
        self.ctl.say(message, "ok")
        return True
