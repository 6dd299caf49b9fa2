"""Unit tests of relations.py: the directed diplomatic grid, and a sheet's relations."""

from __future__ import annotations

import pytest

from tabletop.games.africa1880.orders import OrderSheet, relations_from_sheets
from tabletop.games.africa1880.relations import ALL_ALLIANCE, Relation, Relations


def test_relations() -> None:
    relations = Relations({("France", "Germany")})
    assert relations.war("France", "Germany") and relations.alliance("Germany", "France")
    assert relations["France", "Germany"] == "war"
    assert relations["France", "Germany"] is Relation.WAR
    assert relations["Germany", "France"] is Relation.ALLIANCE
    assert Relations.from_dict(relations.to_dict()) == relations
    # A file may name powers in French or German.
    assert Relations.from_dict({"France": ["Allemagne"]}) == relations


def test_a_sheet_declares_one_relation_toward_each_other_power() -> None:
    """Rules: a relation toward every other power, alliance unless war is written."""
    sheet = OrderSheet("France").with_relation("Germany", Relation.WAR)
    assert (
        sheet.relation("Germany") is Relation.WAR and sheet.relation("Italy") is Relation.ALLIANCE
    )
    assert sheet.with_relation("Germany", Relation.ALLIANCE) == OrderSheet("France")
    with pytest.raises(ValueError):
        sheet.with_relation("France", Relation.WAR)
    grid = relations_from_sheets({"France": sheet}, ("France", "Germany", "Italy"))
    assert grid == Relations({("France", "Germany")})
    # A forgotten relation is an alliance: no sheet, no war.
    assert relations_from_sheets({}, ("France", "Germany")) is ALL_ALLIANCE
