"""Benchmark: how the order-sheet parser's time grows with the length of hostile texts.

For each hostile pattern the text is read at three sizes, 1x, 10x and 100x (the largest just
under the notation's size limit), and the time of one ``parse_sheets`` call is printed with the
growth from one size to the next: about 10 when reading is linear, 100 when it is quadratic.
Then the inputs of the security report at their reported sizes, a text over the limit (refused),
and two realistic rounds: the bundled 1895 example and a six-power late-game round.

    .venv/bin/python benchmarks/parser_scaling.py [--max-seconds S] [--repeats N]

``--max-seconds`` stops a pattern once one of its sizes took longer (useful to compare with an
older, super-linear parser).
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from collections.abc import Callable
from pathlib import Path

from tabletop.games.africa1880 import notation
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import example_game, example_orders
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.notation_format import format_sheets

LIMIT: int = getattr(notation, "MAX_SHEET_CHARS", 65_536)
HEADER = "[France]\n"


def _fill(prefix: str, unit: str | Callable[[int], str], size: int, suffix: str = "") -> str:
    """``prefix`` + units + ``suffix``, with as many units as fit in ``size`` characters."""
    parts = [prefix]
    length = len(prefix) + len(suffix)
    index = 0
    while True:
        piece = unit(index) if callable(unit) else unit
        if length + len(piece) > size:
            break
        parts.append(piece)
        length += len(piece)
        index += 1
    parts.append(suffix)
    return "".join(parts)


# name -> text of about n characters
PATTERNS: dict[str, Callable[[int], str]] = {
    "power list without commas (war: Germany Germany ...)": lambda n: _fill(
        HEADER + "war: ", "Germany ", n
    ),
    "line without a colon (a a a ...)": lambda n: _fill(HEADER, "a ", n),
    "toward words before a landing (land: a a ... Morocco)": lambda n: _fill(
        HEADER + "land: ", "a ", n, "Morocco"
    ),
    "spaces inside a power list": lambda n: _fill(HEADER + "war: Germany", " ", n, "Italy"),
    "spaces in a line without an arrow": lambda n: _fill(HEADER + "Algeria", " ", n, "x"),
    "many void lines (conquer)": lambda n: _fill(HEADER, "conquer\n", n),
    "many unknown names (suggestions)": lambda n: _fill(
        HEADER, lambda i: f"Lybia{i}: develop\n", n
    ),
    "many unknown power headers": lambda n: _fill("", lambda i: f"[Frnce{i}]\n", n),
}

# The inputs of the security report, at the sizes it gives.
REPORTED: list[tuple[str, str]] = [
    ("war: Germany x 400 words (3.2 KB)", HEADER + "war: " + " ".join(["Germany"] * 400)),
    ("line without a colon, 8 KB", HEADER + " ".join(["a"] * 4000)),
    ("toward words, 80 KB line", HEADER + "land: " + "a " * 40_000 + "Morocco"),
]


def best_time(text: str, board: Board, repeats: int) -> tuple[float, str]:
    """Best seconds per call over ``repeats`` timed runs, and what happened ("n void" or the
    refusal). Short texts are parsed several times per run, so each run lasts about 20 ms."""

    def once() -> str:
        try:
            result = parse_sheets(text, board)
        except ValueError as error:
            return f"refused: {type(error).__name__}"
        return f"{len(result.void)} void"

    start = time.perf_counter()
    outcome = once()
    first = time.perf_counter() - start
    calls = max(1, min(1000, int(0.02 / max(first, 1e-6))))
    best = first
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            once()
        best = min(best, (time.perf_counter() - start) / calls)
    return best, outcome


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:9.3f} ms"


def _late_game_text() -> tuple[str, Board]:
    path = Path(__file__).with_name("africa_resolve.py")
    spec = importlib.util.spec_from_file_location("africa_resolve", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    state, sheets = module.late_game()
    board = load_board()
    return format_sheets(sheets, board, state.powers), board


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-seconds", type=float, default=30.0)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    board = load_board()
    sizes = (LIMIT // 100, LIMIT // 10, LIMIT - 1)
    print(f"size limit: {LIMIT:,} characters; sizes 1x/10x/100x = {sizes} characters")
    print("time of one parse_sheets call, best of runs; growth = time / time of the size before")
    for name, make in PATTERNS.items():
        print(f"\n{name}")
        previous = None
        for label, size in zip(("1x", "10x", "100x"), sizes, strict=True):
            text = make(size)
            seconds, outcome = best_time(text, board, args.repeats)
            growth = f"growth {seconds / previous:6.1f}" if previous else " " * 13
            print(f"  {label:>4} {len(text):7,} chars {_ms(seconds)}  {growth}  ({outcome})")
            previous = seconds
            if seconds > args.max_seconds:
                print(f"  (over {args.max_seconds} s: larger sizes skipped)")
                break

    print("\ninputs of the security report, at their sizes")
    for name, text in REPORTED:
        seconds, outcome = best_time(text, board, args.repeats)
        print(f"  {name:40} {len(text):7,} chars {_ms(seconds)}  ({outcome})")
    over = HEADER + "a " * LIMIT
    seconds, outcome = best_time(over, board, args.repeats)
    print(f"  {'a text over the limit':40} {len(over):7,} chars {_ms(seconds)}  ({outcome})")

    print("\nrealistic rounds")
    game = example_game()
    text = example_orders()
    seconds, outcome = best_time(text, game.board, args.repeats)
    print(f"  {'1895 example (4 powers)':40} {len(text):7,} chars {_ms(seconds)}  ({outcome})")
    late, late_board = _late_game_text()
    seconds, outcome = best_time(late, late_board, args.repeats)
    name = f"late game (6 powers, {late.count(chr(10))} lines)"
    print(f"  {name:40} {len(late):7,} chars {_ms(seconds)}  ({outcome})")


if __name__ == "__main__":
    main()
