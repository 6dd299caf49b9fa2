"""Unit tests of relations.py: the directed diplomatic grid."""

from __future__ import annotations

from tabletop.games.africa1880.relations import Relations


def test_relations() -> None:
    relations = Relations({("France", "Germany")})
    assert relations.war("France", "Germany") and relations.alliance("Germany", "France")
    assert relations["France", "Germany"] == "war"
    assert Relations.from_dict(relations.to_dict()) == relations
    assert Relations.coerce({("France", "Germany"): "war", ("Germany", "France"): "alliance"}) == (
        relations
    )
    assert Relations.coerce({"France": ["Allemagne"]}) == relations
