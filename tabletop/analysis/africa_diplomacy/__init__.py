"""The diplomacy game of an Africa 1880 position, analysed exactly.

After phase 3 (orders executed, :func:`tabletop.games.africa1880.execute_orders`) only the
relations are left to choose: every power declares alliance or war toward every other power, all at
once. Phases 4 and 5 (:func:`tabletop.games.africa1880.settle`) then decide which presences are
removed and which colonies are founded: a normal-form game of ``n (n - 1)`` binary choices.

Payoff of a power (option ``payoff``):

* ``"presences"`` (default): its presences on the board after phases 4-5, plus ``weight``
  (default 2) for every colony founded this round where it is present;
* ``"score"``: the game's score after the round (points, or colony count with the ``colonies``
  scoring option), as computed by :func:`tabletop.games.africa1880.score`.

How the search stays exact and fast. A territory's outcome depends only on the relations between
the powers present there, and removals do not cascade, so a power's payoff is a sum of small
*local terms*, one per territory (and, with the score payoff, one per alliance point): the model
(:mod:`~tabletop.analysis.africa_diplomacy.model`) is a factored game, and the game-agnostic
solver :mod:`tabletop.analysis.factored` finds its free and indifferent relations and its pure
equilibria. Free and indifferent relations are listed apart instead of multiplying the list of
equilibria; each listed equilibrium shows them at alliance (what a blank relation means).

The local terms are an explicit model of phases 4-5. Every payoff that is reported (declared
relations, best responses, listed equilibria, the two-power tables) is computed by the rules core
itself, and the model is checked against the core on the declared relations and the first listed
equilibria, so a disagreement between them is an error, never a silent wrong answer.

This package is the public face of the analysis; its parts:

* :mod:`~tabletop.analysis.africa_diplomacy.model`: the position as a factored game, core payoffs;
* :mod:`~tabletop.analysis.africa_diplomacy.tables`: the 2x2 table of each two-power territory;
* :mod:`~tabletop.analysis.africa_diplomacy.results`: the reported data and its JSON form;
* :mod:`~tabletop.analysis.africa_diplomacy.equilibria`: :func:`analyse`.

>>> from tabletop.analysis.examples import africa_position
>>> from tabletop.analysis.africa_diplomacy.equilibria import analyse
>>> after = africa_position({"Great Britain": ["Egypt"], "France": ["Egypt"]}, full=["Egypt"])
>>> analyse(after).equilibrium_count
2
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.lazy_api import lazy_api

if TYPE_CHECKING:
    from tabletop.analysis.africa_diplomacy.equilibria import DEFAULT_LIMIT, analyse
    from tabletop.analysis.africa_diplomacy.model import (
        ALLIANCE,
        MAX_TERM_SCOPE,
        PAYOFFS,
        WAR,
        AnalysisError,
        DiplomacyGame,
        Pair,
        TooLarge,
        core_payoffs,
        local_settlement,
    )
    from tabletop.analysis.africa_diplomacy.results import (
        DiplomacyAnalysis,
        Equilibrium,
        PowerReport,
    )
    from tabletop.analysis.africa_diplomacy.tables import TerritoryTable, territory_tables
    from tabletop.analysis.factored import ELIMINATION_WORK, TOL

# Each name is imported from its module on first use: importing one module of the package
# does not import the others.
__getattr__, __dir__ = lazy_api(
    __name__,
    {
        "DEFAULT_LIMIT": "tabletop.analysis.africa_diplomacy.equilibria",
        "analyse": "tabletop.analysis.africa_diplomacy.equilibria",
        "ALLIANCE": "tabletop.analysis.africa_diplomacy.model",
        "MAX_TERM_SCOPE": "tabletop.analysis.africa_diplomacy.model",
        "PAYOFFS": "tabletop.analysis.africa_diplomacy.model",
        "WAR": "tabletop.analysis.africa_diplomacy.model",
        "AnalysisError": "tabletop.analysis.africa_diplomacy.model",
        "DiplomacyGame": "tabletop.analysis.africa_diplomacy.model",
        "Pair": "tabletop.analysis.africa_diplomacy.model",
        "TooLarge": "tabletop.analysis.africa_diplomacy.model",
        "core_payoffs": "tabletop.analysis.africa_diplomacy.model",
        "local_settlement": "tabletop.analysis.africa_diplomacy.model",
        "DiplomacyAnalysis": "tabletop.analysis.africa_diplomacy.results",
        "Equilibrium": "tabletop.analysis.africa_diplomacy.results",
        "PowerReport": "tabletop.analysis.africa_diplomacy.results",
        "TerritoryTable": "tabletop.analysis.africa_diplomacy.tables",
        "territory_tables": "tabletop.analysis.africa_diplomacy.tables",
        "ELIMINATION_WORK": "tabletop.analysis.factored",
        "TOL": "tabletop.analysis.factored",
    },
)

__all__ = [
    "ALLIANCE",
    "DEFAULT_LIMIT",
    "ELIMINATION_WORK",
    "MAX_TERM_SCOPE",
    "PAYOFFS",
    "TOL",
    "WAR",
    "AnalysisError",
    "DiplomacyAnalysis",
    "DiplomacyGame",
    "Equilibrium",
    "Pair",
    "PowerReport",
    "TerritoryTable",
    "TooLarge",
    "analyse",
    "core_payoffs",
    "local_settlement",
    "territory_tables",
]
