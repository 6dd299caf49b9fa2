"""The storage layer's exceptions: each message is one line a person can read."""

from __future__ import annotations


class StoreError(Exception):
    """Any refusal of the storage layer (bad URL, unreachable server, bad database, bad data)."""


class DatabaseUnavailable(StoreError):
    """The database cannot be reached or opened (server down, wrong URL, unreadable file)."""


class SchemaError(StoreError):
    """The database is not one this program may use as it is; it is left untouched."""


class ForeignDatabaseError(SchemaError):
    """The database holds tables of some other program (or no tabletop marker)."""


class NewerDatabaseError(SchemaError):
    """The database was written by a newer tabletop (a higher schema version)."""


class GameNotFound(StoreError):
    """No game with this id in the database."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(f"no game {game_id} in the database (tabletop games list shows them)")


class StaleGameError(StoreError):
    """The game changed since the version a change started from; nothing was written.

    ``version`` is the game's version now, so a page can reload it and show the new state.
    """

    def __init__(self, game_id: int, expected: int, version: int) -> None:
        self.game_id = game_id
        self.expected = expected
        self.version = version
        super().__init__(
            f"this game changed on another page (game {game_id} is at version {version}, "
            f"the change was made on version {expected}); nothing was changed"
        )


class NothingToUndo(StoreError):
    """Undo asked on a game at its first state."""


class NothingToRedo(StoreError):
    """Redo asked when no undone state waits to be restored."""


class GameDataError(StoreError):
    """Game data (a state, an imported file) that the game's own loader refuses."""
