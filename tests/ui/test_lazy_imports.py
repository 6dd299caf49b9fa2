"""A dashboard opens without loading the analysis (its solvers) until the teacher view, nor the
PDF library (fpdf2) until a sheet is printed.

The Africa map of an uploaded board is placed with SciPy's image tools (``scipy.ndimage``, a
distance transform; the default board's placements ship ready-made); the analysis's solvers
(``scipy.optimize``, the factored game solver) wait for the teacher view.

Every page visit starts a kernel (issue 19: a kernel's memory is what a class of phones costs),
so the seat and student pages, built as their notebooks build them from a real table's and a
real class's links, load no library they do not use: no SciPy, matplotlib, pandas, PDF or QR
library, nor Jupyter's server (``voila.utils``, wanted by a preheated kernel only). The student
page loads no numpy, analysis or board either (it shows a class game's roles, actions and kept
results: the payoffs are computed where a round is closed); the seat's map, an ipycanvas
canvas (numpy and Pillow), is drawn when the player asks for it, and a table round's conflicts
are counted without numpy. ``benchmarks/page_memory.py`` measures the kernels."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

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


ROOT = Path(__file__).resolve().parents[2]
#: Loaded by neither page (top-level packages, and tabletop packages).
NEVER = (
    "scipy",
    "matplotlib",
    "pandas",
    "fpdf",
    "reportlab",
    "segno",
    "nbconvert",
    "jupyter_server",
    "tabletop.printing",
)
#: Also not by the seat page (the student page plays a class game of the analysis).
NOT_ON = {
    # The seat's map is drawn when the player asks for it (numpy and Pillow come with it).
    "seat": ("tabletop.analysis", "tabletop.classroom", "numpy", "PIL", "ipycanvas"),
    "student": (
        "numpy",
        "jsonschema",
        "PIL",
        "ipycanvas",
        "tabletop.analysis",
        "tabletop.ui.africa1880",
        "tabletop.ui.seat.africa",
    ),
}
# Runs a notebook's code cells as Voilà does (the query string in $QUERY_STRING), keeps the
# page (the last cell's value), then prints the CSS classes of its widgets and what was loaded.
NOTEBOOK_RUNNER = """
import ast, json, sys
import ipywidgets
tree = ast.parse(sys.stdin.read())
last = tree.body.pop()
scope = {}
exec(compile(tree, "<notebook>", "exec"), scope)
page = eval(compile(ast.Expression(last.value), "<notebook>", "eval"), scope)
classes = sorted(
    {c for w in ipywidgets.Widget.widgets.values() for c in getattr(w, "_dom_classes", ())}
)
print(json.dumps({"page": type(page).__name__, "classes": classes, "modules": sorted(sys.modules)}))
"""


def notebook_code(name: str) -> str:
    cells = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in cells["cells"] if c["cell_type"] == "code")


def open_links(db: Path) -> dict[str, str]:
    """A table on the example Africa game and a class of two students in its second round (the
    first one's results kept): the query strings of a seat's link and of a student's personal
    link."""
    from tabletop.games.africa1880.gamefile import example_game
    from tabletop.store import open_store
    from tabletop.store.classroom import Classes
    from tabletop.store.seats import Tables

    store = open_store(db)
    try:
        table = Tables(store).open_table(store.create_game(example_game()).game_id)
        classes = Classes(store)
        new = classes.create("africa-two-full", rounds=2, seed=1)
        ana = classes.join(new.class_id, new.code, "Ana")
        ben = classes.join(new.class_id, new.code, "Ben")
        classes.open_round(new.class_id, new.host_token)
        for student in (ana, ben):
            classes.submit(new.class_id, student.token, "war")
        classes.close_round(new.class_id, new.host_token)
        classes.open_round(new.class_id, new.host_token)
    finally:
        store.close()
    return {
        "seat": f"table={table.table_id}&token={table.seats[0].token}",
        "student": f"class={new.class_id}&student={ana.token}",
    }


@pytest.mark.parametrize(("name", "shown"), [("seat", "tt-seal"), ("student", "tt-choice")])
def test_a_phone_page_loads_only_what_it_uses(tmp_path: Path, name: str, shown: str) -> None:
    db = tmp_path / "pages.db"
    env = dict(os.environ)
    env.pop("VOILA_PREHEAT", None)
    env.update(QUERY_STRING=open_links(db)[name], TABLETOP_DATABASE_URL=f"sqlite:///{db}")
    done = subprocess.run(
        [sys.executable, "-c", NOTEBOOK_RUNNER],
        input=notebook_code(name),
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT / "notebooks",
        check=True,
        timeout=300,
    )
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert shown in found["classes"], found["classes"]  # the page opened, not a refusal
    assert "tt-refusal" not in found["classes"]
    loaded = {
        prefix
        for module in found["modules"]
        for prefix in NEVER + NOT_ON[name]
        if module == prefix or module.startswith(prefix + ".")
    }
    assert sorted(loaded) == []
