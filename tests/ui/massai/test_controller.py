"""The controller on its own (no database): the stages it goes through and what it offers."""

from __future__ import annotations

from tabletop.games.massai.state import Options
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.stages import STAGES


def test_a_game_kept_nowhere_is_played_through_the_controller() -> None:
    c = MassaiController(None)
    assert c.stage == "setup-wait" and c.stage in STAGES and not c.kept and c.watcher is None
    assert "Not kept" in c.where_kept()
    c.start_secret()
    for square in "c1 d1 e1 d2 e2".split():
        c.click(square)
    assert c.selectable() and "c1" not in c.selectable()
    c.confirm()
    c.start_secret()
    for square in "c6 d6 e6 d5 e5".split():
        c.click(square)
    c.confirm()
    assert c.stage == "reveal"
    c.continue_()
    c.click("d3")
    assert c.state.owner("d3") == 0 and c.chooser == 1
    revision = c.revision
    c.set_lang("de")
    assert c.revision == revision + 1 and "Spieler" in c.prompt()
    c.set_lang("xx")  # not a page language: nothing changes
    assert c.lang == "de"


def test_a_new_game_with_options() -> None:
    c = MassaiController(None)
    c.new_game(Options(adjacency=4))
    assert c.state.options.adjacency == 4 and c.stage == "setup-wait"
    assert c.notice[0] == "notice_new_game"


def test_the_hand_over_clock_is_the_controller_s() -> None:
    c = MassaiController(None)
    now = [10.0]
    c.clock = lambda: now[0]
    c.handover_seconds = 1.0
    c.start_secret()
    for square in "c1 d1 e1 d2 e2".split():
        c.click(square)
    c.confirm()
    assert not c.handover_ready()
    now[0] += 1.0
    assert c.handover_ready()


def test_stage_and_language_are_members_of_their_closed_sets() -> None:
    """The stage and the language are declared enum traits: a value outside the set is refused.
    Only the controller sets its fields: from outside they are read-only."""
    import pytest
    import traitlets

    from tabletop.i18n.languages import Lang
    from tabletop.ui.massai.stages import Stage

    c = MassaiController(None, lang="fr")
    assert c.stage is Stage.SETUP_WAIT and c.lang is Lang.FR
    c.start_secret()
    assert c.stage is Stage.SETUP_ENTRY
    with pytest.raises(traitlets.TraitError, match="read-only"):
        c.stage = Stage.PLAY
    with pytest.raises(traitlets.TraitError, match="read-only"):
        c.selection = ("c1",)
    with pytest.raises(traitlets.TraitError):
        c.enter("dancing")
    with pytest.raises(traitlets.TraitError):
        c.set_trait("lang", "xx")
    c.set_lang("xx")  # not a page language: nothing changes
    assert c.lang is Lang.FR and MassaiController(None, lang="xx").lang is Lang.EN
