"""The map model and the pure drawing function, checked with a canvas that records commands."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import example_game
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.games.africa1880.palette import POWER_COLOURS, power_colour
from tabletop.ui.africa1880.map import (
    NEW,
    PIN_ADDED,
    REMOVED,
    AfricaMapView,
    Changes,
    MapModel,
    build_map_model,
    changes_from_report,
    describe,
    draw,
    legend_entries,
)
from tabletop.ui.africa1880.map.placement import joined
from tests.games.africa1880.colour_vision import seen_distance


class RecordingLayer:
    """Stands in for an ipycanvas Canvas: records style settings and drawing calls."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple, dict[str, Any]]] = []

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "calls":
            object.__setattr__(self, name, value)
        else:
            self.calls.append(("set:" + name, (value,), {}))

    def __getattr__(self, name: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> None:
            self.calls.append((name, args, kwargs))

        return call

    def texts(self) -> list[str]:
        return [args[0] for name, args, _ in self.calls if name == "fill_text"]

    def strokes_after(self, colour: str) -> list[tuple[str, tuple]]:
        """Drawing calls made while ``colour`` was the stroke style."""
        out = []
        current = None
        for name, args, _ in self.calls:
            if name == "set:stroke_style":
                current = args[0]
            elif name.startswith("stroke") and current == colour:
                out.append((name, args))
        return out


class RecordingMultiCanvas:
    def __init__(self, layers: int = 4) -> None:
        self._canvases = [RecordingLayer() for _ in range(layers)]

    def __getitem__(self, index: int) -> RecordingLayer:
        return self._canvases[index]


@pytest.fixture(scope="module")
def board():
    return load_board()


@pytest.fixture(scope="module")
def geometry(board):
    geometry = load_geometry(board)
    assert geometry is not None, "the default board ships its drawing"
    return geometry


def test_every_territory_is_found_under_its_label(board, geometry) -> None:
    state = example_game().state
    model = build_map_model(board, geometry, state)
    assert set(model.territories) == set(board.names)
    for name, view in model.territories.items():
        assert model.territory_at(*view.anchor) == name
    assert model.territory_at(2, 2) is None  # the sea in a corner


def test_model_holds_presences_pins_and_colonies(board, geometry) -> None:
    state = example_game().state
    model = build_map_model(board, geometry, state)
    kamerun = model.territories["Kamerun"]
    assert kamerun.presences == ("Belgium", "Germany")
    assert kamerun.pins == state.development["Kamerun"]
    assert kamerun.spaces == board["Kamerun"].spaces
    assert model.territories["Gabon"].colony is True
    assert model.territories["Congo"].colony is False


def test_drawing_marks_this_round_changes(board, geometry) -> None:
    state = example_game().state
    changes = Changes(
        removed=frozenset({("Great Britain", "Zanzibar")}),
        new=frozenset({("Belgium", "Congo")}),
        pins_added={"Kamerun": 1},
        colonies=frozenset({"Gabon"}),
    )
    model = build_map_model(board, geometry, state, changes)
    assert model.territories["Zanzibar"].removed == ("Great Britain",)
    canvas = RecordingMultiCanvas()
    draw(canvas, model)
    marks = canvas[2]
    # A red cross (two strokes) for the one removed presence.
    assert len([c for c in marks.strokes_after(REMOVED) if c[0] == "stroke_line"]) == 2 + 2
    # A green ring around the new presence, and one in the legend.
    assert len([c for c in marks.strokes_after(NEW) if c[0] == "stroke_circle"]) == 2
    # The pin added on Kamerun is outlined (plus the legend sample).
    assert len([c for c in marks.strokes_after(PIN_ADDED) if c[0] == "stroke_rect"]) == 2
    # The new colony's border is drawn thick.
    assert any(name == "set:line_width" and args == (4.0,) for name, args, _ in marks.calls)


def test_drawing_shows_pieces_names_and_legend(board, geometry) -> None:
    state = example_game().state
    model = build_map_model(board, geometry, state, title="1895")
    canvas = RecordingMultiCanvas()
    draw(canvas, model)
    base, pieces, marks = canvas[0], canvas[1], canvas[2]
    drawn = set(base.texts())
    for name, view in model.territories.items():
        assert view.place is not None and joined(view.place.lines) == name
        assert set(view.place.lines) <= drawn  # a long name may take two lines
    assert "1895" in base.texts()
    discs = [args for name, args, _ in pieces.calls if name == "fill_circle"]
    assert len(discs) == sum(len(v) for v in state.presences.values())
    fills = [args[0] for name, args, _ in pieces.calls if name == "set:fill_style"]
    assert power_colour("Belgium") in fills and power_colour("Great Britain") in fills
    stars = [args for name, args, _ in pieces.calls if name == "fill_polygon"]
    assert len(stars) == len(state.colonies)  # colonies are starred
    assert any(name == "clip" for name, _, _ in base.calls)  # and hatched
    assert {"Legend", "Belgium", "France", "removed", "new"} <= set(marks.texts())
    # Every layer is cleared first: a redraw never stacks on an old picture.
    for layer in (base, pieces, marks, canvas[3]):
        assert layer.calls[0][0] == "clear"


def test_legend_follows_the_language(board, geometry) -> None:
    model = build_map_model(board, geometry, example_game().state, lang="fr")
    texts = [text for _, text in legend_entries(model)]
    assert "Allemagne" in texts and "retirée" in texts and "colonie" in texts


def test_board_without_drawing_gets_a_circle_graph(board) -> None:
    data = board.to_dict()
    data["territories"] = [t for t in data["territories"]]
    renamed = board_from_dict(_rename(data, "Egypt", "Misr"), "renamed.json")
    assert load_geometry(renamed) is None
    state = example_game().state
    state = replace(
        state,
        presences={
            p: frozenset(n for n in ts if n != "Egypt") for p, ts in state.presences.items()
        },
    )
    model = build_map_model(renamed, None, state)
    assert model.fallback is True
    pairs = {tuple(sorted((a, n))) for a in renamed.names for n in renamed[a].neighbours}
    assert len(model.edges) == len(pairs)
    for name, view in model.territories.items():
        assert model.territory_at(*view.anchor) == name
    canvas = RecordingMultiCanvas()
    draw(canvas, model)
    assert "Misr" in canvas[0].texts()


def _rename(data: dict, old: str, new: str) -> dict:
    for territory in data["territories"]:
        if territory["name"] == old:
            territory["name"] = new
        territory["neighbours"] = [new if n == old else n for n in territory["neighbours"]]
    data["historical_starts"] = {
        p: (new if t == old else t) for p, t in data["historical_starts"].items()
    }
    return data


def test_details_of_a_territory(board, geometry) -> None:
    model = build_map_model(board, geometry, example_game().state)
    text = describe(model, "Kamerun")
    assert "Kamerun" in text and "Belgium, Germany" in text and "coastal" in text
    assert "Chad" in text  # its neighbours
    assert "colony" in describe(model, "Gabon")


def test_map_view_redraws_when_a_page_connects_and_shows_details(board, geometry) -> None:
    model = build_map_model(board, geometry, example_game().state)
    view = AfricaMapView(model)
    assert view.draw_count == 0  # nothing is drawn before a page shows the canvas
    view._on_client_ready()  # what ipycanvas calls when a page connects
    assert view.draw_count == 1
    view.set_model(model)  # a connected page sees a new model at once
    assert view.draw_count == 2
    view._on_client_ready()  # a page reconnecting gets the whole picture again
    assert view.draw_count == 3
    x, y = model.territories["Egypt"].anchor
    view._on_click(x, y)
    assert view.hovered == "Egypt" and "Egypt" in view.details.value
    view._on_click(1, 1)  # the sea clears the selection
    assert view.hovered is None
    # A tap (touch screens send no mouse events) selects like a click; a pinch does nothing.
    x, y = model.territories["Dahomey"].anchor
    view._on_touch([(x, y)])
    assert view.hovered == "Dahomey" and "Dahomey" in view.details.value
    view._on_touch([(1, 1), (x, y)])
    assert view.hovered == "Dahomey"
    assert (view.canvas.width, view.canvas.height) == (model.width, model.height)


def test_changes_from_report_objects_and_dicts() -> None:
    from tabletop.ui.africa1880.controller import AfricaController

    ctl = AfricaController(autosave_path=None)
    report = ctl.resolve()
    changes = changes_from_report(report)
    assert ("Great Britain", "Zanzibar") in changes.removed
    as_dict = report.to_dict(include_state=False)

    class Plain:
        pass

    plain = Plain()
    for key in ("removals", "new_presences", "development", "colonies"):
        setattr(plain, key, as_dict[key])
    assert changes_from_report(plain) == changes
    assert changes_from_report(None) == Changes()


def test_model_is_plain_data(board, geometry) -> None:
    model = build_map_model(board, geometry, example_game().state)
    assert isinstance(model, MapModel)
    with pytest.raises(AttributeError):
        model.width = 3  # type: ignore[misc]


@pytest.mark.parametrize("vision", ["typical vision", "protanopia", "deuteranopia"])
def test_no_power_colour_looks_like_the_new_ring(vision: str) -> None:
    """'New' is a green ring: no power's disc may be a green close to it for the red-green
    deficiencies (the common ones). For tritanopia (about 1 in 10,000) the Netherlands' sky blue
    comes within ΔE 15 of it: the ring is still thicker than a disc's usual white edge."""
    for power, colour in POWER_COLOURS.items():
        assert seen_distance(colour, NEW, vision) > 20, power


def test_every_name_is_kept_inside_its_label_box(board, geometry) -> None:
    """Each line is drawn with max_width = its box's width, so no font can run it over."""
    model = build_map_model(board, geometry, example_game().state)
    canvas = RecordingMultiCanvas()
    draw(canvas, model)
    widths = {
        args[0]: kwargs["max_width"]
        for name, args, kwargs in canvas[0].calls
        if name == "fill_text" and "max_width" in kwargs
    }
    for view in model.territories.values():
        assert view.place is not None
        for line in view.place.lines:
            assert widths[line] == view.place.label.w


# --- zoom ---------------------------------------------------------------------------------------


def test_map_view_zooms_in_out_and_back_to_fit(board, geometry) -> None:
    """On a phone the fitted map is about 350 px wide (names about 5 px); zoomed, the canvas is
    shown at 100 % or more in a box that scrolls, names at their drawn 11 px or more."""
    from tabletop.ui.africa1880.map.view import ZOOM_LEVELS

    model = build_map_model(board, geometry, example_game().state)
    view = AfricaMapView(model)
    assert view.zoom is None  # the whole map, as wide as the page
    assert view.canvas.layout.width == "100%"
    assert view.canvas.layout.max_width == f"{model.width}px"
    assert view.box.layout.overflow is None and "tt-map-zoomed" not in view.box._dom_classes
    assert view.zoom_out_button.disabled and view.zoom_fit_button.disabled
    assert not view.zoom_in_button.disabled
    assert view.zoom_level.value == "whole map"
    view.zoom_in_button.click()
    assert view.zoom == 1.0 == ZOOM_LEVELS[0]
    assert view.canvas.layout.width == f"{model.width}px"  # one screen pixel per canvas pixel
    assert view.canvas.layout.max_width == "none"
    assert view.box.layout.overflow == "auto" and "tt-map-zoomed" in view.box._dom_classes
    assert view.zoom_level.value == "100\u00a0%"
    assert not view.zoom_out_button.disabled and not view.zoom_fit_button.disabled
    for _ in range(len(ZOOM_LEVELS) + 2):  # beyond the largest level nothing changes
        view.zoom_in_button.click()
    assert view.zoom == ZOOM_LEVELS[-1] and view.zoom_in_button.disabled
    assert view.canvas.layout.width == f"{round(model.width * ZOOM_LEVELS[-1])}px"
    view.zoom_out_button.click()
    assert view.zoom == ZOOM_LEVELS[-2]
    view.zoom_fit_button.click()
    assert view.zoom is None and view.canvas.layout.width == "100%"
    view.set_zoom(1.0)
    view.zoom_out_button.click()  # below the smallest level: the whole map again
    assert view.zoom is None and view.box.layout.overflow is None
    view.zoom_out_button.click()
    assert view.zoom is None
    with pytest.raises(ValueError, match="positive"):
        view.set_zoom(0)


def test_clicks_and_taps_select_the_same_territory_at_every_zoom(board, geometry) -> None:
    """ipycanvas reports positions in canvas pixels at any shown size; a new model keeps the
    zoom chosen."""
    from tabletop.ui.africa1880.map.view import ZOOM_LEVELS

    model = build_map_model(board, geometry, example_game().state)
    view = AfricaMapView(model)
    for zoom in (None, *ZOOM_LEVELS):
        view.set_zoom(zoom)
        view.set_model(model)
        assert view.zoom == zoom
        for name in ("Ivory Coast", "Gold Coast", "Togo", "Dahomey", "Liberia"):
            x, y = model.territories[name].anchor
            view._on_click(x, y)
            assert view.hovered == name
            view._on_touch([(1, 1)])
            view._on_touch([(x, y)])
            assert view.hovered == name


def test_the_page_script_never_cancels_a_touch_or_a_wheel() -> None:
    """The map's page script lets the browser scroll (it stops the events before ipycanvas,
    which cancels them) and is valid JavaScript; it is given once per view, guarded per page."""
    import html
    import shutil
    import subprocess

    from tabletop.ui.africa1880.map.view import MAP_CSS, MAP_JS, map_page_glue, page_script

    assert "preventDefault" not in MAP_JS
    for event in ("touchstart", "touchmove", "touchend", "wheel"):
        assert f"'{event}'" in MAP_JS
    assert "window.ttMapGlue" in MAP_JS
    assert "touch-action: pan-x pan-y" in MAP_CSS
    glue = map_page_glue().value
    assert glue.startswith("<style>") and f'onerror="{html.escape(page_script())}"' in glue
    node = shutil.which("node")
    if node is not None:  # a syntax check where Node.js is installed
        checked = subprocess.run(
            [node, "--check", "-"], input=page_script(), text=True, capture_output=True, check=False
        )
        assert checked.returncode == 0, checked.stderr


def test_the_zoom_control_speaks_the_page_language(board, geometry) -> None:
    model = build_map_model(board, geometry, example_game().state, lang="fr")
    view = AfricaMapView(model)
    assert view.zoom_fit_button.description == "Ajuster"
    assert view.zoom_level.value == "carte entière"
    assert view.zoom_in_button.tooltip == "Agrandir"
    view.set_model(build_map_model(board, geometry, example_game().state, lang="de"))
    assert view.zoom_out_button.tooltip == "Verkleinern"
    assert view.zoom_fit_button.description == "Einpassen"
