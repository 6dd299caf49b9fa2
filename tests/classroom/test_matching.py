"""Groups: every present student in exactly one seat, computers only where nobody can sit."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tabletop.classroom.matching import draw_groups, next_groups

students = st.lists(st.text("abcdefgh", min_size=1, max_size=3), unique=True, max_size=41)


@given(students, st.integers(1, 3), st.integers(0, 2**16))
def test_random_groups_seat_everyone_once(names: list[str], size: int, seed: int) -> None:
    groups = draw_groups(names, size, random.Random(seed))
    seated = [s for g in groups for s in g if s is not None]
    assert sorted(seated) == sorted(names)
    assert all(len(g) == size for g in groups)
    # Only the last group may have computer seats, and fewer than a whole group.
    assert all(None not in g for g in groups[:-1])
    assert sum(s is None for g in groups for s in g) == (-len(names)) % size


@given(students, st.integers(2, 3), st.integers(0, 2**16), st.data())
def test_fixed_groups_keep_partners_and_fill_gaps(
    names: list[str], size: int, seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    first = draw_groups(names, size, rng)
    gone = set(data.draw(st.lists(st.sampled_from(names), unique=True)) if names else [])
    late = [f"new{k}" for k in range(data.draw(st.integers(0, 4)))]
    present = [n for n in names if n not in gone] + late
    second = next_groups(first, present, size, rng)
    seated = [s for g in second for s in g if s is not None]
    assert sorted(seated) == sorted(present)
    assert all(len(g) == size and any(s is not None for s in g) for g in second)
    # Two students who stayed and were partners are still partners.
    partners = {frozenset((a, b)) for g in first for a in g for b in g if a and b and a != b}
    kept = {frozenset((a, b)) for g in second for a in g for b in g if a and b and a != b}
    assert {p for p in partners if not p & gone} <= kept


def test_fixed_groups_turn_roles() -> None:
    rng = random.Random(3)
    first = [("a", "b")]
    assert next_groups(first, ["a", "b"], 2, rng) == [("b", "a")]
