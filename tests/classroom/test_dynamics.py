"""Learning paths from the class's first round: fictitious play and replicator dynamics."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.classroom.dynamics import class_path, fictitious_play, replicator
from tabletop.classroom.games import preset
from tabletop.classroom.qre import PopulationGame, QreError, population_game

PENNIES = PopulationGame.from_payoffs(
    np.array([[[1, -1], [-1, 1]], [[-1, 1], [1, -1]]], dtype=float)
)
# Strictly dominant: the row's first action (3 > 1, 2 > 0), the column's first (2 > 0).
DOMINANT = PopulationGame.from_payoffs(np.array([[[3, 2], [1, 0]], [[2, 0], [2, 0]]], dtype=float))


def test_fictitious_play_converges_to_a_strictly_dominant_action() -> None:
    path = fictitious_play(DOMINANT, [[0.0, 1.0], [0.1, 0.9]], 200)
    assert path[0][0].tolist() == [0.0, 1.0]  # round 1 is the class's
    firsts = [profile[0][0] for profile in path]
    # From round 2 on the dominant action is always played: its frequency is 1 - 1/t.
    assert firsts[1:] == pytest.approx([1 - 1 / t for t in range(2, 201)])
    assert path[-1][1][0] > 0.99


def test_fictitious_play_in_matching_pennies_approaches_one_half() -> None:
    path = fictitious_play(PENNIES, [[0.9, 0.1], [0.2, 0.8]], 4000)
    for mix in path[-1]:
        assert abs(mix[0] - 0.5) < 0.02
    # and not at once: the early rounds are far from it
    assert max(abs(m[0] - 0.5) for profile in path[:5] for m in profile) > 0.3


def test_fictitious_play_splits_ties_evenly() -> None:
    tie = PopulationGame.from_payoffs(np.zeros((2, 2, 3)))
    path = fictitious_play(tie, [[1.0, 0.0], [1.0, 0.0, 0.0]], 3)
    # Round 2 plays every action alike (all tied): the frequencies move half way there.
    assert path[1][0].tolist() == pytest.approx([0.75, 0.25])
    assert path[1][1].tolist() == pytest.approx([2 / 3, 1 / 6, 1 / 6])


def test_the_replicator_grows_the_better_action_and_keeps_absent_ones_absent() -> None:
    path = replicator(DOMINANT, [[0.5, 0.5], [0.0, 1.0]], 50)
    assert all(b[0][0] > a[0][0] for a, b in zip(path, path[1:], strict=False))
    assert path[-1][0][0] > 0.99
    assert all(p[1][0] == 0.0 for p in path)  # nobody played it: the replicator never starts it


@settings(max_examples=60, deadline=None)
@given(
    payoffs=st.lists(st.floats(-50, 50), min_size=18, max_size=18),
    start=st.lists(st.floats(0, 1), min_size=6, max_size=6),
    rounds=st.integers(1, 30),
)
def test_the_replicator_keeps_the_simplex(
    payoffs: list[float], start: list[float], rounds: int
) -> None:
    game = PopulationGame.from_payoffs(np.array(payoffs).reshape(2, 3, 3))
    path = replicator(game, [start[:3], start[3:]], rounds)
    assert len(path) == rounds
    for profile in path:
        for mix in profile:
            assert np.all(mix >= 0)
            assert mix.sum() == pytest.approx(1.0, abs=1e-12)


def test_the_class_path_puts_the_class_beside_the_models() -> None:
    game = population_game(preset("africa-two-full"))  # one population: the class
    counts = {1: [[3, 1]], 2: [[1, 3]], 3: [[0, 0]]}
    path = class_path(game, counts)
    assert path.rounds == (1, 2, 3)
    assert path.shares == (((0.75, 0.25),), ((0.25, 0.75),), (None,))
    assert path.running[1] == ((0.5, 0.5),)
    assert path.running[2] == ((0.5, 0.5),)  # a round without choices changes nothing
    assert path.fictitious_play[0] == ((0.75, 0.25),) == path.replicator[0]
    # War is weakly dominant and strictly better against any alliance: both models move to it.
    assert path.fictitious_play[2][0][1] > path.fictitious_play[0][0][1]
    assert path.replicator[2][0][1] > path.replicator[0][0][1]


def test_bad_starts_are_refused() -> None:
    with pytest.raises(QreError):
        fictitious_play(DOMINANT, [[1.0, 0.0]], 3)
    with pytest.raises(QreError):
        replicator(DOMINANT, [[-1.0, 2.0], [0.5, 0.5]], 3)
    with pytest.raises(QreError):
        class_path(DOMINANT, {})
