"""The order-sheet parser's work grows linearly with the text (a complexity test, not a speed test).

The hostile inputs of the security report (a power list without commas, a long line without a
colon, toward-words before a landing) and a few more of the same kind are read at 1x, 10x and up
to the size limit. Two measures, each robust in its own way:

- work units: the characters given to name normalisation, counted exactly (no clock involved);
  the super-linear paths normalised again and again the same growing joins;
- CPU time, best of several runs of inputs large enough to dominate the timer's noise: 10x the
  text may take at most 30x the time (linear gives 10, quadratic 100).

And any text under the limit is read well under a second; a text over it is refused at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from tabletop.games.africa1880 import notation
from tabletop.games.africa1880.notation import MAX_SHEET_CHARS, SheetTooLongError, parse_sheets
from tests.cpu import own_cpu

HEADER = "[France]\n"


def _repeat(prefix: str, unit: str | Callable[[int], str], size: int, suffix: str = "") -> str:
    """``prefix`` + as many units as fit in ``size`` characters + ``suffix``."""
    parts, length, index = [prefix], len(prefix) + len(suffix), 0
    while True:
        piece = unit(index) if callable(unit) else unit
        if length + len(piece) > size:
            return "".join(parts) + suffix
        parts.append(piece)
        length += len(piece)
        index += 1


# name -> (text of about n characters, the 1x size in characters)
PATTERNS: dict[str, tuple[Callable[[int], str], int]] = {
    # 400 words, 3.2 KB: 18.5 s before (cubic in the power-list matching).
    "power list": (lambda n: _repeat(HEADER + "war: ", "Germany ", n), 3_200),
    # 8 KB: 4 s before (the verb search joined the rest of the line at every word).
    "no colon": (lambda n: _repeat(HEADER, "a ", n), 6_500),
    # 80 KB: 3.5 s before (the toward-words were sliced off one by one); over the limit now.
    "toward words": (lambda n: _repeat(HEADER + "land: ", "a ", n, "Morocco"), 6_500),
    # A run of spaces made the list and arrow regexes backtrack (20 KB: 20 s before).
    "spaces in a list": (lambda n: _repeat(HEADER + "war: Germany", " ", n, "Italy"), 6_500),
    "spaces, no arrow": (lambda n: _repeat(HEADER + "Algeria", " ", n, "x"), 6_500),
    "void lines": (lambda n: _repeat(HEADER, "conquer\n", n), 6_500),
    "unknown names": (lambda n: _repeat(HEADER, lambda i: f"Lybia{i}: develop\n", n), 6_500),
    "unknown headers": (lambda n: _repeat("", lambda i: f"[Frnce{i}]\n", n), 6_500),
    "odd separators": (lambda n: _repeat(HEADER + "war: ", "Germany - ,; and ", n), 6_500),
}


def _sizes(base: int) -> list[int]:
    """1x, 10x and the limit when 10x is above it; 1x, 10x and 100x (or the limit) otherwise."""
    sizes = [base, min(10 * base, MAX_SHEET_CHARS)]
    if 10 * base < MAX_SHEET_CHARS:
        sizes.append(min(100 * base, MAX_SHEET_CHARS))
    return sizes


def _work(text: str, board, monkeypatch: pytest.MonkeyPatch) -> int:
    """Characters given to name normalisation while reading ``text``, plus one per call."""
    count = 0
    real = notation._key

    def counting(value: str) -> str:
        nonlocal count
        count += len(value) + 1
        return real(value)

    with monkeypatch.context() as patch:
        patch.setattr(notation, "_key", counting)
        parse_sheets(text, board)
    return count


def _cpu_seconds(text: str, board, repeats: int = 5) -> float:
    """Best CPU time of one parse over ``repeats`` runs; each run loops for at least 20 ms."""
    start = time.thread_time()
    parse_sheets(text, board)
    calls = max(1, int(0.02 / max(time.thread_time() - start, 1e-5)))
    best = float("inf")
    for _ in range(repeats):
        start = time.thread_time()
        for _ in range(calls):
            parse_sheets(text, board)
        best = min(best, (time.thread_time() - start) / calls)
    return best


@pytest.mark.parametrize("name", list(PATTERNS))
def test_work_grows_linearly(board, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    make, base = PATTERNS[name]
    texts = [make(size) for size in _sizes(base)]
    works = [_work(text, board, monkeypatch) for text in texts]
    for small, large, work_small, work_large in zip(
        texts, texts[1:], works, works[1:], strict=False
    ):
        growth = len(large) / len(small)
        # Linear: the work per character stays within a factor 2 of the smaller text's.
        assert work_large / work_small < 2 * growth, (name, len(small), len(large), works)


@pytest.mark.parametrize("name", list(PATTERNS))
def test_time_grows_linearly(board, name: str) -> None:
    make, base = PATTERNS[name]
    texts = [make(size) for size in _sizes(base)]
    times = [_cpu_seconds(text, board) for text in texts]
    for small, large, time_small, time_large in zip(
        texts, texts[1:], times, times[1:], strict=False
    ):
        growth = len(large) / len(small)
        # 3x slack over linear for caches and timer noise; quadratic would be `growth` times more.
        assert time_large / time_small < 3 * growth, (name, len(small), len(large), times)


@pytest.mark.parametrize("name", list(PATTERNS))
def test_any_text_under_the_limit_is_read_well_under_a_second(board, name: str) -> None:
    make, _ = PATTERNS[name]
    text = make(MAX_SHEET_CHARS)
    assert MAX_SHEET_CHARS - 40 < len(text) <= MAX_SHEET_CHARS
    with own_cpu() as spent:
        parse_sheets(text, board)
    assert spent.seconds < 0.5


@pytest.mark.parametrize(
    "text",
    [
        HEADER + "war: " + " ".join(["Germany"] * 40_000),  # the 3.2 KB list at 100x: 320 KB
        HEADER + " ".join(["a"] * 40_000),  # the 8 KB line at 10x
        HEADER + "land: " + "a " * 40_000 + "Morocco",  # the 80 KB line of the report
        "x" * (MAX_SHEET_CHARS + 1),
        "[France]\n" + "a\n" * 1_000_000,
    ],
)
def test_over_the_limit_is_refused_at_once(board, text: str) -> None:
    with own_cpu() as spent, pytest.raises(SheetTooLongError, match="65,536 characters"):
        parse_sheets(text, board)
    assert spent.seconds < 0.05
