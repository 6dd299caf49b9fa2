"""The code habits CI holds: ruff's lint and format, and mypy on the whole package.

They run as tests so that the README's one test command (and so CI) checks them too.
"""

from __future__ import annotations

import subprocess
import sys

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=900)


def test_ruff_lint_is_clean() -> None:
    out = _run(str(BIN / "ruff"), "check", ".")
    assert out.returncode == 0, out.stdout + out.stderr


def test_ruff_format_is_clean() -> None:
    out = _run(str(BIN / "ruff"), "format", "--check", ".")
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_is_clean_on_the_package() -> None:
    # The files and settings come from pyproject.toml ([tool.mypy]).
    out = _run(sys.executable, "-m", "mypy")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Success" in out.stdout


def test_the_lint_holds_functions_to_complexity_15_and_the_core_to_strict_types() -> None:
    """The settings behind the two checks above are the house rules (docs/architecture.md)."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    lint = settings["tool"]["ruff"]["lint"]
    assert "C901" in lint["select"] and lint["mccabe"]["max-complexity"] == 15
    strict = next(
        o for o in settings["tool"]["mypy"]["overrides"] if "tabletop.games.*" in o["module"]
    )
    assert set(strict["module"]) == {
        "tabletop.games.*",
        "tabletop.analysis.*",
        "tabletop.store.*",
        "tabletop.fileio.*",
    }
    assert strict["disallow_untyped_defs"] and strict["disallow_any_generics"]
    assert strict["warn_return_any"] and strict["no_implicit_reexport"]


def test_the_package_says_it_is_typed() -> None:
    assert (ROOT / "tabletop" / "py.typed").is_file()
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in settings["tool"]["setuptools"]["package-data"]["*"]
