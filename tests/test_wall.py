"""The rules core, the analysis, the store and the translations never depend on widget libraries
(the wall of STYLE.md): the command line and servers use them without a page."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE_DIRS = [ROOT / "tabletop" / name for name in ("games", "analysis", "store", "i18n")]
FORBIDDEN = {"ipywidgets", "ipycanvas", "traitlets", "voila", "IPython", "ipykernel"}


def _imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def _core_files() -> list[Path]:
    return sorted(p for d in CORE_DIRS for p in d.rglob("*.py"))


def test_core_files_exist() -> None:
    # Guards the test below against passing vacuously on an empty tree.
    assert len(_core_files()) >= 5


@pytest.mark.parametrize("path", _core_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_core_module_imports_no_widget_library(path: Path) -> None:
    assert not (_imported_roots(path) & FORBIDDEN), f"{path} imports a widget library"


def test_importing_the_core_loads_no_widget_library() -> None:
    modules = sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for p in _core_files()
        # Alembic's migration scripts run only inside Alembic (env.py reads alembic.context).
        if "migrations" not in p.parts
    )
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(FORBIDDEN)!r}))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "[]"
