"""The teacher view's what-if links: per power not declaring a best response, a button that
opens the Africa page's what-if with that power's best response."""

from __future__ import annotations

import html
import re

from tabletop.analysis.africa_diplomacy import analyse
from tabletop.analysis.examples import africa_position
from tabletop.games.africa1880 import Relations
from tabletop.games.africa1880.compare import compare, comparison_sentences
from tabletop.ui.africa1880.app import africa_app
from tabletop.ui.analysis.africa_panel import africa_analysis_panel

EGYPT = {"Great Britain": ["Egypt"], "France": ["Egypt", "Congo"], "Belgium": ["Congo"]}


def test_a_button_per_power_not_playing_a_best_response() -> None:
    after = africa_position(EGYPT, full=["Egypt"])
    declared = Relations([("France", "Great Britain")])
    result = analyse(after, declared)
    wrong = [r.power for r in result.power_reports if not r.declared_is_best_response]
    assert wrong  # Great Britain allies while France declares war on it
    clicked: list[tuple[str, tuple[str, ...]]] = []
    panel = africa_analysis_panel(
        after, declared, on_what_if=lambda power, wars: clicked.append((power, wars))
    )
    buttons = panel.what_if.children
    assert [b.description for b in buttons] == [
        f"What if {p} had played its best response?" for p in wrong
    ]
    for button, power in zip(buttons, wrong, strict=True):
        button.click()
        report = next(r for r in result.power_reports if r.power == power)
        assert clicked[-1][0] == power
        assert set(clicked[-1][1]) == set(report.best_responses[0])
    panel.set_lang("fr")
    assert panel.what_if.children[0].description.startswith("Et si ")


def test_no_link_without_a_page_and_a_note_when_all_play_best() -> None:
    after = africa_position(EGYPT, full=["Egypt"])
    assert africa_analysis_panel(after, Relations([])).what_if.children == ()
    equilibrium = analyse(after, Relations([])).equilibria[0].relations()
    panel = africa_analysis_panel(after, equilibrium, on_what_if=lambda *_: None)
    assert "already declares a best response" in panel.what_if.children[0].value


def test_the_link_opens_the_pages_what_if_with_the_best_response() -> None:
    app = africa_app()
    app.show_game()
    ctl = app.controller
    app.teacher.toggle.value = True  # the teacher view, on the live sheets
    panel = app.teacher.panel
    assert panel is not None and panel.on_what_if is not None
    buttons = [b for b in panel.what_if.children if hasattr(b, "click")]
    assert buttons, panel.what_if.children
    power = re.match(r"What if (.+) had played", buttons[0].description).group(1)
    report = next(r for r in panel.result.power_reports if r.power == power)
    real = ctl.sheets_text()
    buttons[0].click()
    assert app.tabs.selected_name == "whatif"
    tab = app.whatif
    wars = set(report.best_responses[0]) | {q for q in report.declared_wars if q in report.free}
    for other in ctl.powers:
        if other != power:
            expected = "war" if other in wars else "alliance"
            assert tab.model.relation(power, other) == expected
    assert power in html.unescape(tab.note.value) and "best response" in tab.note.value
    expected_sentences = comparison_sentences(
        compare(ctl.state, ctl.board, real, tab.model.combined_text()), "en"
    )
    shown = re.findall(r'<li class="tt-whatif-sentence">(.*?)</li>', tab.sentences.value)
    assert [html.unescape(s) for s in shown] == expected_sentences
    assert ctl.sheets_text() == real  # the real sheets are untouched
