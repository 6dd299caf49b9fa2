"""The resolution tab: the report's switch between step-by-step and by-territory grouping."""

from __future__ import annotations

import html
import re
from pathlib import Path

from tabletop.games.africa1880.report_text import format_report
from tabletop.ui.africa1880.app import africa_app


def test_the_switch_groups_the_same_instructions_by_territory(autosave_path: Path) -> None:
    app = africa_app(autosave_path=autosave_path)
    app.orders.resolve_button.click()
    report = app.controller.last_report
    assert report is not None
    box, switch = app.result.report, app.result.group_by
    assert switch.value == "power" and "tt-step-place" in box.value
    steps = box.value
    switch.value = "territory"
    assert "tt-territory-head" in box.value and "tt-step-place" not in box.value
    # The same lines as the command line's report grouped by territory, in its order.
    cli = format_report(report, "en", "territory", app.controller.board).split("VOID ORDERS")[0]
    lines = [line[4:] for line in cli.splitlines() if line.startswith("  - ")]
    cells = re.findall(r'<tr class="tt-instr[^"]*"><td>(.*?)</td></tr>', box.value)
    assert [html.unescape(cell) for cell in cells] == lines
    assert len(cells) == steps.count('<tr class="tt-instr')
    # The switch follows the language and keeps its value.
    app.controller.lang = "fr"
    assert switch.value == "territory"
    assert [label for label, _ in switch.options] == ["étape par étape", "par territoire"]
    switch.value = "power"
    assert "tt-step-place" in box.value
