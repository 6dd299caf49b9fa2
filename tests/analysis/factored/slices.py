"""An independent count of a group too wide for the byte table, for the tests and the analysis
benchmark: its first four relations fixed in each of the 16 ways, each slice counted by the
dense byte table (its conditions made tables by ``as_table``, not through the context types the
packed count uses)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tabletop.analysis.factored.adaptive import as_table, dense_solutions
from tabletop.analysis.factored.constraints import AnyConstraint, Constraint


def sliced_dense_count(constraints: Sequence[AnyConstraint], scope: Sequence[int]) -> int:
    """Profiles of ``scope`` meeting every constraint whose scope lies in it, summed over 16
    slices."""
    tables = [as_table(c) for c in constraints if set(c.scope) <= set(scope)]
    fixed, rest = tuple(scope[:4]), tuple(scope[4:])
    total = 0
    for value in range(16):
        bits = {v: value >> (3 - k) & 1 for k, v in enumerate(fixed)}
        sliced = [
            Constraint(
                t.owner,
                tuple(v for v in t.scope if v not in bits),
                np.ascontiguousarray(t.allowed[tuple(bits.get(v, slice(None)) for v in t.scope)]),
            )
            for t in tables
        ]
        total += dense_solutions(sliced, rest, 1)[1]
    return total
