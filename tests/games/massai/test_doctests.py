"""The examples in the Massai docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "tabletop.fileio",
    "tabletop.games.massai.board",
    "tabletop.games.massai.notation",
    "tabletop.ui.massai.texts",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
