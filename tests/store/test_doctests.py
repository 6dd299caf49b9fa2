"""The examples in the storage layer's docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "tabletop.store.cache",
    "tabletop.store.engine",
    "tabletop.store.history",
    "tabletop.store.records",
    "tabletop.store.store",
    "tabletop.store.seats",
    "tabletop.store.classroom",
    "tabletop.store.tokens",
    "tabletop.store.table_address",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
