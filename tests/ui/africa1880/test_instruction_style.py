"""The look of an instruction by its meaning: each kind of instruction has one, a warning has
its own colour AND its own icon (never the colour alone), and the CSS says so."""

from __future__ import annotations

import re

from tabletop.games.africa1880.instructions import InstructionKind, Meaning
from tabletop.ui.africa1880.instruction_style import ICONS, INSTRUCTION_CSS, meaning_classes


def rules_for(selector_part: str) -> list[str]:
    """The declarations of every CSS rule whose selector names ``selector_part``."""
    return [
        body
        for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", INSTRUCTION_CSS)
        if selector_part in selectors
    ]


def test_each_kind_has_its_meaning() -> None:
    meanings = {str(kind): str(kind.meaning) for kind in InstructionKind}
    assert meanings == {
        "place": "action",
        "add_pins": "action",
        "found_colony": "action",
        "do_not_place": "warning",
        "remove": "warning",
    }
    assert meaning_classes(Meaning.WARNING) == "tt-meaning tt-meaning-warning"
    assert meaning_classes(Meaning.ACTION) == "tt-meaning tt-meaning-action"
    assert meaning_classes(None) == ""


def look(meaning: Meaning) -> tuple[set[str], set[str], set[str]]:
    """The colours, grounds and icons the CSS gives a line (a table row or a list item) of
    ``meaning``."""
    bodies = rules_for(f"tt-meaning-{meaning}")
    colours = {c for b in bodies for c in re.findall(r"(?<![-\w])color: (#\w+)", b)}
    grounds = {c for b in bodies for c in re.findall(r"background: (#\w+)", b)}
    icons = {c for b in bodies for c in re.findall(r'content: "([^"]+)"', b)}
    return colours, grounds, icons


def test_a_warning_differs_in_colour_and_in_icon() -> None:
    warning, action = look(Meaning.WARNING), look(Meaning.ACTION)
    for part in (*warning, *action):
        assert len(part) == 1  # one colour, one ground, one icon each
    assert warning[0] != action[0] and warning[1] != action[1]
    assert warning[2] == {ICONS[Meaning.WARNING]} == {"⚠"}
    assert action[2] == {"✚"}
    # The icon is drawn on the table's rows and on the reveal's lines alike.
    for meaning in Meaning:
        icon_rules = [
            sel
            for sel, body in re.findall(r"([^{}]+)\{([^}]*)\}", INSTRUCTION_CSS)
            if "content:" in body and f"tt-meaning-{meaning}" in sel
        ]
        assert len(icon_rules) == 1
        assert f"tr.tt-meaning-{meaning} > td:first-child::before" in icon_rules[0]
        assert f"li.tt-meaning-{meaning}::before" in icon_rules[0]
