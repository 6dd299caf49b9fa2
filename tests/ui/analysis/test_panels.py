"""Widget-level tests of the teacher-view panels and the lesson factories (no browser)."""

from __future__ import annotations

import re

import pytest

from tabletop.analysis.africa_diplomacy import analyse
from tabletop.analysis.examples import africa_position, massai_position
from tabletop.analysis.massai_attack import attack_game
from tabletop.analysis.normal_form import Game
from tabletop.games.africa1880 import Relations, parse_sheets
from tabletop.games.africa1880.gamefile import example_game, example_orders
from tabletop.games.africa1880.orders import relations_from_sheets
from tabletop.ui.analysis.africa_panel import africa_analysis_panel
from tabletop.ui.analysis.lesson import (
    AFRICA_PRESETS,
    GUARD_TABLES,
    MASSAI_PRESETS,
    dominance_lesson,
    equilibria_lesson,
    massai_lesson,
)
from tabletop.ui.analysis.massai_panel import massai_analysis_panel
from tabletop.ui.analysis.tables import bars_html, payoff_table_html

EGYPT = {"Great Britain": ["Egypt"], "France": ["Egypt", "Congo"], "Belgium": ["Congo"]}


def cells(table_html: str) -> list[str]:
    return re.findall(r"<td[^>]*>(.*?)</td>", table_html)


def test_payoff_table_marks_best_responses_and_equilibria() -> None:
    pd = Game([[[3, 0], [5, 1]], [[3, 5], [0, 1]]], [["C", "D"], ["C", "D"]], ["Row", "Col"])
    text = payoff_table_html(pd)
    assert text.count('class="tt-nash"') == 1  # (D, D) only
    assert re.search(
        r'<td class="tt-nash"><span class="tt-best">1◀</span> , '
        r'<span class="tt-best">1▲</span></td>',
        text,
    )
    # (C, C): 3 is not a best response for either.
    assert "<td>3 , 3</td>" in text


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


def test_massai_panel_shows_mixed_strategies() -> None:
    state = massai_position(["c2", "c3"], ["c4", "d4", "e4", "e5"])
    panel = massai_analysis_panel(state)
    game = attack_game(state)
    assert "Value for the attacker: 0.917" in panel.summary.value
    assert "A 58%" in panel.board.value and "G 42%" in panel.board.value  # c4: 7/12, 5/12
    assert panel.bars.value.count("tt-bar tt-bar-guard") == len(game.targets)
    payoff_cells = re.findall(r"<td>(.*?)</td>", panel.matrix.value)  # not the mix margins
    assert payoff_cells == [
        '<span class="tt-best">-2▲</span>',
        '<span class="tt-best">3◀</span>',
        '<span class="tt-best">5◀</span>',
        '<span class="tt-best">-2▲</span>',
    ]
    panel.win_bonus.value = 10.0
    assert panel.game is not None and panel.game.win_bonus == 10.0
    panel.update(massai_position(["a1", "a2"], ["h6", "h5"]))
    assert "no attack is possible" in panel.summary.value
    assert panel.matrix.value == ""


def test_bars_are_proportional() -> None:
    text = bars_html({"c4": 0.25, "d4": 0.75})
    assert "width:50px" in text and "width:150px" in text and "75.0%" in text


def test_dominance_lesson_reacts_to_its_inputs() -> None:
    lesson = dominance_lesson()
    controls, out = lesson.children[-2:]  # the style widgets come first
    full, weight, _ = controls.children
    assert "Egypt (not full)" in out.value and "weakly dominates" in out.value
    full.value = True
    assert "Egypt (full" in out.value
    assert "not Pareto optimal" in out.value  # war-war once the colony is possible
    weight.value = 0.0
    assert "not Pareto optimal" not in out.value


def test_equilibria_lesson_toggles_and_presets() -> None:
    lesson = equilibria_lesson()
    assert len(lesson.toggles) == 6
    counts = {}
    for name in AFRICA_PRESETS:
        lesson.preset.value = name
        counts[name] = lesson.panel.result.equilibrium_count
    assert counts["Three powers in Congo (not full)"] == 64
    assert counts["Three powers in a full Congo"] < 64
    lesson.preset.value = "Three powers in a full Congo"
    toggle = lesson.toggles[("Belgium", "France")]
    toggle.value = True
    assert lesson.panel.declared.war("Belgium", "France")
    assert toggle.button_style == "danger"
    assert "are not an equilibrium" in lesson.panel.equilibria.value


@pytest.mark.parametrize("preset", list(MASSAI_PRESETS))
def test_massai_lesson_every_preset_and_table(preset: str) -> None:
    lesson = massai_lesson()
    lesson.preset.value = preset
    values = []
    for table in GUARD_TABLES:
        lesson.table.value = table
        assert lesson.panel.game is not None
        values.append(lesson.panel.game.value)
    # More guards never help the attacker: stingy >= default >= generous.
    default, stingy, generous = values
    assert stingy >= default - 1e-9 >= generous - 2e-9


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
        massai.set_lang("de")
