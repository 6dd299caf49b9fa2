"""The pure HTML builders of the analysis pages: payoff tables, bars."""

from __future__ import annotations

import re

from tabletop.analysis.normal_form import Game
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


def test_bars_are_proportional() -> None:
    text = bars_html({"c4": 0.25, "d4": 0.75})
    assert "width:50px" in text and "width:150px" in text and "75.0%" in text
