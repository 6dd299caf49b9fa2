"""Geometry of the map's marks on the real default board: every territory's label, development
spaces, presence discs and colony star lie inside its own shape (or its own callout in the sea),
no label meets another territory's marks, names are at least 11 px; and, over random positions,
what is drawn for one territory never leaves it."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import example_game
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.games.africa1880.palette import POWER_COLOURS
from tabletop.ui.africa1880.map import Changes, MapModel, build_map_model, draw
from tabletop.ui.africa1880.map.canvas_shapes import MAP_WIDTH, legend_box, title_box
from tabletop.ui.africa1880.map.layout import (
    NEW,
    PIN_ADDED,
    REMOVED,
    _inside,
)
from tabletop.ui.africa1880.map.placement import (
    MIN_FONT_PX,
    SLOTS,
    Box,
    joined,
    leader_end,
    text_width,
)
from tests.ui.africa1880.test_map import RecordingMultiCanvas

POWERS = tuple(POWER_COLOURS)  # the six powers

BOARD = load_board()
GEOMETRY = load_geometry(BOARD)
assert GEOMETRY is not None


def _model(state: Any = None, changes: Changes | None = None, size: int = MAP_WIDTH) -> MapModel:
    return build_map_model(BOARD, GEOMETRY, state or example_game().state, changes, size=size)


def _samples(box: Box) -> list[tuple[float, float]]:
    """Corners, edge middles and centre of a box, pulled in by a hair (a box may touch itself)."""
    e = 0.01
    xs = (box.x + e, box.x + box.w / 2, box.x + box.w - e)
    ys = (box.y + e, box.y + box.h / 2, box.y + box.h - e)
    return [(x, y) for x in xs for y in ys]


def _owner(model: MapModel, points: list[tuple[float, float]]) -> str | None:
    """The territory whose shape, or whose callout, holds all ``points``; None if none does."""
    # The middle sample (the centre) names the candidate; every other point must agree.
    name = model.territory_at(*points[len(points) // 2])
    if name is None:
        return None
    place = model.territories[name].place
    assert place is not None
    if place.callout is not None:
        return name if all(place.callout.contains(x, y) for x, y in points) else None
    return name if all(model.territory_at(x, y) == name for x, y in points) else None


@pytest.fixture(scope="module")
def model() -> MapModel:
    return _model()


def test_the_default_map_is_740_px_wide_and_names_are_11_px_or_more(model: MapModel) -> None:
    assert MAP_WIDTH == 740 and model.width == 740
    for name, view in model.territories.items():
        place = view.place
        assert place is not None, name
        assert place.font_px >= MIN_FONT_PX == 11, name
        assert joined(place.lines) == name
        # The box is as wide as the name at that size, so it is never squeezed to fit.
        for line in place.lines:
            assert place.label.w >= text_width(line, place.font_px), (name, line)


def test_every_mark_lies_inside_its_own_territory_or_its_callout(model: MapModel) -> None:
    callouts = []
    for name, view in model.territories.items():
        place = view.place
        assert place is not None
        items = place.item_boxes()
        kinds = Counter(kind for kind, _ in items)
        assert kinds == {"label": 1, "space": BOARD[name].spaces, "disc": SLOTS, "star": 1}
        for kind, box in items:
            assert _owner(model, _samples(box)) == name, (name, kind, box)
        if place.callout is not None:
            callouts.append(name)
            # The leader line starts in the territory.
            assert model.territory_at(*place.pole) == name
    # The crowded coast of the Gulf of Guinea, Guinea and the inland south fit on the map itself;
    # the rest of the small coastal territories (and the island) have a callout in the sea.
    for name in ("Ivory Coast", "Gold Coast", "Togo", "Niger", "Kamerun", "Guinea"):
        assert name not in callouts
    assert sorted(callouts) == ["Gabon", "Liberia", "Madagascar", "Natal", "Tunisia"]


def test_only_coastal_territories_have_callouts(model: MapModel) -> None:
    """An inland territory's leader line would have to cross a neighbour to reach the sea."""
    for name, view in model.territories.items():
        assert view.place is not None
        if view.place.callout is not None:
            assert BOARD[name].coastal, name


def _crossed(model: MapModel, start: tuple[float, float], end: tuple[float, float]) -> set[str]:
    """Territories under the segment start-end, sampled every quarter pixel (shapes only)."""
    steps = max(2, int(math.dist(start, end) * 4))
    found = set()
    for k in range(steps + 1):
        x = start[0] + (end[0] - start[0]) * k / steps
        y = start[1] + (end[1] - start[1]) * k / steps
        for name, view in model.territories.items():
            if any(_inside(x, y, poly) for poly in view.polygons):
                found.add(name)
    return found


def test_leader_lines_cross_only_their_own_territory_and_the_sea(model: MapModel) -> None:
    crossings = {}
    for name, view in model.territories.items():
        place = view.place
        assert place is not None
        if place.callout is None:
            continue
        start = leader_end(place.callout, place.pole)
        assert not any(
            _inside(*start, poly) for v in model.territories.values() for poly in v.polygons
        ), (name, "the callout's edge is on land")
        others = _crossed(model, start, place.pole) - {name}
        if others:
            crossings[name] = sorted(others)
    assert crossings == {}


def test_callouts_lie_in_the_sea_apart_from_each_other_and_the_legend(model: MapModel) -> None:
    frames = {
        name: view.place.callout
        for name, view in model.territories.items()
        if view.place is not None and view.place.callout is not None
    }
    for name, frame in frames.items():
        assert 0 <= frame.x and frame.x + frame.w <= model.width, name
        assert 0 <= frame.y and frame.y + frame.h <= model.height, name
        assert not frame.overlaps(legend_box(model.height)), name
        assert not frame.overlaps(title_box()), name
        grid = [
            (frame.x + i * frame.w / 10, frame.y + j * frame.h / 10)
            for i in range(11)
            for j in range(11)
        ]
        # No land under the frame: a click anywhere on it selects its territory.
        others = [p for p in grid if model.territory_at(*p) != name]
        assert others == [], (name, others[:3])
    for (a, fa), (b, fb) in itertools.combinations(frames.items(), 2):
        assert not fa.overlaps(fb), (a, b)


def test_no_label_meets_another_label_or_another_territorys_marks(model: MapModel) -> None:
    places = {name: view.place for name, view in model.territories.items()}
    for a, b in itertools.permutations(places, 2):
        pa, pb = places[a], places[b]
        assert pa is not None and pb is not None
        for kind, box in pb.item_boxes():
            assert not pa.label.overlaps(box), (a, b, kind)


def test_the_marks_of_one_territory_do_not_overlap_each_other(model: MapModel) -> None:
    for name, view in model.territories.items():
        assert view.place is not None
        for (ka, a), (kb, b) in itertools.combinations(view.place.item_boxes(), 2):
            assert not a.overlaps(b), (name, ka, kb)


def test_the_problems_seen_at_the_table_are_gone(model: MapModel) -> None:
    """Ivory Coast's and Gold Coast's spaces were one row; Dahomey's star was in Niger; a new
    presence in Transvaal sat on Natal's squares."""
    views = model.territories
    for name in ("Ivory Coast", "Gold Coast"):
        place = views[name].place
        assert place is not None
        assert {_owner(model, _samples(b)) for b in place.spaces} == {name}
    dahomey = views["Dahomey"].place
    assert dahomey is not None
    star = Box(dahomey.star[0] - 7, dahomey.star[1] - 7, 14, 14)
    assert _owner(model, _samples(star)) == "Dahomey"
    transvaal, natal = views["Transvaal"].place, views["Natal"].place
    assert transvaal is not None and natal is not None
    for kind, disc in transvaal.item_boxes():
        assert all(not disc.overlaps(square) for square in natal.spaces), kind


def test_hit_testing_finds_each_territory_under_its_marks(model: MapModel) -> None:
    """Clicks and taps arrive in canvas pixels at any display scale (ipycanvas divides by the
    scale), so the model is tested in canvas pixels; tests/e2e/test_map_browser.py clicks and
    taps a page at laptop and phone width."""
    for name, view in model.territories.items():
        assert view.place is not None
        assert model.territory_at(*view.anchor) == name
        for _kind, box in view.place.item_boxes():
            assert model.territory_at(*box.centre) == name


# --- random positions -------------------------------------------------------------------------


@st.composite
def positions(draw_: Any) -> tuple[SimpleNamespace, Changes]:
    """Random presences, pins and colonies of one to six powers, with random changes."""
    names = list(BOARD.names)
    powers = tuple(draw_(st.lists(st.sampled_from(POWERS), min_size=1, max_size=6, unique=True)))
    presences = {p: frozenset(draw_(st.sets(st.sampled_from(names)))) for p in powers}
    pins = {n: draw_(st.integers(0, BOARD[n].spaces)) for n in names}
    colonies = frozenset(draw_(st.sets(st.sampled_from(names), max_size=12)))
    removed = {
        (p, n) for p in powers for n in sorted(presences[p]) if draw_(st.integers(0, 3)) == 0
    }
    new = {(p, n) for p in powers for n in sorted(presences[p]) if (p, n) not in removed}
    new = set(list(new)[: draw_(st.integers(0, len(new)))])
    # The map reads only these attributes of a game state; any combination must draw right,
    # so the rules' limits (pawns per power) are not applied here.
    state = SimpleNamespace(
        powers=powers,
        presences={p: presences[p] - {n for q, n in removed if q == p} for p in powers},
        development=pins,
        colonies=colonies,
    )
    changes = Changes(
        removed=frozenset(removed),
        new=frozenset(new),
        pins_added={n: draw_(st.integers(0, pins[n])) for n in names if pins[n]},
        colonies=frozenset(n for n in colonies if draw_(st.booleans())),
    )
    return state, changes


def _drawn(layer: Any) -> list[tuple[str, str | None, str | None, tuple]]:
    """(call, fill colour, stroke colour, args) of every drawing call of a recorded layer."""
    fill = stroke = None
    out = []
    for name, args, _ in layer.calls:
        if name == "set:fill_style":
            fill = args[0]
        elif name == "set:stroke_style":
            stroke = args[0]
        elif not name.startswith("set:"):
            out.append((name, fill, stroke, args))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_what_is_drawn_for_a_territory_never_leaves_it(position) -> None:
    state, changes = position
    model = _model(state, changes)
    canvas = RecordingMultiCanvas()
    draw(canvas, model)
    legend = legend_box(model.height, len(model.powers))

    def owner_of_circle(x: float, y: float, r: float) -> str | None:
        return _owner(model, _samples(Box(x - r, y - r, 2 * r, 2 * r)))

    discs: Counter[str | None] = Counter()
    squares: Counter[str | None] = Counter()
    stars: Counter[str | None] = Counter()
    for call, _fill, _stroke, args in _drawn(canvas[1]):
        if call == "fill_circle":
            discs[owner_of_circle(*args)] += 1
        elif call == "fill_rect":
            squares[_owner(model, _samples(Box(*args)))] += 1
        elif call == "fill_polygon":
            xs, ys = [p[0] for p in args[0]], [p[1] for p in args[0]]
            box = Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
            stars[_owner(model, _samples(box))] += 1
    # Each territory's pieces are drawn in it, as many as it has (none strays to a neighbour).
    expected_discs = Counter(
        {n: len(v.presences) + len(v.removed) for n, v in model.territories.items()}
    )
    assert discs == +expected_discs
    assert squares == +Counter({n: BOARD[n].spaces for n in BOARD.names})
    assert stars == +Counter({n: 1 for n in state.colonies})
    # This round's marks: crosses on removed discs, rings on new ones, outlines of added pins.
    crosses: Counter[str | None] = Counter()
    rings: Counter[str | None] = Counter()
    added: Counter[str | None] = Counter()
    for call, _fill, stroke, args in _drawn(canvas[2]):
        if call == "stroke_line" and stroke == REMOVED:
            x0, y0, x1, y1 = args
            if legend.contains(x0, y0):
                continue
            box = Box(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
            crosses[_owner(model, _samples(box))] += 1
        elif call == "stroke_circle" and stroke == NEW:
            x, y, r = args
            if legend.contains(x, y):
                continue
            rings[owner_of_circle(x, y, r + 1.25)] += 1  # and half the line's width
        elif call == "stroke_rect" and stroke == PIN_ADDED:
            x, y, w, h = args
            if legend.contains(x, y):
                continue
            added[_owner(model, _samples(Box(x - 1, y - 1, w + 2, h + 2)))] += 1
    removed_by = Counter(n for _, n in changes.removed)
    assert crosses == +Counter({n: 2 * k for n, k in removed_by.items()})
    new_by = Counter(n for p, n in changes.new if n in state.presences.get(p, ()))
    assert rings == +new_by
    assert added == +Counter(dict(changes.pins_added))
