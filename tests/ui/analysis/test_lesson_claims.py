"""Every claim the lesson prints is computed from the game shown, and true of it.

Each sentence is checked here against facts worked out independently: payoffs from the rules
core, dominance and equilibria by enumerating the 2x2 cells, the optimal attack plans by nashpy's
support enumeration on the same matrix.
"""

from __future__ import annotations

import itertools

import nashpy
import numpy as np
import pytest

from tabletop.analysis.africa_diplomacy import core_payoffs, territory_tables
from tabletop.analysis.examples import africa_position, massai_position
from tabletop.analysis.massai_attack import attack_game
from tabletop.games.africa1880 import Relations
from tabletop.ui.analysis.lesson import (
    GUARD_TABLES,
    MASSAI_PRESETS,
    classify_2x2,
    dominance_lesson,
    two_power_claims,
)
from tabletop.ui.analysis.tables import attack_claims

EGYPT = {"Great Britain": ["Egypt"], "France": ["Egypt"]}


def egypt(full: bool, payoff: str, weight: float = 2.0):
    after = africa_position(EGYPT, full=["Egypt"] if full else [])
    (table,) = territory_tables(after, weight, payoff)
    return after, table


@pytest.mark.parametrize("full", [False, True])
@pytest.mark.parametrize("payoff", ["presences", "score"])
@pytest.mark.parametrize("weight", [0.0, 2.0, 4.0])
def test_two_power_claims_are_true_of_the_table(full: bool, payoff: str, weight: float) -> None:
    after, table = egypt(full, payoff, weight)
    game = table.game
    first, second = table.powers
    # The table is the rules core on the whole position (France first: powers in board order).
    for r, c in itertools.product((0, 1), repeat=2):
        wars = [(first, second)] * r + [(second, first)] * c
        core = core_payoffs(after, Relations(wars), weight, payoff)
        assert game.payoffs[0, r, c] == core[first] and game.payoffs[1, r, c] == core[second]
    claims = two_power_claims(table)
    for k, power in enumerate(table.powers):
        strict = game.dominant_strategies(k, strict=True)
        weak = game.dominant_strategies(k, strict=False)
        (line,) = [c for c in claims if c.startswith(f"For {power},")]
        if strict:
            assert f"{game.strategies[k][strict[0]]} strictly dominates" in line
        elif weak and len(weak) == 1:
            assert f"{game.strategies[k][weak[0]]} weakly dominates" in line
        else:
            assert "no choice dominates" in line


def test_score_game_is_chicken_when_egypt_is_full() -> None:
    _, table = egypt(True, "score")
    assert table.game.payoffs[0].tolist() == [[4, 1], [8, 0]]  # 4/4, 1/8, 8/1, 0/0
    assert table.game.payoffs[1].tolist() == [[4, 8], [1, 0]]
    assert classify_2x2(table.game.payoffs) == "chicken"
    assert (
        "chicken game (temptation 8 > reward 4 > sucker 1 > punishment 0)"
        in (two_power_claims(table)[0])
    )


def test_score_game_without_a_colony_rewards_alliance() -> None:
    # One point per alliance in every round: alliance strictly dominates, every cell is not 0.
    _, table = egypt(False, "score")
    assert table.game.payoffs[0].tolist() == [[1, 1], [0, 0]]
    claims = two_power_claims(table)
    assert "harmony game" in claims[0]
    assert all("alliance strictly dominates" in c for c in claims[1:])


def test_presences_with_a_possible_colony_is_no_prisoners_dilemma() -> None:
    # Holding the colony alone pays 3, the same as sharing it; mutual alliance is an equilibrium.
    _, table = egypt(True, "presences")
    game = table.game
    assert game.payoffs[0, 1, 0] == game.payoffs[0, 0, 0] == 3
    assert (0, 0) in set(game.pure_nash_equilibria())
    assert classify_2x2(game.payoffs) == "other"
    assert "prisoner" not in " ".join(two_power_claims(table))


@pytest.mark.parametrize(
    ("payoffs", "kind"),
    [
        ((3, 0, 5, 1), "pd"),
        ((3, 1, 5, 0), "chicken"),
        ((5, 0, 3, 1), "stag"),
        ((5, 3, 1, 0), "harmony"),
        ((3, 0, 3, 1), "other"),
    ],
)
def test_classification_from_the_payoff_order(payoffs, kind) -> None:
    R, S, T, P = payoffs
    mine = np.array([[R, S], [T, P]], dtype=float)
    assert classify_2x2(np.stack([mine, mine.T])) == kind
    assert classify_2x2(np.stack([mine, mine.T + 1])) == "asymmetric"


def test_dominance_lesson_prints_the_computed_claims() -> None:
    lesson = dominance_lesson()
    controls, out = lesson.children[-2:]
    full, _, payoff = controls.children
    full.value = True
    payoff.value = "score"
    assert "chicken game" in out.value and "no choice dominates" in out.value
    assert "prisoner" not in out.value


def nashpy_attack_supports(matrix: np.ndarray) -> set[tuple[int, ...]]:
    """The attacker supports of every equilibrium nashpy finds by support enumeration."""
    game = nashpy.Game(matrix, -matrix)
    return {tuple(np.flatnonzero(x > 1e-9)) for x, _ in game.support_enumeration()}


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # nashpy on degenerate games
@pytest.mark.parametrize("preset", list(MASSAI_PRESETS))
@pytest.mark.parametrize("table", list(GUARD_TABLES))
def test_attack_claims_are_true(preset: str, table: str) -> None:
    light, dark = MASSAI_PRESETS[preset]
    game = attack_game(massai_position(light, dark, guard_table=GUARD_TABLES[table]))
    claims = attack_claims(game)
    text = " ".join(claims)
    value = game.value
    x, y = game.solution.row_strategy, game.solution.column_strategy
    earned = game.matrix @ y
    # Every hut the optimal attack plays earns exactly the value; one earning less is not played.
    assert np.allclose(earned[x > 1e-9], value, atol=1e-7)
    for k, target in enumerate(game.targets):
        if earned[k] < value - 1e-7:
            assert f"{target} earns" in text and "not played" in text
            assert game.attack_ranges[target][1] <= 1e-7
    if game.matrix.size <= 64:  # small games: nashpy lists the equilibria
        supports = nashpy_attack_supports(game.matrix)
        if len(supports) > 1:
            assert not game.attack_unique and "Several attack plans are optimal" in text
    if game.attack_pure:
        assert "only optimal attack is pure" in text
        assert "indifferent" not in text
    elif not game.attack_unique:
        assert "Several attack plans are optimal" in text


def test_stingy_two_huts_and_generous_two_huts() -> None:
    light, dark = MASSAI_PRESETS["Two attackable huts"]
    stingy = attack_game(
        massai_position(light, dark, guard_table=GUARD_TABLES["stingy: one guard fewer"])
    )
    assert "c4 earns 3 against a value of 5: not played" in attack_claims(stingy)
    generous = attack_game(
        massai_position(
            light, dark, guard_table=GUARD_TABLES["generous: one guard per attack point, at most 5"]
        )
    )
    assert not generous.attack_unique
    assert "c4 0.0%–100.0%, d4 0.0%–100.0%" in " ".join(attack_claims(generous))


def test_generous_table_gives_five_guards_on_the_six_hut_front() -> None:
    light, dark = MASSAI_PRESETS["A wide front: six attackable huts"]
    table = GUARD_TABLES["generous: one guard per attack point, at most 5"]
    game = attack_game(massai_position(light, dark, guard_table=table))
    assert game.guards_allowed == 5 and len(game.targets) == 6
