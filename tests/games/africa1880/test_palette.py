"""The one palette: every pair of powers apart for the common colour-vision deficiencies
(simulated in colour_vision.py), the letters legible on every colour, and no page or PDF with
colours of its own for the powers.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import numpy as np
import pytest

from tabletop.games.africa1880.palette import (
    POWER_COLOURS,
    contrast,
    letter_colour,
    power_colour,
)
from tabletop.games.africa1880.powers import POWERS
from tests.games.africa1880.colour_vision import SIMULATIONS, cielab, linear_rgb, seen_distance

#: ΔE76 of about 2.3 is just noticeable; 20 keeps two counters apart across a table.
MIN_DISTANCE = 20.0
PACKAGE = Path(__file__).resolve().parents[3] / "tabletop"
PALETTE_FILE = PACKAGE / "games" / "africa1880" / "palette.py"


@pytest.mark.parametrize("vision", list(SIMULATIONS))
def test_every_pair_of_powers_stays_apart(vision: str) -> None:
    for a, b in itertools.combinations(POWERS, 2):
        distance = seen_distance(power_colour(a), power_colour(b), vision)
        assert distance >= MIN_DISTANCE, (vision, a, b, round(distance, 1))


def test_the_old_red_orange_yellow_trio_would_have_failed() -> None:
    # The check can fail: the colours used before issue 24 came closer than the bound.
    old = {"Belgium": "#e6b800", "Great Britain": "#c62828", "Netherlands": "#ef6c00"}
    seen = {p: cielab(SIMULATIONS["deuteranopia"] @ linear_rgb(c)) for p, c in old.items()}
    closest = min(
        float(np.linalg.norm(seen[a] - seen[b])) for a, b in itertools.combinations(old, 2)
    )
    assert closest < MIN_DISTANCE


@pytest.mark.parametrize("power", POWERS)
def test_the_letters_on_each_piece_are_legible(power: str) -> None:
    assert contrast(power_colour(power), letter_colour(power)) >= 4.5


def test_every_power_has_a_colour() -> None:
    assert set(POWER_COLOURS) == set(POWERS)


def source_files() -> list[Path]:
    return [
        path
        for pattern in ("*.py", "*.js", "*.css")
        for path in PACKAGE.rglob(pattern)
        if path != PALETTE_FILE
    ]


def test_no_page_or_pdf_defines_its_own_power_colours() -> None:
    names = "|".join(re.escape(p) for p in POWERS)
    keyed = re.compile(rf"""["']({names})["']\s*:\s*["']#[0-9a-fA-F]{{3,8}}["']""")
    colours = {c.lower() for c in POWER_COLOURS.values()}
    offenders = []
    for path in source_files():
        text = path.read_text(encoding="utf-8")
        if keyed.search(text):
            offenders.append((path.name, "power name mapped to a colour"))
        used = {c.lower() for c in re.findall(r"#[0-9a-fA-F]{6}\b", text)} & colours
        if used:
            offenders.append((path.name, sorted(used)))
    assert offenders == []


def test_the_scan_finds_a_page_with_its_own_colours(tmp_path: Path) -> None:
    names = "|".join(re.escape(p) for p in POWERS)
    keyed = re.compile(rf"""["']({names})["']\s*:\s*["']#[0-9a-fA-F]{{3,8}}["']""")
    assert keyed.search('PAWN = {"Great Britain": "#c62828"}')
