"""Playing, undoing and redoing at a shared screen: a revealed secret is never hidden again, so
undoing a revealed attack or the revealed setups is asked, and both players must agree."""

from __future__ import annotations

from tabletop.store import Store
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.view import MassaiView

from .driving import attack, click, page_on, setups, to_play, visible


def test_undoing_a_build_is_not_asked(view: MassaiView) -> None:
    setups(view)
    click(view, "d3")
    view.undo_button.click()
    c = view.controller
    assert c.undo_question == "" and c.state.owner("d3") is None
    assert "Undone: Player 1 (light): build d3." in c.notice_text()


def test_a_revealed_attack_is_undone_only_if_both_agree_and_starts_again(store: Store) -> None:
    view = page_on(store)
    to_play(view)
    attack(view, "d4", "d4")  # guarded: d3 and e3 are removed
    c = view.controller
    record = c.record
    view.continue_button.click()
    view.undo_button.click()
    assert c.undo_question == "attack" and c.record is record
    assert "Undo Player 1 (light)'s attack on d4?" in c.notice_text()
    # Until answered, nothing else is offered, and the board waits.
    shown = [name for name, button in view.buttons.items() if visible(button)]
    assert shown == ["undo-agree", "undo-keep"]
    click(view, "f3")
    assert "Answer the question first" in c.notice_text() and c.state.owner("f3") is None
    view.undo_keep_button.click()
    assert c.undo_question == "" and c.record is record and "Nothing was undone" in c.notice_text()
    view.undo_button.click()
    view.undo_agree_button.click()
    # The attack starts again: the attacker chooses a new target, with the defender away.
    assert c.state.owner("d3") == 0 and c.state.owner("e3") == 0
    assert c.stage == "attack-wait" and c.target is None
    assert "Player 2 (dark), please look away" in view.prompt.value
    said = c.notice_text()
    assert said.startswith("Undone, as both players agreed: Player 1 (light): attack d4 guards d4")
    assert "Player 1 (light) chooses a new target" in said
    # Kept as an entry of the game: a second page sees the attack is gone.
    assert [e.action for e in store.history(c.game_id)][-1] == "undo"


def test_the_revealed_setups_are_undone_together(view: MassaiView) -> None:
    c = view.controller
    setups(view)
    view.undo_button.click()
    assert c.undo_question == "setups" and len(c.record.actions) == 2
    view.undo_agree_button.click()
    # Player 2 saw Player 1's setup: it is not made "secret" again, both choose anew.
    assert not c.record.actions and c.state.pending_setup is None
    assert c.stage == "setup-wait" and c.chooser == 0
    assert "Both players choose their setup again" in c.notice_text()
    assert "secret" not in view.history.value


def test_a_locked_first_setup_is_undone_without_a_question(view: MassaiView) -> None:
    c = view.controller
    view.start_button.click()
    for square in "c1 d1 e1 d2 e2".split():
        click(view, square)
    view.confirm_button.click()
    view.undo_button.click()  # only its own player knows it
    assert c.undo_question == "" and not c.record.actions


def test_the_undo_question_in_french_and_german() -> None:
    controller = MassaiController(None)
    view = MassaiView(controller)
    setups(view)
    view.undo_button.click()
    controller.set_lang("fr")
    assert "Annuler les installations" in view.prompt.value
    assert view.undo_agree_button.description.startswith("D'accord tous les deux")
    controller.set_lang("de")
    assert "Aufstellungen zurücknehmen" in view.prompt.value
    assert view.undo_keep_button.description == "Nein, behalten"
    view.undo_keep_button.click()
    assert "Nichts wurde zurückgenommen" in view.message.value


def test_redo_waits_for_the_answer(store: Store) -> None:
    view = page_on(store)
    setups(view)
    click(view, "d3")
    view.undo_button.click()
    view.undo_button.click()  # the setups: asked
    c = view.controller
    assert c.undo_question == "setups" and not visible(view.redo_button)
    c.redo()
    assert c.undo_question == "setups" and c.state.owner("d3") is None
