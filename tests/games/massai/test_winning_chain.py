"""``winning_chain``: the chain of huts joining the two banks, under the touching rule."""

from __future__ import annotations

from tabletop.games.massai.actions import Build
from tabletop.games.massai.rules import apply, winning_chain

from .helpers import position

# Player 1 (o) zigzags from b1 to c4 by corners only; e2 is theirs but outside the chain.
ZIGZAG = [
    "x.o..",
    ".o...",
    "o...o",
    ".o..x",
]


def test_a_chain_touching_by_corners_joins_the_banks_under_8_touching() -> None:
    state = position(ZIGZAG, adjacency=8)
    assert winning_chain(state, 0) == ("b1", "a2", "b3", "c4")
    assert winning_chain(state, 1) == ()


def test_the_same_huts_join_nothing_under_4_touching() -> None:
    state = position(ZIGZAG, adjacency=4)
    assert winning_chain(state, 0) == ()


def test_sides_only_chain_counts_under_4_touching() -> None:
    state = position(
        [
            ".o..x",
            ".o...",
            ".oo..",
            "..o.x",
        ],
        adjacency=4,
    )
    assert winning_chain(state, 0) == ("c1", "b2", "c2", "b3", "b4")


def test_no_chain_when_the_banks_are_not_joined() -> None:
    state = position(
        [
            "x....",
            ".o...",
            "o...o",
            ".o..x",
        ]
    )
    assert winning_chain(state, 0) == ()
    assert winning_chain(state, 1) == ()


def test_the_chain_of_a_won_game_is_the_one_that_ended_it() -> None:
    before = position(
        [
            "x....",
            ".o...",
            "o...o",
            ".o..x",
        ]
    )
    after, report = apply(before, Build(0, "c4"))
    assert report.ok and after.phase == "over" and after.win_reason == "connection"
    assert winning_chain(after, 0) == ("b1", "a2", "b3", "c4")
