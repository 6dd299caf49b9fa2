"""The solver's public names, and that it knows nothing of any particular game."""

from __future__ import annotations

import ast
from pathlib import Path

import tabletop.analysis.factored as factored

SOURCE = Path(factored.__file__).parent


def test_every_listed_name_exists() -> None:
    for name in factored.__all__:
        assert hasattr(factored, name), name


def test_the_solver_imports_no_game_and_names_none() -> None:
    words = ("africa", "massai", "power", "territory", "colony", "alliance", "war")
    for path in sorted(SOURCE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert (
                    node.module is None
                    or node.module.startswith(
                        (
                            "tabletop.analysis.factored",
                            "tabletop.lazy_api",
                            "collections",
                            "dataclasses",
                            "itertools",
                            "typing",
                        )
                    )
                    or node.module in {"__future__", "numpy"}
                ), (path.name, node.module)
            if isinstance(node, ast.Name | ast.arg | ast.Attribute):
                name = getattr(node, "id", None) or getattr(node, "arg", None) or node.attr
                assert not any(w in name.lower() for w in words), (path.name, name)
