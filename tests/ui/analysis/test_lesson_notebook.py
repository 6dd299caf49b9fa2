"""The lesson notebook runs top to bottom in a fresh kernel, as Voila would run it."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[3]
NOTEBOOK = ROOT / "notebooks" / "game_theory.ipynb"


@pytest.fixture
def private_jupyter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep every Jupyter/IPython write inside the test's tmp folder."""
    for name, folder in {
        "HOME": "home",
        "JUPYTER_CONFIG_DIR": "jupyter-config",
        "JUPYTER_DATA_DIR": "jupyter-data",
        "JUPYTER_RUNTIME_DIR": "jupyter-runtime",
        "IPYTHONDIR": "ipython",
    }.items():
        path = tmp_path / folder
        path.mkdir()
        monkeypatch.setenv(name, str(path))


def test_lesson_notebook_executes_headless(private_jupyter: None) -> None:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(ROOT)}},
    )
    client.execute()
    code_cells = [c for c in notebook.cells if c.cell_type == "code"]
    assert len(code_cells) == 3
    for cell in code_cells:
        assert not [o for o in cell.outputs if o.output_type == "error"]
        views = [
            o
            for o in cell.outputs
            if o.output_type == "execute_result"
            and "application/vnd.jupyter.widget-view+json" in o.get("data", {})
        ]
        assert views, f"cell did not display a widget: {cell.source!r}"


def test_lesson_code_cells_only_call_lesson_factories() -> None:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        lines = [line for line in cell.source.splitlines() if line.strip()]
        assert lines[0].startswith("from tabletop.ui.analysis import ")
        assert len(lines) == 2 and lines[1].endswith("_lesson()")


def _markdown(notebook) -> str:
    return "\n".join(c.source for c in notebook.cells if c.cell_type == "markdown")


def test_lesson_text_makes_no_claim_it_cannot_compute() -> None:
    # The old text named the games and their equilibria in prose; some of it was false. The
    # claims are now written by the page from the game shown (tests/ui/analysis/test_lesson_claims).
    text = _markdown(nbformat.read(NOTEBOOK, as_version=4))
    for false in (
        "every cell is 0",
        "prisoner's dilemma**",
        "(weak) **prisoner",
        "fewer than half of",
        "make the other side indifferent",
        "earns exactly the value, so",
        "as many as points",
        "last column and\nlast row",
    ):
        assert false not in text, false
    assert "a **presence** is" in text.lower()
    assert "every hut it plays earns exactly the value" in text
