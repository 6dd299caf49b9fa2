"""The runnable examples in the Africa 1880 docstrings stay true."""

from __future__ import annotations

import doctest

import pytest

import tabletop.games.africa1880.adjudicate
import tabletop.games.africa1880.notation
import tabletop.games.africa1880.state


@pytest.mark.parametrize(
    "module",
    [
        tabletop.games.africa1880.adjudicate,
        tabletop.games.africa1880.notation,
        tabletop.games.africa1880.state,
    ],
)
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0
