"""Correcting a resolved round from the rounds tab, driven in Python on a real SQLite store:
nothing is saved before Accept, Accept is one ``amend`` entry, the page's Undo restores the game
exactly, Discard and bad input change nothing."""

from __future__ import annotations

import html

import pytest

from tabletop.games.africa1880.amend import amend, amendment_text
from tabletop.ui.africa1880.app import AfricaApp, africa_app
from tabletop.ui.africa1880.controller import AfricaController


@pytest.fixture
def app() -> AfricaApp:
    page = africa_app()
    page.show_game()
    page.show_tab("rounds")
    return page


def stored(app: AfricaApp) -> tuple[int, list[str], dict]:
    ctl = app.controller
    assert ctl.store is not None and ctl.game_id is not None
    snap = ctl.store.load(ctl.game_id)
    return snap.version, [e.action for e in ctl.store.history(ctl.game_id)], snap.game.to_dict()


def start_1885(app: AfricaApp):
    rounds = app.rounds
    assert [label for label, _ in rounds.history.options] == ["1880", "1885", "1890"]
    rounds.history.value = 1
    rounds.amend_button.click()
    panel = rounds.amend
    assert panel.editing and panel.layout.display is None
    assert "1885" in panel.title.value
    return panel


def test_preview_shows_the_replay_and_saves_nothing(app: AfricaApp) -> None:
    ctl = app.controller
    before = stored(app)
    game_before = ctl.game
    panel = start_1885(app)
    # The recorded sheets of 1885 are in the editors, with the page's checks.
    assert "Tunisia" in panel.model.drafts["France"]
    panel.model.set_order("France", "Tunisia", "hold")
    panel.preview_button.click()
    assert panel.problem.value == ""
    # The preview is the core's amendment, round by round, with the orders now void.
    expected = amend(game_before, 1885, panel.model.combined_text())
    words = amendment_text(expected, "en")
    shown = html.unescape(panel.result.value)
    for head, items in words.rounds:
        assert head in shown
        for _, sentence in items:
            assert sentence in shown
    assert "now void: [France] Libya: explore Chad" in shown
    assert 'class="tt-amend-void' in panel.result.value
    assert "no longer explores: France into Libya" in shown
    assert not panel.accept_button.disabled
    # Nothing saved: the database, the game shown and its rounds are as before.
    assert stored(app) == before
    assert ctl.game is game_before
    assert ctl.history_years() == [1880, 1885, 1890]


def test_accept_is_one_amend_entry_and_undo_restores_the_exact_game(app: AfricaApp) -> None:
    ctl = app.controller
    version, actions, game_before = stored(app)
    panel = start_1885(app)
    panel.model.set_order("France", "Tunisia", "hold")
    panel.preview_button.click()
    expected = panel.amendment
    panel.accept_button.click()
    assert "Round 1885 corrected" in ctl.message
    assert not panel.editing and panel.layout.display == "none"
    new_version, new_actions, game_after = stored(app)
    assert new_actions == [*actions, "amend"] and new_version > version
    assert game_after == expected.game.to_dict() != game_before
    assert ctl.game.to_dict() == game_after
    # The replayed 1890 no longer has France exploring from Libya (void now).
    assert "Libya" not in ctl.game.history[2].state.presences["France"]
    # The page's Undo takes the correction back (a new entry), to the exact game before.
    assert app.rounds.undo_button.description == "↶ Undo the correction of 1885"
    app.rounds.undo_button.click()
    assert app.rounds.undo_button.description == "↶ Undo round 1890"
    assert ctl.message == "Correction of 1885 taken back."
    _, undo_actions, restored = stored(app)
    assert undo_actions == [*actions, "amend", "undo"]
    assert restored == game_before
    assert ctl.game.to_dict() == game_before
    assert ctl.history_years() == [1880, 1885, 1890]


def test_discard_and_same_sheets_change_nothing(app: AfricaApp) -> None:
    ctl = app.controller
    before = stored(app)
    panel = start_1885(app)
    panel.preview_button.click()  # the recorded sheets, as they were
    assert "nothing to correct" in panel.result.value
    assert panel.accept_button.disabled
    panel.accept()  # even called directly, nothing is recorded
    assert "Preview the replay first" in ctl.message
    panel.model.set_relation("France", "Germany", "alliance")
    panel.discard_button.click()
    assert ctl.message == "Correction discarded: nothing was changed."
    assert not panel.editing and panel.desk_box.children == ()
    assert stored(app) == before


def test_bad_input_is_one_line_and_the_typed_sheets_stay(app: AfricaApp) -> None:
    before = stored(app)
    panel = start_1885(app)
    editor = panel.desk.show("France")
    huge = "Algeria: develop\n" * 5000
    editor.text.value = huge
    panel.preview_button.click()
    assert "tt-msg-error" in panel.problem.value and "65" in panel.problem.value
    assert panel.accept_button.disabled and panel.amendment is None
    assert panel.model.drafts["France"] == huge  # nothing lost: it can be shortened
    # A preview, then an edit: Accept waits for a new preview.
    editor.text.value = "Algeria: develop\nTunisia: hold\n"
    panel.preview_button.click()
    assert not panel.accept_button.disabled
    editor.text.value = "Algeria: develop\nTunisia: develop\n"
    assert panel.accept_button.disabled
    assert "preview again" in panel.problem.value
    assert panel.accept() is False
    assert stored(app) == before


def test_no_round_selected_is_refused(app: AfricaApp) -> None:
    assert app.rounds.amend.start(None) is False
    assert app.controller.message == "Select a resolved round first."
    assert not app.rounds.amend.editing


def test_another_page_changing_the_game_first_refuses_the_accept(app: AfricaApp) -> None:
    ctl = app.controller
    panel = start_1885(app)
    panel.model.set_order("France", "Tunisia", "hold")
    panel.preview_button.click()
    other = AfricaController(store=ctl.store, game_id=ctl.game_id)
    other.resolve()  # 1895 resolved on another page
    _, actions, game_now = stored(app)
    panel.accept_button.click()
    _, after, game_after = stored(app)
    assert after == actions and "amend" not in after
    assert game_after == game_now
    assert "changed" in ctl.message.lower()


def test_the_panel_speaks_the_page_language(app: AfricaApp) -> None:
    panel = start_1885(app)
    panel.model.set_order("France", "Tunisia", "hold")
    panel.preview_button.click()
    app.controller.lang = "de"
    assert "Berichtigung" in panel.title.value
    assert "Vorschau" in panel.preview_button.description
    assert "1885" in panel.result.value and "1885 amended" not in panel.result.value


def test_without_a_database_accept_and_undo_work_in_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    import tabletop.ui.africa1880.controller as controller

    monkeypatch.setattr(controller, "open_page_store", lambda: (None, "no database here", 0))
    ctl = AfricaController()
    assert ctl.store is None
    app = AfricaApp(ctl)
    before = ctl.game.to_dict()
    panel = start_1885(app)
    panel.model.set_order("France", "Tunisia", "hold")
    panel.preview_button.click()
    expected = panel.amendment.game.to_dict()
    panel.accept_button.click()
    assert ctl.game.to_dict() == expected != before
    assert app.rounds.undo_button.description == "↶ Undo the correction of 1885"
    app.rounds.undo_button.click()
    assert ctl.message == "Correction of 1885 taken back."
    assert ctl.game.to_dict() == before
