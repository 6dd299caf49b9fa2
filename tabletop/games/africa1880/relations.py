"""The diplomatic grid of a round: each declaration is alliance or war, directed.

One form inside the core: a sheet holds the powers it declares war on
(:attr:`~tabletop.games.africa1880.orders.OrderSheet.wars`, read as a :class:`Relation` toward
each power), the round's grid is a :class:`Relations` built from the sheets, and conflict
resolution reads its bit masks. Text (typed sheets, files) is read and written at the edges.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from tabletop.games.africa1880.powers import POWER_BITS, POWERS, lookup_power, sort_powers
from tabletop.games.enums import TextEnum

if TYPE_CHECKING:
    import numpy as np


class Relation(TextEnum):
    """One side of a diplomatic token: a declaration toward one other power."""

    ALLIANCE = "alliance"
    WAR = "war"


class Relations:
    """The diplomatic grid of one round: who declared war on whom; every other relation is alliance.

    ``relations.war(a, b)`` is true when *a* declared war on *b* (the cannon side of *a*'s token in
    *b*'s embassy). Relations are directed: *a* may be at war with *b* while *b* allies *a*.
    """

    __slots__ = ("wars", "_hash", "_attackers", "_array")

    def __init__(self, wars: Iterable[tuple[str, str]] = ()) -> None:
        self.wars: frozenset[tuple[str, str]] = frozenset((a, b) for a, b in wars if a != b)
        self._hash = hash(self.wars)
        self._attackers: dict[str, int] | None = None
        self._array: np.ndarray | None = None

    def attackers(self) -> dict[str, int]:
        """``{power: bit mask of the powers that declared war on it}`` (bits: :data:`POWER_BITS`).

        Computed once per grid; it lets conflict resolution count wars with one ``&``.
        """
        if self._attackers is None:
            masks: dict[str, int] = {}
            for declarer, toward in self.wars:
                masks[toward] = masks.get(toward, 0) | POWER_BITS.get(declarer, 0)
            self._attackers = masks
        return self._attackers

    def attacker_masks(self) -> list[int]:
        """:meth:`attackers` as a list indexed like :data:`POWERS`."""
        masks = self.attackers()
        return [masks.get(power, 0) for power in POWERS]

    def attacker_array(self) -> np.ndarray:
        """:meth:`attacker_masks` as a numpy array, computed once per grid."""
        if self._array is None:
            # Here, not at the top: only conflict resolution needs numpy (see conflicts.py).
            import numpy as np

            self._array = np.array(self.attacker_masks(), dtype=np.int64)
        return self._array

    def war(self, declarer: str, toward: str) -> bool:
        """True when ``declarer`` declared war on ``toward`` this round."""
        return (declarer, toward) in self.wars

    def alliance(self, declarer: str, toward: str) -> bool:
        """True when ``declarer`` declared (or defaulted to) alliance with ``toward``."""
        return (declarer, toward) not in self.wars

    def __getitem__(self, pair: tuple[str, str]) -> Relation:
        """The relation ``declarer`` declared toward ``toward``: ``relations[declarer, toward]``."""
        return Relation.WAR if pair in self.wars else Relation.ALLIANCE

    def declared_by(self, power: str) -> frozenset[str]:
        """The powers on which ``power`` declared war."""
        return frozenset(b for a, b in self.wars if a == power)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Relations) and self.wars == other.wars

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Relations(wars={sorted(self.wars)!r})"

    def __reduce__(self) -> tuple[type[Relations], tuple[tuple[tuple[str, str], ...]]]:
        return (Relations, (tuple(self.wars),))

    def to_dict(self) -> dict[str, list[str]]:
        """``{declarer: [powers it declared war on]}``, only declarers with at least one war."""
        out: dict[str, list[str]] = {}
        for declarer, toward in self.wars:
            out.setdefault(declarer, []).append(toward)
        return {p: list(sort_powers(out[p])) for p in sort_powers(out)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Iterable[str]]) -> Relations:
        """Inverse of :meth:`to_dict`; names may be written in English, French or German."""
        return cls(
            (lookup_power(declarer), lookup_power(toward))
            for declarer, targets in data.items()
            for toward in targets
        )


ALL_ALLIANCE = Relations()
"""The grid at the start of a game: every token on the dove side."""
