"""The six powers' colours and letters: one palette for every page and every PDF (the
dashboard's map and texts, the seat's map, the reveal, the classroom's drawings, the
print-and-play kit).

The colours are six of the Okabe–Ito palette, chosen so that every pair stays apart for the
three common colour-vision deficiencies (tests/games/africa1880/test_palette.py simulates them);
where tradition and legibility pull apart, legibility wins: the Netherlands are sky blue, since
red, orange and yellow side by side merge for many red-green colour-blind players. A power's
letters are drawn on each of its pieces, so colour is never the only cue.

It lives below the pages and the PDFs (plain data, no imports) so both use the same values.

>>> power_colour("France"), power_letters("Great Britain"), power_colour("Atlantis")
('#0072b2', 'GB', '#777777')
>>> letter_colour("Belgium"), letter_colour("Germany")
('#000000', '#ffffff')
"""

from __future__ import annotations

__all__ = [
    "POWER_COLOURS",
    "POWER_LETTERS",
    "contrast",
    "letter_colour",
    "power_colour",
    "power_letters",
]

POWER_COLOURS: dict[str, str] = {
    "Belgium": "#f0e442",  # yellow
    "France": "#0072b2",  # blue
    "Germany": "#3a3a3a",  # near black
    "Great Britain": "#d55e00",  # vermilion
    "Italy": "#cc79a7",  # reddish purple
    "Netherlands": "#56b4e9",  # sky blue
}
OTHER_COLOUR = "#777777"
POWER_LETTERS: dict[str, str] = {
    "Belgium": "BE",
    "France": "FR",
    "Germany": "DE",
    "Great Britain": "GB",
    "Italy": "IT",
    "Netherlands": "NL",
}


def _luminance(colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def power_colour(power: str) -> str:
    """A power's colour (grey for a power outside the six)."""
    return POWER_COLOURS.get(power, OTHER_COLOUR)


def power_letters(power: str) -> str:
    """A short tag drawn on a power's pieces."""
    return POWER_LETTERS.get(power, power[:2].upper())


def letter_colour(power: str) -> str:
    """Black or white, whichever reads better on the power's colour."""
    fill = power_colour(power)
    return "#000000" if contrast(fill, "#000000") >= contrast(fill, "#ffffff") else "#ffffff"
