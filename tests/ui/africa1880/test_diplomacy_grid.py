"""The diplomacy grid: one row per declaring power, its name kept in view when the grid scrolls."""

from __future__ import annotations

from pathlib import Path

from tabletop.games.africa1880.gamefile import Game
from tabletop.ui.africa1880.app import AfricaApp
from tabletop.ui.africa1880.controller import AfricaController


def test_each_row_starts_with_its_power_marked_to_stay_in_view(autosave_path: Path) -> None:
    powers = ["France", "Germany", "Great Britain", "Italy", "Belgium", "Netherlands"]
    ctl = AfricaController(game=Game.new(powers), autosave_path=autosave_path)
    grid = AfricaApp(ctl).orders.grid
    heads = [w for w in grid.grid.children if "tt-grid-rowhead" in w._dom_classes]
    assert len(heads) == len(ctl.powers)  # the style sheet makes them sticky (shell/style.py)
    columns = len(ctl.powers) + 1
    assert all(grid.grid.children.index(h) % columns == 0 for h in heads)
    assert len(grid.cells) == len(ctl.powers) * (len(ctl.powers) - 1)


def test_a_cell_has_its_name_before_it_is_shown(autosave_path: Path) -> None:
    """The grid is built anew in another language; a page shows a cell once the grid holds it,
    so each cell must have its words by then (a nameless button is what a screen reader met)."""
    ctl = AfricaController(
        game=Game.new(["France", "Germany", "Italy"]), autosave_path=autosave_path
    )
    grid = AfricaApp(ctl).orders.grid
    shown: list[list[str]] = []

    def held(change: dict) -> None:
        cells = [w for w in change["new"] if "tt-rel" in w._dom_classes]
        shown.append([f"{c.description}|{c.tooltip}" for c in cells])

    grid.grid.observe(held, names="children")
    ctl.set_lang("de")
    assert shown and all(shown), shown
    assert all(not name.startswith("|") and name.split("|")[1] for names in shown for name in names)
    assert any("Krieg" in n or "Bündnis" in n for n in shown[-1])
