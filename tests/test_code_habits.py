"""The code habits CI holds: ruff's lint and format, and mypy on the whole package.

They run as tests so that the README's one test command (and so CI) checks them too.
"""

from __future__ import annotations

import subprocess
import sys
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
