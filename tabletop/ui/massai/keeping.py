"""The game a Massai page shows, kept in the games database: opening, new games, new entries.

Every accepted action is a new entry of the game's history (who played it, when), made on the
version the page shows. When another page changed the game first, the change is refused
("This game changed on another page"), not applied, and the page shows the game as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tabletop.fileio.json_guard import parse_json_bytes
from tabletop.fileio.messages import FileFormatError
from tabletop.games.massai.actions import Setup
from tabletop.games.massai.gamefile import GameFileError, GameRecord
from tabletop.games.massai.state import Options
from tabletop.store import (
    ARCHIVE_FORMAT,
    GameArchive,
    GameDataError,
    GameNotFound,
    NothingToRedo,
    NothingToUndo,
    Snapshot,
    StaleGameError,
    Store,
    StoreError,
)
from tabletop.ui.massai.following import OtherPages
from tabletop.ui.massai.kept_secrets import KeptTarget
from tabletop.ui.massai.prompts import store_text
from tabletop.ui.massai.stages import SECRET_STAGES, TABLE
from tabletop.ui.massai.steps import PageSteps

#: A change of the store made on the version shown: ``change(store, version) -> Snapshot``.
StoreChange = Callable[[Store, int], Snapshot]


def import_upload(store: Store, data: bytes, file_name: str, lang: str) -> Snapshot:
    """Import an uploaded game file (or a history archive) as a new Massai game.

    The file is read once, by the guarded reader the command line uses
    (:func:`~tabletop.fileio.json_guard.parse_json_bytes`: size, byte order mark, nesting, long
    numbers, item counts), and checked to be a Massai game before anything is kept. Raises
    :class:`~tabletop.store.StoreError` or :class:`GameFileError` with the reasons, in one line
    (an Africa 1880 file is refused as such, and never imported from this page).
    """
    name = Path(file_name).name or "upload"
    try:
        parsed: Any = parse_json_bytes(bytes(data))
    except FileFormatError as error:
        raise GameDataError(f"{name}: {error.reason}") from None
    africa = GameDataError(store_text("db_import_africa", lang, name=name))
    kind = (
        parsed.get("kind")
        if isinstance(parsed, dict) and parsed.get("format") == ARCHIVE_FORMAT
        else None
    )
    if kind is None:
        try:
            GameRecord.from_json(parsed, source=name)  # the Massai loader's reasons
        except GameFileError as error:
            if isinstance(parsed, dict) and parsed.get("format") == "tabletop.africa1880.game":
                raise africa from error
            raise
    elif kind != "massai":
        raise africa
    return GameArchive(store).import_data(parsed, name=Path(name).stem, source=name)


class GameKeeper:
    """Reads and writes the game a page shows in ``store`` (``None``: kept nowhere).

    ``page`` is what the page shows and the steps it takes; ``pages`` follows other pages'
    changes and ``watch`` starts following the game shown again; ``secrets`` keeps the attack
    target locked in.
    """

    def __init__(
        self,
        store: Store | None,
        page: PageSteps,
        pages: OtherPages,
        watch: Callable[[], Any],
        secrets: KeptTarget,
    ) -> None:
        self.store = store
        self.page = page
        self.pages = pages
        self._watch = watch
        self.secrets = secrets

    def take(self, snap: Snapshot) -> None:
        """Show the game as read (or written) at ``snap``."""
        page = self.page
        assert isinstance(snap.game, GameRecord)
        page.take_record(snap.game)
        assert self.store is not None
        try:
            can_undo, can_redo = self.store.can_undo_redo(snap.game_id)
        except StoreError:
            can_undo, can_redo = bool(page.record.actions), False
        page.kept_as(snap.version, snap.info.aux_version, snap.info.name, can_undo, can_redo)

    def open_snapshot(self, snap: Snapshot) -> None:
        """Show the game of ``snap`` (a game opened, made or imported), still followed."""
        page = self.page
        watching = self.pages.watcher is not None
        self.pages.stop()
        page.kept_at(snap.game_id)
        self.take(snap)
        page.after_return()
        if watching:
            self._watch()

    def open(self, game_id: int) -> bool:
        """Show game ``game_id``, its pending secret restored; False (said) if it cannot be."""
        page = self.page
        if self.store is None:
            return False
        try:
            snap = self.store.load(game_id)
        except StoreError as error:
            page.notify("db_failed", error=str(error))
            return False
        if snap.kind != "massai":
            page.notify("db_failed", error=f"game {game_id} is not a Massai game")
            return False
        self.open_snapshot(snap)
        page.say(("db_opened", {"name": snap.info.name}))
        self.secrets.restore()
        page.skip_handover()  # opened, not reached by a click: the first press counts
        page.changed()
        return True

    def new_game(self, options: Options) -> None:
        """Start a NEW game with ``options`` (kept as a new game: the previous one stays)."""
        page = self.page
        record = GameRecord.new(options)
        had_one = page.game_id is not None
        if self.store is not None:
            try:
                snap = self.store.create_game(record, actor=TABLE)
            except StoreError as error:
                page.notify("db_failed", error=str(error))
                return
            self.open_snapshot(snap)
        else:
            page.take_record(record)
            page.after_return()
        page.say(("db_new_game", {}) if had_one else ("notice_new_game", {}))
        page.changed()

    def import_file(self, data: bytes, file_name: str = "upload") -> bool:
        """Import an uploaded file as a NEW game and show it; a bad file is refused and the game
        shown stays as it is. True when imported."""
        page = self.page
        if self.store is None:
            page.notify("db_import_refused", error=store_text("db_not_kept", page.lang))
            return False
        try:
            snap = import_upload(self.store, data, file_name, page.lang)
        except (StoreError, GameFileError) as error:
            page.notify("db_import_refused", error=" ".join(str(error).split()))
            return False
        self.open_snapshot(snap)
        page.say(("db_imported", {"name": snap.info.name}))
        page.changed()
        return True

    def gone(self) -> None:
        """The game was deleted on another page: say so, stop following it."""
        page = self.page
        page.mark_deleted()
        self.pages.stop_later()
        page.say(("db_deleted", {}))
        page.changed()

    def reload(self, remote: bool) -> None:
        """Show the game as the database has it now; ``remote``: another page changed it."""
        page = self.page
        assert self.store is not None and page.game_id is not None
        try:
            snap = self.store.load(page.game_id)
        except GameNotFound:
            page.mark_deleted()
            page.say(("db_deleted", {}))
            return
        except StoreError as error:
            page.say(("db_failed", {"error": str(error)}))
            return
        before = page.record
        # Something typed here is lost (a wait for a target locked elsewhere is not).
        interrupted = page.stage in (*SECRET_STAGES, "attack-wait") or bool(page.selection)
        self.take(snap)
        page.after_return()
        if interrupted or not remote:
            page.say(("db_stale", {}))
        else:
            page.say(("db_remote_change", {"what": self.what_changed(before)}))
        self.secrets.restore(quiet_if_locked=False)

    def what_changed(self, before: GameRecord) -> Any:
        """Another page's change as notice words: the action it played, or a step back."""
        record = self.page.record
        if len(record.actions) > len(before.actions) and record.actions[:-1] == before.actions:
            last = record.actions[-1]
            secret = isinstance(last, Setup) and self.page.state.pending_setup is not None
            return ("play", {"player": last.player, "action": last, "secret": secret})
        return "db_remote_back"

    def fresh(self) -> bool:
        """Whether the page still shows the newest version (else: reloaded and said so)."""
        page = self.page
        if not page.kept:
            return True
        assert self.store is not None and page.game_id is not None
        try:
            now = self.store.current_version(page.game_id)
        except GameNotFound:
            self.gone()
            return False
        except StoreError as error:
            page.notify("db_failed", error=str(error))
            return False
        if now != page.version:
            self.reload(remote=False)
            page.changed()
            return False
        return True

    def change(self, change: StoreChange) -> bool:
        """Run ``change(store, version)`` (a new entry made on the version shown); a stale
        version reloads the game and says so. True when done."""
        page = self.page
        if page.deleted:
            page.notify("db_deleted")
            return False
        assert self.store is not None
        try:
            snap = change(self.store, page.version)
        except StaleGameError:
            self.reload(remote=False)
            page.changed()
            return False
        except NothingToUndo:
            page.notify("notice_nothing_to_undo")
            return False
        except NothingToRedo:
            page.notify("db_nothing_to_redo")
            return False
        except GameNotFound:
            self.gone()
            return False
        except StoreError as error:
            page.notify("db_failed", error=str(error))
            return False
        self.take(snap)
        return True
