"""How a line of the table's instructions looks, by what it means (the core's
:class:`~tabletop.games.africa1880.instructions.Meaning`), on the Africa page's report and on the
reveal alike: the same classes, the same CSS.

An *action* puts something on the board (a presence, pins, a colony): green, after a ✚. A
*warning* takes a pawn off or holds one back (remove, do not place, a presence removed in a
conflict) or refuses an order (a void order): dark red and bold on a pale red ground, after a ⚠.
The colour is never alone: the icon comes before the line, and the line's own words say it
(DO NOT PLACE, REMOVE, is removed). The lines' texts are untouched (they stay the command line's),
the icon is drawn by the CSS.

>>> from tabletop.games.africa1880.instructions import InstructionKind
>>> meaning_classes(InstructionKind.DO_NOT_PLACE.meaning)
'tt-meaning tt-meaning-warning'
>>> meaning_classes(None)
''
"""

from __future__ import annotations

from tabletop.games.africa1880.instructions import Meaning

__all__ = ["ICONS", "INSTRUCTION_CSS", "meaning_classes"]

#: The icon before a line of each meaning.
ICONS: dict[Meaning, str] = {Meaning.ACTION: "✚", Meaning.WARNING: "⚠"}
#: Each meaning's text colour, ground and weight.
_LOOKS: dict[Meaning, tuple[str, str, str]] = {
    Meaning.ACTION: ("#1b5e20", "#e5f7e8", "normal"),
    Meaning.WARNING: ("#9a0007", "#ffe3e0", "bold"),
}


def meaning_classes(meaning: Meaning | None) -> str:
    """The CSS classes of a line meaning ``meaning`` (``""`` for a line that only tells)."""
    return "" if meaning is None else f"tt-meaning tt-meaning-{meaning}"


def _css() -> str:
    rules = [
        ".tt-app li.tt-meaning { list-style-type: none; }",
        ".tt-app tr.tt-meaning > td:first-child::before, .tt-app li.tt-meaning::before "
        "{ display: inline-block; min-width: 1.3em; font-weight: bold; }",
    ]
    for meaning, (colour, ground, weight) in _LOOKS.items():
        line = f".tt-app tr.tt-meaning-{meaning} > td, .tt-app li.tt-meaning-{meaning}"
        icon = (
            f".tt-app tr.tt-meaning-{meaning} > td:first-child::before, "
            f".tt-app li.tt-meaning-{meaning}::before"
        )
        rules.append(f"{line} {{ background: {ground}; font-weight: {weight}; }}")
        rules.append(f'{icon} {{ content: "{ICONS[meaning]}"; color: {colour}; }}')
        if meaning is Meaning.WARNING:
            rules.append(f"{line} {{ color: {colour}; border-left: 6px solid {colour}; }}")
    return "\n".join(rules) + "\n"


#: The rules giving each meaning its look (a page puts them in a ``<style>`` once).
INSTRUCTION_CSS = _css()
