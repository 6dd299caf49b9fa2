"""The exact number of equilibria of powers alone on one colony candidate (up to six powers:
``2 ** 30`` profiles), by classes of survival and the symmetry between the powers.

The position: ``k >= 3`` powers on a territory ready to become a colony, the default payoff
(presences plus ``weight > 0`` for a colony founded where the power stays), and no other place
where a power's own relations change its payoff (other territories it shares with two or more
powers that are not candidates only count wars *on* it; colonies and territories held alone are
constants). Then, with ``t = (k - 1) // 2`` the most wars a power survives:

* power ``b`` survives exactly when at most ``t`` powers declare war on it (its *column*);
* a survivor's payoff there is ``1 + weight`` if the colony is founded, else ``1``, and its own
  relations cannot change whether it survives: a survivor is at a best response exactly when
  the colony is founded or it cannot get it founded by changing its own relations; a removed
  power is indifferent;
* survivor ``p`` can get the colony founded exactly when no war is declared among the powers
  that survive whatever ``p`` does (``p`` itself and every ``b`` with at most ``t - 1`` wars on
  it from the others), relations of ``p`` aside: ``p`` then declares war on every power it can
  still remove (``t`` wars on it from the others) and alliance with everyone else.

So whether a profile is an equilibrium depends on the columns only through which powers have
fewer than ``t`` wars on them (L), exactly ``t`` (M) or more (H, removed); the columns of H are
never looked at, and the powers are interchangeable. The count is a sum over the sizes of L and
M (one labelling each, times the number of labellings) of the columns of L and M checked at
once with numpy, the first column taken up to the symmetry that fixes it.
"""

from __future__ import annotations

import itertools
import math

import numpy as np

#: Most powers: the territory's survival rule and the masks below are written for up to six.
MAX_POWERS = 6


def _classes(k: int) -> list[tuple[int, int, float]]:
    """``(l, m, rows)`` for each pair of class sizes: the rows checked at once for it."""
    t = (k - 1) // 2
    low = sum(math.comb(k - 1, j) for j in range(t))
    out = []
    for size_l in range(k + 1):
        for size_m in range(k + 1 - size_l):
            if size_l + size_m == 0:
                continue
            # The first column: one representative per number of declarers in each class.
            first = range(t) if size_l else range(t, t + 1)
            groups = (max(0, size_l - 1), size_m - (0 if size_l else 1), k - size_l - size_m)
            kinds = sum(
                sum(counts) in first
                for counts in itertools.product(*(range(g + 1) for g in groups))
            )
            rows = (
                float(kinds)
                * low ** max(0, size_l - 1)
                * math.comb(k - 1, t) ** (size_m - (0 if size_l else 1))
            )
            out.append((size_l, size_m, rows))
    return out


def alone_work(k: int) -> float:
    """Estimated numpy cell operations of :func:`alone_count` (rows times the checks on each).

    >>> alone_work(5) < alone_work(6) < 2e8
    True
    """
    if not 3 <= k <= MAX_POWERS:
        return math.inf
    return sum(rows * (a + b) * (3 * (a + b) + b + 2) for a, b, rows in _classes(k))


def alone_count(k: int) -> int:
    """Pure Nash equilibria (over the ``k (k - 1)`` relations) of ``k`` powers alone on one
    colony candidate with the default payoff and a positive colony weight.

    >>> [alone_count(k) for k in (3, 4, 5)]
    [26, 2372, 435656]
    """
    if not 3 <= k <= MAX_POWERS:
        raise ValueError(f"between 3 and {MAX_POWERS} powers, not {k}")
    t = (k - 1) // 2
    removed = sum(math.comb(k - 1, j) for j in range(t + 1, k))  # columns of H: any of these
    total = 0
    for size_l in range(k + 1):
        for size_m in range(k + 1 - size_l):
            ways = math.factorial(k) // (
                math.factorial(size_l)
                * math.factorial(size_m)
                * math.factorial(k - size_l - size_m)
            )
            ways *= removed ** (k - size_l - size_m)
            if size_l + size_m == 0:
                total += ways  # everyone removed: everyone indifferent
                continue
            total += ways * _solutions(k, t, size_l, size_m)
    return total


def _solutions(k: int, t: int, size_l: int, size_m: int) -> int:
    """Equilibria among the columns of L = powers ``0..l-1`` (fewer than ``t`` wars on each) and
    M = the next ``m`` (exactly ``t``), H being the rest."""
    low, middle = list(range(size_l)), list(range(size_l, size_l + size_m))
    high = list(range(size_l + size_m, k))
    survivors = low + middle

    def sizes(b: int) -> range:
        return range(t) if b < size_l else range(t, t + 1)

    # The first column up to the permutations of L, M and H that fix it: one set of declarers
    # per number taken from each class, weighted by how many sets that number stands for.
    first = survivors[0]
    groups = [[a for a in low if a != first], [a for a in middle if a != first], high]
    representatives, weights = [], []
    for counts in itertools.product(*(range(len(g) + 1) for g in groups)):
        if sum(counts) in sizes(first):
            chosen = [a for g, n in zip(groups, counts, strict=True) for a in g[:n]]
            representatives.append(sum(1 << a for a in chosen))
            weights.append(
                math.prod(math.comb(len(g), n) for g, n in zip(groups, counts, strict=True))
            )
    options = [np.array(representatives, dtype=np.int8)]
    for b in survivors[1:]:
        others = [a for a in range(k) if a != b]
        sets = [c for j in sizes(b) for c in itertools.combinations(others, j)]
        options.append(np.array([sum(1 << a for a in c) for c in sets], dtype=np.int8))
    grids = np.meshgrid(*options, indexing="ij")
    columns = [g.ravel() for g in grids]  # columns[i]: bit a = power a declares war on survivors[i]
    weight = np.broadcast_to(
        np.array(weights, dtype=np.int64).reshape((-1,) + (1,) * (len(survivors) - 1)),
        grids[0].shape,
    ).ravel()
    alive = sum(1 << b for b in survivors)
    low_mask = sum(1 << b for b in low)
    founded = np.ones(len(weight), dtype=bool)
    for column in columns:
        founded &= (column & alive) == 0  # no war among survivors
    stuck = ~founded  # not founded, and so far no survivor able to get it founded
    for p in survivors:
        # Who survives whatever p does: L, and the powers of M that p itself declares war on.
        sure = np.full(len(weight), low_mask & ~(1 << p), dtype=np.int8)
        for i, b in enumerate(survivors):
            if b >= size_l and b != p:
                sure |= ((columns[i] >> p) & 1) << b
        group = sure | np.int8(1 << p)
        war = np.zeros(len(weight), dtype=bool)
        for i, b in enumerate(survivors):
            war |= ((group >> b) & 1).astype(bool) & ((columns[i] & sure) != 0)
        stuck &= war
    return int(weight[founded | stuck].sum())
