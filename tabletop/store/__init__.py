"""The game database (SQLAlchemy 2 Core): SQLite embedded by default, PostgreSQL by URL.

Nothing here imports a widget library. The pages and the command line use::

    from tabletop.store import open_store, GameArchive, StaleGameError, GameWatcher
    store = open_store()  # $TABLETOP_DATABASE_URL, else tabletop.db in the data folder
    snap = store.create_game(game, name="Tuesday club")
    snap = store.append(snap.game_id, game_after, snap.version, "resolve", actor="table")
    copy = GameArchive(store).duplicate(snap.game_id)

The :class:`Store` holds the games and their history; its collaborators each hold the store
they work on: :class:`GameArchive` (export and import), :class:`Tables` (tables with secret
seats), :class:`~tabletop.store.classroom.Classes` (class games) and :class:`Boards` (saved
boards in versions).

See docs/storage.md for the schema, the backends and the concurrency rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.store.archive import ARCHIVE_FORMAT, GameArchive, ImportOutcome
    from tabletop.store.boards import BoardNotFound, Boards, SavedBoard, SavedBoardError
    from tabletop.store.engine import default_data_dir, default_db_path, resolve_url
    from tabletop.store.errors import (
        DatabaseUnavailable,
        ForeignDatabaseError,
        GameDataError,
        GameNotFound,
        NewerDatabaseError,
        NothingToRedo,
        NothingToUndo,
        SchemaError,
        StaleGameError,
        StoreError,
    )
    from tabletop.store.records import Draft, Entry, GameInfo, Snapshot, TimerState, Versions
    from tabletop.store.schema import SCHEMA_VERSION
    from tabletop.store.seat_errors import (
        BadToken,
        NothingSealed,
        RevokedToken,
        RoundAlreadyResolved,
        SealRefused,
        SeatError,
        SeatsMissing,
        TableNotFound,
        TooManyAttempts,
    )
    from tabletop.store.seat_records import NewTable, SeatAccess, TableStatus
    from tabletop.store.seats import Tables
    from tabletop.store.store import Change, Store, open_store
    from tabletop.store.watch import GameChange, GameWatcher

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "ARCHIVE_FORMAT": "tabletop.store.archive",
        "GameArchive": "tabletop.store.archive",
        "ImportOutcome": "tabletop.store.archive",
        "BoardNotFound": "tabletop.store.boards",
        "Boards": "tabletop.store.boards",
        "SavedBoard": "tabletop.store.boards",
        "SavedBoardError": "tabletop.store.boards",
        "default_data_dir": "tabletop.store.engine",
        "default_db_path": "tabletop.store.engine",
        "resolve_url": "tabletop.store.engine",
        "DatabaseUnavailable": "tabletop.store.errors",
        "ForeignDatabaseError": "tabletop.store.errors",
        "GameDataError": "tabletop.store.errors",
        "GameNotFound": "tabletop.store.errors",
        "NewerDatabaseError": "tabletop.store.errors",
        "NothingToRedo": "tabletop.store.errors",
        "NothingToUndo": "tabletop.store.errors",
        "SchemaError": "tabletop.store.errors",
        "StaleGameError": "tabletop.store.errors",
        "StoreError": "tabletop.store.errors",
        "Draft": "tabletop.store.records",
        "Entry": "tabletop.store.records",
        "GameInfo": "tabletop.store.records",
        "Snapshot": "tabletop.store.records",
        "TimerState": "tabletop.store.records",
        "Versions": "tabletop.store.records",
        "SCHEMA_VERSION": "tabletop.store.schema",
        "BadToken": "tabletop.store.seat_errors",
        "NothingSealed": "tabletop.store.seat_errors",
        "RevokedToken": "tabletop.store.seat_errors",
        "RoundAlreadyResolved": "tabletop.store.seat_errors",
        "SealRefused": "tabletop.store.seat_errors",
        "SeatError": "tabletop.store.seat_errors",
        "SeatsMissing": "tabletop.store.seat_errors",
        "TableNotFound": "tabletop.store.seat_errors",
        "TooManyAttempts": "tabletop.store.seat_errors",
        "NewTable": "tabletop.store.seat_records",
        "SeatAccess": "tabletop.store.seat_records",
        "TableStatus": "tabletop.store.seat_records",
        "Tables": "tabletop.store.seats",
        "Change": "tabletop.store.store",
        "Store": "tabletop.store.store",
        "open_store": "tabletop.store.store",
        "GameChange": "tabletop.store.watch",
        "GameWatcher": "tabletop.store.watch",
    },
)

__all__ = [
    "BadToken",
    "NewTable",
    "NothingSealed",
    "RevokedToken",
    "RoundAlreadyResolved",
    "SealRefused",
    "SeatAccess",
    "SeatError",
    "SeatsMissing",
    "TableNotFound",
    "TableStatus",
    "Tables",
    "TooManyAttempts",
    "ARCHIVE_FORMAT",
    "Change",
    "GameArchive",
    "ImportOutcome",
    "BoardNotFound",
    "Boards",
    "SavedBoard",
    "SavedBoardError",
    "SCHEMA_VERSION",
    "DatabaseUnavailable",
    "Draft",
    "Entry",
    "ForeignDatabaseError",
    "GameChange",
    "GameDataError",
    "GameInfo",
    "GameNotFound",
    "GameWatcher",
    "NewerDatabaseError",
    "NothingToRedo",
    "NothingToUndo",
    "SchemaError",
    "Snapshot",
    "StaleGameError",
    "Store",
    "StoreError",
    "TimerState",
    "Versions",
    "default_data_dir",
    "default_db_path",
    "open_store",
    "resolve_url",
]
