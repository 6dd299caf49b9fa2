"""The examples in the docstrings of every tabletop.ui module run and give what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tabletop.ui

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(tabletop.ui.__path__, prefix="tabletop.ui.")
)


def test_every_subpackage_is_walked() -> None:
    for package in ("shell", "africa1880", "africa1880.map", "massai", "analysis"):
        assert f"tabletop.ui.{package}" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize(
    "name",
    [
        "tabletop.ui.africa1880.texts",
        "tabletop.ui.shell.timer",
        "tabletop.ui.shell.texts",
        "tabletop.ui.shell.tabs",
        "tabletop.ui.shell.html",
        "tabletop.ui.massai.texts",
        "tabletop.ui.analysis.texts",
    ],
)
def test_modules_with_examples_have_them_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
