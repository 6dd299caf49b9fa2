"""The Africa 1880 dashboard's widgets, driven in Python: set values and click buttons."""

from __future__ import annotations

import asyncio
import base64
import json
import re
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import Game, game_from_dict
from tabletop.ui.africa1880 import app as app_module
from tabletop.ui.africa1880.app import AfricaApp, africa_app
from tabletop.ui.africa1880.controller import AfricaController
from tabletop.ui.africa1880.html import slug
from tabletop.ui.africa1880.report_view import report_html
from tabletop.ui.africa1880.texts import t
from tabletop.ui.shell.html import esc


@pytest.fixture
def app(autosave_path: Path) -> AfricaApp:
    return africa_app(autosave_path=autosave_path)


def three_power_app(autosave_path: Path) -> AfricaApp:
    game = Game.new(["France", "Germany", "Great Britain"])
    return AfricaApp(AfricaController(game=game, autosave_path=autosave_path))


def sheet(app: AfricaApp, power: str):
    """Open ``power``'s sheet tab (its widgets are built when first shown) and return it."""
    app.orders.sheet_tabs.show(power)
    editor = app.orders.editors[power]
    assert editor.built
    return editor


def row(app: AfricaApp, power: str, territory: str):
    editor = sheet(app, power)
    for candidate in editor.rows:
        if candidate.power == power and candidate.territory == territory:
            return candidate
    raise AssertionError(f"no row for {power} in {territory}")


def upload(widget, name: str, data: bytes) -> None:
    widget.value = (
        {
            "name": name,
            "type": "application/json",
            "size": len(data),
            "content": memoryview(data),
            "last_modified": datetime.now(timezone.utc),
        },
    )


def test_the_page_opens_on_the_example_game(app: AfricaApp) -> None:
    assert "1895" in app.year.value
    assert list(app.orders.editors) == ["Belgium", "France", "Germany", "Great Britain"]
    # Only the sheet shown is built; the others are built when their tab is opened.
    assert [e.built for e in app.orders.editors.values()] == [True, False, False, False]
    assert app.files.form_box.children == () and app.timer_box.children == ()
    app.show_tab("game")
    assert app.files.form_box.children == (app.files.form,)
    app.show_tab("timer")
    assert app.timer_box.children == (app.timer,)
    assert app.tabs.titles[:6] == (
        "Order sheets",
        "Resolution",
        "Rounds",
        "What if",
        "Game",
        "Diplomacy timer",
    )
    # no game yet: the example was kept as a new game and is shown (not the list)
    assert not app.showing_games and app.game_box.layout.display is None
    assert app.games is not None and [r.info.name for r in app.games.rows] == ["Example game"]
    assert "1895" in app.result.map_view.model.title
    assert app.result.map_view.draw_count == 0  # drawn when the page shows it, not while executing
    app.result.map_view._on_client_ready()
    assert app.result.map_view.draw_count == 1


def test_rows_hold_only_legal_choices(app: AfricaApp) -> None:
    congo = row(app, "Belgium", "Congo")
    targets = [value for _, value in congo.target.options if value]
    assert "Gabon" not in targets  # a colony
    # only the core's legal targets (narrowed by the rest of the sheet), all neighbours
    assert targets and set(targets) <= set(app.controller.explore_targets("Congo"))
    assert set(targets) <= set(load_board()["Congo"].neighbours) - {"Gabon"}
    landing = [value for _, value in sheet(app, "Belgium").landing.options if value]
    assert landing and set(landing) <= set(app.controller.landing_targets())
    assert "Ivory Coast" not in landing


def test_menus_write_the_text_box(app: AfricaApp) -> None:
    gabon = row(app, "Belgium", "Gabon")
    assert gabon.kind.value == ""  # the example sheet gives Gabon no order
    assert [v for _, v in gabon.kind.options] == ["", "hold"]  # a colony only holds
    gabon.kind.value = "hold"
    assert "Gabon: hold" in sheet(app, "Belgium").text.value
    kamerun = row(app, "Belgium", "Kamerun")
    kamerun.kind.value = "explore"
    assert kamerun.target.disabled is False
    target = next(v for _, v in kamerun.target.options if v)
    kamerun.target.value = target
    text = sheet(app, "Belgium").text.value
    assert f"Kamerun: explore {target}" in text
    assert app.controller.drafts["Belgium"] == text
    landing = next(v for _, v in sheet(app, "Belgium").landing.options if v)
    sheet(app, "Belgium").landing.value = landing
    assert f"land: {landing}" in sheet(app, "Belgium").text.value


def test_text_box_sets_the_menus(app: AfricaApp) -> None:
    editor = sheet(app, "Germany")
    editor.text.value = "Togo: hold\nKamerun -> Chad\nland: Liberia\nguerre: Belgique\n"
    assert row(app, "Germany", "Togo").kind.value == "hold"
    kamerun = row(app, "Germany", "Kamerun")
    assert (kamerun.kind.value, kamerun.target.value) == ("explore", "Chad")
    assert editor.landing.value == "Liberia"
    cell = app.orders.grid.cells[("Germany", "Belgium")]
    assert "war" in cell.description and "tt-rel-war" in cell._dom_classes
    assert "alliance" in app.orders.grid.cells[("Germany", "France")].description
    # What the person typed stays as typed.
    assert editor.text.value == "Togo: hold\nKamerun -> Chad\nland: Liberia\nguerre: Belgique\n"


def test_diplomacy_grid_cells_switch_and_write_the_sheet(app: AfricaApp) -> None:
    cell = app.orders.grid.cells[("France", "Belgium")]
    assert "alliance" in cell.description and cell.style.button_color == "#2e7d32"
    cell.click()
    assert "war" in cell.description and cell.style.button_color == "#c62828"
    assert re.search(r"war: .*Belgium", sheet(app, "France").text.value)
    cell.click()
    assert "alliance" in cell.description
    assert "tt-rel-france-belgium" in cell._dom_classes
    assert ("France", "France") not in app.orders.grid.cells  # no relation toward oneself


def test_void_orders_and_missing_orders_are_shown_before_resolving(app: AfricaApp) -> None:
    checks = sheet(app, "France").checks.value
    assert "Mauretania" in checks and "Ivory Coast is not empty" in checks
    assert "Before resolving: 2 void orders" in app.orders.summary.value
    assert "France ⚠2" in app.orders.sheet_tabs.title_of("France")
    sheet(app, "France").text.value = "Sahara: explore Atlantis\n"
    assert "Atlantis" in sheet(app, "France").checks.value
    assert "no order for" in app.orders.summary.value


def test_resolve_shows_the_instructions_and_the_map(app: AfricaApp) -> None:
    app.result.map_view._on_client_ready()
    draws = app.result.map_view.draw_count
    app.orders.resolve_button.click()
    assert app.tabs.selected_name == "result"
    html = app.result.report.value
    assert "Round 1895" in html
    # Britain's pawn arrives in Zanzibar and is removed at once: one "do not place" line, and no
    # instruction to remove a pawn that was never put on the board.
    assert "DO NOT PLACE" in html and "Zanzibar" in html and "betrayed ally" in html
    assert "Remove (" not in html
    assert "Place (11)" in html and "Development pins (11)" in html
    assert "Colonies founded (1)" in html and "Togo" in html
    assert "Void orders (2)" in html and "Mauretania" in html
    assert app.result.map_view.draw_count > draws
    assert ("Great Britain", "Zanzibar") in {
        (p, view.name)
        for view in app.result.map_view.model.territories.values()
        for p in view.removed
    }
    assert "1900" in app.year.value
    ctl = app.controller
    assert ctl.store is not None and ctl.game_id is not None
    assert ctl.store.load(ctl.game_id).game.state == ctl.state  # type: ignore[union-attr]
    assert app.rounds.history.options[-1] == ("1895", 3)


def test_history_view_and_back(app: AfricaApp) -> None:
    app.orders.resolve_button.click()
    app.rounds.history.value = 0
    app.rounds.view_button.click()
    assert "Showing round 1880" in app.result.view_note.value
    assert "Round 1880" in app.result.report.value
    assert app.result.view_back.layout.display is None
    app.result.view_back.click()
    assert app.result.view_note.value == "" and "Round 1895" in app.result.report.value


def test_undo_button(app: AfricaApp) -> None:
    before = app.controller.state
    app.orders.resolve_button.click()
    app.rounds.undo_button.click()
    assert app.controller.state == before
    assert "1895" in app.year.value
    assert "Libya: explore Egypt" in sheet(app, "France").text.value
    assert not app.rounds.redo_button.disabled
    app.rounds.redo_button.click()
    assert "1900" in app.year.value
    assert app.rounds.redo_button.disabled


def test_scores_and_game_over_banner(autosave_path: Path) -> None:
    from dataclasses import replace

    game = Game.new(["France", "Germany", "Italy"])
    game.state = replace(game.state, round=8, game_over=True)
    app = AfricaApp(AfricaController(game=game, autosave_path=autosave_path))
    assert "Game over in 1915" in app.banner.value
    assert app.orders.resolve_button.disabled
    assert "Points" in app.rounds.scores.value and "summary" in app.rounds.scores.value


def test_bad_uploaded_game_file_keeps_the_game(app: AfricaApp) -> None:
    state = app.controller.state
    upload(app.files.upload, "broken.json", b'{"format": "tabletop.massai.game"}')
    assert "refused" in app.message.value and "tt-msg-error" in app.message.value
    assert app.controller.state is state
    assert app.files.upload.value == ()


def test_good_uploaded_game_file_is_opened(app: AfricaApp) -> None:
    other = Game.new(["Italy", "Netherlands", "Belgium"])
    upload(app.files.upload, "mine.json", json.dumps(other.to_dict()).encode())
    assert app.controller.state == other.state
    assert list(app.orders.editors) == ["Belgium", "Italy", "Netherlands"]
    assert "1880" in app.year.value


def test_save_link_downloads_the_current_game(app: AfricaApp) -> None:
    app.orders.resolve_button.click()
    match = re.search(r'href="data:application/json;base64,([^"]+)"', app.files.save_link.value)
    assert match and 'download="africa1880-1900.json"' in app.files.save_link.value
    data = json.loads(base64.b64decode(match.group(1)))
    assert game_from_dict(data).state == app.controller.state


def test_new_game_form_three_powers(app: AfricaApp) -> None:
    form = app.files.form
    for power in ("Belgium", "Italy", "Netherlands"):
        form.power_boxes[power].value = False
    form.start_button.click()
    assert app.controller.state.powers == ("France", "Germany", "Great Britain")
    assert list(app.orders.editors) == ["France", "Germany", "Great Britain"]
    assert app.tabs.selected_name == "orders"


def test_free_start_placement_errors_are_shown(app: AfricaApp) -> None:
    form = app.files.form
    state = app.controller.state
    for power in ("Belgium", "Italy", "Netherlands"):
        form.power_boxes[power].value = False
    form.start.value = "free"
    menus = {m.description: m for m in form.placement_box.children[1:]}
    assert set(menus) == {"France", "Germany", "Great Britain"}
    coastal = [v for _, v in menus["France"].options if v]
    assert "Chad" not in coastal  # only coastal territories are offered
    menus["France"].value = "Morocco"
    menus["Germany"].value = "Morocco"
    form.start_button.click()
    assert "already taken" in app.message.value
    assert "Great Britain" in app.message.value  # no territory chosen for it
    assert app.controller.state is state
    menus["Germany"].value = "Togo"
    menus["Great Britain"].value = "Egypt"
    form.start_button.click()
    assert app.controller.state.presences["Germany"] == frozenset({"Togo"})


def test_bad_board_file_message_in_the_form(app: AfricaApp) -> None:
    form = app.files.form
    data = load_board().to_dict()
    data["territories"][0]["coastal"] = "maybe"
    upload(form.board_upload, "myboard.json", json.dumps(data).encode())
    assert "refused" in form.board_message.value and "tt-msg-error" in form.board_message.value
    form.board_choice.value = "upload"
    state = app.controller.state
    form.start_button.click()
    assert app.controller.state is state


def test_good_board_file_starts_a_game_on_it(app: AfricaApp) -> None:
    form = app.files.form
    data = load_board().to_dict()
    data["name"] = "Our copy"
    upload(form.board_upload, "ours.json", json.dumps(data).encode())
    assert "Our copy" in form.board_message.value
    assert form.board_choice.value == "upload"
    form.start_button.click()
    assert app.controller.board.name == "Our copy"


def test_language_switch(app: AfricaApp) -> None:
    app.lang_toggle.value = "fr"
    assert app.controller.lang == "fr"
    assert "Résoudre" in app.orders.resolve_button.description
    assert app.tabs.title_of("orders") == "Fiches d'ordres"
    assert "tour 4 sur 8" in app.year.value
    assert "Allemagne" in app.orders.sheet_tabs.title_of("Germany")
    assert "guerre" in app.orders.grid.cells[("France", "Germany")].description
    assert "Démarrer" in app.timer.start_button.description
    assert "Nul" in sheet(app, "France").checks.value
    app.orders.resolve_button.click()
    assert "NE PAS POSER" in app.result.report.value and "allié trahi" in app.result.report.value
    assert app.result.map_view.model.lang == "fr"


def test_a_reload_shows_the_games_list_and_opens_the_game(autosave_path: Path) -> None:
    first = africa_app(autosave_path=autosave_path)  # the example, kept as a game
    first.controller.new_game(["France", "Germany", "Great Britain"])
    first.controller.set_order("France", "Algeria", "develop")
    first.orders.resolve_button.click()
    second = africa_app(autosave_path=autosave_path)  # what a reloaded page builds
    assert second.showing_games and second.game_box.layout.display == "none"
    assert second.games is not None
    names = [row.info.name for row in second.games.rows]
    assert len(names) == 2 and names[1] == "Example game"  # the newest change first
    second.games.rows[0].open_button.click()
    assert not second.showing_games
    assert second.controller.state == first.controller.state
    assert list(second.orders.editors) == ["France", "Germany", "Great Britain"]
    assert "1885" in second.year.value
    second.games_button.click()
    assert second.showing_games


def test_new_game_from_the_list_keeps_the_old_game(app: AfricaApp) -> None:
    old = app.controller.game_id
    app.show_games()
    assert app.games is not None
    app.games.new_button.click()
    assert not app.showing_games and app.tabs.selected_name == "game"
    form = app.files.form
    for power in ("Belgium", "Italy", "Netherlands"):
        form.power_boxes[power].value = False
    form.start_button.click()
    assert app.controller.game_id != old
    app.show_games()
    assert {row.info.id for row in app.games.rows} == {old, app.controller.game_id}


def test_game_file_argument_is_imported_once_and_kept_in_the_database(tmp_path: Path) -> None:
    path = tmp_path / "ours.json"
    text = json.dumps(Game.new(["France", "Germany", "Italy"]).to_dict())
    path.write_text(text)
    app = africa_app(game_file=path)
    assert app.controller.state.powers == ("France", "Germany", "Italy")
    assert not app.showing_games
    app.orders.resolve_button.click()
    again = africa_app(game_file=path)  # the next visit: the same game, not a new copy
    assert again.controller.game_id == app.controller.game_id
    assert again.controller.state.year == 1885
    assert path.read_text() == text  # the file itself is only read


def test_report_html_escapes_and_handles_no_report() -> None:
    assert "No round resolved yet" in report_html(None, "en")
    assert slug("Great Britain") == "great-britain" and slug("Égypte") == "egypte"


def test_teacher_view_follows_the_sheets_when_the_panel_is_installed(app: AfricaApp) -> None:
    try:
        import tabletop.ui.analysis.africa_panel  # noqa: F401
    except ImportError:
        assert app.teacher.factory is None
        assert app.teacher.toggle.layout.display == "none"
        return
    assert app.teacher.toggle.layout.display is None
    assert app.teacher.panel is None  # nothing computed until asked
    app.teacher.toggle.value = True
    assert app.teacher.box.layout.display is None
    panel = app.teacher.panel
    assert panel is not None and panel in app.teacher.box.children
    assert panel.declared.war("France", "Germany")  # as typed on the example sheets
    sheet(app, "France")
    app.orders.grid.cells[("France", "Belgium")].click()
    assert panel.declared.war("France", "Belgium")
    app.teacher.toggle.value = False
    assert app.teacher.box.layout.display == "none"


def test_teacher_view_follows_the_language(app: AfricaApp) -> None:
    import tabletop.ui.analysis.africa_panel  # noqa: F401 - the panels ship with the package

    app.teacher.toggle.value = True
    panel = app.teacher.panel
    assert panel.lang == "en" and "Relations as a game" in panel.title.value
    app.lang_toggle.value = "fr"
    assert panel.lang == "fr" and "Les relations comme un jeu" in panel.title.value
    assert "Allemagne" in panel.powers.value and "Germany" not in panel.powers.value
    # Hidden during a switch, the panel catches up when shown again.
    app.teacher.toggle.value = False
    app.lang_toggle.value = "en"
    app.teacher.toggle.value = True
    assert panel.lang == "en" and "Germany" in panel.powers.value
    assert app.teacher.panel is panel


def test_teacher_view_opens_in_the_page_language(autosave_path: Path) -> None:
    app = africa_app(autosave_path=autosave_path, lang="fr")
    app.teacher.toggle.value = True
    assert app.teacher.panel.lang == "fr"
    assert "Les relations comme un jeu" in app.teacher.panel.title.value


def test_hidden_tabs_are_built_when_first_shown_and_show_the_page_as_it_is(
    app: AfricaApp,
) -> None:
    lazy = (app.result_page, app.rounds_page, app.whatif_page, app.files_page)
    # The page opens with its sheets only: the other tabs and the games list wait.
    assert [page.built for page in lazy] == [False] * 4 and app.games_box.children == ()
    app.lang_toggle.value = "fr"
    app.orders.resolve_button.click()  # shows the resolution tab, so builds it
    assert app.result_page.built and app.tabs.selected_name == "result"
    assert app.result.map_view.model.lang == "fr" and "1900" in app.result.map_view.model.title
    assert not app.rounds_page.built
    app.show_tab("rounds")  # built after the resolution and the language change
    assert app.rounds_page.children == (app.rounds,)
    assert app.rounds.history.options[-1][0] == "1895"
    assert app.rounds.view_button.description == t("view_round", "fr") != t("view_round", "en")
    assert not app.files_page.built and not app.whatif_page.built
    assert esc(t("save_game", "fr")) in app.files.save_link.value  # asked for: built too
    assert app.files_page.built and app.files_page.children == (app.files,)


def test_a_page_opened_on_the_games_list_builds_it(autosave_path: Path) -> None:
    africa_app(autosave_path=autosave_path)  # the example, kept
    again = africa_app(autosave_path=autosave_path)
    assert again.showing_games and again.games is not None
    assert again.games_box.children == (again.games,)


def test_a_served_page_builds_its_resolution_tab_once_the_first_view_is_out(
    autosave_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a kernel (a running loop) the resolution tab is built soon after the page, hidden, so
    the first Resolve does not wait for it; the other hidden tabs still wait to be shown."""
    monkeypatch.setattr(app_module, "PREBUILD_AFTER_SECONDS", 0.0)

    async def served() -> tuple[bool, AfricaApp]:
        page = africa_app(autosave_path=autosave_path)
        at_first = page.result_page.built
        for _ in range(10):  # the loop's turns, not time: the call is due at once
            if page.result_page.built:
                break
            await asyncio.sleep(0)
        return at_first, page

    at_first, page = asyncio.run(served())
    assert not at_first and page.result_page.built
    assert page.tabs.selected_name == "orders"
    assert not page.rounds_page.built and not page.whatif_page.built


def test_a_landing_chosen_on_an_older_list_is_written_as_chosen(app: AfricaApp) -> None:
    """The page sends the value it showed; the kernel's list may have changed meanwhile (Niger
    leaves the landing menu once Kamerun explores it): the choice is written all the same, and
    the menu shows it marked, as for a value typed in the text."""
    editor = sheet(app, "Belgium")
    kamerun = row(app, "Belgium", "Kamerun")
    kamerun.kind.value = "explore"
    assert "Niger" in [v for _, v in editor.landing.options]
    kamerun.target.value = "Niger"
    assert "Niger" not in [v for _, v in editor.landing.options]
    editor.landing.set_state({"value": "Niger"})  # chosen on the page's older list
    assert "land: Niger" in editor.text.value
    assert editor.landing.value == "Niger"
    assert ("Niger ⚠", "Niger") in editor.landing.options
