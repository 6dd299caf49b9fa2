"""What the board shows at each stage: secrets only in their entry, a move's origin marked."""

from __future__ import annotations

from typing import Any

from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.notation import parse_action
from tabletop.store import Store
from tabletop.ui.massai.canvas import PLACED, draw
from tabletop.ui.massai.controller import MassaiController
from tabletop.ui.massai.scene import scene_for
from tabletop.ui.massai.squares import geometry_for
from tabletop.ui.massai.view import MassaiView

from .driving import click, setups


class RecordingCanvas:
    """Stands in for a canvas: keeps every call with the line dash of the moment."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], tuple[float, ...]]] = []
        self.dash: tuple[float, ...] = ()
        self.stroke_style: Any = None

    def set_line_dash(self, segments: list[float]) -> None:
        self.dash = tuple(segments)

    def __getattr__(self, name: str) -> Any:
        def record(*args: Any) -> None:
            self.calls.append((name, args, self.dash))

        return record


def test_a_move_marks_where_the_hut_came_from(store: Store) -> None:
    record = GameRecord.new()
    mine = "f1 g1 h1 a2 b2 c2 d2 e2 f2 g2".split()
    theirs = "f6 g6 h6 a5 b5 c5 d5 e5 f5 g5".split()
    lines = ["setup a1 b1 c1 d1 e1", "setup a6 b6 c6 d6 e6"]
    for a, b in zip(mine, theirs, strict=True):
        lines += [f"build {a}", f"build {b}"]
    for line in lines:
        record, report = record.play(parse_action(line, record.state.to_move))
        assert report.ok
    view = MassaiView(MassaiController(store, store.create_game(record).game_id))
    click(view, "h1")
    click(view, "h3")
    scene = scene_for(view.controller)
    assert scene.moved == ("h1", "h3") and scene.placed == ((0, "h3"),)
    assert "Dashed ring: where the moved hut came from" in view.legend.value
    canvas = RecordingCanvas()
    geometry = geometry_for(scene.state)
    draw(canvas, geometry, scene)  # type: ignore[arg-type]
    x, y = geometry.center("h1")
    dashed = [args for name, args, dash in canvas.calls if name == "stroke_circle" and dash]
    assert dashed == [(x, y, geometry.cell * 0.44)]
    assert any(name == "stroke_line" and dash for name, _args, dash in canvas.calls)
    assert canvas.dash == ()  # solid lines again for whatever is drawn next
    view.controller.set_lang("fr")
    assert "Anneau en tirets" in view.legend.value
    assert PLACED  # the origin's ring has the new hut's colour


def test_a_build_marks_only_the_new_hut(view: MassaiView) -> None:
    setups(view)
    click(view, "d3")
    scene = scene_for(view.controller)
    assert scene.placed == ((0, "d3"),) and scene.moved is None
    assert "Dashed ring" not in view.legend.value


def test_secrets_are_drawn_only_in_their_entry(view: MassaiView) -> None:
    view.start_button.click()
    click(view, "c1")
    assert scene_for(view.controller).selection == ("c1",)
    assert scene_for(view.controller).selection_as_huts
    view.controller.cancel()
    assert scene_for(view.controller).selection == ()
