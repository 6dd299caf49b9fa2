"""The Africa 1880 dashboard controller, driven in Python like the widgets drive it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.games.africa1880.gamefile import Game, example_game
from tabletop.ui.africa1880.controller import AfricaController
from tabletop.ui.africa1880.persistence import data_dir, default_autosave_path


@pytest.fixture
def ctl(autosave_path: Path) -> AfricaController:
    return AfricaController(autosave_path=autosave_path)


def three_power_controller(autosave_path: Path) -> AfricaController:
    game = Game.new(["France", "Germany", "Great Britain"])
    return AfricaController(game=game, autosave_path=autosave_path)


def kept(ctl: AfricaController) -> Game:
    """The game as the database has it for the controller's game."""
    assert ctl.store is not None and ctl.game_id is not None
    game = ctl.store.load(ctl.game_id).game
    assert isinstance(game, Game)
    return game


def test_data_dir_follows_the_environment(private_data_dir: Path) -> None:
    assert data_dir() == private_data_dir
    assert default_autosave_path() == private_data_dir / "africa1880-autosave.json"


def test_fresh_visit_shows_the_example_game_with_its_typed_sheets(ctl: AfricaController) -> None:
    example = example_game()
    assert ctl.state == example.state
    assert ctl.state.year == 1895
    assert "Libya: explore Egypt" in ctl.drafts["France"]
    # kept in the database as a game of its own, with its typed sheets
    assert ctl.store is not None and ctl.game_id is not None
    assert [g.id for g in ctl.store.list_games("africa1880")] == [ctl.game_id]
    assert kept(ctl).state == example.state
    drafts = ctl.store.drafts(ctl.game_id, example.state.round)
    assert "Libya: explore Egypt" in drafts["France"].text


def test_resolve_keeps_the_round_in_the_database_and_reports(ctl: AfricaController) -> None:
    assert ctl.store is not None and ctl.game_id is not None
    version = ctl.store.current_version(ctl.game_id)
    report = ctl.resolve()
    assert report is not None and report.year == 1895
    assert [(r.power, r.territory) for r in report.removals] == [("Great Britain", "Zanzibar")]
    assert ctl.state.year == 1900
    assert len(ctl.game.history) == 4
    saved = kept(ctl)
    assert saved.state == ctl.state
    assert len(saved.history) == 4
    assert ctl.store.current_version(ctl.game_id) == version + 1
    last = ctl.store.history(ctl.game_id)[-1]
    assert last.action == "resolve" and "Libya: explore Egypt" in (last.detail or "")
    view = ctl.round_view()
    assert view.index == -1 and view.report is report
    assert ("Great Britain", "Zanzibar") in view.changes.removed
    assert ("Belgium", "Zanzibar") in view.changes.new
    # Fresh drafts for the next round: nothing ordered yet.
    assert all(c.kind == "no_order" for c in ctl.checks())


def test_undo_restores_the_state_and_the_sheets(ctl: AfricaController) -> None:
    before = ctl.state
    typed = ctl.drafts["France"]
    ctl.resolve()
    assert ctl.can_redo() is False
    assert ctl.undo() is True
    assert ctl.state == before
    assert ctl.order_of("France", "Libya") == ("explore", "Egypt")
    assert ctl.drafts["France"].strip() == typed.strip()
    assert kept(ctl).state == before
    assert ctl.store is not None and ctl.game_id is not None
    actions = [e.action for e in ctl.store.history(ctl.game_id)]
    assert actions[-2:] == ["resolve", "undo"]  # undo is a new entry; the round stays
    assert ctl.can_redo() is True


def test_redo_restores_the_round_undone(ctl: AfricaController) -> None:
    ctl.resolve()
    after = ctl.state
    ctl.undo()
    assert ctl.redo() is True
    assert ctl.state == after and kept(ctl).state == after
    assert ctl.round_view().report is not None
    assert "1895" in ctl.message
    assert ctl.redo() is False and ctl.message_kind == "warn"


def test_undo_with_nothing_to_undo_says_so(autosave_path: Path) -> None:
    ctl = three_power_controller(autosave_path)
    assert ctl.undo() is False
    assert ctl.message_kind == "warn"


def test_any_past_round_can_be_viewed(ctl: AfricaController) -> None:
    ctl.resolve()
    ctl.view_round(0)
    view = ctl.round_view()
    assert view.index == 0
    assert view.report is not None and view.report.year == 1880
    assert view.state == ctl.game.history[1].state
    ctl.view_round(3)
    assert ctl.round_view().state == ctl.state  # the last round shows the current position
    ctl.view_round(None)
    assert ctl.round_view().index == -1
    with pytest.raises(ValueError):
        ctl.view_round(9)


def test_a_finished_game_cannot_be_resolved(autosave_path: Path) -> None:
    game = Game.new(["France", "Germany", "Italy"])
    from dataclasses import replace

    game.state = replace(game.state, round=8, game_over=True)
    ctl = AfricaController(game=game, autosave_path=autosave_path)
    assert ctl.checks() == []
    assert ctl.resolve() is None
    assert ctl.message_kind == "warn"


def test_language_and_message_kind_are_members_of_their_closed_sets(ctl: AfricaController) -> None:
    """The page language and the message kind are declared enum traits."""
    import traitlets

    from tabletop.i18n.languages import Lang
    from tabletop.ui.shell.traits import MessageKind

    ctl.set_lang("fr")
    assert ctl.lang is Lang.FR
    ctl.set_lang("xx")  # not a language of the pages: nothing changes
    assert ctl.lang is Lang.FR
    ctl.say("no", "error")
    assert ctl.message_kind is MessageKind.ERROR
    with pytest.raises(traitlets.TraitError):
        ctl.say("no", "loud")
    with pytest.raises(traitlets.TraitError):
        ctl.lang = "xx"
