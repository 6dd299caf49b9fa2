"""The runnable examples in the analysis docstrings stay true (every module of the package)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import tabletop.analysis

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(tabletop.analysis.__path__, prefix="tabletop.analysis.")
)


def test_the_solver_and_the_model_are_covered() -> None:
    assert "tabletop.analysis.factored.nash" in MODULES
    assert "tabletop.analysis.africa_diplomacy.model" in MODULES


@pytest.mark.parametrize("name", ["tabletop.analysis", *MODULES])
def test_docstring_examples(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if name != "tabletop.analysis":  # the package itself only re-exports
        assert result.attempted > 0, f"{name} has no runnable example"
