"""Game theory for the classroom, game-agnostic: normal-form games and zero-sum games.

No widget library is imported here (the project's wall). ``factored`` is the game-agnostic solver
of games whose payoffs are sums of local terms; the game-specific analyses live in
``africa_diplomacy`` (a factored model of the relations) and ``massai_attack`` and use the rules
cores.
"""

from tabletop.analysis.normal_form import Game, pareto_mask
from tabletop.analysis.zero_sum import ZeroSumError, ZeroSumSolution, solve_zero_sum

__all__ = ["Game", "ZeroSumError", "ZeroSumSolution", "pareto_mask", "solve_zero_sum"]
