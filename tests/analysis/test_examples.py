"""The ready-made positions are deterministic from their seed and keep their promises."""

from __future__ import annotations

from tabletop.analysis.examples import (
    africa_position,
    late_game_position,
    massai_position,
    random_africa_position,
)
from tabletop.games.massai import Phase


def test_random_positions_are_the_same_for_the_same_seed() -> None:
    first = random_africa_position(7, powers=4, presences_per_power=8)
    again = random_africa_position(7, powers=4, presences_per_power=8)
    assert first.occupancy == again.occupancy and first.contested == again.contested
    assert len(first.state.powers) == 4
    assert all(len(ts) == 8 for ts in first.state.presences.values())
    assert first.occupancy != random_africa_position(8, powers=4, presences_per_power=8).occupancy


def test_late_game_positions_are_crowded_with_few_candidates() -> None:
    after = late_game_position(3, candidates=5)
    assert len(after.state.powers) == 6 and after.state.round == 7
    assert len(after.colony_candidates) <= 5
    assert all(len(after.occupancy[t]) <= 4 for t in after.colony_candidates)


def test_fixed_positions() -> None:
    after = africa_position({"France": ["Egypt", "Libya"], "Italy": ["Egypt"]}, colonies=["Libya"])
    assert after.state.colonies == frozenset({"Libya"})
    assert after.contested == (("Egypt", ("France", "Italy")),)
    state = massai_position(["c2"], ["d4"], to_move=1)
    assert state.phase == Phase.PLAY and state.huts == (frozenset({"c2"}), frozenset({"d4"}))
