"""The pieces of the print-and-play kit laid out on sheets: each power's presences, the
development pins, the colony markers and the relation tokens, as plain data (kind, power,
place, size) that :mod:`tabletop.printing.kit` draws with cut lines.

The counts come from the rules: 22 presences per power, 88 development pins, 22 colony markers,
and one relation token per power in every other power's embassy (five each with six powers). A
relation token is a strip cut out whole and folded on its middle line: one half shows the
alliance, the other the war, so the folded token is double-sided.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from tabletop.games.africa1880.options import Options
from tabletop.printing.kit_poster import COUNTER, PIN

__all__ = [
    "COLONY_MARKERS",
    "PINS",
    "PRESENCES",
    "Block",
    "Counter",
    "Piece",
    "counter_pages",
]

PRESENCES = Options().stock  # per power: the pawns of the rules
PINS = Options().total_pins
COLONY_MARKERS = 22  # the game's colony pieces (the 21st colony founded ends the game)
HEADING = 6.0  # mm above each block of counters


class Piece(Enum):
    """The kinds of pieces the kit prints."""

    PRESENCE = "presence"
    PIN = "pin"
    COLONY = "colony"
    RELATION = "relation"  # a strip: alliance face on the left half, war face on the right


SIZES: dict[Piece, tuple[float, float]] = {
    Piece.PRESENCE: (COUNTER, COUNTER),
    Piece.PIN: (PIN, PIN),
    Piece.COLONY: (COUNTER, COUNTER),
    Piece.RELATION: (2 * COUNTER, COUNTER),
}


@dataclass(frozen=True)
class Counter:
    """One piece on a sheet: top-left (x, y) and size in mm; ``power`` None for neutral ones;
    ``other`` is the power whose embassy a relation token goes to."""

    piece: Piece
    power: str | None
    x: float
    y: float
    w: float
    h: float
    other: str | None = None


@dataclass(frozen=True)
class Block:
    """A heading and the pieces under it (one power's presences, all the pins, ...)."""

    piece: Piece
    power: str | None
    count: int
    y: float  # top of the heading, mm
    counters: tuple[Counter, ...]


def _wanted(powers: Sequence[str]) -> list[tuple[Piece, str | None, list[str | None]]]:
    """Each block: its piece, its power and, per piece, the embassy (relation tokens only)."""
    blocks: list[tuple[Piece, str | None, list[str | None]]] = [
        (Piece.PRESENCE, power, [None] * PRESENCES) for power in powers
    ]
    blocks.append((Piece.PIN, None, [None] * PINS))
    blocks.append((Piece.COLONY, None, [None] * COLONY_MARKERS))
    for power in powers:
        others: list[str | None] = [other for other in powers if other != power]
        blocks.append((Piece.RELATION, power, others))
    return blocks


def counter_pages(
    powers: Sequence[str], page_w: float, page_h: float, margin: float
) -> list[list[Block]]:
    """The blocks of pieces page by page for sheets ``page_w`` x ``page_h`` mm: a block never
    splits across pages, pieces touch so one cut separates two.

    >>> pages = counter_pages(["France", "Italy"], 210, 297, 12)
    >>> [sum(len(b.counters) for b in page) for page in pages]
    [156]
    """
    width = page_w - 2 * margin
    pages: list[list[Block]] = [[]]
    y = margin
    for piece, power, embassies in _wanted(powers):
        w, h = SIZES[piece]
        per_row = max(1, int(width // w))
        rows = math.ceil(len(embassies) / per_row)
        height = HEADING + rows * h + 2
        if y + height > page_h - margin and pages[-1]:
            pages.append([])
            y = margin
        left = margin + (width - min(per_row, len(embassies)) * w) / 2
        counters = tuple(
            Counter(
                piece,
                power,
                left + (i % per_row) * w,
                y + HEADING + (i // per_row) * h,
                w,
                h,
                other,
            )
            for i, other in enumerate(embassies)
        )
        pages[-1].append(Block(piece, power, len(embassies), y, counters))
        y += height
    return pages
