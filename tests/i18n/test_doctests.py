"""The examples in the docstrings of tabletop.i18n run (and pass)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "tabletop.i18n",
    "tabletop.i18n.languages",
    "tabletop.i18n.translate",
    "tabletop.i18n.formatting",
    "tabletop.i18n.messages",
    "tabletop.i18n.keys",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0, f"{name} has no example"
    assert result.failed == 0
