"""Finite games in normal form: n players, payoff tensors on numpy.

A :class:`Game` holds one payoff tensor per player, all of the same shape (one axis per player, one
index per pure strategy). Everything here is about *pure* strategies: best responses, strict and
weak dominance between pure strategies, pure Nash equilibria and Pareto optimality among outcomes.

Comparisons use an absolute tolerance ``tol`` (default ``1e-9``) so that payoffs computed in
floating point are not split by rounding noise: ``a`` beats ``b`` when ``a > b + tol``.

>>> pd = Game([[[3, 0], [5, 1]], [[3, 5], [0, 1]]], [["C", "D"], ["C", "D"]])
>>> pd.pure_nash_equilibria()
[(1, 1)]
>>> pd.dominant_strategies(0)
(1,)
>>> pd.is_pareto_optimal((1, 1))
False
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

DEFAULT_TOL = 1e-9

Profile = tuple[int, ...]


class Game:
    """An n-player normal-form game.

    ``payoffs[i]`` is player ``i``'s payoff tensor; axis ``k`` of every tensor is player ``k``'s
    strategy. ``strategies[k]`` are the labels of player ``k``'s strategies (default ``"0"``,
    ``"1"``...), ``players`` the names of the players (default ``"P1"``, ``"P2"``...).
    """

    def __init__(
        self,
        payoffs: ArrayLike,
        strategies: Sequence[Sequence[str]] | None = None,
        players: Sequence[str] | None = None,
        tol: float = DEFAULT_TOL,
    ) -> None:
        array = np.array(payoffs, dtype=float)
        if array.ndim < 2:
            raise ValueError("payoffs must hold one tensor per player")
        n_players = array.shape[0]
        if array.ndim != n_players + 1:
            raise ValueError(
                f"{n_players} players need {n_players}-dimensional payoff tensors, "
                f"got {array.ndim - 1} dimensions"
            )
        if 0 in array.shape:
            raise ValueError("every player needs at least one strategy")
        if not np.all(np.isfinite(array)):
            raise ValueError("payoffs must be finite numbers")
        shape = array.shape[1:]
        if strategies is None:
            strategies = [[str(k) for k in range(size)] for size in shape]
        labels = tuple(tuple(str(s) for s in row) for row in strategies)
        if len(labels) != n_players or any(
            len(row) != size for row, size in zip(labels, shape, strict=True)
        ):
            raise ValueError("strategy labels do not match the payoff shape")
        if players is None:
            players = [f"P{k + 1}" for k in range(n_players)]
        names = tuple(str(p) for p in players)
        if len(names) != n_players:
            raise ValueError("one name per player is needed")
        array.setflags(write=False)
        self.payoffs: np.ndarray = array
        self.strategies: tuple[tuple[str, ...], ...] = labels
        self.players: tuple[str, ...] = names
        self.tol = float(tol)

    # -- basic access -----------------------------------------------------------------------
    @property
    def n_players(self) -> int:
        return int(self.payoffs.shape[0])

    @property
    def shape(self) -> tuple[int, ...]:
        return self.payoffs.shape[1:]

    def player_index(self, player: int | str) -> int:
        """Index of ``player`` given by index or by name."""
        if isinstance(player, str):
            try:
                return self.players.index(player)
            except ValueError:
                raise ValueError(f"no player named {player!r}") from None
        if not 0 <= player < self.n_players:
            raise ValueError(f"no player number {player}")
        return int(player)

    def profiles(self) -> Iterator[Profile]:
        """Every pure strategy profile, in lexicographic order."""
        return itertools.product(*(range(size) for size in self.shape))

    def payoff(self, profile: Sequence[int]) -> np.ndarray:
        """The payoff vector (one entry per player) of a pure profile."""
        cell: tuple[Any, ...] = (slice(None), *profile)
        return np.array(self.payoffs[cell])

    def label(self, profile: Sequence[int]) -> tuple[str, ...]:
        """The strategy labels of a profile."""
        return tuple(self.strategies[k][s] for k, s in enumerate(profile))

    def _own_first(self, player: int) -> np.ndarray:
        """Player's payoff tensor with its own axis first; other axes flattened into one."""
        tensor = np.moveaxis(self.payoffs[player], player, 0)
        flat: np.ndarray = tensor.reshape(tensor.shape[0], -1)
        return flat

    # -- best responses ---------------------------------------------------------------------
    def best_response_mask(self, player: int | str) -> np.ndarray:
        """Boolean tensor of the game's shape: True where the player's strategy is a best response
        to the other players' strategies of that profile."""
        i = self.player_index(player)
        tensor = self.payoffs[i]
        best = tensor.max(axis=i, keepdims=True)
        mask: np.ndarray = tensor >= best - self.tol
        return mask

    def best_responses(self, player: int | str, profile: Sequence[int]) -> tuple[int, ...]:
        """The player's best responses to the others' strategies in ``profile`` (its own entry is
        ignored)."""
        i = self.player_index(player)
        index: list[Any] = list(profile)
        index[i] = slice(None)
        values = self.payoffs[i][tuple(index)]
        return tuple(int(k) for k in np.flatnonzero(values >= values.max() - self.tol))

    # -- dominance --------------------------------------------------------------------------
    def dominates(self, player: int | str, a: int, b: int, strict: bool = True) -> bool:
        """Whether the player's pure strategy ``a`` dominates ``b``: strictly (better against
        every profile of the others) or weakly (never worse, better against at least one)."""
        i = self.player_index(player)
        table = self._own_first(i)
        diff = table[a] - table[b]
        if strict:
            return bool(np.all(diff > self.tol))
        return bool(np.all(diff >= -self.tol) and np.any(diff > self.tol))

    def dominated_strategies(self, player: int | str, strict: bool = True) -> tuple[int, ...]:
        """The player's pure strategies dominated by another pure strategy."""
        i = self.player_index(player)
        size = self.shape[i]
        return tuple(
            b
            for b in range(size)
            if any(self.dominates(i, a, b, strict) for a in range(size) if a != b)
        )

    def dominant_strategies(self, player: int | str, strict: bool = True) -> tuple[int, ...]:
        """The player's pure strategies that dominate every other strategy of that player.

        At most one strategy can be dominant in either sense. A player with a single strategy has
        that strategy as (vacuously) dominant.
        """
        i = self.player_index(player)
        size = self.shape[i]
        return tuple(
            a
            for a in range(size)
            if all(self.dominates(i, a, b, strict) for b in range(size) if b != a)
        )

    # -- equilibria -------------------------------------------------------------------------
    def equilibrium_mask(self) -> np.ndarray:
        """Boolean tensor: True on the pure Nash equilibria."""
        mask = np.ones(self.shape, dtype=bool)
        for i in range(self.n_players):
            mask &= self.best_response_mask(i)
        return mask

    def pure_nash_equilibria(self) -> list[Profile]:
        """Every pure Nash equilibrium (no player gains by changing strategy alone), sorted."""
        return [tuple(int(k) for k in p) for p in np.argwhere(self.equilibrium_mask())]

    def is_nash_equilibrium(self, profile: Sequence[int]) -> bool:
        """Whether ``profile`` is a pure Nash equilibrium."""
        return all(profile[i] in self.best_responses(i, profile) for i in range(self.n_players))

    # -- Pareto -----------------------------------------------------------------------------
    def _vectors(self, among: Sequence[Sequence[int]] | None) -> tuple[list[Profile], np.ndarray]:
        if among is None:
            profiles = list(self.profiles())
            vectors = self.payoffs.reshape(self.n_players, -1).T
        else:
            profiles = [tuple(int(k) for k in p) for p in among]
            vectors = np.array([self.payoff(p) for p in profiles]).reshape(len(profiles), -1)
        return profiles, vectors

    def is_pareto_optimal(
        self, profile: Sequence[int], among: Sequence[Sequence[int]] | None = None
    ) -> bool:
        """Whether no outcome (of all profiles, or of ``among``) gives every player at least as
        much and some player more."""
        _, vectors = self._vectors(among)
        return not _dominated_by_any(self.payoff(profile), vectors, self.tol)

    def pareto_optimal_profiles(
        self, among: Sequence[Sequence[int]] | None = None
    ) -> list[Profile]:
        """The profiles (of all, or of ``among``) whose outcome is Pareto optimal among them."""
        profiles, vectors = self._vectors(among)
        return [
            p
            for p, v in zip(profiles, vectors, strict=True)
            if not _dominated_by_any(v, vectors, self.tol)
        ]


def _dominated_by_any(vector: np.ndarray, vectors: np.ndarray, tol: float) -> bool:
    if len(vectors) == 0:
        return False
    at_least = np.all(vectors >= vector - tol, axis=1)
    better = np.any(vectors > vector + tol, axis=1)
    return bool(np.any(at_least & better))


def pareto_mask(vectors: ArrayLike, tol: float = DEFAULT_TOL) -> np.ndarray:
    """For rows of payoff vectors, True on rows that no other row Pareto-dominates."""
    rows = np.asarray(vectors, dtype=float)
    if rows.ndim != 2:
        raise ValueError("expected a 2-D array of payoff vectors")
    if len(rows) == 0:
        return np.zeros(0, dtype=bool)
    # Equal outcomes share their answer: compare the distinct outcomes only.
    distinct, inverse = np.unique(rows, axis=0, return_inverse=True)
    keep = np.ones(len(distinct), dtype=bool)
    for start in range(0, len(distinct), 256):
        block = distinct[start : start + 256, None, :]
        at_least = np.all(distinct[None, :, :] >= block - tol, axis=2)
        better = np.any(distinct[None, :, :] > block + tol, axis=2)
        keep[start : start + 256] = ~np.any(at_least & better, axis=1)
    return keep[np.ravel(inverse)]
