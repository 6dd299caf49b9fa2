"""The kit's poster: its scale holds the pieces, its sheets overlap and cover it, and each
territory's card (name and space circles) lies inside the territory."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.geometry import Geometry, geometry_from_dict, load_geometry
from tabletop.printing.kit_poster import (
    COUNTER,
    MARGIN,
    MAX_HEIGHT,
    MIN_HEIGHT,
    OVERLAP,
    PT,
    ROOM,
    SPACE,
    Poster,
    Tiling,
    inscribed_radius,
    layout_poster,
    poster_scale,
    tile_poster,
)
from tabletop.printing.paper import PAPERS
from tests.games.africa1880.grid_board import grid_board


def rough_measure(text: str, size: float) -> float:
    """A generous text width (mm): wider than DejaVu Sans Bold's."""
    return len(text) * size * 25.4 / 72 * 0.75


@pytest.fixture(scope="module")
def bundled() -> Poster:
    board = load_board()
    geometry = load_geometry(board)
    assert geometry is not None
    return layout_poster(geometry, board, "en", rough_measure)


def check_tiling(tiling: Tiling, width: float, height: float) -> None:
    page_w, page_h = tiling.page_w, tiling.page_h
    assert {(page_w, page_h), (page_h, page_w)} >= {PAPERS[tiling.paper]} or (
        (page_h, page_w) == PAPERS[tiling.paper]
    )
    assert len(tiling.tiles) == tiling.rows * tiling.cols
    by_place = {(t.row, t.col): t for t in tiling.tiles}
    for tile in tiling.tiles:
        # Each sheet prints its page less the margins, where the crop marks go.
        assert tile.w == pytest.approx(page_w - 2 * MARGIN)
        assert tile.h == pytest.approx(page_h - 2 * MARGIN)
        right, below = (
            by_place.get((tile.row, tile.col + 1)),
            by_place.get((tile.row + 1, tile.col)),
        )
        if right is not None:  # neighbours share exactly the glue band
            assert tile.x + tile.w - right.x == pytest.approx(OVERLAP)
            assert right.y == tile.y
        if below is not None:
            assert tile.y + tile.h - below.y == pytest.approx(OVERLAP)
            assert below.x == tile.x
        for x, y, w, h in tiling.glue_bands(tile):
            # A glue band lies on the sheet and under the neighbour that covers it.
            assert tile.x <= x and x + w <= tile.x + tile.w + 1e-9
            assert tile.y <= y and y + h <= tile.y + tile.h + 1e-9
            cover = right if w == pytest.approx(OVERLAP) else below
            assert cover is not None
            assert cover.x <= x + 1e-9 and x + w <= cover.x + cover.w + 1e-9
            assert cover.y <= y + 1e-9 and y + h <= cover.y + cover.h + 1e-9
    # The sheets cover the whole poster, centred.
    xs = [t.x for t in tiling.tiles] + [t.x + t.w for t in tiling.tiles]
    ys = [t.y for t in tiling.tiles] + [t.y + t.h for t in tiling.tiles]
    assert min(xs) <= 0 and max(xs) >= width and min(ys) <= 0 and max(ys) >= height
    assert min(xs) == pytest.approx(-(max(xs) - width))
    assert max(xs) - min(xs) == pytest.approx(tiling.width)


@settings(max_examples=60, deadline=None)
@given(
    st.floats(min_value=50, max_value=2000),
    st.floats(min_value=50, max_value=2000),
    st.sampled_from(sorted(PAPERS)),
)
def test_the_sheets_overlap_and_cover_the_poster(width: float, height: float, paper: str) -> None:
    tiling = tile_poster(width, height, paper)
    check_tiling(tiling, width, height)
    # Fewest sheets: one row or column less would not cover the poster.
    for rows, cols in ((tiling.rows - 1, tiling.cols), (tiling.rows, tiling.cols - 1)):
        step_w, step_h = tiling.tiles[0].w - OVERLAP, tiling.tiles[0].h - OVERLAP
        assert (
            rows < 1
            or cols < 1
            or cols * step_w + OVERLAP < width
            or (rows * step_h + OVERLAP < height)
        )


def test_sheet_names_read_row_then_column() -> None:
    tiling = tile_poster(1000, 1200, "a4")
    names = [t.name for t in tiling.tiles]
    assert names[0] == "A1" and names[1] == "A2"
    assert names[tiling.cols] == "B1"
    assert len(set(names)) == len(names)


def test_the_smallest_territory_holds_two_counters_side_by_side(bundled: Poster) -> None:
    geometry = bundled.geometry
    cell = max(geometry.width, geometry.height) / 600
    radii = [inscribed_radius(rings, cell) for rings in geometry.polygons.values()]
    assert 2 * min(radii) * bundled.scale >= ROOM - 1e-6 >= 2 * COUNTER
    assert bundled.height >= MIN_HEIGHT
    # A playable size for the bundled map: 70 cm to 1 m tall.
    assert 700 <= bundled.height <= 1000
    assert poster_scale(geometry) == bundled.scale


def inside(geometry: Geometry, name: str, x: float, y: float, scale: float) -> bool:
    return geometry.territory_at(x / scale, y / scale) == name


def test_every_territory_has_its_name_and_one_circle_per_space(bundled: Poster) -> None:
    board = load_board()
    geometry = bundled.geometry
    assert set(bundled.cards) == set(board.names)
    for name, card in bundled.cards.items():
        assert " ".join(card.lines) == board.display_name(name)
        assert len(card.circles) == board[name].spaces
        if card.leader is None:
            # The circles and the name's box lie inside the territory.
            r = SPACE / 2
            for cx, cy in card.circles:
                for dx, dy in ((0, 0), (r, 0), (-r, 0), (0, r), (0, -r)):
                    assert inside(geometry, name, cx + dx, cy + dy, bundled.scale), name
            text_w = max(rough_measure(line, card.font) for line in card.lines)
            text_h = len(card.lines) * card.font * PT * 1.15
            left = card.x + (card.w - text_w) / 2
            for x in (left, left + text_w):
                for y in (card.y, card.y + text_h):
                    assert inside(geometry, name, x, y, bundled.scale), name
        for (ax, ay), (bx, by) in zip(card.circles, card.circles[1:], strict=False):
            assert math.hypot(ax - bx, ay - by) >= SPACE  # circles do not overlap
    # Every card fits inside its territory on the bundled map: no callout needed.
    assert all(card.leader is None for card in bundled.cards.values())


def test_a_too_small_territory_gets_a_callout_in_the_sea() -> None:
    board = board_from_dict(grid_board())
    geometry = load_geometry(board)
    assert geometry is not None
    # At a tenth of its size, no card fits in a cell of the grid.
    poster = layout_poster(geometry, board, "en", rough_measure, scale=poster_scale(geometry) / 10)
    callouts = [card for card in poster.cards.values() if card.leader is not None]
    assert callouts
    for card in callouts:
        start, end = card.leader  # type: ignore[misc]
        assert inside(geometry, card.territory, *end, poster.scale)
        assert card.x <= start[0] <= card.x + card.w and card.y <= start[1] <= card.y + card.h


def test_a_sliver_of_a_territory_gets_a_callout_not_a_giant_poster() -> None:
    data = grid_board()
    drawing = data["drawing"]
    # Amberland shrunk to a 6 x 6 pixel square in its corner of a 4000 x 3000 photo.
    x, y = drawing["territories"]["Amberland"]["polygons"][0][0]
    drawing["territories"]["Amberland"] = {
        "polygons": [[[x, y], [x + 6, y], [x + 6, y + 6], [x, y + 6]]],
        "label": [x + 3, y + 3],
    }
    geometry = geometry_from_dict(drawing)
    board = board_from_dict(grid_board())
    scale = poster_scale(geometry)
    assert geometry.height * scale == pytest.approx(MAX_HEIGHT)
    poster = layout_poster(geometry, board, "en", rough_measure, scale)
    assert poster.cards["Amberland"].leader is not None
    assert all(card.leader is None for name, card in poster.cards.items() if name != "Amberland")
