"""What the analysis reports, as data and as the JSON the command line prints."""

from __future__ import annotations

import json

import pytest

from tabletop.analysis.africa_diplomacy import TooLarge, analyse
from tabletop.analysis.examples import africa_position, random_africa_position
from tabletop.games.africa1880 import Relations


def test_json_form_lists_wars_per_power() -> None:
    after = africa_position({"Great Britain": ["Egypt"], "France": ["Egypt"]})
    data = analyse(after).to_dict()
    assert data["equilibrium_count"] == 2
    assert sorted((e["wars"] for e in data["equilibria"]), key=str) == sorted(
        [
            {"France": [], "Great Britain": []},
            {"France": ["Great Britain"], "Great Britain": ["France"]},
        ],
        key=str,
    )
    assert data["declared"]["is_equilibrium"] is True


def test_equilibria_give_back_their_relations_and_json_is_plain() -> None:
    after = africa_position({"Great Britain": ["Egypt"], "France": ["Egypt"]}, full=["Egypt"])
    result = analyse(after)
    assert {e.relations() for e in result.equilibria} == set(result.all_equilibrium_profiles())
    data = result.to_dict()
    assert json.loads(json.dumps(data))["equilibrium_count"] == 2
    assert data["two_power_territories"][0]["territory"] == "Egypt"
    # Stag hunt: war never loses the presence, so it weakly dominates.
    assert data["powers_detail"][0]["dominant"] == {
        "Great Britain": {"choice": "war", "kind": "weak"}
    }
    assert data["components"] == [[["France", "Great Britain"], ["Great Britain", "France"]]]


def test_all_equilibria_need_them_all_listed() -> None:
    after = random_africa_position(5, powers=4, presences_per_power=10, full_share=0.6)
    result = analyse(after, limit=1)
    assert len(result.equilibria) == 1 and not result.complete
    with pytest.raises(TooLarge, match="larger limit"):
        list(result.all_equilibrium_profiles())


def test_declared_relations_are_reported_per_power() -> None:
    after = africa_position({"Great Britain": ["Egypt"], "France": ["Egypt"]})
    data = analyse(after, Relations([("France", "Great Britain")])).to_dict()
    assert data["declared"]["wars"] == {"France": ["Great Britain"], "Great Britain": []}
    assert data["declared"]["payoffs"] == {"France": 1.0, "Great Britain": 0.0}
    assert data["declared"]["is_equilibrium"] is False
