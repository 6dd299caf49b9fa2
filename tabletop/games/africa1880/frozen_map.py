"""A small immutable, hashable mapping: the parts of a game state that map names to values
(states are values and may be cached or compared).

>>> m = FrozenMap({"Egypt": 2})
>>> m["Egypt"], m == {"Egypt": 2}, hash(m) == hash(FrozenMap({"Egypt": 2}))
(2, True, True)
"""

from __future__ import annotations

from collections.abc import ItemsView, Iterable, Iterator, KeysView, Mapping, ValuesView
from typing import Any

__all__ = ["FrozenMap"]


class FrozenMap(Mapping[Any, Any]):
    """A small immutable, hashable mapping (states are values and may be cached or compared)."""

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[Any, Any] | Iterable[tuple[Any, Any]] = ()) -> None:
        self._data = dict(data)
        self._hash: int | None = None

    def __getitem__(self, key: Any) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    # The dict's own views and get: the Mapping mixins would look every key up again.
    def get(self, key: Any, default: Any = None) -> Any:
        return self._data.get(key, default)

    def keys(self) -> KeysView[Any]:
        return self._data.keys()

    def values(self) -> ValuesView[Any]:
        return self._data.values()

    def items(self) -> ItemsView[Any, Any]:
        return self._data.items()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == dict(other)
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (self._data,))
