"""board_names.py: the comparison key of a territory name and the closest known key."""

from __future__ import annotations

import difflib

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.africa1880.board_names import close_matches, closest_key, normalize_name


def test_normalize_name_examples() -> None:
    assert normalize_name("  Côte-de-l'Or ") == "cote de l or"
    assert normalize_name("CÔTE\u2011DE\u2011L\u2019OR") == "cote de l or"
    assert normalize_name("\t") == ""


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_normalize_name_is_idempotent(text: str) -> None:
    once = normalize_name(text)
    assert normalize_name(once) == once


_LETTERS = st.text(alphabet="abcdeilnorstuy ", min_size=1, max_size=12)


@settings(max_examples=300, deadline=None)
@given(_LETTERS, st.lists(_LETTERS, max_size=30), st.integers(1, 5))
def test_close_matches_are_difflibs(key: str, candidates: list[str], n: int) -> None:
    expected = difflib.get_close_matches(key, candidates, n=n, cutoff=0.6)
    assert close_matches(key, candidates, n=n) == expected


def test_closest_key_prefers_the_fewest_edits() -> None:
    assert closest_key("lybia", ["liberia", "libya", "egypt"]) == "libya"
    assert closest_key("atlantis", ["libya", "egypt"]) is None
    assert closest_key("", ["libya"]) is None


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=40))
def test_the_ascii_path_gives_the_general_key(text: str) -> None:
    from tabletop.games.africa1880.board_names import _normalize_once

    # Plain ASCII settles in one pass of the general path.
    assert normalize_name(text) == _normalize_once(text)
