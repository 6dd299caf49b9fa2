"""The game a Massai page shows, kept in the games database: opening, new games, new entries.

Every accepted action is a new entry of the game's history (who played it, when), made on the
version the page shows. When another page changed the game first, the change is refused
("This game changed on another page"), not applied, and the page shows the game as it is.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
from tabletop.ui.massai.prompts import store_text
from tabletop.ui.massai.stages import SECRET_STAGES, TABLE

if TYPE_CHECKING:
    from tabletop.ui.massai.controller import MassaiController

#: A change of the store made on the version shown: ``change(store, version) -> Snapshot``.
StoreChange = Callable[[Store, int], Snapshot]


def import_upload(store: Store, data: bytes, file_name: str, lang: str) -> Snapshot:
    """Import an uploaded game file (or a history archive) as a new Massai game.

    Raises :class:`~tabletop.store.StoreError` or :class:`GameFileError` with the reasons (an
    Africa 1880 file is refused as such).
    """
    name = Path(file_name).name or "upload"
    try:
        parsed: Any = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        parsed = None  # the store says what is wrong with it
    try:
        if parsed is None:
            return GameArchive(store).import_bytes(data, name=Path(name).stem, source=name)
        kind = (
            parsed.get("kind")
            if isinstance(parsed, dict) and parsed.get("format") == ARCHIVE_FORMAT
            else None
        )
        if kind is None:
            GameRecord.from_json(parsed, source=name)  # the Massai loader's reasons
        elif kind != "massai":
            raise GameDataError(store_text("db_import_africa", lang, name=name))
        return GameArchive(store).import_data(parsed, name=Path(name).stem, source=name)
    except (StoreError, GameFileError) as error:
        if (
            isinstance(parsed, dict)
            and parsed.get("format") == "tabletop.africa1880.game"
            and not isinstance(error, GameDataError)
        ):
            raise GameDataError(store_text("db_import_africa", lang, name=name)) from error
        raise


class GameKeeper:
    """Reads and writes the game of a controller in its store (``ctl.store``)."""

    def __init__(self, ctl: MassaiController) -> None:
        self.ctl = ctl

    def take(self, snap: Snapshot) -> None:
        """Show the game as read (or written) at ``snap``."""
        ctl = self.ctl
        assert isinstance(snap.game, GameRecord)
        ctl.show(record=snap.game)
        ctl.note_kept(
            version=snap.version,
            aux_version=snap.info.aux_version,
            game_name=snap.info.name,
        )
        assert ctl.store is not None
        try:
            can_undo, can_redo = ctl.store.can_undo_redo(snap.game_id)
        except StoreError:
            can_undo, can_redo = bool(ctl.record.actions), False
        ctl.note_kept(can_undo=can_undo, can_redo=can_redo)

    def open_snapshot(self, snap: Snapshot) -> None:
        """Show the game of ``snap`` (a game opened, made or imported), still followed."""
        ctl = self.ctl
        watching = ctl.watcher is not None
        ctl.stop_watching()
        ctl.note_kept(deleted=False, game_id=snap.game_id)
        self.take(snap)
        ctl.after_return()
        if watching:
            ctl.watch()

    def open(self, game_id: int) -> bool:
        """Show game ``game_id``, its pending secret restored; False (said) if it cannot be."""
        ctl = self.ctl
        if ctl.store is None:
            return False
        try:
            snap = ctl.store.load(game_id)
        except StoreError as error:
            ctl.notify("db_failed", error=str(error))
            return False
        if snap.kind != "massai":
            ctl.notify("db_failed", error=f"game {game_id} is not a Massai game")
            return False
        self.open_snapshot(snap)
        ctl.show(notice=("db_opened", {"name": snap.info.name}))
        ctl.secrets.restore()
        ctl.changed()
        return True

    def new_game(self, options: Options) -> None:
        """Start a NEW game with ``options`` (kept as a new game: the previous one stays)."""
        ctl = self.ctl
        record = GameRecord.new(options)
        had_one = ctl.game_id is not None
        if ctl.store is not None:
            try:
                snap = ctl.store.create_game(record, actor=TABLE)
            except StoreError as error:
                ctl.notify("db_failed", error=str(error))
                return
            self.open_snapshot(snap)
        else:
            ctl.show(record=record)
            ctl.after_return()
        ctl.show(notice=("db_new_game", {}) if had_one else ("notice_new_game", {}))
        ctl.changed()

    def import_file(self, data: bytes, file_name: str = "upload") -> bool:
        """Import an uploaded file as a NEW game and show it; a bad file is refused and the game
        shown stays as it is. True when imported."""
        ctl = self.ctl
        if ctl.store is None:
            ctl.notify("db_import_refused", error=store_text("db_not_kept", ctl.lang))
            return False
        try:
            snap = import_upload(ctl.store, data, file_name, ctl.lang)
        except (StoreError, GameFileError) as error:
            ctl.notify("db_import_refused", error=" ".join(str(error).split()))
            return False
        self.open_snapshot(snap)
        ctl.show(notice=("db_imported", {"name": snap.info.name}))
        ctl.changed()
        return True

    def gone(self) -> None:
        """The game was deleted on another page: say so, stop following it."""
        ctl = self.ctl
        ctl.note_kept(deleted=True)
        ctl.stop_watching_later()
        ctl.show(notice=("db_deleted", {}))
        ctl.changed()

    def reload(self, remote: bool) -> None:
        """Show the game as the database has it now; ``remote``: another page changed it."""
        ctl = self.ctl
        assert ctl.store is not None and ctl.game_id is not None
        try:
            snap = ctl.store.load(ctl.game_id)
        except GameNotFound:
            ctl.note_kept(deleted=True)
            ctl.show(notice=("db_deleted", {}))
            return
        except StoreError as error:
            ctl.show(notice=("db_failed", {"error": str(error)}))
            return
        before = ctl.record
        # Something typed here is lost (a wait for a target locked elsewhere is not).
        interrupted = ctl.stage in (*SECRET_STAGES, "attack-wait") or bool(ctl.selection)
        self.take(snap)
        ctl.after_return()
        if interrupted or not remote:
            ctl.show(notice=("db_stale", {}))
        else:
            ctl.show(notice=("db_remote_change", {"what": self.what_changed(before)}))
        ctl.secrets.restore(quiet_if_locked=False)

    def what_changed(self, before: GameRecord) -> Any:
        """Another page's change as notice words: the action it played, or a step back."""
        record = self.ctl.record
        if len(record.actions) > len(before.actions) and record.actions[:-1] == before.actions:
            last = record.actions[-1]
            secret = isinstance(last, Setup) and self.ctl.state.pending_setup is not None
            return ("play", {"player": last.player, "action": last, "secret": secret})
        return "db_remote_back"

    def fresh(self) -> bool:
        """Whether the page still shows the newest version (else: reloaded and said so)."""
        ctl = self.ctl
        if not ctl.kept:
            return True
        assert ctl.store is not None and ctl.game_id is not None
        try:
            now = ctl.store.current_version(ctl.game_id)
        except GameNotFound:
            self.gone()
            return False
        except StoreError as error:
            ctl.notify("db_failed", error=str(error))
            return False
        if now != ctl.version:
            self.reload(remote=False)
            ctl.changed()
            return False
        return True

    def change(self, change: StoreChange) -> bool:
        """Run ``change(store, version)`` (a new entry made on the version shown); a stale
        version reloads the game and says so. True when done."""
        ctl = self.ctl
        if ctl.deleted:
            ctl.notify("db_deleted")
            return False
        assert ctl.store is not None
        try:
            snap = change(ctl.store, ctl.version)
        except StaleGameError:
            self.reload(remote=False)
            ctl.changed()
            return False
        except NothingToUndo:
            ctl.notify("notice_nothing_to_undo")
            return False
        except NothingToRedo:
            ctl.notify("db_nothing_to_redo")
            return False
        except GameNotFound:
            self.gone()
            return False
        except StoreError as error:
            ctl.notify("db_failed", error=str(error))
            return False
        self.take(snap)
        return True
