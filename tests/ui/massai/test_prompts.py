"""The headline: what to do now, and after a reveal what happened, above the board."""

from __future__ import annotations

from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.notation import parse_action
from tabletop.store import Store
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.prompts import prompt_tells_report, stage_prompt
from tabletop.ui.massai.view import MassaiView

from .driving import click, visible


def about_to_win(store: Store) -> MassaiView:
    """Player 1 to play: taking a6 joins the banks (a1-a5 are Player 1's)."""
    record = GameRecord.new()
    for line in ("setup a1 a2 a3 b2 b3", "setup a6 b6 c6 d6 e6", "build a4", "build f5"):
        record, report = record.play(parse_action(line, record.state.to_move))
        assert report.ok
    for line in ("build a5", "build g5"):
        record, report = record.play(parse_action(line, record.state.to_move))
        assert report.ok
    snap = store.create_game(record)
    return MassaiView(MassaiController(store, snap.game_id))


def test_a_winning_attack_puts_the_winner_in_the_headline(store: Store) -> None:
    view = about_to_win(store)
    c = view.controller
    view.attack_button.click()
    view.start_button.click()
    click(view, "a6")
    view.confirm_button.click()
    view.start_button.click()
    click(view, "b6")  # the defender guards the wrong hut
    view.confirm_button.click()
    assert c.stage == "reveal" and c.state.winner == 0
    headline = view.prompt.value
    assert headline.startswith("Player 1 (light) wins! Their huts join the two banks.")
    assert "a6 was not guarded" in headline or "becomes a hut of Player 1" in headline
    assert "Continue" not in headline  # no "press Continue" on a won game
    assert prompt_tells_report(c) and view.message.value == ""
    view.continue_button.click()
    assert c.stage == "over" and "wins" in view.prompt.value and not visible(view.attack_button)


def test_a_reveal_says_the_result_then_continue(view: MassaiView) -> None:
    from .driving import attack, to_play

    to_play(view)
    attack(view, "d4", "d4")
    said = stage_prompt(view.controller)
    assert said.startswith("Player 1 (light) attacks d4")
    assert said.endswith("Look at the board, then press “Continue”.")
