"""Writing orders and sheets in the notation, in English, French or German keywords: the
inverse of :func:`~tabletop.games.africa1880.notation.parse_sheets`, which reads every keyword
written here (and more spellings of each).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.orders import Landing, Order, OrderSheet, order_text
from tabletop.games.africa1880.powers import power_name, sort_powers

KEYWORDS: dict[str, dict[str, str]] = {
    "en": {
        "develop": "develop",
        "explore": "explore",
        "hold": "hold",
        "land": "land",
        "war": "war",
        "alliance": "alliance",
    },
    "fr": {
        "develop": "développe",
        "explore": "explore",
        "hold": "rien",
        "land": "débarque",
        "war": "guerre",
        "alliance": "alliance",
    },
    "de": {
        "develop": "entwickeln",
        "explore": "erkunden",
        "hold": "halten",
        "land": "landen",
        "war": "Krieg",
        "alliance": "Bündnis",
    },
}
"""The keywords :func:`format_sheet` writes, per interface language (English for any other)."""


def _keywords(lang: str) -> dict[str, str]:
    return KEYWORDS.get(str(getattr(lang, "value", lang)), KEYWORDS["en"])


def _lang(lang: str) -> str:
    code = str(getattr(lang, "value", lang))
    return code if code in KEYWORDS else "en"


def format_order(order: Order | Landing, lang: str = "en") -> str:
    """One order as a line of the notation, with the keywords of ``lang`` ("en", "fr", "de").

    >>> from tabletop.games.africa1880.orders import Develop
    >>> format_order(Develop("France", "Algeria"), "de")
    'Algeria: entwickeln'
    """
    return order_text(order, _keywords(lang))


def format_sheet(
    sheet: OrderSheet,
    board: Board | None = None,
    powers: Iterable[str] | None = None,
    lang: str = "en",
) -> str:
    """The sheet as text that :func:`parse_sheets` reads back to an equal sheet.

    Keywords and power names are written in ``lang`` ("en", "fr" or "de"). With ``powers``, an
    ``alliance:`` line lists the other powers explicitly. ``board`` is accepted for symmetry with
    parsing; territory names are written as their canonical names.
    """
    lang = _lang(lang)
    words = _keywords(lang)
    lines = [f"[{power_name(sheet.power, lang)}]"]
    lines.extend(format_order(order, lang) for order in sheet.orders)
    if sheet.landing is not None:
        lines.append(format_order(sheet.landing, lang))

    def names(items: Iterable[str]) -> str:
        return ", ".join(power_name(p, lang) for p in items)

    if sheet.wars:
        lines.append(f"{words['war']}: {names(sort_powers(sheet.wars))}")
    if powers is not None:
        allies = [p for p in sort_powers(powers) if p != sheet.power and p not in sheet.wars]
        if allies:
            lines.append(f"{words['alliance']}: {names(allies)}")
    return "\n".join(lines) + "\n"


def format_sheets(
    sheets: Mapping[str, OrderSheet] | Iterable[OrderSheet],
    board: Board | None = None,
    powers: Iterable[str] | None = None,
    lang: str = "en",
) -> str:
    """All sheets, in alphabetical order of powers, separated by blank lines."""
    items = list(sheets.values()) if isinstance(sheets, Mapping) else list(sheets)
    order = {p: i for i, p in enumerate(sort_powers(s.power for s in items))}
    items.sort(key=lambda s: order[s.power])
    power_list = None if powers is None else tuple(powers)
    return "\n".join(format_sheet(s, board, power_list, lang) for s in items)
