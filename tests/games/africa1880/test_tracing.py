"""The tracer on synthetic photos of several boards: territories found, neighbours proposed,
the sea and corners left out; and the board it proposes passes the board checks."""

from __future__ import annotations

import pytest

from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.games.africa1880.tracing import (
    CORNER_FRACTION,
    Regions,
    TraceSettings,
    proposed_board,
    read_photo,
    trace,
)
from tests.games.africa1880.synthetic_photos import (
    CLEAN,
    Defects,
    SyntheticPhoto,
    bundled_design,
    photograph,
    score,
    shapes_design,
    voronoi_design,
)

# Four boards (three designs), each photographed with every defect at once (perspective, rotation,
# shade, glare, blur, noise, JPEG), at sizes from 1 to 3 megapixels; the last one harshly (thin
# lines of 2 pixels, strong glare and shade, more blur and noise, a low JPEG quality).
HARSH = Defects(
    perspective=0.08, rotation=8.0, blur=1.8, glare=0.65, shade=0.4, noise=5.0, quality=60
)
BOARDS = {
    "bundled": (lambda: bundled_design(), 2.0, Defects(rotation=7.0, quality=65), 3.0),
    "voronoi-18": (lambda: voronoi_design(seed=11, count=18), 1.0, Defects(perspective=0.06), 3.0),
    "voronoi-36": (lambda: voronoi_design(seed=12, count=36), 3.0, Defects(rotation=-8.0), 3.0),
    "voronoi-30-harsh": (lambda: voronoi_design(seed=14, count=30), 2.5, HARSH, 2.0),
}


@pytest.fixture(scope="module", params=sorted(BOARDS))
def traced(request: pytest.FixtureRequest) -> tuple[SyntheticPhoto, Regions]:
    make, megapixels, defects, line_width = BOARDS[request.param]
    photo = photograph(make(), megapixels, defects, seed=len(request.param), line_width=line_width)
    return photo, trace(read_photo(photo.data, TraceSettings(work_side=1200)))


def test_territories_found(traced: tuple[SyntheticPhoto, Regions]) -> None:
    photo, regions = traced
    result = score(regions, photo.truth)
    assert result.total >= 18
    assert result.found_share >= 0.95, result


def test_adjacency_before_correction(traced: tuple[SyntheticPhoto, Regions]) -> None:
    photo, regions = traced
    result = score(regions, photo.truth)
    assert result.adjacency_share >= 0.95, result
    assert result.false_share <= 0.05, result


def test_the_sea_is_no_territory(traced: tuple[SyntheticPhoto, Regions]) -> None:
    photo, regions = traced
    assert score(regions, photo.truth).sea_regions == 0
    # The photo's corner is the table or the sea: no region there.
    assert regions.at(2, 2) is None
    assert regions.at(photo.width - 3, photo.height - 3) is None


def test_coasts_proposed(traced: tuple[SyntheticPhoto, Regions]) -> None:
    photo, regions = traced
    truth = photo.truth
    wrong = [
        territory
        for territory, (x, y) in truth.points.items()
        if (rid := regions.at(x, y)) is not None
        and regions.touches_sea(rid) != (territory in truth.coastal)
    ]
    assert len(wrong) <= 0.05 * len(truth.points), wrong


def test_four_territories_meeting_at_a_point_are_not_all_neighbours() -> None:
    # North West and South East touch only at the centre, as do North East and South West.
    photo = photograph(shapes_design("corner"), 1.0, Defects(rotation=4.0), seed=3)
    regions = trace(read_photo(photo.data))
    at = {t: regions.at(*point) for t, point in photo.truth.points.items()}
    assert sorted(at) == [1, 2, 3, 4] and len(set(at.values())) == 4
    borders = regions.shared_borders()
    pairs = {tuple(sorted((at[a], at[b]))) for a, b in [(1, 2), (1, 3), (2, 4), (3, 4)]}
    corners = {tuple(sorted((at[a], at[b]))) for a, b in [(1, 4), (2, 3)]}
    assert pairs <= set(borders)
    assert not corners & set(borders)
    # The corner's few pixels of contact are far below the threshold, not just under it.
    low = regions.shared_borders(min_length=0.0)
    corner_contact = max((low.get(pair, 0.0) for pair in corners), default=0.0)
    assert corner_contact < 0.5 * CORNER_FRACTION * max(regions.photo_size)


def test_no_land_bridge_is_invented_across_a_strait() -> None:
    photo = photograph(shapes_design("strait"), 1.0, Defects(), seed=4)
    regions = trace(read_photo(photo.data))
    mainland, cape, island = (regions.at(*photo.truth.points[t]) for t in (1, 2, 3))
    assert None not in (mainland, cape, island)
    assert set(regions.shared_borders()) == {tuple(sorted((mainland, cape)))}
    assert all(regions.touches_sea(rid) for rid in (mainland, cape, island))  # type: ignore[arg-type]


def test_the_sea_inside_a_printed_frame_is_sea() -> None:
    # A line around the whole map: the sea inside it does not touch the photo's edge.
    photo = photograph(voronoi_design(seed=13, count=20), 1.0, Defects(), seed=6, frame=True)
    regions = trace(read_photo(photo.data))
    result = score(regions, photo.truth)
    assert result.sea_regions == 0 and result.found_share >= 0.95, result
    coastal = {
        t for t, point in photo.truth.points.items() if regions.touches_sea(regions.at(*point))
    }  # type: ignore[arg-type]
    assert coastal == set(photo.truth.coastal)


def test_letters_do_not_split_a_territory() -> None:
    # Each territory of the clean bundled map carries its name: one region each, no more.
    photo = photograph(bundled_design(), 1.0, CLEAN, seed=5)
    regions = trace(read_photo(photo.data))
    assert len(regions) == 32
    assert score(regions, photo.truth).found == 32


def test_proposed_board_passes_the_board_checks(traced: tuple[SyntheticPhoto, Regions]) -> None:
    photo, regions = traced
    data = proposed_board(regions, "Our photo")
    names = [t["name"] for t in data["territories"]]
    assert names == [f"T{n}" for n in range(1, len(regions) + 1)]
    assert all(t["spaces"] == 2 for t in data["territories"])
    assert "total_spaces" not in data
    for territory in data["territories"]:  # neighbours both ways
        for other in territory["neighbours"]:
            assert territory["name"] in next(
                t["neighbours"] for t in data["territories"] if t["name"] == other
            )
    drawing = data["drawing"]
    assert (drawing["width"], drawing["height"]) == (photo.width, photo.height)
    assert set(drawing["territories"]) == set(names)
    for entry in drawing["territories"].values():
        assert entry["polygons"] and all(len(ring) >= 3 for ring in entry["polygons"])
        x, y = entry["label"]
        assert 0 <= x <= photo.width and 0 <= y <= photo.height
    board = board_from_dict(data)  # the drawing too
    assert set(board.names) == set(names)
    assert board.to_dict()["drawing"]["width"] == photo.width
    geometry = load_geometry(board)  # the map pages draw the traced outlines
    assert geometry is not None
    for name, entry in drawing["territories"].items():
        assert geometry.territory_at(*entry["label"]) == name


def test_names_follow_reading_order(traced: tuple[SyntheticPhoto, Regions]) -> None:
    _, regions = traced
    labels = proposed_board(regions)["drawing"]["territories"]
    first, last = labels["T1"]["label"], labels[f"T{len(regions)}"]["label"]
    assert first[1] < last[1]  # T1 is near the top, the last near the bottom


def test_label_point_lies_in_its_region(traced: tuple[SyntheticPhoto, Regions]) -> None:
    _, regions = traced
    for rid in regions.ids():
        assert regions.at(*regions.label_point(rid)) == rid
