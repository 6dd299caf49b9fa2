"""The package's public face: the names the dashboards, the command line and the benchmark use."""

from __future__ import annotations

import tabletop.analysis.africa_diplomacy as facade
from tabletop.analysis.africa_diplomacy import equilibria, model, results, tables
from tabletop.analysis.factored import ELIMINATION_WORK, FactoredGame


def test_every_listed_name_exists() -> None:
    for name in facade.__all__:
        assert hasattr(facade, name), name


def test_names_are_the_modules_own_objects() -> None:
    assert facade.analyse is equilibria.analyse
    assert facade.DEFAULT_LIMIT == 1000
    assert facade.ELIMINATION_WORK == ELIMINATION_WORK
    assert facade.PAYOFFS == ("presences", "score")
    assert facade.DiplomacyGame is model.DiplomacyGame
    assert issubclass(facade.DiplomacyGame, FactoredGame)
    assert facade.DiplomacyAnalysis is results.DiplomacyAnalysis
    assert facade.TerritoryTable is tables.TerritoryTable
    assert facade.territory_tables is tables.territory_tables
    assert issubclass(facade.TooLarge, facade.AnalysisError)
    assert issubclass(facade.AnalysisError, ValueError)  # the command line's one-line errors
