"""geometry.py: the drawing of the default map agrees with the board (borders, coasts), and the
generator in tools/ reproduces it."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from tabletop.games.africa1880.board import BoardError
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.geometry import Geometry, geometry_from_dict, load_geometry

DATA = Path(__file__).resolve().parents[3] / "tabletop" / "games" / "africa1880" / "data"
BOARD = load_board()


GEOMETRY = load_geometry(BOARD)


def test_geometry_covers_exactly_the_board() -> None:
    assert isinstance(GEOMETRY, Geometry)
    assert set(GEOMETRY.polygons) == set(BOARD.names) == set(GEOMETRY.labels)
    # About 1000 px across, stretched 1.2 times in height (a page scrolls down, not sideways).
    assert 1100 <= GEOMETRY.height <= 1300
    assert 80 <= len(GEOMETRY.outline) <= 600  # the Gulf of Guinea lens adds points to the coast


def test_drawn_borders_are_exactly_the_neighbours() -> None:
    assert GEOMETRY is not None
    listed = {tuple(sorted((a, b))) for a in BOARD.names for b in BOARD.territories[a].neighbours}
    assert GEOMETRY.shared_borders() == listed


def test_drawn_coasts_are_exactly_the_coastal_territories() -> None:
    assert GEOMETRY is not None
    # The coastline drawn as one more polygon: a territory is coastal iff it borders it.
    sea = "<coastline>"
    with_coast = Geometry(
        GEOMETRY.width,
        GEOMETRY.height,
        GEOMETRY.outline,
        {**GEOMETRY.polygons, sea: (GEOMETRY.outline,)},
        GEOMETRY.labels,
    )
    touching = {a if b == sea else b for a, b in with_coast.shared_borders(3.0) if sea in (a, b)}
    islands = {name for name in BOARD.names if not BOARD.territories[name].neighbours}
    assert touching | islands == set(BOARD.coastal_names())


def test_territory_at_each_label_finds_that_territory() -> None:
    assert GEOMETRY is not None
    for name, (x, y) in GEOMETRY.labels.items():
        assert 0 <= x <= GEOMETRY.width and 0 <= y <= GEOMETRY.height
        assert GEOMETRY.territory_at(x, y) == name


def test_territory_at_the_sea_is_none() -> None:
    assert GEOMETRY is not None
    assert GEOMETRY.territory_at(0, 0) is None
    assert GEOMETRY.territory_at(GEOMETRY.width - 1, 0) is None


def _square(x: float, y: float, size: float = 10) -> tuple:
    return ((x, y), (x + size, y), (x + size, y + size), (x, y + size))


def test_shared_borders_need_a_common_segment_not_a_corner() -> None:
    geometry = geometry_from_dict(
        {
            "width": 40,
            "height": 40,
            "outline": [],
            "territories": {
                "A": {"polygons": [_square(0, 0)], "label": [5, 5]},
                "B": {"polygons": [_square(10, 5)], "label": [15, 10]},  # half of A's side
                "C": {"polygons": [_square(20, 15)], "label": [25, 20]},  # B's corner only
            },
        }
    )
    assert geometry.shared_borders() == {("A", "B")}
    assert geometry.territory_at(5, 5) == "A"
    assert geometry.territory_at(35, 35) is None


def test_malformed_geometry_is_refused() -> None:
    with pytest.raises(BoardError, match='needs "polygons"'):
        geometry_from_dict(
            {"width": 10, "height": 10, "territories": {"A": {"polygons": [[[0, 0]]]}}}
        )
    with pytest.raises(BoardError, match='"width" must be a positive number'):
        geometry_from_dict({"width": 0, "height": 10, "territories": {}})


def _generator() -> ModuleType:
    path = Path(__file__).resolve().parents[3] / "tools" / "make_africa_geometry.py"
    spec = importlib.util.spec_from_file_location("make_africa_geometry", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generator_reproduces_the_committed_drawing() -> None:
    generator = _generator()
    data = generator.build()
    committed = json.loads((DATA / "default_geometry.json").read_text(encoding="utf-8"))
    assert set(data["territories"]) == set(committed["territories"])
    # Qhull may differ in the last digits between versions, hence a small tolerance.
    for name, drawn in data["territories"].items():
        rings = committed["territories"][name]["polygons"]
        assert [len(r) for r in drawn["polygons"]] == [len(r) for r in rings], name
        for ring, ring_committed in zip(drawn["polygons"], rings, strict=True):
            for (x, y), (cx, cy) in zip(ring, ring_committed, strict=True):
                assert abs(x - cx) < 0.05 and abs(y - cy) < 0.05, name
    assert generator.compare(geometry_from_dict(data)) == []


def test_generator_reports_a_disagreement() -> None:
    generator = _generator()
    assert GEOMETRY is not None
    # Drop Chad's drawing: the comparison must notice the borders and the territory it loses.
    partial = Geometry(
        GEOMETRY.width,
        GEOMETRY.height,
        GEOMETRY.outline,
        {n: p for n, p in GEOMETRY.polygons.items() if n != "Chad"},
        {n: p for n, p in GEOMETRY.labels.items() if n != "Chad"},
    )
    problems = generator.compare(partial)
    assert "Chad is in only one of the board and the drawing" in problems
    assert "Chad and Libya are neighbours in the board but share no drawn border" in problems
