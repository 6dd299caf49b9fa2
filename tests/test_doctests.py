"""Every example written in the package's docstrings runs and gives what it shows.

Modules are found by their ``>>>`` lines, so a new module's examples run without being listed.
Some areas add stronger checks of their own (every analysis module has examples, for one).
"""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _modules_with_examples() -> list[str]:
    found = []
    for path in sorted((ROOT / "tabletop").rglob("*.py")):
        if "migrations" in path.parts:  # Alembic scripts run only inside Alembic
            continue
        if re.search(r"^\s*>>> ", path.read_text(encoding="utf-8"), re.M):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found.append(".".join(parts).removesuffix(".__init__"))
    return found


def test_examples_are_found() -> None:
    # Guards the test below against passing on nothing.
    assert len(_modules_with_examples()) >= 20


@pytest.mark.parametrize("name", _modules_with_examples())
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
