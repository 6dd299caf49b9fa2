"""The game database: games, their append-only history, typed sheets, timers and secrets.

Every change is one transaction. Changes to a game's state check the version they started from
(``UPDATE games SET version = v + 1 WHERE id = ? AND version = v``): when another page changed the
game first, nothing is written and :class:`StaleGameError` says so, with the new version.

:class:`Store` is a façade over its parts, one job each:

- :mod:`tabletop.store.base`: the engine, transactions, change announcements, the game cache;
- :mod:`tabletop.store.reading`: the list of games, a game's newest state, history, old states;
- :mod:`tabletop.store.history`: creating games, new states, undo and redo, rename, delete;
- :mod:`tabletop.store.extras`: typed sheets, the timer and secret choices beside the state;
- :mod:`tabletop.store.archive`: export and import (game files, history archives, autosaves);
- :mod:`tabletop.store.records`: the values handed out (``GameInfo``, ``Entry``, ``Snapshot``...).

>>> import tempfile
>>> from tabletop.games.massai.gamefile import GameRecord
>>> store = open_store(tempfile.mkdtemp() + "/tabletop.db")
>>> snap = store.create_game(GameRecord.new(), name="Tuesday")
>>> snap2, report = store.play_action(snap.game_id, "setup a1 b1 b2 c2 c1", snap.version)
>>> (snap2.version, store.undo(snap.game_id, snap2.version).seq)
(2, 3)
>>> store.close()
"""

from __future__ import annotations

import os

from sqlalchemy.engine import URL

from tabletop.store.archive import GameArchive
from tabletop.store.extras import GameExtras

__all__ = [
    "Store",
    "open_store",
]


class Store(GameArchive, GameExtras):
    """The database of games. Thread-safe (one engine, one connection per operation).

    Reading, changing, the extras beside the state and export/import are its parts (see the
    module's description); this class only puts them together.
    """


def open_store(url: str | os.PathLike[str] | URL | None = None) -> Store:
    """Open (creating or upgrading when needed) the database named by ``url``.

    ``url``: a SQLite file path or ``sqlite:///PATH``, or ``postgresql+psycopg://...``; by
    default ``$TABLETOP_DATABASE_URL``, else ``tabletop.db`` in the data folder.
    """
    return Store(url)
