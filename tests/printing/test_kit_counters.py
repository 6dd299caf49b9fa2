"""The kit's counters as laid out: the rules' numbers of pieces, for every power, on sheets they
fit, touching (one cut separates two) and never overlapping."""

from __future__ import annotations

from collections import Counter as Tally

import pytest

from tabletop.games.africa1880.options import Options
from tabletop.games.africa1880.powers import POWERS
from tabletop.printing.kit_counters import (
    COLONY_MARKERS,
    SIZES,
    Counter,
    Piece,
    counter_pages,
)
from tabletop.printing.paper import PAPERS

MARGIN = 12.0


def pieces(paper: str) -> list[tuple[int, Counter]]:
    width, height = PAPERS[paper]
    pages = counter_pages(POWERS, width, height, MARGIN)
    return [(n, c) for n, page in enumerate(pages) for block in page for c in block.counters]


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_the_rules_number_of_pieces(paper: str) -> None:
    rules = Options()
    found = Tally((c.piece, c.power) for _, c in pieces(paper))
    for power in POWERS:
        assert found[(Piece.PRESENCE, power)] == rules.stock == 22
        # One token per other power's embassy, each embassy once.
        assert found[(Piece.RELATION, power)] == len(POWERS) - 1
        embassies = [
            c.other for _, c in pieces(paper) if c.piece is Piece.RELATION and c.power == power
        ]
        assert sorted(embassies) == sorted(p for p in POWERS if p != power)  # type: ignore[type-var]
    assert found[(Piece.PIN, None)] == rules.total_pins == 88
    assert found[(Piece.COLONY, None)] == COLONY_MARKERS == 22
    assert sum(found.values()) == 6 * 22 + 88 + 22 + 6 * 5


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_pieces_fit_their_sheet_and_never_overlap(paper: str) -> None:
    width, height = PAPERS[paper]
    placed = pieces(paper)
    for _, c in placed:
        assert (c.w, c.h) == SIZES[c.piece]
        assert MARGIN - 1e-9 <= c.x and c.x + c.w <= width - MARGIN + 1e-9
        assert MARGIN - 1e-9 <= c.y and c.y + c.h <= height - MARGIN + 1e-9
    for i, (page_a, a) in enumerate(placed):
        for page_b, b in placed[i + 1 :]:
            if page_a != page_b:
                continue
            apart = (
                a.x + a.w <= b.x + 1e-9
                or b.x + b.w <= a.x + 1e-9
                or a.y + a.h <= b.y + 1e-9
                or b.y + b.h <= a.y + 1e-9
            )
            assert apart, (a, b)


def test_a_block_never_splits_across_sheets() -> None:
    width, height = PAPERS["a4"]
    pages = counter_pages(POWERS, width, height, MARGIN)
    for page in pages:
        for block in page:
            assert len(block.counters) == block.count
            assert all(c.piece is block.piece and c.power == block.power for c in block.counters)
