"""Exact pure-Nash analysis of *factored* games: binary choices, payoffs summed from local terms.

A :class:`FactoredGame` has binary variables, each chosen by one player, and gives each player a
constant plus a sum of small tables (:class:`Term`), each over the few variables it depends on.
This is the shape of games where what happens in one place depends only on the choices that
concern that place, so the search can stay exact where the normal form (``2 ** variables``
profiles) is far too large:

* variables no term depends on are **free** (they change no payoff at all);
* only the terms containing a player's own variables affect its best responses, so the Nash
  condition splits into small constraints (:mod:`~tabletop.analysis.factored.constraints`: 0/1
  tables, or, when too wide for a table, checks computed from the terms); variables that no
  constraint involves are **indifferent** (any value keeps an equilibrium one, although they may
  change someone's payoff);
* the remaining *decisive* variables fall into independent components; each is listed by a
  depth-first join of its constraints (:mod:`~tabletop.analysis.factored.listing`) and counted by
  variable elimination (:mod:`~tabletop.analysis.factored.counting`; a wide constraint through
  the few *types* of context its terms distinguish) or, when too wide for that, by checking
  every profile 32 at a time (:mod:`~tabletop.analysis.factored.packed`, wide constraints as
  one mask of best own values per context);
* the equilibria are the product of the components' solutions (:func:`solve`).

Nothing here knows any particular game; a model (such as
:mod:`tabletop.analysis.africa_diplomacy`) builds the terms from its rules.

>>> from tabletop.analysis.factored.game import FactoredGame, Term
>>> from tabletop.analysis.factored.nash import solve
>>> import numpy as np
>>> same = np.array([[1.0, 0.0], [0.0, 1.0]])
>>> game = FactoredGame(2, (0, 1), [Term(0, (0, 1), same), Term(1, (0, 1), same)])
>>> solve(game).total_count
2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.analysis.factored.constraints import (
        MAX_SCOPE,
        AnyConstraint,
        Constraint,
        ImplicitConstraint,
        OwnGroup,
        components,
        constraints_of,
        own_groups,
    )
    from tabletop.analysis.factored.counting import (
        ELIMINATION_WORK,
        MAX_ELIMINATION_TABLE,
        MAX_TYPE_TABLE,
        count_solutions,
    )
    from tabletop.analysis.factored.game import (
        TOL,
        AnyTerm,
        FactoredGame,
        RuleTerm,
        Term,
        assignments,
    )
    from tabletop.analysis.factored.listing import (
        ComponentSolutions,
        first_solutions,
        search_solutions,
    )
    from tabletop.analysis.factored.nash import (
        BestResponses,
        IncompleteListing,
        NashSolution,
        best_responses,
        dominance,
        pareto_flags,
        solve,
    )
    from tabletop.analysis.factored.packed import packed_cost, packed_count

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "MAX_SCOPE": "tabletop.analysis.factored.constraints",
        "AnyConstraint": "tabletop.analysis.factored.constraints",
        "Constraint": "tabletop.analysis.factored.constraints",
        "ImplicitConstraint": "tabletop.analysis.factored.constraints",
        "OwnGroup": "tabletop.analysis.factored.constraints",
        "components": "tabletop.analysis.factored.constraints",
        "constraints_of": "tabletop.analysis.factored.constraints",
        "own_groups": "tabletop.analysis.factored.constraints",
        "ELIMINATION_WORK": "tabletop.analysis.factored.counting",
        "MAX_ELIMINATION_TABLE": "tabletop.analysis.factored.counting",
        "MAX_TYPE_TABLE": "tabletop.analysis.factored.counting",
        "count_solutions": "tabletop.analysis.factored.counting",
        "TOL": "tabletop.analysis.factored.game",
        "AnyTerm": "tabletop.analysis.factored.game",
        "FactoredGame": "tabletop.analysis.factored.game",
        "RuleTerm": "tabletop.analysis.factored.game",
        "Term": "tabletop.analysis.factored.game",
        "assignments": "tabletop.analysis.factored.game",
        "ComponentSolutions": "tabletop.analysis.factored.listing",
        "first_solutions": "tabletop.analysis.factored.listing",
        "search_solutions": "tabletop.analysis.factored.listing",
        "BestResponses": "tabletop.analysis.factored.nash",
        "IncompleteListing": "tabletop.analysis.factored.nash",
        "NashSolution": "tabletop.analysis.factored.nash",
        "best_responses": "tabletop.analysis.factored.nash",
        "dominance": "tabletop.analysis.factored.nash",
        "pareto_flags": "tabletop.analysis.factored.nash",
        "solve": "tabletop.analysis.factored.nash",
        "packed_cost": "tabletop.analysis.factored.packed",
        "packed_count": "tabletop.analysis.factored.packed",
    },
)

__all__ = [
    "ELIMINATION_WORK",
    "MAX_ELIMINATION_TABLE",
    "MAX_SCOPE",
    "MAX_TYPE_TABLE",
    "TOL",
    "AnyConstraint",
    "AnyTerm",
    "BestResponses",
    "ComponentSolutions",
    "Constraint",
    "FactoredGame",
    "ImplicitConstraint",
    "IncompleteListing",
    "NashSolution",
    "OwnGroup",
    "RuleTerm",
    "Term",
    "assignments",
    "best_responses",
    "components",
    "constraints_of",
    "count_solutions",
    "dominance",
    "first_solutions",
    "search_solutions",
    "own_groups",
    "packed_cost",
    "packed_count",
    "pareto_flags",
    "solve",
]
