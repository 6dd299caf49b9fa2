"""HTML pieces of the Africa page: CSS-class-safe names and a power with its colour.

>>> slug("Great Britain")
'great-britain'
"""

from __future__ import annotations

from tabletop.games.africa1880.state import normalize_name
from tabletop.ui.africa1880.map.layout import power_colour
from tabletop.ui.africa1880.texts import power_name
from tabletop.ui.shell.html import esc


def slug(text: str) -> str:
    """A CSS-class-safe form of a name: ``"Great Britain"`` -> ``"great-britain"``."""
    return "".join(ch if ch.isalnum() else "-" for ch in normalize_name(text))


def power_html(power: str, lang: str) -> str:
    """A power's name in ``lang`` after a dot of its colour on the map."""
    colour = power_colour(power)
    return (
        f'<span class="tt-power"><span style="display:inline-block;width:0.8em;height:0.8em;'
        f'border-radius:50%;background:{colour};margin-right:4px"></span>'
        f"{esc(power_name(power, lang))}</span>"
    )
