"""The Africa page's parts are given its controller and plain callbacks, never the page itself:
no module but the page's own names the page class, and each tab sends its intents to the
controller it was given. The controller in turn holds its own parts without lending them
itself."""

from __future__ import annotations

import ast
from pathlib import Path

import traitlets

from tabletop.games.africa1880.gamefile import Game
from tabletop.store import open_store
from tabletop.ui.africa1880.controller import AfricaController
from tabletop.ui.africa1880.result_tab import ResultTab
from tabletop.ui.africa1880.rounds_tab import RoundsTab

PACKAGE = Path(__file__).resolve().parents[3] / "tabletop" / "ui"
PAGE_MODULES = {"africa1880/app.py", "africa1880/__init__.py"}


def test_no_part_of_the_page_knows_the_page() -> None:
    naming = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if where in PAGE_MODULES:
            continue
        names = {
            node.id if isinstance(node, ast.Name) else node.attr
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Name | ast.Attribute)
        }
        imported = {
            alias.name
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.ImportFrom)
            for alias in node.names
        }
        if "AfricaApp" in names | imported:
            naming.append(where)
    assert not naming, f"parts that know the whole page: {naming}"


def test_tabs_work_on_a_controller_and_callbacks_alone(autosave_path: Path) -> None:
    """(``autosave_path`` keeps the database in the test's own folder.)"""
    ctl = AfricaController(game=Game.new(["France", "Germany", "Italy"]), store=None)
    shown: list[str] = []
    viewed: list[int] = []
    result = ResultTab(ctl, shown.append)
    rounds = RoundsTab(ctl, viewed.append)
    result.to_sheets.click()
    assert shown == ["orders"]
    rounds.refresh()
    rounds.view_selected()
    assert viewed == []  # no round resolved yet: nothing to view
    ctl.resolve()
    rounds.refresh()
    rounds.view_button.click()
    assert viewed == [0]


# The controller holds its collaborators (composition); each is given the game, the link to the
# database and plain callbacks, never the controller itself.
CONTROLLER_PARTS = {"sheet_intents", "opening", "game_link", "kept_sheets", "session", "drafts"}


def test_the_controller_inherits_no_mixin() -> None:
    assert AfricaController.__bases__ == (traitlets.HasTraits,)


def test_the_parts_the_controller_holds_do_not_point_back_to_it(tmp_path: Path) -> None:
    store = open_store(tmp_path / "tabletop.db")
    try:
        ctl = AfricaController(store=store)
        parts = [
            value
            for value in vars(ctl).values()
            if type(value).__module__.startswith("tabletop.ui.")
        ]
        assert {type(part).__name__ for part in parts} >= {
            "DraftSheets",
            "GameOpener",
            "GameLink",
            "KeptSheets",
        }
        for part in parts:
            held = [name for name, value in vars(part).items() if value is ctl]
            assert not held, f"{type(part).__name__} holds the controller as {held}"
        ctl.close()
    finally:
        store.close()


def test_the_controllers_parts_do_not_import_it() -> None:
    """Not even for a type: a part knows the callables and objects it is given, no more."""
    knowing = []
    for name in sorted(CONTROLLER_PARTS):
        tree = ast.parse((PACKAGE / "africa1880" / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith(".controller"):
                knowing.append(name)
    assert not knowing, f"parts that import the controller: {knowing}"
