"""board_names.py: the comparison key of a territory name."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.africa1880.board_names import normalize_name


def test_normalize_name_examples() -> None:
    assert normalize_name("  Côte-de-l'Or ") == "cote de l or"
    assert normalize_name("CÔTE\u2011DE\u2011L\u2019OR") == "cote de l or"
    assert normalize_name("\t") == ""


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_normalize_name_is_idempotent(text: str) -> None:
    once = normalize_name(text)
    assert normalize_name(once) == once
