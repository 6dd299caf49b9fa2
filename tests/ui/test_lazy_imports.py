"""A dashboard opens without loading the analysis (its solvers) until the teacher view, nor the
PDF library (fpdf2) until a sheet is printed.

The Africa map of an uploaded board is placed with SciPy's image tools (``scipy.ndimage``, a
distance transform; the default board's placements ship ready-made); the analysis's solvers
(``scipy.optimize``, the factored game solver) wait for the teacher view."""

from __future__ import annotations

import subprocess
import sys

import pytest

SCRIPT = """
import sys
from tabletop.ui.{package} import {factory}
page = {factory}({args})
heavy = sorted(
    m
    for m in sys.modules
    if m.startswith(("tabletop.analysis", "scipy.optimize", "scipy.sparse", "fpdf"))
)
print(",".join(heavy))
"""


@pytest.mark.parametrize(
    ("package", "factory", "args"),
    [
        ("africa1880", "africa_app", "autosave_path=sys.argv[1]"),
        ("massai", "massai_app", "game_file=sys.argv[1]"),
    ],
)
def test_the_page_opens_without_the_analysis(tmp_path, package, factory, args) -> None:
    code = SCRIPT.format(package=package, factory=factory, args=args)
    done = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "game.json")],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert done.stdout.strip() == ""


def test_the_lesson_factories_are_found_on_the_package() -> None:
    import tabletop.ui.analysis as analysis

    assert callable(analysis.dominance_lesson) and callable(analysis.massai_analysis_panel)
    with pytest.raises(AttributeError):
        analysis.no_such_thing  # noqa: B018
