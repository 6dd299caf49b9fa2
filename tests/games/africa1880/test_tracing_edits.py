"""The editing model of traced regions: merge, split, draw and erase keep the areas and the
ids as a person expects, a copy is independent, and a bad edit is refused with a reason."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.games.africa1880.tracing import Regions, TraceSettings, read_photo, trace
from tests.games.africa1880.synthetic_photos import Defects, photograph, voronoi_design

EDITS = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture(scope="module")
def traced() -> Regions:
    photo = photograph(voronoi_design(seed=21, count=16), 1.0, Defects(), seed=2)
    return trace(read_photo(photo.data, TraceSettings(work_side=800)))


def _areas(regions: Regions) -> dict[int, float]:
    return {rid: regions.area(rid) for rid in regions.ids()}


@EDITS
@given(data=st.data())
def test_merge_keeps_the_total_area_and_the_smaller_id(
    traced: Regions, data: st.DataObject
) -> None:
    regions = traced.copy()
    pairs = sorted(regions.shared_borders())
    a, b = data.draw(st.sampled_from(pairs))
    if data.draw(st.booleans()):
        a, b = b, a
    before = _areas(regions)
    kept = regions.merge(a, b)
    after = _areas(regions)
    assert kept == min(a, b)
    assert set(after) == set(before) - {max(a, b)}
    assert after[kept] == pytest.approx(before[a] + before[b])
    assert all(after[rid] == before[rid] for rid in after if rid != kept)
    assert regions.at(*traced.label_point(a)) == kept == regions.at(*traced.label_point(b))


@EDITS
@given(data=st.data(), angle=st.floats(0, math.pi))
def test_split_gives_two_regions_adding_up(
    traced: Regions, data: st.DataObject, angle: float
) -> None:
    regions = traced.copy()
    rid = data.draw(st.sampled_from(regions.ids()))
    x, y = regions.label_point(rid)
    reach = math.hypot(*regions.photo_size)  # a cut from one side of the photo to the other
    start = (x - reach * math.cos(angle), y - reach * math.sin(angle))
    end = (x + reach * math.cos(angle), y + reach * math.sin(angle))
    before = _areas(regions)
    kept, new = regions.split(rid, start, end)
    after = _areas(regions)
    assert kept == rid and new not in before and new > max(before)
    assert set(after) == set(before) | {new}
    assert after[rid] + after[new] == pytest.approx(before[rid])
    assert after[rid] >= after[new] > 0  # the larger side keeps the id
    assert all(after[other] == before[other] for other in before if other != rid)


@EDITS
@given(
    box=st.tuples(
        st.floats(0.05, 0.8), st.floats(0.05, 0.8), st.floats(0.03, 0.2), st.floats(0.03, 0.2)
    )
)
def test_draw_takes_the_pixels_inside_the_outline(
    traced: Regions, box: tuple[float, float, float, float]
) -> None:
    regions = traced.copy()
    width, height = regions.photo_size
    left, top, w, h = box[0] * width, box[1] * height, box[2] * width, box[3] * height
    before = _areas(regions)
    new = regions.draw([(left, top), (left + w, top), (left + w, top + h), (left, top + h)])
    after = _areas(regions)
    assert new not in before and new > max(before)
    assert regions.at(left + w / 2, top + h / 2) == new
    assert after[new] == pytest.approx(w * h, rel=0.15)
    assert all(after.get(rid, 0.0) <= area for rid, area in before.items())
    # What the new region took, the others lost (or the sea and the lines did).
    lost = sum(area - after.get(rid, 0.0) for rid, area in before.items())
    assert lost <= after[new] + 1e-6


def test_erase_removes_one_region(traced: Regions) -> None:
    regions = traced.copy()
    rid = regions.ids()[3]
    point = regions.label_point(rid)
    regions.erase(rid)
    assert rid not in regions.ids() and regions.at(*point) is None
    assert {r: regions.area(r) for r in regions.ids()} == {
        r: a for r, a in _areas(traced).items() if r != rid
    }


def test_erase_to_the_sea_makes_the_neighbours_coastal(traced: Regions) -> None:
    regions = traced.copy()
    inland = [rid for rid in regions.ids() if not regions.touches_sea(rid)]
    assert inland
    rid = inland[0]
    around = {b if a == rid else a for a, b in regions.shared_borders() if rid in (a, b)}
    regions.erase(rid, to_sea=True)
    assert all(regions.touches_sea(other) for other in around)


def test_a_copy_is_independent(traced: Regions) -> None:
    before = _areas(traced)
    twin = traced.copy()
    a, b = sorted(twin.shared_borders())[0]
    twin.merge(a, b)
    twin.erase(twin.ids()[0])
    assert _areas(traced) == before
    assert len(twin) == len(traced) - 2


def test_bad_edits_refused_with_a_reason(traced: Regions) -> None:
    regions = traced.copy()
    rid = regions.ids()[0]
    x, y = regions.label_point(rid)
    with pytest.raises(ValueError, match="does not divide"):
        regions.split(rid, (x - 2, y), (x + 2, y))  # a nick inside, not a cut across
    with pytest.raises(ValueError, match="itself"):
        regions.merge(rid, rid)
    with pytest.raises(ValueError, match="no region 9999"):
        regions.merge(rid, 9999)
    with pytest.raises(ValueError, match="at least 3 points"):
        regions.draw([(0, 0), (10, 10)])
    with pytest.raises(ValueError, match="no area"):
        regions.draw([(x, y), (x + 0.1, y), (x, y + 0.1)])
    assert _areas(regions) == _areas(traced)  # nothing changed


def test_taps_outside_the_photo_find_nothing(traced: Regions) -> None:
    width, height = traced.photo_size
    for x, y in [(-5, 10), (10, -5), (width + 1, 10), (10, height + 1)]:
        assert traced.at(x, y) is None


def test_outline_hit_test_agrees_with_at(traced: Regions) -> None:
    from tabletop.games.africa1880.geometry import geometry_from_dict

    geometry = geometry_from_dict(
        {
            "width": traced.photo_size[0],
            "height": traced.photo_size[1],
            "territories": {
                str(rid): {"polygons": traced.outline(rid), "label": traced.label_point(rid)}
                for rid in traced.ids()
            },
        }
    )
    for rid in traced.ids():
        assert geometry.territory_at(*traced.label_point(rid)) == str(rid)
