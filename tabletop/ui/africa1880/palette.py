"""The six powers' colours and short tags: one palette for every page (the dashboard's map and
its texts, the seat's map, the reveal).

Kept apart from the map's drawing code, which needs numpy and Pillow: a page that only colours a
power's name (a phone's order sheet) loads neither.

>>> power_colour("France"), power_letters("Great Britain"), power_colour("Atlantis")
('#1f5fbf', 'GB', '#777777')
"""

from __future__ import annotations

__all__ = ["LIGHT_POWERS", "POWER_COLOURS", "POWER_LETTERS", "power_colour", "power_letters"]

POWER_COLOURS: dict[str, str] = {
    "Belgium": "#e6b800",
    "France": "#1f5fbf",
    "Germany": "#3a3a3a",
    "Great Britain": "#c62828",
    # Reddish purple, far from the green "new" ring and from France's blue, also for
    # colour-blind eyes (a colour of the Okabe-Ito palette).
    "Italy": "#cc79a7",
    "Netherlands": "#ef6c00",
}
# Light colours carry black letters (white on them would be faint).
LIGHT_POWERS = frozenset({"Belgium", "Italy"})
POWER_LETTERS: dict[str, str] = {
    "Belgium": "BE",
    "France": "FR",
    "Germany": "DE",
    "Great Britain": "GB",
    "Italy": "IT",
    "Netherlands": "NL",
}


def power_colour(power: str) -> str:
    """A power's colour (grey for a power outside the six)."""
    return POWER_COLOURS.get(power, "#777777")


def power_letters(power: str) -> str:
    """A short tag drawn on a power's presence disc."""
    return POWER_LETTERS.get(power, power[:2].upper())
