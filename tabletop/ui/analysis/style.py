"""The CSS of the analysis panels and two dropdown helpers shared by the panels and lessons."""

from __future__ import annotations

import ipywidgets as widgets  # type: ignore[import-untyped]

CSS = """
.tt-analysis table.tt-payoff { border-collapse: collapse; margin: 4px 0 10px 0; }
.tt-analysis table.tt-payoff td, .tt-analysis table.tt-payoff th {
  border: 1px solid #999; padding: 6px 12px; text-align: center; font-size: 17px;
}
.tt-analysis table.tt-payoff th { background: #eee; }
.tt-analysis td.tt-nash { background: #c8f0cc; }
.tt-analysis .tt-best { font-weight: bold; color: #0d47a1; }
.tt-analysis .tt-bar { display: inline-block; height: 16px; background: #c62828; }
.tt-analysis .tt-bar-guard { background: #1565c0; }
.tt-analysis table.tt-board td { width: 68px; height: 58px; border: 1px solid #aaa;
  text-align: center; font-size: 16px; font-weight: bold; padding: 1px; }
.tt-analysis table.tt-board th { font-size: 17px; }
.tt-analysis .tt-hut-0 { color: #8a6d00; font-weight: bold; font-size: 20px; }
.tt-analysis .tt-hut-1 { color: #3e2723; font-weight: bold; font-size: 20px; }
.tt-analysis .tt-note { color: #555; font-size: 15px; }
.tt-analysis .widget-dropdown { height: auto; }
.tt-analysis td.tt-mix { background: #f3f3f3; font-style: italic; }
.tt-analysis td.tt-value { background: #f3f3f3; font-weight: bold; }
"""


def fit_dropdown(dropdown: widgets.Dropdown) -> None:
    """Make ``dropdown`` wide enough for its description and its longest option.

    The default width cut long options ("huts won minus huts l"); ``ch`` is the width of a digit,
    wider than most letters, so the words fit in either language.
    """
    longest = max((len(label) for label, _ in dropdown.options), default=0)
    dropdown.layout.width = f"{len(dropdown.description) + longest + 6}ch"


def relabel_dropdown(dropdown: widgets.Dropdown, options: list[tuple[str, str]]) -> None:
    """Give ``dropdown`` new option labels (another language), keeping the chosen value."""
    value = dropdown.value
    # New options reset the choice to the first one (even inside hold_trait_notifications):
    # the chosen value is set back afterwards, so observers see it leave and come back.
    dropdown.options = options
    dropdown.value = value
    fit_dropdown(dropdown)


def analysis_style() -> widgets.HTML:
    """An HTML widget carrying the CSS of the analysis panels."""
    return widgets.HTML(f"<style>{CSS}</style>")
