"""conflicts.py: the conflict rule (phase 4) in the rules' words equals the fast one; settle on
the tiny board (phases 4 and 5).

:func:`conflict_rule` is written to be read next to the rules file; :func:`settle` computes the
same removals with bit masks and numpy. On random positions after phase 3 (random sheets on random
games) and random diplomatic grids, both must remove exactly the same presences.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.conflicts import conflict_rule, settle
from tabletop.games.africa1880.execution import execute_orders
from tabletop.games.africa1880.orders import Develop, OrderSheet
from tabletop.games.africa1880.powers import POWERS
from tabletop.games.africa1880.relations import Relations
from tabletop.games.africa1880.state import GameState

from .test_properties import random_game, random_sheets

BOARD = load_board()
SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_grid(rng: random.Random, powers: tuple[str, ...], war_rate: float) -> Relations:
    return Relations((a, b) for a in powers for b in powers if a != b and rng.random() < war_rate)


def crowded_position(rng: random.Random) -> GameState:
    """Every power present almost everywhere, so that two to six presences share territories."""
    powers = tuple(rng.sample(POWERS, rng.randint(2, 6)))
    names = list(BOARD.names)
    presences = {p: set(rng.sample(names, rng.randint(5, 22))) for p in powers}
    occupied = {t for ts in presences.values() for t in ts}
    development = {t: BOARD[t].spaces for t in names if t in occupied and rng.random() < 0.2}
    return GameState(
        powers=powers, presences=presences, development=development, colonies=set(development)
    )


@SETTINGS
@given(
    rng=st.randoms(use_true_random=False),
    war_rate=st.sampled_from([0.0, 0.2, 0.5, 0.8, 1.0]),
    crowded=st.booleans(),
)
def test_plain_rule_equals_the_fast_one(rng: random.Random, war_rate: float, crowded: bool) -> None:
    if crowded:
        state = crowded_position(rng)
        positions = [(state, random_sheets(state, BOARD, rng))]
    else:
        positions = random_game(rng, rng.randint(1, 6))
    for state, sheets in positions:
        after = execute_orders(state, BOARD, sheets)
        for _ in range(4):
            grid = random_grid(rng, state.powers, war_rate)
            fast = settle(after, grid).removed
            assert len(set(fast)) == len(fast)  # nobody removed twice
            assert set(fast) == conflict_rule(after.occupancy, grid, state.colonies)


# The worked examples of the rules file, on the plain version.
def test_example_1_the_betrayed_ally_is_removed() -> None:
    grid = Relations([("France", "Great Britain")])
    assert conflict_rule({"Egypt": ("Great Britain", "France")}, grid) == {
        ("Great Britain", "Egypt")
    }


def test_example_2_mutual_war_both_stay() -> None:
    grid = Relations([("France", "Great Britain"), ("Great Britain", "France")])
    assert conflict_rule({"Egypt": ("Great Britain", "France")}, grid) == frozenset()


@pytest.mark.parametrize(
    ("germany_on_france", "removed"),
    [(True, {("Belgium", "Congo")}), (False, {("Belgium", "Congo")})],
)
def test_example_3_more_wars_than_alliances(germany_on_france: bool, removed: set) -> None:
    wars = [("France", "Belgium"), ("Germany", "Belgium")]
    if germany_on_france:
        wars.append(("Germany", "France"))  # 1 war vs 1 alliance on France: a tie stays
    grid = Relations(wars)
    assert conflict_rule({"Congo": ("Belgium", "France", "Germany")}, grid) == removed


def test_one_presence_and_colonies_never_lose_anything() -> None:
    grid = Relations([(a, b) for a in POWERS for b in POWERS if a != b])
    occupancy = {"Egypt": ("France",), "Congo": ("Belgium", "France", "Germany")}
    assert conflict_rule(occupancy, grid, colonies={"Congo"}) == frozenset()
    # Everyone at war with everyone in a crowd: wars outnumber alliances for every presence.
    assert conflict_rule(occupancy, grid) == {
        ("Belgium", "Congo"),
        ("France", "Congo"),
        ("Germany", "Congo"),
    }


# Unit tests of settle (phases 4 and 5) on the tiny board.


def _state(presences, **kwargs) -> GameState:
    powers = kwargs.pop("powers", tuple(presences))
    return GameState(powers=powers, presences=presences, board="tiny", **kwargs)


def test_settle_two_presences(tiny) -> None:
    state = _state({"France": {"Port"}, "Germany": {"Port"}})
    after = execute_orders(state, tiny, {})
    assert after.contested == (("Port", ("France", "Germany")),)
    betrayed = settle(after, Relations({("Germany", "France")}))
    assert betrayed.removed == (("France", "Port"),)
    assert "France allied with Germany but Germany declared war on France" in (
        betrayed.removals[0].reason
    )
    assert settle(after, Relations({("Germany", "France"), ("France", "Germany")})).removed == ()
    assert settle(after, Relations()).removed == ()


def test_settle_three_presences_tie_stays(tiny) -> None:
    state = _state({"France": {"Bay"}, "Germany": {"Bay"}, "Italy": {"Bay"}})
    after = execute_orders(state, tiny, {})
    one_war = settle(after, Relations({("Germany", "France")}))
    assert one_war.removed == ()  # 1 war against 1 alliance: a tie stays
    two_wars = settle(after, Relations({("Germany", "France"), ("Italy", "France")}))
    assert two_wars.removed == (("France", "Bay"),)
    assert "2 war declarations on France (Germany and Italy) against 0 alliances" in (
        two_wars.removals[0].reason
    )


def test_settle_is_repeatable_and_leaves_inputs_alone(tiny) -> None:
    state = _state({"France": {"Port"}, "Germany": {"Port"}})
    after = execute_orders(state, tiny, {})
    first = settle(after, Relations({("Germany", "France")}))
    second = settle(after, Relations())
    assert first.presences["France"] == frozenset()
    assert second.presences["France"] == {"Port"}
    assert after.presences["France"] == {"Port"}


def test_colony_needs_peace_among_those_present(tiny) -> None:
    state = _state({"France": {"Cove"}, "Germany": {"Cove"}})
    sheets = {"France": OrderSheet("France", (Develop("France", "Cove"),))}
    after = execute_orders(state, tiny, sheets)
    assert after.colony_candidates == ("Cove",)
    assert settle(after, Relations()).founded == (("Cove", ("France", "Germany")),)
    # Mutual war: both stay, and no colony.
    war = settle(after, Relations({("France", "Germany"), ("Germany", "France")}))
    assert war.removed == () and war.founded == ()
    # The betrayed ally leaves; the one left alone founds the colony.
    betrayal = settle(after, Relations({("Germany", "France")}))
    assert betrayal.founded == (("Cove", ("Germany",)),)


def test_a_copy_with_fewer_contested_territories_is_settled_on_its_own_fields(tiny) -> None:
    """The masks phase 4 reads are built from an AfterOrders' own fields, so a copy restricted
    to one territory (as the game-theory model makes) decides only that territory."""
    state = _state({"France": {"Port", "Bay"}, "Germany": {"Port", "Bay"}})
    after = execute_orders(state, tiny, {})
    war = Relations({("Germany", "France")})
    assert set(settle(after, war).removed) == {("France", "Port"), ("France", "Bay")}
    port = tuple(item for item in after.contested if item[0] == "Port")
    local = replace(after, contested=port, colony_candidates=())
    assert settle(local, war).removed == (("France", "Port"),)


@SETTINGS
@given(rng=st.randoms(use_true_random=False), war_rate=st.sampled_from([0.2, 0.5, 0.8]))
def test_both_ways_of_counting_crowds_agree(rng: random.Random, war_rate: float) -> None:
    """Plain integers for a few crowded presences, numpy arrays for many: the same removals."""
    import tabletop.games.africa1880.conflicts as conflicts

    state = crowded_position(rng)
    grids = [random_grid(rng, state.powers, war_rate) for _ in range(4)]
    found = []
    for small in (0, 10**9):  # every crowd through numpy, then every crowd with integers
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(conflicts, "SMALL_CROWDS", small)
            after = execute_orders(state, BOARD, {})
            found.append([set(settle(after, grid).removed) for grid in grids])
    assert found[0] == found[1]
    for grid, removed in zip(grids, found[0], strict=True):
        assert removed == conflict_rule(after.occupancy, grid, state.colonies)


@SETTINGS
@given(
    rng=st.randoms(use_true_random=False),
    war_rate=st.sampled_from([0.2, 0.5, 0.8]),
    crowded=st.booleans(),
)
def test_a_board_settled_once_gives_what_its_tables_give(
    rng: random.Random, war_rate: float, crowded: bool
) -> None:
    """The first settle of a board reads the contested territories straight (no tables); once
    the tables are built, settle reads them: the same removals and colonies, in the same order."""
    if crowded:
        state = crowded_position(rng)
        positions = [(state, random_sheets(state, BOARD, rng))]
    else:
        positions = random_game(rng, rng.randint(1, 6))
    for state, sheets in positions:
        grid = random_grid(rng, state.powers, war_rate)
        once = settle(execute_orders(state, BOARD, sheets), grid)
        tabled = execute_orders(state, BOARD, sheets)
        assert tabled.contests is tabled.contests  # built now, before any settle
        again = settle(tabled, grid)
        assert (once.removed, once.founded) == (again.removed, again.founded)
        assert set(once.removed) == conflict_rule(once.after.occupancy, grid, state.colonies)
