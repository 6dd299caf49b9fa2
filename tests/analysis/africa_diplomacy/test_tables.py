"""The 2x2 table of every territory held by exactly two powers, from the rules core."""

from __future__ import annotations

from hypothesis import given, settings

from tabletop.analysis.africa_diplomacy import core_payoffs, territory_tables
from tabletop.analysis.examples import africa_position
from tabletop.games.africa1880 import Relations

from .helpers import positions


def test_two_powers_outside_a_colony() -> None:
    # Rules, phase 4: allying while the other declares war loses the presence.
    after = africa_position({"Great Britain": ["Egypt"], "France": ["Egypt"], "Italy": ["Libya"]})
    (table,) = territory_tables(after)
    assert (table.territory, table.powers, table.colony_candidate) == (
        "Egypt",
        ("France", "Great Britain"),
        False,
    )
    assert table.game.payoffs.tolist() == [[[1.0, 0.0], [1.0, 1.0]], [[1.0, 1.0], [0.0, 1.0]]]
    data = table.to_dict()
    assert data["payoffs"]["France alliance / Great Britain war"] == [0.0, 1.0]
    assert ["war", "war"] in data["equilibria"]
    assert data["dominant"] == {"France": ("war", "weak"), "Great Britain": ("war", "weak")}


def test_full_territory_weight_and_score() -> None:
    after = africa_position({"Great Britain": ["Egypt"], "France": ["Egypt"]}, full=["Egypt"])
    (table,) = territory_tables(after)
    assert table.colony_candidate
    assert table.game.payoffs[0].tolist() == [[3.0, 0.0], [3.0, 1.0]]  # war weakly dominates
    (weightless,) = territory_tables(after, weight=0.0)
    assert weightless.game.payoffs[0].tolist() == [[1.0, 0.0], [1.0, 1.0]]
    (scored,) = territory_tables(after, payoff="score")
    options = after.state.options
    # Shared colony if both ally; France alone if it wars on an allied Britain; none at war;
    # plus the point of France's own alliance (a chicken game: 4/4, 1/8, 8/1, 0/0).
    alliance = options.points_alliance
    assert scored.game.payoffs[0].tolist() == [
        [options.points_colony_shared + alliance, alliance],
        [options.points_colony_alone, 0.0],
    ]
    assert scored.game.payoffs[0].tolist() == [[4.0, 1.0], [8.0, 0.0]]


def test_territories_of_one_or_three_powers_have_no_table() -> None:
    after = africa_position(
        {"Belgium": ["Congo", "Angola"], "France": ["Congo"], "Germany": ["Congo"]}
    )
    assert territory_tables(after) == ()


@settings(max_examples=25, deadline=None)
@given(positions)
def test_each_table_is_what_the_pair_changes_in_the_whole_game(after) -> None:
    tables = territory_tables(after)
    two = [t for t, present in after.contested if len(present) == 2]
    assert [t.territory for t in tables] == two
    base = core_payoffs(after, Relations())
    for table in tables:
        first, second = table.powers
        shared = [t for t, present in after.occupancy.items() if {first, second} <= set(present)]
        if shared != [table.territory]:
            continue  # their relations also decide another territory
        for r in (0, 1):
            for c in (0, 1):
                wars = [(first, second)] * r + [(second, first)] * c
                payoffs = core_payoffs(after, Relations(wars))
                for k, power in enumerate(table.powers):
                    change = table.game.payoffs[k, r, c] - table.game.payoffs[k, 0, 0]
                    assert payoffs[power] - base[power] == change
