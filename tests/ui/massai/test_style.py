"""The style sheet: every class the view sets is styled, and nothing is wider than a phone."""

from __future__ import annotations

import re

from tabletop.ui.massai.style import MASSAI_CSS


def test_the_view_s_classes_are_styled() -> None:
    for name in ("prompt", "message", "history", "board", "left", "right", "handover", "phones"):
        assert f".tt-massai-{name}" in MASSAI_CSS, name


def test_no_fixed_width_wider_than_a_phone_and_buttons_wrap() -> None:
    widths = [int(w) for w in re.findall(r"(?<![-\w])(?:min-)?width:\s*(\d+)px", MASSAI_CSS)]
    assert all(w <= 360 for w in widths), widths
    assert "white-space: normal" in MASSAI_CSS and "@media (max-width: 700px)" in MASSAI_CSS
