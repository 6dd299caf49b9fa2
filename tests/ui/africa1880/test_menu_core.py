"""Menu versus core, through the page's widgets: no choice a sheet's menus offer is ever voided.

Random positions (the strategy of the core's own menu test, tests/games/africa1880/test_legal.py)
are opened in the dashboard. Each option of each menu (order kind, exploration target, landing) is
chosen alone through its dropdown and the round resolved by the core from the sheets as the page
reads them: no void order. Then whole sheets are chosen menu after menu (each menu as the page
shows it after the previous choices): each sheet voids nothing, and the round typed in the boxes
voids nothing but what one sheet cannot foresee of another.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from games.africa1880.test_legal import random_position  # tests/ is on the path (rootdir packages)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.legal import legal_choices
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.state import GameState
from tabletop.ui.africa1880.app import AfricaApp
from tabletop.ui.africa1880.controller import AfricaController
from tabletop.ui.africa1880.sheet_editor import PresenceRow, SheetEditor

BOARD = load_board()
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def open_app(state: GameState, folder: Path) -> AfricaApp:
    controller = AfricaController(game=Game(state=state, board=BOARD), autosave_path=folder / "a")
    return AfricaApp(controller)


def editor_of(app: AfricaApp, power: str) -> SheetEditor:
    app.orders.sheet_tabs.show(power)
    editor = app.orders.editors[power]
    editor.activate()
    return editor


def offered(dropdown) -> list[str]:
    """The values a dropdown offers from the core (not the marked ones the text holds)."""
    return [value for label, value in dropdown.options if value and not label.endswith("⚠")]


def rows(editor: SheetEditor) -> list[PresenceRow]:
    return [row for row in editor.rows if row.power]


def voids_of(app: AfricaApp, power: str) -> list[str]:
    """The void orders when the round is resolved with ``power``'s sheet alone, as the page
    reads it."""
    ctl = app.controller
    _, report = resolve(ctl.state, ctl.board, {power: ctl.sheet(power)})
    return [v.order_text for v in report.void_orders if v.power == power]


@SETTINGS
@given(rng=st.randoms(use_true_random=False))
def test_every_option_of_every_menu_chosen_alone_is_executed(rng: random.Random) -> None:
    state = random_position(rng, BOARD)
    with tempfile.TemporaryDirectory() as folder:
        app = open_app(state, Path(folder))
        tried = 0
        for power in state.powers:
            editor = editor_of(app, power)
            core = legal_choices(state, BOARD, power)
            # Blank sheet: the menus are the core's answer as it is, row by row.
            assert [row.territory for row in rows(editor)] == [m.territory for m in core.presences]
            for row in rows(editor):
                menu = core.presence(row.territory)
                assert menu is not None
                assert offered(row.kind) == [str(k) for k in menu.kinds]
                assert offered(row.target) == list(menu.explore_targets)
                for kind in offered(row.kind):
                    targets = offered(row.target) if kind == "explore" else [""]
                    for target in targets:
                        row.kind.value = kind
                        if target:
                            row.target.value = target
                        assert voids_of(app, power) == [], (power, row.territory, kind, target)
                        tried += 1
                        row.kind.value = ""
            assert offered(editor.landing) == list(core.landing_targets)
            for target in offered(editor.landing):
                editor.landing.value = target
                assert f"{target}" in app.controller.drafts[power]
                assert voids_of(app, power) == [], (power, "land", target)
                tried += 1
                editor.landing.value = ""
        assert tried >= sum(len(state.presences[p]) for p in state.powers)


@SETTINGS
@given(rng=st.randoms(use_true_random=False))
def test_a_whole_sheet_chosen_through_the_menus_voids_nothing(rng: random.Random) -> None:
    state = random_position(rng, BOARD)
    with tempfile.TemporaryDirectory() as folder:
        app = open_app(state, Path(folder))
        chosen = 0
        for power in state.powers:
            editor = editor_of(app, power)
            order = rows(editor)
            rng.shuffle(order)  # any order of filling the rows
            for row in order:
                kind = rng.choice(offered(row.kind))
                row.kind.value = kind
                if kind == "explore":
                    row.target.value = rng.choice(offered(row.target))
                chosen += 1
            landings = offered(editor.landing)
            if landings and rng.random() < 0.8:
                editor.landing.value = rng.choice(landings)
                chosen += 1
        # Each sheet alone, then the whole round as the boxes' texts (what Resolve sends).
        for power in state.powers:
            assert voids_of(app, power) == [], app.controller.drafts[power]
        typed = "\n".join(f"[{p}]\n{app.controller.drafts[p]}" for p in state.powers)
        _, report = resolve(state, BOARD, parse_sheets(typed, BOARD, state.powers))
        # Between powers the core may still serve one before another (the last pin, a landing
        # blocked in reading order): a sheet's menus cannot know the other sheets.
        for void in report.void_orders:
            assert void.power is not None, void
            assert void.reason_code in ("no_pin_left", "territory_full", "landing_occupied"), void
        assert chosen >= sum(len(state.presences[p]) for p in state.powers)
