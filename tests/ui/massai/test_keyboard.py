"""The Massai board for the keyboard and screen readers: the grid over the canvas says what the
canvas draws, square by square (and no secret more), Enter on a square is a click, and the live
region says what the prompt and the notice say."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.massai.actions import Build
from tabletop.games.massai.board import square_name
from tabletop.games.massai.state import new_game
from tabletop.ui.massai.board_words import BOARD_WORDS, board_rows, grid_label, square_words
from tabletop.ui.massai.squares import Scene
from tabletop.ui.massai.view import MassaiView

from .driving import attack, secret_setup, setups, to_play


def grid_state(view: MassaiView) -> dict[str, str]:
    """Each square's content as the grid says it ("empty", "light", "dark")."""
    words = view.grid.words()
    said: dict[str, str] = {}
    for square, text in words.items():
        head = text.split(",")[0]
        said[square] = {
            f"{square} empty": "empty",
            f"{square} light hut": "light",
            f"{square} dark hut": "dark",
        }.get(head, head)
    return said


def board_state(view: MassaiView) -> dict[str, str]:
    state = view.controller.state
    names = {None: "empty", 0: "light", 1: "dark"}
    return {square: names[state.owner(square)] for square in state.board.squares}


def press_enter(view: MassaiView, square: str) -> None:
    """What the browser sends when Enter or Space is pressed on ``square`` of the grid."""
    view.grid._message(view.grid, {"choose": square}, [])


def test_a_new_board_says_every_square_empty_with_its_coordinate(view: MassaiView) -> None:
    words = view.grid.words()
    assert len(words) == 48
    assert words["a5"] == "a5 empty"
    assert words["h6"] == "h6 empty"
    # Rows top first, as the canvas shows them: row 6 then … row 1; columns a to h.
    rows = view.grid.cells
    assert [cell["square"] for cell in rows[0]] == [f"{c}6" for c in "abcdefgh"]
    assert [cell["square"] for cell in rows[-1]] == [f"{c}1" for c in "abcdefgh"]
    assert "columns a to h, rows 1 to 6" in view.grid.label


def test_the_grid_holds_the_board_after_setups_builds_and_attacks(view: MassaiView) -> None:
    to_play(view)
    assert grid_state(view) == board_state(view)
    assert view.grid.words()["d6"] == "d6 dark hut"
    assert view.grid.words()["c1"] == "c1 light hut"
    attack(view, "d4", "d4")  # guarded: d3 of Player 1 removed
    assert grid_state(view) == board_state(view)
    words = view.grid.words()
    assert "attack target" in words["d4"] and "guard" in words["d4"]
    assert words["d3"] == "d3 empty, light hut removed"
    view.continue_button.click()
    assert grid_state(view) == board_state(view)
    assert view.grid.words()["d3"] == "d3 empty"


def test_a_locked_setup_is_not_in_the_grid(view: MassaiView) -> None:
    view.start_button.click()
    press_enter(view, "c1")
    # While it is entered the chooser hears it (the canvas draws it too)…
    assert view.grid.words()["c1"] == "c1 light hut chosen for the setup"
    for square in ("d1", "e1", "d2", "e2"):
        press_enter(view, square)
    view.confirm_button.click()
    # … once locked in, neither the canvas nor the grid shows it.
    assert view.controller.state.pending_setup is not None
    assert all(text.endswith("empty") for text in view.grid.words().values())


def test_enter_on_a_square_is_a_click_through_a_whole_setup(view: MassaiView) -> None:
    view.start_button.click()
    for count, square in enumerate(("c1", "d1", "e1", "d2", "e2"), start=1):
        press_enter(view, square)
        assert f"Chosen: {count}/5" in view.live.text
    assert view.controller.selection == ("c1", "d1", "e1", "d2", "e2")
    view.confirm_button.click()
    assert "Player 1 (light)'s setup is locked in ✓" in view.live.text
    secret_setup(view, "c6 d6 e6 d5 e5")
    assert "Both setups are revealed" in view.live.text or "revealed" in view.live.text
    assert view.controller.state.phase == "play"


def test_a_refusal_said_again_is_announced_again(view: MassaiView) -> None:
    setups(view)
    press_enter(view, "h4")  # not touching any of Player 1's huts
    first = view.live.serial
    assert view.live.text
    press_enter(view, "h4")
    assert view.live.serial == first + 1


def test_a_square_not_on_the_board_or_a_stray_message_is_ignored(view: MassaiView) -> None:
    setups(view)
    before = view.controller.record
    for content in ({"choose": "z9"}, {"choose": 3}, {"other": "c3"}, "c3", {"choose": "c3" * 9}):
        view.grid._message(view.grid, content, [])
    assert view.controller.record is before


def test_the_result_of_an_attack_is_announced(view: MassaiView) -> None:
    to_play(view)
    attack(view, "d4", "d4")
    said = view.live.text
    assert "d4 was guarded and stays" in said


def test_build_by_keyboard(view: MassaiView) -> None:
    setups(view)
    press_enter(view, "d3")
    assert view.controller.state.owner("d3") == 0
    assert "builds a hut on d3" in view.live.text
    assert view.grid.words()["d3"].startswith("d3 light hut")


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_words_are_in_the_page_language(view: MassaiView, lang: str) -> None:
    to_play(view)
    view.controller.set_lang(lang)
    words = view.grid.words()
    for key, square in (("empty", "a5"), ("hut_1", "d6"), ("hut_0", "c1")):
        assert words[square] == BOARD_WORDS[key].render(lang, square=square)
        assert words[square] != BOARD_WORDS[key].render("en", square=square)
    assert view.grid.label == grid_label(view.scene(), lang) != grid_label(view.scene(), "en")


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 5)), max_size=20))
def test_the_words_hold_the_state_for_any_position(placed: list[tuple[int, int]]) -> None:
    state = new_game()
    huts: tuple[set[str], set[str]] = (set(), set())
    for index, (column, row) in enumerate(placed):
        square = square_name(column, row)
        if square not in huts[0] | huts[1]:
            huts[index % 2].add(square)
    from dataclasses import replace

    state = replace(state, huts=(frozenset(huts[0]), frozenset(huts[1])))
    rows = board_rows(Scene(state=state))
    for row in rows:
        for cell in row:
            square = cell["square"]
            owner = state.owner(square)
            assert cell["hut"] == (-1 if owner is None else owner)
            expected = {None: "empty", 0: "light hut", 1: "dark hut"}[owner]
            assert cell["words"] == f"{square} {expected}"


def test_placed_and_moved_marks_are_said() -> None:
    state = new_game()
    scene = Scene(state=state, placed=((0, "c3"),), moved=("b2", "c3"))
    assert "new hut" in square_words(scene, "c3")
    assert "the moved hut came from here" in square_words(scene, "b2")
    assert Build  # the scene is the canvas's: built by scene_for in the page
