"""The Africa teacher-view panel, driven in Python (and both panels in French)."""

from __future__ import annotations

import re

import pytest

from tabletop.analysis.africa_diplomacy import analyse
from tabletop.analysis.examples import africa_position, massai_position
from tabletop.games.africa1880 import Relations, parse_sheets
from tabletop.games.africa1880.gamefile import example_game, example_orders
from tabletop.games.africa1880.orders import relations_from_sheets
from tabletop.ui.analysis.africa_panel import africa_analysis_panel
from tabletop.ui.analysis.massai_panel import massai_analysis_panel

EGYPT = {"Great Britain": ["Egypt"], "France": ["Egypt", "Congo"], "Belgium": ["Congo"]}


def cells(table_html: str) -> list[str]:
    return re.findall(r"<td[^>]*>(.*?)</td>", table_html)


def test_africa_panel_shows_position_and_updates() -> None:
    after = africa_position(EGYPT, full=["Egypt"])
    declared = Relations([("France", "Great Britain")])
    panel = africa_analysis_panel(after, declared)
    result = analyse(after, declared)
    assert "are not an equilibrium" in panel.equilibria.value
    assert f"<b>{result.equilibrium_count}</b>" in panel.equilibria.value
    assert "Egypt (full" in panel.tables.value and "Congo (not full)" in panel.tables.value
    assert "★ Pareto optimal" in panel.equilibria.value
    # Great Britain allied while France declared war: not a best response.
    assert re.search(r"<td>Great Britain</td><td>—</td><td>0</td><td>no:", panel.powers.value)
    assert panel.selected_relations == {
        "Belgium": [],
        "France": ["Great Britain"],
        "Great Britain": [],
    }
    panel.picker.value = 0
    assert panel.selected_relations == {p: list(w) for p, w in result.equilibria[0].wars.items()}
    before = panel.tables.value
    panel.weight.value = 0.0
    assert panel.tables.value != before  # the colony no longer counts
    panel.update(africa_position(EGYPT), Relations())
    assert "Egypt (not full)" in panel.tables.value
    assert "form a Nash equilibrium" in panel.equilibria.value


def test_africa_panel_without_position() -> None:
    panel = africa_analysis_panel()
    assert "No position" in panel.message.value
    assert panel.selected_relations == {}


def test_africa_panel_from_orders() -> None:
    game = example_game()
    panel = africa_analysis_panel()
    panel.update_from_orders(game.state, game.board, example_orders())
    assert panel.result is not None
    assert panel.powers.value.count("<tr>") == len(game.state.powers) + 1
    parsed = parse_sheets(example_orders(), game.board, game.state.powers)
    declared = relations_from_sheets(parsed.sheets, game.state.powers)
    assert panel.result.declared == declared
    other = africa_analysis_panel()
    other.update_from_orders(game.state, game.board, parsed.sheets)  # a mapping works too
    assert other.result.declared == declared
    assert other.equilibria.value == panel.equilibria.value


def test_panels_speak_french() -> None:
    after = africa_position(EGYPT, full=["Egypt"])
    panel = africa_analysis_panel(after, Relations([("France", "Great Britain")]), lang="fr")
    assert "Équilibres de Nash purs" in panel.heading_equilibria.value
    assert "ne sont pas un équilibre" in panel.equilibria.value
    assert "Grande-Bretagne" in panel.powers.value and "Great Britain" not in panel.powers.value
    assert "guerre domine faiblement" in panel.tables.value
    assert panel.payoff.value == "presences" and panel.weight.description == "Poids d'une colonie"
    panel.set_lang("en")
    assert "are not an equilibrium" in panel.equilibria.value
    assert "Great Britain" in panel.powers.value
    massai = massai_analysis_panel(massai_position(["c2", "c3"], ["c4", "d4", "e4", "e5"]))
    massai.set_lang("fr")
    assert "Valeur pour l'attaquant\u00a0: 0,917" in massai.summary.value
    assert massai.evaluation.value == "difference"
    assert "attaque c4" in massai.matrix.value
    with pytest.raises(ValueError, match="language"):
        massai.set_lang("xx")
