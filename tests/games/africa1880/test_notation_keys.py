"""notation.py's name keys: the remembered key of a text is normalize_name, for any text."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st


@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=40))
def test_fast_ascii_key_is_normalize_name(text: str) -> None:
    from tabletop.games.africa1880.board_names import normalize_name
    from tabletop.games.africa1880.notation import _key

    assert _key(text) == normalize_name(text)


@given(st.text(max_size=30))
def test_key_is_normalize_name(text: str) -> None:
    from tabletop.games.africa1880.board_names import normalize_name
    from tabletop.games.africa1880.notation import _key

    assert _key(text) == normalize_name(text)
