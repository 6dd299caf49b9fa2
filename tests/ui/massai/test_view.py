"""The Massai game view driven in Python: clicks and taps on squares, buttons, bad input,
the languages."""

from __future__ import annotations

from pathlib import Path

from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.notation import parse_action
from tabletop.store import Store
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.view import MassaiView

from .driving import attack, click, secret_setup, setups, visible

ROOT = Path(__file__).resolve().parents[3]


def test_secret_setup_is_hidden_once_confirmed(view: MassaiView) -> None:
    c = view.controller
    assert c.stage == "setup-wait" and visible(view.start_button)
    assert "look away" in view.prompt.value and "Player 2" in view.prompt.value
    view.start_button.click()
    for square in "c1 d1 e1 d2 e2".split():
        click(view, square)
    assert view.scene().selection == ("c1", "d1", "e1", "d2", "e2")
    assert "5/5" in view.prompt.value
    view.confirm_button.click()
    assert "Choice locked ✓" in view.message.value
    scene = view.scene()
    assert scene.selection == () and scene.state.huts == (frozenset(), frozenset())
    assert "c1" not in view.history.value and "secret setup" in view.history.value
    assert c.stage == "setup-wait" and "Player 2 (dark): choose" in view.prompt.value
    secret_setup(view, "c6 d6 e6 d5 e5")
    assert c.stage == "reveal" and visible(view.continue_button)
    assert {s for _, s in view.scene().placed} == set("c1 d1 e1 d2 e2 c6 d6 e6 d5 e5".split())
    view.continue_button.click()
    assert c.stage == "play" and "Player 1 (light) to play" in view.status.value


def test_setup_bad_input(view: MassaiView) -> None:
    c = view.controller
    click(view, "a1")  # before the secret entry is opened
    assert "Start my secret choice" in view.message.value and not c.selection
    view.start_button.click()
    click(view, "a5")  # not in Player 1's half
    assert "not in your half" in view.message.value and not c.selection
    for square in "a1 b1 c1 e1".split():
        click(view, square)
    view.confirm_button.click()  # four squares only
    assert "exactly 5" in view.message.value and c.stage == "setup-entry"
    click(view, "h3")
    view.confirm_button.click()  # e1 and h3 touch none of the others
    assert "e1, h3 touch none" in view.message.value and c.stage == "setup-entry"
    click(view, "g1")
    assert "Five squares" in view.message.value
    click(view, "h3")  # a second click takes a square back
    assert c.selection == ("a1", "b1", "c1", "e1")
    view.clear_button.click()
    assert c.selection == ()
    view.cancel_button.click()
    assert c.stage == "setup-wait" and c.state.pending_setup is None


def test_build_and_refusals_leave_the_game_unchanged(view: MassaiView) -> None:
    setups(view)
    c = view.controller
    before = c.record
    click(view, "h3")
    assert "h3 touches none of your huts" in view.message.value and c.record is before
    click(view, "d2")
    assert "d2 is taken" in view.message.value and c.record is before
    click(view, "d3")
    assert c.state.owner("d3") == 0 and "builds a hut on d3" in view.message.value
    assert view.scene().placed == ((0, "d3"),)


def test_attack_guarded_then_unguarded(view: MassaiView) -> None:
    setups(view)
    c = view.controller
    for square in ("d3", "d4", "e3", "c4"):
        click(view, square)
    view.attack_button.click()
    assert c.stage == "attack-wait" and "Player 2 (dark), please look away" in view.prompt.value
    view.start_button.click()
    assert view.scene().choosable == {"c4", "d4"}
    click(view, "e5")  # not attackable
    assert "cannot be attacked" in view.message.value and c.selection == ()
    click(view, "d4")
    view.confirm_button.click()
    # The target is locked and hidden while the defender chooses.
    assert c.stage == "guards-wait" and "Choice locked ✓" in view.prompt.value
    assert view.scene().target is None and view.scene().selection == ()
    assert "d4" not in view.prompt.value + view.message.value
    view.start_button.click()
    assert "attack points 2" in view.prompt.value and "up to 1" in view.prompt.value
    click(view, "e5")
    assert "Guards go only on your huts" in view.message.value
    click(view, "d4")
    click(view, "c4")  # a second guard is one too many
    assert "Too many guards" in view.message.value and c.selection == ("d4",)
    view.confirm_button.click()
    assert c.stage == "reveal"
    scene = view.scene()
    assert scene.target == "d4" and scene.guards == ("d4",)
    assert set(scene.removed) == {(0, "d3"), (0, "e3")}
    # The result is the headline, above the board (said once: not again below it).
    assert "d4 was guarded and stays" in view.prompt.value and view.message.value == ""
    view.continue_button.click()
    click(view, "d3")  # Player 2 builds
    attack(view, "d3", "")
    scene = view.scene()
    assert scene.target == "d3" and scene.guards == () and scene.placed == ((0, "d3"),)
    assert {s for _, s in scene.removed} == {"d3", "c4", "d4"}
    assert "becomes a hut of Player 1" in view.prompt.value
    view.continue_button.click()
    assert c.state.owner("d3") == 0 and c.state.to_move == 1


def test_cancelled_attack_plays_nothing(view: MassaiView) -> None:
    setups(view)
    c = view.controller
    view.attack_button.click()
    assert "no attack is possible" in view.message.value and c.stage == "play"
    click(view, "d3")
    click(view, "d4")
    record = c.record
    view.attack_button.click()
    view.start_button.click()
    click(view, "d4")
    view.cancel_button.click()
    assert c.stage == "play" and c.record is record and c.selection == ()


def test_history_and_undo(view: MassaiView) -> None:
    c = view.controller
    assert not visible(view.undo_button)
    setups(view)
    click(view, "d3")
    assert "build d3" in view.history.value and visible(view.undo_button)
    view.undo_button.click()
    assert c.state.owner("d3") is None and "Undone" in view.message.value
    view.undo_button.click()  # the revealed setups: asked first, both are taken back
    assert c.undo_question == "setups" and "both players agree" in view.prompt.value
    assert visible(view.undo_agree_button) and not visible(view.undo_button)
    view.undo_agree_button.click()
    assert c.stage == "setup-wait" and c.state.to_move == 0 and not c.record.actions
    assert c.state.huts == (frozenset(), frozenset()) and c.state.pending_setup is None
    assert "both setups" in view.message.value


def test_moves_once_all_huts_are_out(store: Store) -> None:
    record = GameRecord.new()
    builds = []
    for mine, theirs in zip(
        "f1 g1 h1 a2 b2 c2 d2 e2 f2 g2".split(),
        "f6 g6 h6 a5 b5 c5 d5 e5 f5 g5".split(),
        strict=True,
    ):
        builds += [f"build {mine}", f"build {theirs}"]
    lines = ["setup a1 b1 c1 d1 e1", "setup a6 b6 c6 d6 e6", *builds]
    for line in lines:
        record, report = record.play(parse_action(line, record.state.to_move))
        assert report.ok, report.message
    snap = store.create_game(record)
    view = MassaiView(MassaiController(store, snap.game_id))
    c = view.controller
    assert c.state.supply(0) == 0 and "Click one of your huts to move it" in view.prompt.value
    click(view, "c3")
    assert "not one of your huts" in view.message.value
    click(view, "h1")
    assert c.selection == ("h1",) and "from h1" in view.prompt.value
    click(view, "e4")  # touches none of the others
    assert "touches none" in view.message.value and c.state.owner("h1") == 0
    click(view, "h3")
    assert c.state.owner("h3") == 0 and c.state.owner("h1") is None


def test_win_is_announced(store: Store) -> None:
    view = MassaiView(MassaiController(store))
    secret_setup(view, "a1 a2 a3 b2 b3")
    secret_setup(view, "h6 h5 h4 g5 g6")
    view.continue_button.click()
    for square in ("a4", "g4", "a5", "g3"):
        click(view, square)
    click(view, "a6")
    c = view.controller
    assert c.stage == "over" and c.state.winner == 0
    assert "Player 1 (light) wins! Their huts join the two banks." in view.prompt.value
    # The action report ends with the win as its own sentence (no capital after a colon).
    assert "builds a hut on a6. Player 1 (light) wins. Their huts join" in view.message.value
    c.set_lang("fr")
    assert "Joueur 1 (clair) gagne. Ses huttes relient les deux rives." in view.message.value
    assert not visible(view.attack_button)
    click(view, "b6")
    assert c.state.owner("b6") is None


def test_french(view: MassaiView) -> None:
    view.lang.value = "fr"
    assert "détournez le regard" in view.prompt.value
    assert view.start_button.description == "Commencer mon choix secret"
    view.start_button.click()
    click(view, "a6")
    assert "hors de votre moitié" in view.message.value
    view.lang.value = "en"
    assert "not in your half" in view.message.value


def test_new_game_with_options_and_a_bad_guard_table(view: MassaiView) -> None:
    setups(view)
    c = view.controller
    view.guard_table.value = "0,x"
    view.new_button.click()
    assert "Guard table refused" in view.message.value and c.record.actions
    view.guard_table.value = "0,1,1"
    view.adjacency.value = 4
    view.new_button.click()
    assert c.state.options.adjacency == 4 and c.state.options.guard_table == (0, 1, 1)
    assert not c.record.actions and c.stage == "setup-wait"
    assert "sides only" in view.options_line.value


def test_undo_right_after_a_reveal(view: MassaiView) -> None:
    setups(view)
    for square in ("d3", "d4"):
        click(view, square)
    attack(view, "d4", "")
    c = view.controller
    assert c.stage == "reveal" and visible(view.undo_button)
    view.undo_button.click()
    # The guards were seen: the undo is asked, and restarts the attack with a new target.
    assert c.stage == "reveal" and c.undo_question == "attack"
    # Asked in the headline, its two answers beside it (above the board).
    assert "s attack on d4? Both players have seen the guards" in view.prompt.value
    assert visible(view.undo_agree_button) and visible(view.undo_keep_button)
    assert not visible(view.continue_button) and view.message.value == ""
    view.undo_agree_button.click()
    assert c.state.owner("d4") == 1 and c.state.to_move == 0 and c.stage == "attack-target"
    assert "The attack starts again" in view.message.value


def test_french_history_and_undo_notice_use_french_punctuation(view: MassaiView) -> None:
    # French puts a space before a colon, as every other French line of the page does.
    view.controller.set_lang("fr")
    setups(view)
    click(view, "d3")
    assert "Joueur 1 (clair)\u00a0: construire d3" in view.history.value
    assert "(clair):" not in view.history.value
    view.undo_button.click()
    assert "Annulé\u00a0: Joueur 1 (clair)\u00a0: construire d3." in view.message.value
    view.controller.set_lang("en")
    assert "Player 1 (light): setup" in view.history.value


def test_setup_refusal_for_several_lonely_squares_agrees_in_both_languages(
    view: MassaiView,
) -> None:
    c = view.controller
    view.start_button.click()
    for square in "a1 b1 h1 h3 e2".split():
        click(view, square)
    view.confirm_button.click()
    assert "e2, h1, h3 touch none." in view.message.value and c.stage == "setup-entry"
    c.set_lang("fr")
    assert "e2, h1, h3 n&#x27;en touchent aucune." in view.message.value  # HTML-escaped


def test_bad_guard_table_is_explained_in_french(view: MassaiView) -> None:
    # The reason came from the rules core in English, in the middle of a French sentence;
    # now both languages say the rule.
    view.controller.set_lang("fr")
    view.guard_table.value = "0,9"
    view.new_button.click()
    message = view.message.value
    assert "Table des gardes refusée" in message and "de 0 à 5" in message
    assert "must be" not in message and "attack point" not in message
    view.controller.set_lang("en")
    assert "Guard table refused: “0,9”. Write whole numbers from 0 to 5" in view.message.value


def test_taps_on_the_board_choose_squares_like_clicks(view: MassaiView) -> None:
    # On a touch screen the canvas gets touch events only (ipycanvas stops the mouse copies).
    view.start_button.click()
    for square in "c1 d1 e1 d2 e2".split():
        x, y = view.geometry.center(square)
        view.canvas._handle_frontend_event(
            view.canvas, {"event": "touch_start", "touches": [{"x": x, "y": y}]}, []
        )
        view.canvas._handle_frontend_event(view.canvas, {"event": "touch_end", "touches": []}, [])
    assert view.controller.selection == ("c1", "d1", "e1", "d2", "e2")
