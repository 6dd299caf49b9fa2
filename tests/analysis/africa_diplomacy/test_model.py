"""The local-term model of phases 4-5 agrees with the rules core on every relation profile."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.analysis.africa_diplomacy import AnalysisError, DiplomacyGame, core_payoffs
from tabletop.analysis.examples import africa_position, late_game_position
from tabletop.games.africa1880 import POWERS, Relations

from .helpers import positions


@settings(max_examples=25, deadline=None)
@given(positions, st.sampled_from(["presences", "score"]))
def test_model_agrees_with_the_core_on_every_profile(after, payoff) -> None:
    game = DiplomacyGame(after, payoff=payoff)
    profiles = np.array(list(itertools.product((0, 1), repeat=len(game.variables))))
    model = game.model_payoffs(profiles)
    for profile, row in zip(profiles, model, strict=True):
        assert np.allclose(row, game.core_payoffs(profile))


@settings(max_examples=20, deadline=None)
@given(positions)
def test_free_relations_change_no_payoff_and_the_others_do(after) -> None:
    game = DiplomacyGame(after)
    profiles = list(itertools.product((0, 1), repeat=len(game.variables)))
    payoffs = {p: game.core_payoffs(p) for p in profiles}
    for v in range(len(game.variables)):
        changes = any(
            not np.array_equal(payoffs[p], payoffs[p[:v] + (1 - p[v],) + p[v + 1 :]])
            for p in profiles
        )
        assert changes == (v not in game.free), game.variables[v]


@settings(max_examples=20, deadline=None)
@given(positions, st.sampled_from(["presences", "score"]))
def test_each_relation_is_owned_by_its_declarer(after, payoff) -> None:
    game = DiplomacyGame(after, payoff=payoff)
    assert game.n_players == len(game.powers)
    for v, (declarer, toward) in enumerate(game.variables):
        assert game.powers[game.owners[v]] == declarer and declarer != toward
        assert game.var_index[(declarer, toward)] == v
    # Terms only depend on relations between powers that share the territory they model.
    for term in game.terms:
        if term.source in after.occupancy:
            present = set(after.occupancy[term.source])
            assert all(set(game.variables[v]) <= present for v in term.scope)


def test_profiles_and_relations_convert_both_ways() -> None:
    after = africa_position({"Great Britain": ["Egypt"], "France": ["Egypt"], "Italy": ["Libya"]})
    game = DiplomacyGame(after)
    relations = Relations([("Italy", "France"), ("France", "Great Britain")])
    profile = game.profile_of(relations)
    assert game.relations_of(profile) == relations
    assert game.profile_of(Relations([("Germany", "France")])).sum() == 0  # not in this game
    assert game.profile_of(None).sum() == 0
    assert game.powers == ("France", "Great Britain", "Italy")
    assert game.check_model(profile).tolist() == [1.0, 0.0, 1.0]  # Britain allied, removed


def test_bad_options_and_too_large_normal_forms_are_refused() -> None:
    after = africa_position({"Great Britain": ["Egypt"], "France": ["Egypt"]})
    with pytest.raises(AnalysisError, match="payoff"):
        DiplomacyGame(after, payoff="glory")
    with pytest.raises(AnalysisError, match="finite"):
        DiplomacyGame(after, weight=float("nan"))
    with pytest.raises(AnalysisError, match="payoff"):
        core_payoffs(after, Relations(), payoff="glory")
    with pytest.raises(AnalysisError, match="relation profiles"):
        DiplomacyGame(late_game_position(0)).normal_form()


def test_normal_form_labels_every_set_of_wars() -> None:
    after = africa_position({"Great Britain": ["Egypt"], "France": ["Egypt"]}, full=["Egypt"])
    table = DiplomacyGame(after).normal_form()
    assert list(table.strategies[0]) == ["alliance with all", "war: Great Britain"]
    assert table.payoffs[0].tolist() == [[3.0, 0.0], [3.0, 1.0]]
    profiles = np.array(list(itertools.product((0, 1), repeat=2)))
    assert DiplomacyGame(after).model_payoffs(profiles)[:, 0].tolist() == [3.0, 0.0, 3.0, 1.0]


@pytest.mark.parametrize(
    ("payoff", "weight"),
    [("presences", 2.0), ("presences", 0.5), ("presences", -3.0), ("score", 2.0)],
)
def test_a_colony_rule_on_the_whole_grid_is_the_rule_on_every_profile(payoff, weight) -> None:
    # Five powers alone on a full territory: the dense method asks each rule for all 2**20
    # profiles at once (small tables laid along the grid); the same values as the packed rule.
    after = africa_position({p: ["Congo"] for p in POWERS[:5]}, full=["Congo"])
    game = DiplomacyGame(after, weight=weight, payoff=payoff)
    every = np.arange(2**20, dtype=np.int64)
    assert len(game.rules) == 5
    for rule in game.rules:
        assert rule.grid is not None
        np.testing.assert_array_equal(
            np.asarray(rule.grid(), dtype=float), np.asarray(rule.rule(every), dtype=float)
        )


@pytest.mark.parametrize("seed", [3, 5, 7])
def test_five_powers_among_six_on_a_candidate_agree_with_the_core(seed: int) -> None:
    # A candidate held by five of six powers: its tables come from the rule's whole grid.
    after = late_game_position(seed, max_holders=6)
    assert 5 in {len(after.occupancy[t]) for t in after.colony_candidates}
    game = DiplomacyGame(after)
    assert any(len(t.scope) == 20 for t in game.terms)
    rng = np.random.default_rng(seed)
    for bits in rng.integers(0, 2, size=(60, game.n_variables)):
        game.check_model(bits)
