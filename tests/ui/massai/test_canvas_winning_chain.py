"""The board outlines the chain of huts that won by joining the banks, and only that win."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.massai.helpers import position

from tabletop.games.massai.actions import Attack, Build
from tabletop.games.massai.rules import apply
from tabletop.games.massai.state import State
from tabletop.store import Store
from tabletop.ui.massai import canvas as massai_canvas
from tabletop.ui.massai.canvas import draw
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.squares import Scene, geometry_for
from tabletop.ui.massai.view import MassaiView

from .driving import click, secret_setup


class RecordingCanvas:
    """Stands in for a canvas: keeps every call with the stroke colour and width of the moment."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], Any, Any]] = []
        self.stroke_style: Any = None
        self.line_width: Any = None

    def __getattr__(self, name: str) -> Any:
        def record(*args: Any) -> None:
            self.calls.append((name, args, self.stroke_style, self.line_width))

        return record


def outlined_squares(state: State, scene: Scene | None = None) -> list[str]:
    """Squares whose hut outline was stroked in the chain colour, in drawing order."""
    geometry = geometry_for(state)
    canvas = RecordingCanvas()
    draw(canvas, geometry, scene or Scene(state=state))  # type: ignore[arg-type]
    found, start = [], None
    for name, args, colour, width in canvas.calls:
        if name == "move_to":
            start = args
        elif name == "stroke" and colour == massai_canvas.CHAIN:
            assert width >= 6 and start is not None
            found.append(geometry.square_at(*start))
    return found


def won_by_connection() -> State:
    before = position(["x....", ".o...", "o...o", ".o..x"])
    after, report = apply(before, Build(0, "c4"))
    assert report.ok and after.win_reason == "connection"
    return after


def test_the_winning_chain_is_outlined_in_gold_hut_by_hut() -> None:
    # e2 is Player 1's too but is not in the chain; Player 2's huts are never outlined.
    assert sorted(outlined_squares(won_by_connection())) == ["a2", "b1", "b3", "c4"]


def test_nothing_is_outlined_before_the_game_is_over() -> None:
    # The same huts, but the position is not declared won (as while the game is in play).
    state = replace(won_by_connection(), phase="play", winner=None, win_reason=None)
    assert outlined_squares(state) == []


def test_a_win_by_elimination_outlines_nothing() -> None:
    # Player 1's unguarded attack takes Player 2's last hut; Player 1 has no hut on row 1.
    before = position(["o....", "ox...", "o....", "....."])
    after, report = apply(before, Attack(0, "b3", ()))
    assert report.ok and after.phase == "over" and after.win_reason == "elimination"
    assert outlined_squares(after) == []
    # Even huts that join the banks are not outlined when the recorded win is an elimination.
    joined = replace(won_by_connection(), win_reason="elimination")
    assert outlined_squares(joined) == []


def test_the_page_outlines_the_chain_and_its_legend_says_so(store: Store) -> None:
    view = MassaiView(MassaiController(store))
    view.redraw()
    assert "Gold outline" not in view.legend.value
    secret_setup(view, "a1 a2 a3 b2 b3")
    secret_setup(view, "h6 h5 h4 g5 g6")
    view.continue_button.click()
    for square in ("a4", "g4", "a5", "g3"):
        click(view, square)
    assert "Gold outline" not in view.legend.value
    assert outlined_squares(view.controller.state, view.scene()) == []
    click(view, "a6")
    assert view.controller.state.win_reason == "connection"
    assert "Gold outline: the chain of huts joining the two banks" in view.legend.value
    outlined = outlined_squares(view.controller.state, view.scene())
    assert sorted(outlined) == ["a1", "a2", "a3", "a4", "a5", "a6", "b2", "b3"]
    view.controller.set_lang("fr")
    assert "Contour doré" in view.legend.value
