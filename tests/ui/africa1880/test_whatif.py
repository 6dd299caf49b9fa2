"""The what-if tab of the Africa page, driven in Python on a real SQLite store: a copy of the
round's sheets changed in the page's own editors, only the differences shown, the game untouched.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tabletop.games.africa1880.compare import compare, comparison_sentences
from tabletop.games.africa1880.gamefile import Game, example_orders
from tabletop.ui.africa1880.app import AfricaApp, africa_app
from tabletop.ui.africa1880.controller import AfricaController
from tabletop.ui.africa1880.whatif_tab import OUTLINE, difference_marks


@pytest.fixture
def app() -> AfricaApp:
    page = africa_app()
    page.show_game()
    return page


def opened(app: AfricaApp):
    app.show_tab("whatif")
    assert app.whatif.model is not None
    return app.whatif


def sentences(tab) -> list[str]:
    import re

    return [
        s.replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&")
        for s in re.findall(r'<li class="tt-whatif-sentence">(.*?)</li>', tab.sentences.value)
    ]


def stored(app: AfricaApp) -> tuple[int, list[str], dict]:
    """What the database holds of the game: version, history actions, kept sheets."""
    ctl = app.controller
    store = ctl.store
    assert store is not None and ctl.game_id is not None
    snap = store.load(ctl.game_id)
    actions = [e.action for e in store.history(ctl.game_id)]
    return snap.version, actions, snap.game.to_dict()


def test_identical_sheets_give_no_difference(app: AfricaApp) -> None:
    tab = opened(app)
    assert sentences(tab) == ["Both versions of the sheets give the same round."]
    assert "tt-whatif-same" in tab.sentences.value
    assert tab.comparison is not None and tab.comparison.same
    assert tab.map_view.outlined == ()


def test_one_relation_changed_gives_the_comparisons_sentences_and_territories(
    app: AfricaApp,
) -> None:
    ctl = app.controller
    before = stored(app)
    real_text = ctl.sheets_text()
    tab = opened(app)
    # Germany allies with France instead of declaring war, in the what-if's grid.
    tab.desk.grid.cells[("Germany", "France")].click()
    assert tab.model.relation("Germany", "France") == "alliance"
    # The same change typed by hand in the example's own sheets, compared by the core.
    changed = example_orders().replace("guerre: Grande-Bretagne, France", "guerre: Grande-Bretagne")
    assert changed != example_orders()
    expected = compare(ctl.state, ctl.board, example_orders(), changed)
    assert not expected.same
    assert sentences(tab) == comparison_sentences(expected, "en")
    assert any("If Germany had allied with France" in s for s in sentences(tab))
    assert tab.map_view.outlined == expected.territories
    assert set(tab.map_view.outlined) == {"Chad", "Liberia"}
    # The map draws the round as the changed sheets end it, the differences marked.
    model = tab.map_view.model
    assert model is not None and "1895" in model.title
    marks = difference_marks(tab.comparison)
    assert set(marks.removed) == {("Germany", "Chad"), ("Germany", "Liberia")}
    for power, territory in marks.removed:
        assert power in model.territories[territory].removed
    # Nothing of the real game changed: its sheets, its database entry, its history.
    assert ctl.sheets_text() == real_text
    assert stored(app) == before
    assert ctl.relation("Germany", "France") == "war"
    assert "tt-rel-war" in app.orders.grid.cells[("Germany", "France")]._dom_classes


def test_the_map_outline_is_drawn_on_the_highlight_layer(app: AfricaApp) -> None:
    tab = opened(app)
    tab.desk.grid.cells[("Germany", "France")].click()
    calls: list[tuple[str, object]] = []

    class Layer:
        def __setattr__(self, name: str, value: object) -> None:
            calls.append((name, value))

        def stroke_polygon(self, points: list) -> None:
            calls.append(("polygon", len(points)))

    layers = [Layer() for _ in range(4)]
    view = tab.map_view
    view.client_ready = True
    view.canvas.__class__ = type("FakeCanvas", (), {"__getitem__": lambda self, i: layers[i]})
    import tabletop.ui.africa1880.map.view as map_view

    drawn = []
    original = map_view.draw
    map_view.draw = lambda canvas, model: drawn.append(model)
    try:
        view._redraw()
    finally:
        map_view.draw = original
    assert drawn == [view.model]
    assert ("stroke_style", OUTLINE) in calls
    polygons = sum(1 for name, _ in calls if name == "polygon")
    expected = sum(len(view.model.territories[t].polygons) for t in ("Chad", "Liberia"))
    assert polygons == expected > 0


def test_typed_text_has_the_usual_checks_and_leaves_the_real_sheet(app: AfricaApp) -> None:
    ctl = app.controller
    tab = opened(app)
    real = dict(ctl.drafts)
    editor = tab.desk.show("France")
    editor.text.value = "Algeria: explore Atlantis\n"
    assert "Atlantis" in editor.checks.value and "tt-check-void" in editor.checks.value
    assert "⚠" in tab.desk.sheet_tabs.title_of("France")
    assert ctl.drafts == real
    app.orders.sheet_tabs.show("France")
    assert app.orders.editors["France"].text.value == real["France"]
    # France holding everywhere (its void order and all) is a difference the core reports.
    assert not tab.comparison.same


def test_a_line_the_core_cannot_read_stays_when_a_menu_changes_the_sheet(app: AfricaApp) -> None:
    """France's sheet has "Sahara: explore Mauretania" (not on the map): rewriting the sheet
    from the grid must not drop it, or the what-if would claim that order carried out."""
    tab = opened(app)
    tab.desk.grid.cells[("France", "Germany")].click()
    assert "Sahara: explore Mauretania" in tab.model.drafts["France"]
    assert not any("Mauretania" in s for s in sentences(tab))
    assert any("If France had allied with Germany" in s for s in sentences(tab))
    # A menu that writes Sahara's own order replaces that line.
    tab.model.set_order("France", "Sahara", "hold")
    assert "Mauretania" not in tab.model.drafts["France"]
    assert "Sahara: hold" in tab.model.drafts["France"]


def test_reset_and_a_resolution_start_again_from_the_real_sheets(app: AfricaApp) -> None:
    tab = opened(app)
    tab.desk.grid.cells[("Germany", "France")].click()
    assert not tab.comparison.same
    tab.reset_button.click()
    assert tab.comparison.same and tab.model.relation("Germany", "France") == "war"
    tab.desk.grid.cells[("Germany", "France")].click()
    app.show_tab("orders")
    app.orders.resolve_button.click()
    assert "1900" in app.year.value
    tab = opened(app)
    assert tab.model.state is app.controller.state
    assert tab.comparison.same


def test_the_real_sheets_changing_changes_the_differences(app: AfricaApp) -> None:
    tab = opened(app)
    # The real Germany allies with France now; the what-if copy still declares war.
    app.controller.set_relation("Germany", "France", "alliance")
    assert any("If Germany had declared war on France" in s for s in sentences(tab))


def test_french_page_and_oversized_text(app: AfricaApp) -> None:
    tab = opened(app)
    tab.desk.grid.cells[("Germany", "France")].click()
    app.controller.lang = "fr"
    assert app.tabs.title_of("whatif") == "Et si"
    assert sentences(tab)[0].startswith("Si Allemagne")
    assert "Repartir" in tab.reset_button.description
    editor = tab.desk.show("Belgium")
    editor.text.value = "Congo: develop\n" * 5000
    assert "tt-msg-error" in tab.sentences.value and "65" in tab.sentences.value
    assert app.controller.message == ""  # nothing unexpected was said


def test_a_finished_game_has_no_round_to_try() -> None:
    game = Game.new(["France", "Germany", "Italy"])
    game.state = replace(game.state, game_over=True)
    page = AfricaApp(AfricaController(game=game))
    page.show_tab("whatif")
    assert page.whatif.model is None
    assert "game is over" in page.whatif.note.value
    assert page.whatif.desk_box.children == ()
