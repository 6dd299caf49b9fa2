"""The secret entries at a shared screen: the look-away button waits a moment, the defender
cannot cancel a locked attack, an attack with no guard allowed is chosen openly."""

from __future__ import annotations

import asyncio
import html

import pytest

from tabletop.store import Store
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.view import MassaiView

from .driving import click, page_on, setups, to_play, visible


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def slow(store: Store) -> tuple[MassaiView, Clock]:
    """A page whose look-away screens wait one second (the default) on a clock of the test."""
    view = page_on(store)
    clock = Clock()
    view.controller.clock = clock
    view.controller.handover_seconds = 1.0
    return view, clock


def test_a_slow_double_click_on_confirm_does_not_open_the_next_secret_entry(slow) -> None:
    view, clock = slow
    c = view.controller
    view.start_button.click()
    for square in "c1 d1 e1 d2 e2".split():
        click(view, square)
    view.confirm_button.click()
    assert c.stage == "setup-wait"
    clock.now += 0.35  # the second click of a slow double click
    view.start_button.click()
    assert c.stage == "setup-wait" and "Choice locked ✓" in view.message.value
    view.undo_button.click()  # nor does it take back the setup just locked
    assert len(c.record.actions) == 1
    clock.now += 1.0  # the next player, at the screen a moment later
    view.start_button.click()
    assert c.stage == "setup-entry" and c.chooser == 1


def with_class(widget, css: str) -> list:
    found = [widget] if css in getattr(widget, "_dom_classes", ()) else []
    for child in getattr(widget, "children", ()):
        found.extend(with_class(child, css))
    return found


def test_the_look_away_button_stands_above_the_board_away_from_confirm(view: MassaiView) -> None:
    (column,) = with_class(view.root, "tt-massai-left")
    parts = list(column.children)
    (handover,) = with_class(column, "tt-massai-handover")
    (buttons,) = with_class(column, "tt-massai-buttons")
    (board,) = with_class(column, "tt-massai-board-box")  # the board's (scrolling) box
    assert board.children == (view.canvas, view.grid)  # the keyboard's grid over the canvas
    assert parts.index(handover) < parts.index(board) < parts.index(buttons)
    assert view.start_button in handover.children and view.confirm_button in buttons.children
    assert view.start_button not in buttons.children


def test_the_buttons_are_greyed_during_the_hand_over_when_a_loop_can_bring_them_back(
    slow,
) -> None:
    view, _clock = slow  # the page's clock stands still: the whole moment is still to wait

    async def scenario() -> tuple[bool, bool]:
        view.start_button.click()
        for square in "c1 d1 e1 d2 e2".split():
            click(view, square)
        view.controller.handover_seconds = 0.2
        released = asyncio.Event()
        view.start_button.observe(
            lambda change: released.set() if not change["new"] else None, "disabled"
        )
        view.confirm_button.click()
        greyed = view.start_button.disabled
        await asyncio.wait_for(released.wait(), 120)  # brought back by the loop's timer
        return greyed, view.start_button.disabled

    greyed, later = asyncio.run(scenario())
    assert greyed and not later


def test_the_defender_may_clear_guards_but_not_cancel_the_attack(store: Store) -> None:
    view = page_on(store)
    to_play(view)
    c = view.controller
    view.attack_button.click()
    assert visible(view.cancel_button)  # the attacker may still change their mind
    view.start_button.click()
    click(view, "d4")
    view.confirm_button.click()
    assert c.stage == "guards-wait" and not visible(view.cancel_button)
    view.start_button.click()
    click(view, "d4")
    assert not visible(view.cancel_button) and visible(view.clear_button)
    assert view.clear_button.description == "Clear my guards"
    c.cancel()  # even asked directly
    assert c.stage == "guards" and c.target == "d4" and "cannot be cancelled" in view.message.value
    view.clear_button.click()
    assert c.selection == () and c.target == "d4"
    c.set_lang("de")
    assert view.clear_button.description == "Meine Wachen löschen"


def test_an_attack_with_no_guard_allowed_is_resolved_at_once(view: MassaiView) -> None:
    setups(view)
    c = view.controller
    click(view, "d3")
    click(view, "d4")
    assert c.attack_numbers() == (1, 0)
    view.attack_button.click()
    # No look-away and no guards: the target is chosen openly.
    assert c.stage == "attack-target" and not visible(view.start_button)
    assert "no guard is allowed" in view.prompt.value and "attack points 1" in view.prompt.value
    click(view, "d4")
    view.confirm_button.click()
    assert c.stage == "reveal" and c.state.owner("d4") == 0
    assert "becomes a hut of Player 1" in view.prompt.value
    assert "attack d4 guards -" in view.history.value
    c.set_lang("fr")
    view.continue_button.click()
    assert c.stage == "play"


def test_the_open_attack_prompt_in_french_and_german(store: Store) -> None:
    controller = MassaiController(store)
    view = MassaiView(controller)
    setups(view)
    click(view, "d3")
    click(view, "d4")
    view.attack_button.click()
    controller.set_lang("fr")
    assert "aucune garde n'est permise" in html.unescape(view.prompt.value)
    controller.set_lang("de")
    assert "keine Wache erlaubt" in view.prompt.value


def test_a_double_click_on_the_defender_s_confirm_does_not_close_the_reveal(slow) -> None:
    view, clock = slow
    c = view.controller
    for squares in ("c1 d1 e1 d2 e2", "c6 d6 e6 d5 e5"):
        clock.now += 2
        view.start_button.click()
        for square in squares.split():
            click(view, square)
        view.confirm_button.click()
    assert c.stage == "reveal"
    clock.now += 0.3
    view.continue_button.click()  # where Confirm was: the second click of a double click
    assert c.stage == "reveal" and view.scene().placed
    view.undo_button.click()
    assert c.undo_question == "" and len(c.record.actions) == 2
    clock.now += 1.0
    view.continue_button.click()
    assert c.stage == "play"


def test_a_page_that_opens_a_game_at_a_look_away_screen_takes_its_first_press(
    store: Store,
) -> None:
    """A reload (or a game opened from the list) at the defender's look-away screen: the press
    that follows at once opens the guards' entry; it is not taken for a slow double click."""
    one = page_on(store)
    to_play(one)
    one.attack_button.click()
    one.start_button.click()
    click(one, "d4")
    one.confirm_button.click()
    again = page_on(store, one.controller.game_id)
    c = again.controller
    c.handover_seconds = 1.0  # the page's own moment (the other tests here set a clock)
    opened_at = c.clock()
    c.clock = lambda: opened_at  # pressed the very moment the page showed the screen
    assert c.stage == "guards-wait" and not again.start_button.disabled
    again.start_button.click()
    assert c.stage == "guards"
    # A reveal reached by a click on this page still waits its moment before "continue".
    click(again, "d4")
    again.confirm_button.click()
    assert c.stage == "reveal"
    again.continue_button.click()
    assert c.stage == "reveal"
