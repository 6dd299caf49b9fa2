"""Which game the page shows: one of the database, a new one, the example, an uploaded file
(each kept as a NEW game: the one shown before stays as it is), and the game again when
another page changed or deleted it.

The controller asks :class:`GameOpener`; the opener is given the game's link to the database
and the page's callbacks (show a game, say something, keep or follow the typed sheets), not the
controller, and says what happened in the page's message.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from tabletop.games.africa1880.board import Board, BoardError
from tabletop.games.africa1880.gamefile import Game, GameFileError
from tabletop.games.africa1880.options import Options, StateError
from tabletop.store import GameChange, Snapshot
from tabletop.ui.africa1880 import game_files
from tabletop.ui.africa1880.game_files import KIND
from tabletop.ui.africa1880.game_link import GameLink, Refused
from tabletop.ui.africa1880.texts import t
from tabletop.ui.shell.store_link import store_text

__all__ = ["GameOpener"]


class GameOpener:
    """Puts a game on the page and follows the database's changes of it."""

    def __init__(
        self,
        link: GameLink,
        *,
        show: Callable[[Game], None],
        say: Callable[[str, str], None],
        lang: Callable[[], str],
        flush_sheets: Callable[[], None],
        sync_sheets: Callable[[], None],
        kept_changed: Callable[[], None],
    ) -> None:
        """``show`` puts a game on the page; ``say`` shows a message (text, kind); ``lang``
        reads the page's language; ``flush_sheets`` writes the typed sheets waiting,
        ``sync_sheets`` takes the ones another page typed; ``kept_changed`` says that something
        else kept with the game changed elsewhere (timer, name)."""
        self.link = link
        self._show = show
        self._say = say
        self._lang = lang
        self._flush_sheets = flush_sheets
        self._sync_sheets = sync_sheets
        self._kept_changed = kept_changed

    def say(self, text: str, kind: str = "ok") -> None:
        self._say(text, kind)

    def say_refused(self, refusal: Refused) -> None:
        self._say(refusal.text(self._lang()), refusal.kind)

    def keep_new(self, game: Game, name: str | None) -> Snapshot | None:
        """Keep ``game`` as a NEW game of the database (never over another)."""
        try:
            return self.link.keep_new(game, name)
        except Refused as refusal:
            self.say_refused(refusal)
            return None

    def open_snapshot(self, snap: Snapshot) -> None:
        """Show the game of ``snap`` and watch it for other pages' changes."""
        self._flush_sheets()
        self._show(self.link.open(snap))

    def open_game(self, game_id: int) -> bool:
        """Intent: show game ``game_id`` of the database."""
        if self.link.store is None:
            return False
        try:
            snap = self.link.load(game_id)
        except Refused as refusal:
            self.say_refused(refusal)
            return False
        if snap.kind != KIND:
            self.say(t("file_refused", self._lang(), error=f"game {game_id} is not Africa 1880"))
            return False
        self.open_snapshot(snap)
        self.say(store_text("opened", self._lang(), name=snap.info.name), "ok")
        return True

    def reload(self) -> None:
        """Show the game as the database has it now (after another page's change)."""
        if self.link.store is None or self.link.game_id is None:
            return
        try:
            snap = self.link.load(self.link.game_id)
        except Refused:
            self.gone()
            return
        self._show(self.link.take(snap))

    def stale(self) -> None:
        """Another page changed the game first: show its state, apply nothing."""
        self.reload()
        self.say(store_text("stale", self._lang()), "error")

    def gone(self) -> None:
        self.link.gone = True
        self.link.stop()
        self.say(store_text("deleted_elsewhere", self._lang()), "error")

    def on_store_change(self, change: GameChange) -> None:
        """A change seen in the database (this page's own ones are not reported)."""
        if change.game_id != self.link.game_id:
            return  # a change of the game shown before: this page moved on
        if change.deleted:
            self.gone()
            return
        versions = change.versions
        assert versions is not None
        if self.link.version is not None and versions.version < self.link.version.version:
            # Older news: a look taken before this page's own change (say, another page's
            # typed sheets kept just before this page resolved) arrives after it. The page is
            # ahead already; the next look reports anything newer.
            return
        if self.link.version is not None and versions.version != self.link.version.version:
            self.reload()
            self.link.showing_change_from_elsewhere()
            self.say(store_text("changed_elsewhere", self._lang()), "ok")
            return
        self.link.version = versions
        self._sync_sheets()
        self._kept_changed()

    def install(self, game: Game, message: str, name: str | None = None) -> bool:
        """Show ``game``, kept as a NEW game of the database (the one shown stays as it is)."""
        if self.link.store is not None:
            snap = self.keep_new(game, name)
            if snap is None:
                return False
            self.open_snapshot(snap)
        else:
            self._show(game)
        self.say(message, "ok")
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
            self.say(t("new_game_error", self._lang()) + " " + "; ".join(problems), "error")
            return False
        return self.install(game, t("game_started", self._lang()))

    def read_board(self, data: bytes, name: str = "board.json") -> Board | None:
        """Read an uploaded board file; on a problem, say every problem and return None."""
        try:
            board = game_files.read_board(data, name)
        except Refused as refusal:
            self.say_refused(refusal)
            return None
        self.say(t("board_loaded", self._lang(), name=board.name), "ok")
        return board

    def load_file(self, data: bytes, name: str = "game.json") -> bool:
        """Intent: open an uploaded game file (or whole history) as a NEW game; a bad file is
        refused with the reason and the game shown is kept."""
        message = t("file_loaded", self._lang(), name=name)
        try:
            parsed = game_files.parse_game_file(data, name)
            if self.link.store is None:
                return self.install(game_files.read_game(parsed, name), message)
            stem = name.rsplit(".", 1)[0] or name
            snap = self.link.import_bytes(bytes(data), stem, name)
            if snap.kind != KIND:  # an archive of another kind: kept, but not shown here
                raise game_files.file_refused(f"{name}: not an Africa 1880 game")
        except Refused as refusal:
            self.say_refused(refusal)
            return False
        self.open_snapshot(snap)
        self.say(message, "ok")
        return True
