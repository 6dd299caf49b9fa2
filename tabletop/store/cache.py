"""The game objects of history entries, kept in memory once read.

An entry never changes once written, so the game object made from it stays right: a game is
known by its id, its creation time (ids of deleted games are not reused, to be sure) and the
entry's number. Each caller gets a copy of its own (an Africa game is mutable).

>>> from datetime import datetime, timezone
>>> from tabletop.games.massai.gamefile import GameRecord
>>> cache = GameCache(size=2)
>>> key = (1, datetime.now(timezone.utc), 1)
>>> made = []
>>> game = cache.get(key, lambda: made.append(1) or GameRecord.new())
>>> game = cache.get(key, lambda: made.append(1) or GameRecord.new())
>>> len(made)
1
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime

from tabletop.store import kinds
from tabletop.store.kinds import AnyGame

#: Game objects kept in memory per store.
CACHE_SIZE = 64

#: A history entry: its game's id and creation time, and the entry's number.
CacheKey = tuple[int, datetime, int]


class GameCache:
    """The last ``size`` game objects used, by history entry. Thread-safe."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._games: OrderedDict[CacheKey, AnyGame] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: CacheKey, make: Callable[[], AnyGame]) -> AnyGame:
        """The game of the entry ``key``: a copy of the one kept, else ``make()`` (then kept)."""
        with self._lock:
            hit = self._games.get(key)
            if hit is not None:
                self._games.move_to_end(key)
                return copy_game(hit)
        game = make()
        self.remember(key, game)
        return game

    def remember(self, key: CacheKey, game: AnyGame) -> None:
        """Keep (a copy of) ``game`` as the game of the entry ``key``."""
        with self._lock:
            self._games[key] = copy_game(game)
            while len(self._games) > self.size:
                self._games.popitem(last=False)


def copy_game(game: AnyGame) -> AnyGame:
    """A copy a caller may change: states, boards and Massai records are immutable values."""
    copy: AnyGame = kinds.copy_of(game)
    return copy
