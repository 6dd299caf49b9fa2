"""The Massai teacher-view panel, driven in Python."""

from __future__ import annotations

import re

from tabletop.analysis.examples import massai_position
from tabletop.analysis.massai_attack import attack_game
from tabletop.ui.analysis.massai_panel import massai_analysis_panel

EGYPT = {"Great Britain": ["Egypt"], "France": ["Egypt", "Congo"], "Belgium": ["Congo"]}


def cells(table_html: str) -> list[str]:
    return re.findall(r"<td[^>]*>(.*?)</td>", table_html)


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
