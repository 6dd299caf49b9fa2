"""The three lesson parts react to their inputs, for every preset."""

from __future__ import annotations

import re

import pytest

from tabletop.ui.analysis.lesson import (
    AFRICA_PRESETS,
    GUARD_TABLES,
    MASSAI_PRESETS,
    dominance_lesson,
    equilibria_lesson,
    massai_lesson,
)

EGYPT = {"Great Britain": ["Egypt"], "France": ["Egypt", "Congo"], "Belgium": ["Congo"]}


def cells(table_html: str) -> list[str]:
    return re.findall(r"<td[^>]*>(.*?)</td>", table_html)


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
