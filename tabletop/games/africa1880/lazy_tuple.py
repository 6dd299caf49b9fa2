"""An immutable sequence whose items are made the first time one is read.

A round's report lists dozens of results (void orders, new presences, pins, removals) that many
callers never look at: the game-theory explorer resolves thousands of rounds and reads only the
next state. The adjudicator keeps each list as plain rows and hands a :class:`LazyTuple` that
makes the report's objects from them on first read; counting them or asking whether there are any
makes nothing.

>>> calls = []
>>> squares = LazyTuple(lambda: calls.append(1) or (1, 4, 9), 3)
>>> len(squares), bool(squares), calls
(3, True, [])
>>> squares[1], list(squares), squares == (1, 4, 9), calls
(4, [1, 4, 9], True, [1])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

__all__ = ["LazyTuple"]

T = TypeVar("T")


class LazyTuple(Sequence[T]):
    """The tuple ``make()`` returns, made on first read; ``length`` is its length, known before.

    Equal to that tuple (and to another :class:`LazyTuple` of the same items), hashed like it,
    shown like it and pickled as it.
    """

    __slots__ = ("_make", "_items", "_length")

    def __init__(self, make: Callable[[], tuple[T, ...]], length: int) -> None:
        self._make: Callable[[], tuple[T, ...]] | None = make
        self._items: tuple[T, ...] | None = None
        self._length = length

    def made(self) -> tuple[T, ...]:
        """The items as a tuple, made on the first call (the rows are let go then)."""
        items = self._items
        if items is None:
            make = self._make
            if make is None:  # another thread made them meanwhile (items are set first)
                items = self._items
                assert items is not None
                return items
            items = self._items = make()
            self._make = None
        return items

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index: Any) -> Any:
        return self.made()[index]

    def __iter__(self) -> Iterator[T]:
        return iter(self.made())

    def __contains__(self, value: object) -> bool:
        return value in self.made()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyTuple):
            return self.made() == other.made()
        if isinstance(other, tuple):
            return self.made() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.made())

    def __repr__(self) -> str:
        return repr(self.made())

    def __reduce__(self) -> tuple[type[tuple[T, ...]], tuple[tuple[T, ...]]]:
        return (tuple, (self.made(),))
