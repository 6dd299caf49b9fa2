"""The class games' payoffs come from the rules, and their prediction is an equilibrium."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from tabletop.analysis.africa_diplomacy import territory_tables
from tabletop.analysis.examples import africa_position, massai_position
from tabletop.analysis.massai_attack import attack_game
from tabletop.classroom.games import PRESETS, ClassGameError, preset


@pytest.mark.parametrize(
    ("key", "full", "payoff"),
    [
        ("africa-two", False, "presences"),
        ("africa-two-full", True, "presences"),
        ("africa-two-full-score", True, "score"),
    ],
)
def test_two_power_payoffs_are_the_territory_tables(key: str, full: bool, payoff: str) -> None:
    # territory_tables settles the territory itself: an independent path through the rules.
    after = africa_position(
        {"France": ["Egypt"], "Great Britain": ["Egypt"]}, full=["Egypt"] if full else []
    )
    (table,) = territory_tables(after, payoff=payoff)
    game = preset(key)
    assert game.roles == table.powers
    assert np.array_equal(game.payoffs, table.game.payoffs)


def test_the_full_egypt_score_game_is_the_chicken_game_of_the_rules() -> None:
    # Default points: a colony shared 3, alone 8, one point per alliance declared: a war removes
    # the ally, two wars remove both (issue 13's chicken game).
    game = preset("africa-two-full-score")
    cells = {p: game.payoff(p) for p in itertools.product(*game.actions)}
    assert cells == {
        ("alliance", "alliance"): (4.0, 4.0),
        ("alliance", "war"): (1.0, 8.0),
        ("war", "alliance"): (8.0, 1.0),
        ("war", "war"): (0.0, 0.0),
    }
    prediction = game.prediction
    assert prediction.how == "mixed equilibrium"
    assert set(prediction.pure_equilibria) == {("alliance", "war"), ("war", "alliance")}
    assert prediction.mix[0]["war"] == pytest.approx(0.8)


def test_a_weakly_dominant_war_is_what_the_computer_plays() -> None:
    prediction = preset("africa-two").prediction
    assert prediction.dominant == ("war", "war")
    assert prediction.mix == ({"war": 1.0}, {"war": 1.0})


def test_three_powers_declare_war_on_any_set_of_the_others() -> None:
    game = preset("africa-three-full")
    assert game.group_size == 3 and all(len(a) == 4 for a in game.actions)
    # All at peace in a full territory: the colony is founded and shared (kept + 2 each).
    assert game.payoff(("alliance", "alliance", "alliance")) == (3.0, 3.0, 3.0)
    # Two powers at war on the third: it is removed, no colony (not everybody at peace).
    out = game.payoff(("alliance", "war: Belgium", "war: Belgium"))
    assert out[0] == 0.0


@pytest.mark.parametrize("key", [k for k in PRESETS if k.startswith("massai")])
def test_massai_presets_are_the_attack_game(key: str) -> None:
    game = preset(key)
    light, dark = (
        (["c2", "c3"], ["c4", "d4", "e4", "e5"])
        if key == "massai-two-huts"
        else (["c2", "c3", "d3"], ["c4", "d4", "e4", "d5", "e5"])
    )
    solved = attack_game(massai_position(light, dark))
    assert game.actions[0] == solved.targets
    assert np.array_equal(game.payoffs[0], solved.matrix)
    assert np.array_equal(game.payoffs[1], -solved.matrix)
    assert game.prediction.value == pytest.approx(solved.value)


@pytest.mark.parametrize("key", list(PRESETS))
def test_the_computer_mix_is_an_equilibrium(key: str) -> None:
    game = preset(key)
    mix = game.prediction.mix
    assert all(sum(m.values()) == pytest.approx(1.0) for m in mix)
    # Against the others' mixes, no pure action pays a role more than its own mix.
    for role in range(game.group_size):
        others = [r for r in range(game.group_size) if r != role]

        def value(action: str, role: int = role, others: list[int] = others) -> float:
            total = 0.0
            for rest in itertools.product(*(list(mix[r].items()) for r in others)):
                profile = [""] * game.group_size
                profile[role] = action
                weight = 1.0
                for r, (a, p) in zip(others, rest, strict=True):
                    profile[r] = a
                    weight *= p
                total += weight * game.payoff(profile)[role]
            return total

        own = sum(p * value(a) for a, p in mix[role].items())
        assert all(value(a) <= own + 1e-9 for a in game.actions[role])


def test_unknown_preset_and_action_are_one_line_errors() -> None:
    with pytest.raises(ClassGameError, match="unknown class game"):
        preset("chess")
    with pytest.raises(ClassGameError, match="not a choice of France"):
        preset("africa-two").payoff(("peace", "war"))
