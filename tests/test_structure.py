"""The house rules of the package's structure (docs/architecture.md), each a test.

The import graph is read from the source by ``tools/structure.py`` (``python tools/structure.py``
prints the same findings, ``--dot`` the drawing). Complexity is ruff's C901 at 15, run with the
other lint checks in ``tests/test_code_habits.py``.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load_scanner() -> ModuleType:
    spec = importlib.util.spec_from_file_location("structure", ROOT / "tools" / "structure.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["structure"] = module
    spec.loader.exec_module(module)
    return module


structure = _load_scanner()


@pytest.fixture(scope="module")
def modules() -> dict[str, object]:
    return structure.load()


def test_no_import_cycle_at_import_time(modules: dict[str, object]) -> None:
    found = structure.cycles(structure.graph(modules))
    assert not found, "modules importing each other: " + "; ".join(" <-> ".join(c) for c in found)


def test_no_import_cycle_through_imports_inside_functions(modules: dict[str, object]) -> None:
    # An import deferred into a function (for start-up time) must not hide a cycle either.
    found = structure.cycles(structure.graph(modules, include_lazy=True))
    assert not found, "modules importing each other: " + "; ".join(" <-> ".join(c) for c in found)


def test_no_private_name_is_imported_from_another_module(modules: dict[str, object]) -> None:
    files = [p for p in structure.python_files() if p.is_relative_to(ROOT / "tabletop")]
    found = structure.private_imports(modules, files)
    assert not found, "private names used across modules:\n" + "\n".join(found)


def test_every_name_is_imported_from_its_home(modules: dict[str, object]) -> None:
    found = structure.misplaced_imports(modules, structure.python_files())
    assert not found, "names imported through another module:\n" + "\n".join(found)


def test_examples_import_every_name_from_its_home(modules: dict[str, object]) -> None:
    """Docstring examples and the docs' code import from the defining module too."""
    documents = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
    found = structure.misplaced_example_imports(modules, structure.python_files() + documents)
    assert not found, "examples importing through another module:\n" + "\n".join(found)


def test_no_module_exists_only_to_pass_names_on(modules: dict[str, object]) -> None:
    """A module defines something of its own (``__main__`` only runs the command)."""
    hollow = [
        name
        for name, module in modules.items()
        if not module.is_package  # type: ignore[attr-defined]
        and not name.endswith(".__main__")
        and not (module.defined - {"__all__"})  # type: ignore[attr-defined]
    ]
    assert not hollow, f"modules that only import names: {hollow}"


def test_package_init_files_only_declare_their_api(modules: dict[str, object]) -> None:
    """An ``__init__`` imports and lists names, or loads them lazily; it holds no logic."""
    lazy_loading = {"__getattr__", "__dir__"}
    heavy = []
    for name, module in modules.items():
        if not module.is_package:  # type: ignore[attr-defined]
            continue
        for node in module.tree.body:  # type: ignore[attr-defined]
            if isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name not in lazy_loading:
                heavy.append(f"{name}: {node.name}")
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    # Data may sit there: the API list, the version, a lazy-loading table.
                    if isinstance(target, ast.Name) and not target.id.startswith("_"):
                        heavy.append(f"{name}: {target.id}")
    assert not heavy, "package __init__ files defining names:\n" + "\n".join(heavy)


# The layers, lowest first: a module imports only from its own layer or the ones below.
LAYERS = (
    ("tabletop.fileio", "tabletop.i18n", "tabletop.serving", "tabletop.lazy_api"),
    ("tabletop.games",),
    ("tabletop.analysis", "tabletop.printing"),
    ("tabletop.classroom",),
    ("tabletop.store",),
    ("tabletop.server",),
    ("tabletop.cli",),
    ("tabletop.ui",),
)


def _layer(module: str) -> int | None:
    for number, layer in enumerate(LAYERS):
        if any(module == top or module.startswith(top + ".") for top in layer):
            return number
    return None


def test_no_module_imports_from_a_layer_above_its_own(modules: dict[str, object]) -> None:
    upward = []
    for source, targets in structure.graph(modules, include_lazy=True).items():
        for target in targets:
            low, high = _layer(source), _layer(target)
            if low is not None and high is not None and high > low:
                upward.append(f"{source} -> {target}")
    assert not upward, "imports reaching up a layer:\n" + "\n".join(sorted(upward))


def test_every_module_has_a_layer(modules: dict[str, object]) -> None:
    assert [name for name in modules if name != "tabletop" and _layer(name) is None] == []


def test_the_tests_mirror_the_package() -> None:
    """Every folder of tests (but the browser tests and data) is a folder of the package."""
    strays = []
    for folder in sorted(p for p in (ROOT / "tests").rglob("*") if p.is_dir()):
        relative = folder.relative_to(ROOT / "tests")
        if relative.parts[0] in ("e2e", "artifacts") or "__pycache__" in relative.parts:
            continue
        if not any(folder.glob("test_*.py")):
            continue  # data folders (rule cases, amend cases)
        if not (ROOT / "tabletop" / relative).is_dir():
            strays.append(relative.as_posix())
    assert not strays, f"test folders with no package folder of the same name: {strays}"


def test_the_scanner_finds_a_cycle_and_a_private_import(tmp_path: Path) -> None:
    """The rules above can fail: a two-module cycle and a private import are found."""
    package = tmp_path / "tabletop"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from tabletop.b import _helper\n\nVALUE = 1\n")
    (package / "b.py").write_text("from tabletop.a import VALUE\n\n\ndef _helper(): ...\n")
    (package / "c.py").write_text("from tabletop.b import VALUE\n")
    found = structure.load(tmp_path)
    assert structure.cycles(structure.graph(found)) == [["tabletop.a", "tabletop.b"]]
    files = sorted(package.glob("*.py"))
    assert structure.private_imports(found, files, tmp_path) == [
        "tabletop/a.py:1: _helper from tabletop.b"
    ]
    assert structure.misplaced_imports(found, files, tmp_path) == [
        "tabletop/c.py:1: VALUE from tabletop.b (tabletop.a)"
    ]
