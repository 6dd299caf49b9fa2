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


def test_lesson_one_names_the_game_it_shows() -> None:
    """The words of lesson 1 match the full-Egypt game the page computes.

    With the colony possible, war still weakly dominates (war against an ally removes the ally
    and founds the colony alone) and war-war is worse for both than alliance-alliance: a weak
    prisoner's dilemma. A stag hunt has no dominant strategy, so the page must not call it one.
    """
    from tabletop.analysis.africa_diplomacy import territory_tables
    from tabletop.analysis.examples import africa_position

    after = africa_position({"Great Britain": ["Egypt"], "France": ["Egypt"]}, full=["Egypt"])
    (table,) = territory_tables(after, 2.0, "presences")
    game = table.game
    war = game.strategies[0].index("war")
    alliance = game.strategies[0].index("alliance")
    assert game.dominant_strategies(0, strict=False) == (war,)
    assert game.dominant_strategies(1, strict=False) == (war,)
    assert game.payoffs[0, war, alliance] == game.payoffs[0, alliance, alliance]  # colony alone
    assert game.pareto_optimal_profiles() == [(alliance, alliance)]
    assert set(game.pure_nash_equilibria()) == {(alliance, alliance), (war, war)}
    text = _markdown(nbformat.read(NOTEBOOK, as_version=4))
    assert "stag hunt" not in text
    assert "prisoner's dilemma" in text
    assert "for you alone" in text


def test_lesson_two_claims_about_the_full_congo_hold() -> None:
    from tabletop.analysis.africa_diplomacy import analyse
    from tabletop.analysis.examples import africa_position
    from tabletop.ui.analysis.lesson import AFRICA_PRESETS

    text = _markdown(nbformat.read(NOTEBOOK, as_version=4))
    assert "fewer than half of\n  the 64 profiles survive" in text
    presences, full = AFRICA_PRESETS["Three powers in a full Congo"]
    result = analyse(africa_position(presences, full=full))
    assert result.equilibrium_count < 64 / 2
    peace = result.equilibria[0]
    assert not any(peace.wars.values())
    assert [eq.pareto_optimal for eq in result.equilibria] == [True] + [False] * (
        len(result.equilibria) - 1
    )
    # Two powers push the third out of Congo and still found the colony: they lose nothing.
    pushed = [
        eq
        for eq in result.equilibria
        if sum(eq.payoffs[p] < peace.payoffs[p] for p in eq.payoffs) == 1
        and sum(eq.payoffs[p] == peace.payoffs[p] for p in eq.payoffs) == 2
    ]
    assert pushed


def test_lesson_three_indifference_claim_holds() -> None:
    """Every hut the attacker may target earns the value against the defender's mix, and every
    guard set the defender may use concedes the value against the attacker's: the claim of
    lesson 3, on each of its positions and guard tables."""
    import numpy as np

    from tabletop.analysis.examples import massai_position
    from tabletop.analysis.massai_attack import attack_game
    from tabletop.ui.analysis.lesson import GUARD_TABLES, MASSAI_PRESETS

    text = _markdown(nbformat.read(NOTEBOOK, as_version=4))
    assert "earns exactly the value" in text
    for light, dark in MASSAI_PRESETS.values():
        for table in GUARD_TABLES.values():
            game = attack_game(massai_position(light, dark, guard_table=table))
            x, y = game.solution.row_strategy, game.solution.column_strategy
            against_guards = game.matrix @ y
            against_attack = x @ game.matrix
            assert np.allclose(against_guards[x > 1e-9], game.value, atol=1e-7)
            assert np.allclose(against_attack[y > 1e-9], game.value, atol=1e-7)
