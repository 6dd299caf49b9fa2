"""Game theory for the classroom, game-agnostic: normal-form games and zero-sum games.

No widget library is imported here (the project's wall). ``factored`` is the game-agnostic solver
of games whose payoffs are sums of local terms; the game-specific analyses live in
``africa_diplomacy`` (a factored model of the relations) and ``massai_attack`` and use the rules
cores.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.analysis.normal_form import Game, pareto_mask
    from tabletop.analysis.zero_sum import ZeroSumError, ZeroSumSolution, solve_zero_sum

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "Game": "tabletop.analysis.normal_form",
        "pareto_mask": "tabletop.analysis.normal_form",
        "ZeroSumError": "tabletop.analysis.zero_sum",
        "ZeroSumSolution": "tabletop.analysis.zero_sum",
        "solve_zero_sum": "tabletop.analysis.zero_sum",
    },
)

__all__ = ["Game", "ZeroSumError", "ZeroSumSolution", "pareto_mask", "solve_zero_sum"]
