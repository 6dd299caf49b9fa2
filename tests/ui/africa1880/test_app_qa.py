"""Dashboard problems found by using the Africa 1880 page as a table would; one test each."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from tabletop.games.africa1880.gamefile import Game
from tabletop.ui.africa1880.app import AfricaApp
from tabletop.ui.africa1880.controller import AfricaController


class FlakyPanel(widgets.VBox):
    """A teacher panel whose next ``update`` fails when told to (a stand-in for a real failure)."""

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.lang = lang
        self.fail_next = False
        self.updates = 0

    def set_lang(self, lang: str) -> None:
        self.lang = lang

    def update(self, after: Any, declared: Any) -> None:
        if self.fail_next:
            self.fail_next = False
            raise RuntimeError("too crowded <b>to model</b>")
        self.updates += 1


def app_with_panel(autosave_path: Path, panel: FlakyPanel) -> AfricaApp:
    game = Game.new(["France", "Germany", "Italy"])
    controller = AfricaController(game=game, autosave_path=autosave_path)
    return AfricaApp(controller, analysis=lambda *_a, lang="en": panel)


def test_teacher_panel_comes_back_after_an_error(autosave_path: Path) -> None:
    panel = FlakyPanel()
    app = app_with_panel(autosave_path, panel)
    app.teacher.toggle.value = True
    assert panel in app.teacher.box.children
    panel.fail_next = True
    app.controller.set_order("France", "Algeria", "develop")
    shown = " ".join(getattr(w, "value", "") for w in app.teacher.box.children)
    assert "could not analyse" in shown
    assert "&lt;b&gt;to model&lt;/b&gt;" in shown  # the error is shown escaped
    assert panel in app.teacher.box.children  # the panel stays on the page
    # The next change works again: the message goes, the panel is updated.
    app.controller.set_order("France", "Algeria", "hold")
    shown = " ".join(getattr(w, "value", "") for w in app.teacher.box.children)
    assert "could not analyse" not in shown
    assert panel in app.teacher.box.children
    assert panel.updates >= 1


def test_teacher_panel_that_fails_to_build_is_tried_again(autosave_path: Path) -> None:
    calls = {"n": 0}
    panel = FlakyPanel()

    def factory(*_args: Any, lang: str = "en") -> FlakyPanel:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("no solver")
        return panel

    game = Game.new(["France", "Germany", "Italy"])
    app = AfricaApp(AfricaController(game=game, autosave_path=autosave_path), analysis=factory)
    app.teacher.toggle.value = True
    assert "no solver" in " ".join(getattr(w, "value", "") for w in app.teacher.box.children)
    app.controller.set_order("France", "Algeria", "develop")
    assert panel in app.teacher.box.children
    assert "no solver" not in " ".join(getattr(w, "value", "") for w in app.teacher.box.children)


def game_at_last_round() -> Game:
    game = Game.new(["France", "Germany", "Italy"])
    for _ in range(7):
        game.apply(game.read_sheets(""), "")
    return game


def test_game_over_says_why_resolve_is_disabled_and_shows_the_final_scores(
    autosave_path: Path,
) -> None:
    app = AfricaApp(AfricaController(game=game_at_last_round(), autosave_path=autosave_path))
    assert "Game over" not in app.orders.summary.value
    app.orders.resolve_button.click()
    assert app.controller.state.game_over and app.orders.resolve_button.disabled
    # Next to the disabled button: why, and what can still be done.
    assert "game is over" in app.orders.summary.value and "Undo" in app.orders.summary.value
    assert "Before resolving" not in app.orders.summary.value
    editor = app.orders.editors["France"]
    assert "No problem found" not in editor.checks.value
    assert "game is over" in editor.checks.value
    # The banner gives the final scores itself (they are on another tab).
    banner = app.banner.value
    assert "below" not in banner
    for line in app.controller.scores().powers:
        assert f"{line.power} {line.points}" in banner
    app.lang_toggle.value = "fr"
    assert "partie est finie" in app.orders.summary.value and "Allemagne" in app.banner.value


def test_resolution_tab_leads_back_to_the_order_sheets(autosave_path: Path) -> None:
    app = AfricaApp(
        AfricaController(game=Game.new(["France", "Germany", "Italy"]), autosave_path=autosave_path)
    )
    app.orders.resolve_button.click()
    assert app.tabs.selected_name == "result"
    assert "Order sheets" in app.result.to_sheets.description
    app.result.to_sheets.click()
    assert app.tabs.selected_name == "orders"
    app.lang_toggle.value = "fr"
    assert "Fiches d'ordres" in app.result.to_sheets.description


def test_rounds_tab_selects_the_last_round_and_names_the_round_undone(
    autosave_path: Path,
) -> None:
    app = AfricaApp(
        AfricaController(game=Game.new(["France", "Germany", "Italy"]), autosave_path=autosave_path)
    )
    assert app.rounds.view_button.disabled and app.rounds.undo_button.disabled
    app.orders.resolve_button.click()
    app.orders.resolve_button.click()
    # The newest round is selected, so View shows something at once.
    assert app.rounds.history.value == 1 and not app.rounds.view_button.disabled
    assert "1885" in app.rounds.undo_button.description
    app.rounds.history.value = 0
    app.rounds.view_button.click()
    assert app.controller.view_index == 0
    app.rounds.undo_button.click()
    assert app.controller.state.year == 1885
    assert app.rounds.history.value == 0 and "1880" in app.rounds.undo_button.description
    app.lang_toggle.value = "fr"
    assert (
        "1880" in app.rounds.undo_button.description
        and "Annuler" in app.rounds.undo_button.description
    )


def test_refused_files_are_explained_in_french(autosave_path: Path) -> None:
    controller = AfricaController(
        game=Game.new(["France", "Germany", "Italy"]), autosave_path=autosave_path, lang="fr"
    )
    assert not controller.load_file(b"\xff\xfe garbage", "partie.json")
    assert "pas un fichier texte" in controller.message and "not a text" not in controller.message
    assert not controller.load_file(b"[1, 2", "partie.json")
    assert "pas du JSON (ligne 1" in controller.message and "not JSON" not in controller.message
    assert controller.read_board(b"\xff", "carte.json") is None
    assert "pas un fichier texte" in controller.message
    assert controller.read_board(b"{", "carte.json") is None
    assert "pas du JSON" in controller.message
    assert controller.state.powers == ("France", "Germany", "Italy")


def test_teacher_view_can_be_hidden_from_where_it_is_shown(autosave_path: Path) -> None:
    panel = FlakyPanel()
    app = app_with_panel(autosave_path, panel)
    app.teacher.toggle.value = True
    hide = app.teacher.box.children[0]
    assert isinstance(hide, widgets.Button) and "Hide the teacher view" in hide.description
    app.lang_toggle.value = "fr"
    assert "Masquer la vue enseignant" in hide.description
    hide.click()
    assert app.teacher.toggle.value is False
    assert app.teacher.box.layout.display == "none"


def test_new_game_on_a_board_file_not_yet_given_says_what_to_do(autosave_path: Path) -> None:
    app = AfricaApp(
        AfricaController(game=Game.new(["France", "Germany", "Italy"]), autosave_path=autosave_path)
    )
    app.show_tab("game")
    app.files.form.board_choice.value = "upload"
    assert app.files.form.submit() is False
    message = app.controller.message
    assert "upload a board file" in message and "default map" in message
    assert app.controller.state.powers == ("France", "Germany", "Italy")


def test_typed_sheets_survive_a_reload(autosave_path: Path) -> None:
    first = AfricaController(autosave_path=autosave_path)
    first.new_game(["France", "Germany", "Italy"])
    first.set_sheet_text("France", "Algeria: develop\nwar: Germany\n")
    first.set_order("Germany", "Kamerun", "develop")
    # A closed tab or a restarted kernel: a new page, a new controller on the same database.
    again = AfricaController(store=first.store, game_id=first.game_id)
    assert again.drafts["France"] == "Algeria: develop\nwar: Germany\n"
    assert again.order_of("Germany", "Kamerun") == ("develop", "")
    assert again.relation("France", "Germany") == "war"


def test_typed_sheets_of_another_position_are_not_restored(autosave_path: Path) -> None:
    first = AfricaController(autosave_path=autosave_path)
    first.new_game(["France", "Germany", "Italy"])
    first.set_sheet_text("France", "Algeria: develop\n")
    first.resolve()  # the game moves on; the typed sheets were for 1880
    again = AfricaController(store=first.store, game_id=first.game_id)
    assert again.state.year == 1885
    assert "develop" not in again.drafts["France"]


def test_game_file_opens_with_its_typed_sheets(tmp_path: Path) -> None:
    from tabletop.ui.africa1880.app import africa_app

    path = tmp_path / "our_game.json"
    path.write_text(json.dumps(Game.new(["France", "Germany", "Italy"]).to_dict()))
    first = africa_app(game_file=path)
    first.controller.set_sheet_text("Italy", "Libya: develop\n")
    app = africa_app(game_file=path)  # the next visit
    assert app.controller.game_id == first.controller.game_id
    assert app.controller.drafts["Italy"] == "Libya: develop\n"


def test_french_summary_and_grid_tooltips_put_a_space_before_the_colon(
    autosave_path: Path,
) -> None:
    from tabletop.ui.africa1880.app import africa_app

    app = africa_app(autosave_path=autosave_path, lang="fr")
    summary = app.orders.summary.value
    # a space before each colon (a no-break one where the catalogs put it)
    assert re.search("France</span> : Nul[ \u00a0]: ", summary)
    assert "Belgique</span> : pas d&#x27;ordre" in summary
    assert "</span>: " not in summary
    assert app.orders.grid.cells[("France", "Germany")].tooltip == "France → Allemagne : ⚔ guerre"
    app.lang_toggle.value = "en"
    assert "France</span>: Void: " in app.orders.summary.value
    assert app.orders.grid.cells[("France", "Germany")].tooltip == "France → Germany: ⚔ war"
