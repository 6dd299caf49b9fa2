"""A game of binary choices whose payoffs are sums of local terms, and the table helpers.

Each variable is one binary choice (0 or 1) made by the player who owns it; a player's payoff is
a constant plus a sum of :class:`Term` tables, each over the few variables it depends on.

The representation is that of a *graphical game* (Kearns, Littman and Singh, "Graphical Models
for Game Theory", UAI 2001: a player's payoff depends only on a few others' choices), with the
local payoff further split into a sum of small tables, as the factors of a graphical model are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

#: Tolerance when payoffs are compared (ties count as best responses).
TOL = 1e-9


def assignments(count: int) -> np.ndarray:
    """Every 0/1 assignment of ``count`` variables, row ``r`` = bits of ``r`` (first = highest).

    >>> assignments(2).tolist()
    [[0, 0], [0, 1], [1, 0], [1, 1]]
    """
    rows = np.arange(2**count, dtype=np.int64)
    shifts = np.arange(count - 1, -1, -1, dtype=np.int64)
    return ((rows[:, None] >> shifts) & 1).astype(np.int8)


def squeeze(scope: tuple[int, ...], values: np.ndarray) -> tuple[tuple[int, ...], np.ndarray]:
    """Drop the axes a table does not depend on.

    >>> scope, values = squeeze((3, 5), np.array([[1.0, 2.0], [1.0, 2.0]]))
    >>> scope, values.tolist()
    ((5,), [1.0, 2.0])
    """
    values = np.asarray(values)
    scope_list = list(scope)
    axis = 0
    while axis < len(scope_list):
        # A (before, 2, after) view compares the two halves without copying the table.
        halves = values.reshape(int(np.prod(values.shape[:axis], dtype=np.int64)), 2, -1)
        if _same(halves[:, 0, :], halves[:, 1, :]):
            values = values[(slice(None),) * axis + (0,)]
            del scope_list[axis]
        else:
            axis += 1
    values = np.asarray(values)
    if not values.flags.c_contiguous:
        values = values.copy()
    return tuple(scope_list), values


def _same(first: np.ndarray, second: np.ndarray) -> bool:
    """Whether two equal-shaped tables are equal; a spread-out sample of cells is compared first,
    so a table that does depend on an axis is usually told apart without reading all of it."""
    if first.size > 4096:
        steps = tuple(slice(None, None, max(1, n // 32)) for n in first.shape)
        a, b = first[steps], second[steps]
        if not np.array_equal(a, b):
            return False
    return bool(np.array_equal(first, second))


def broadcast(term_scope: Sequence[int], values: np.ndarray, scope: Sequence[int]) -> np.ndarray:
    """A table laid out on a larger sorted scope (size-1 axes where it does not depend).

    >>> broadcast((2,), np.array([0.0, 1.0]), (1, 2)).shape
    (1, 2)
    """
    present = set(term_scope)
    shape = [2 if v in present else 1 for v in scope]
    return values.reshape(shape)


def row_index(rows: np.ndarray, columns: Sequence[int]) -> np.ndarray:
    """Flat table index of each row's values in ``columns`` (first column = highest bit).

    >>> row_index(np.array([[1, 0, 1], [0, 1, 1]]), [0, 2]).tolist()
    [3, 1]
    """
    index = np.zeros(len(rows), dtype=np.int64)
    for column in columns:
        index = index * 2 + rows[:, column]
    return index


@dataclass(frozen=True)
class Term:
    """Part of one player's payoff: a table over a few variables (axis ``k`` = ``scope[k]``;
    index 1 = value 1). ``source`` says where it comes from, for people reading a model."""

    player: int
    scope: tuple[int, ...]
    values: np.ndarray
    source: str = ""


def pack(rows: np.ndarray, columns: Sequence[int]) -> np.ndarray:
    """Each row's values in ``columns`` as one integer: bit ``m`` = the value in ``columns[m]``.

    >>> pack(np.array([[1, 0, 1], [0, 1, 1]]), [0, 2]).tolist()
    [3, 2]
    """
    rows = np.asarray(rows)
    codes = np.zeros(len(rows), dtype=np.int64)
    for m, column in enumerate(columns):
        codes |= rows[:, column].astype(np.int64) << m
    return codes


@dataclass(frozen=True)
class RuleTerm:
    """Part of one player's payoff over too many variables for a table (``2 ** len(scope)``
    cells, at most 62 variables): ``rule`` computes it for profiles of ``scope`` packed into
    integers (bit ``m`` = the value of ``scope[m]``, see :func:`pack`); ``bound`` is its largest
    value. Such a term is never laid out as a table: the solver checks best responses, lists and
    samples through ``rule`` only.

    >>> term = RuleTerm(0, (0, 1), lambda codes: (codes >> 1 & 1) * 2.0, 2.0)  # 2 if var 1 is 1
    >>> term.evaluate(np.array([[0, 1], [1, 0]]), (0, 1)).tolist()
    [2.0, 0.0]
    """

    player: int
    scope: tuple[int, ...]
    rule: Callable[[np.ndarray], np.ndarray]
    bound: float
    source: str = ""
    #: Optionally, the rule on every profile of ``scope`` at once (element ``i`` = the value of
    #: packed profile ``i``), when the model computes that faster than ``rule(arange)``.
    grid: Callable[[], np.ndarray] | None = None

    def evaluate(self, rows: np.ndarray, columns: Sequence[int]) -> np.ndarray:
        """The term for rows of 0/1 values whose column ``columns[k]`` holds ``scope[k]``."""
        return np.asarray(self.rule(pack(rows, columns)), dtype=np.float64)


AnyTerm = Term | RuleTerm


class FactoredGame:
    """A simultaneous game of binary variables; ``owners[v]`` is the player choosing ``v``.

    Player ``i``'s payoff is the sum of the terms with ``player == i``. A term with an empty scope
    is a constant. Terms are stored normalised: axes they do not depend on are dropped, scopes are
    sorted, and constant terms are folded into :attr:`constants` (in the order given).

    >>> game = FactoredGame(2, (0, 1), [Term(0, (0, 1), np.array([[3.0, 0.0], [2.0, 1.0]]))])
    >>> game.payoffs(np.array([[0, 0], [1, 1]])).tolist()
    [[3.0, 0.0], [1.0, 0.0]]
    >>> game.free
    ()
    """

    def __init__(
        self, n_players: int, owners: Sequence[int], terms: Iterable[Term | RuleTerm]
    ) -> None:
        self.n_players = n_players
        self.owners: tuple[int, ...] = tuple(owners)
        if any(not 0 <= o < n_players for o in self.owners):
            raise ValueError("every variable must be owned by one of the players")
        self.constants = np.zeros(n_players)
        self.terms: list[Term] = []
        #: Terms computed by a rule (too wide for a table); :attr:`terms` holds the tables.
        self.rules: list[RuleTerm] = []
        for term in terms:
            if isinstance(term, RuleTerm):
                self.rules.append(term)
            else:
                self._add(term)
        every: list[Term | RuleTerm] = [*self.terms, *self.rules]
        used = {v for term in every for v in term.scope}
        #: Variables that change no payoff at all.
        self.free: tuple[int, ...] = tuple(v for v in range(len(self.owners)) if v not in used)

    @property
    def n_variables(self) -> int:
        return len(self.owners)

    def _add(self, term: Term) -> None:
        scope, values = squeeze(term.scope, np.asarray(term.values))
        if scope:
            order = np.argsort(scope)
            values = np.transpose(values, order) if len(scope) > 1 else values
            scope = tuple(scope[k] for k in order)
            self.terms.append(Term(term.player, scope, np.ascontiguousarray(values), term.source))
        else:
            self.constants[term.player] += float(values)

    def payoffs(self, profiles: np.ndarray) -> np.ndarray:
        """Payoffs (rows: profiles, columns: players) of 0/1 profiles over the variables."""
        rows = np.atleast_2d(np.asarray(profiles, dtype=np.int64))
        out = np.tile(self.constants, (len(rows), 1))
        for term in self.terms:
            out[:, term.player] += term.values.ravel()[row_index(rows, term.scope)]
        for rule in self.rules:
            out[:, rule.player] += rule.evaluate(rows, rule.scope)
        return out

    def terms_of(self, player: int) -> list[Term | RuleTerm]:
        """Every term of one player's payoff (tables first, then rules)."""
        every: list[Term | RuleTerm] = [*self.terms, *self.rules]
        return [t for t in every if t.player == player]

    def component_count(self, scope: tuple[int, ...], budget: float) -> int | None:
        """The exact number of equilibria over one component's variables when the game knows it
        from its own structure within ``budget`` cell operations (a model may override this for
        components no general method counts in time); ``None``: not known here.

        >>> FactoredGame(1, (0,), []).component_count((0,), 1e9) is None
        True
        """
        return None

    def payoff_bounds(self) -> np.ndarray:
        """An upper bound of each player's payoff (sum of the best value of each of its terms).

        >>> FactoredGame(1, (0,), [Term(0, (0,), np.array([1.0, 4.0]))]).payoff_bounds().tolist()
        [4.0]
        """
        bounds: np.ndarray = self.constants.copy()
        for term in self.terms:
            bounds[term.player] += float(term.values.max())
        for rule in self.rules:
            bounds[rule.player] += rule.bound
        return bounds
