"""The print-and-play kit's PDF, read back with pdftotext and pdfinfo: every territory's name on
the poster, every power's counters, the rules' title in each language, the pages as planned."""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.games.africa1880.palette import POWER_COLOURS, POWER_LETTERS
from tabletop.games.africa1880.powers import POWERS, power_name
from tabletop.i18n import translator
from tabletop.printing.kit import PowerInk, kit_pdf
from tabletop.printing.kit_counters import counter_pages
from tabletop.printing.kit_poster import Tile, poster_scale, tile_poster
from tabletop.printing.kit_rules import rules_title
from tabletop.printing.paper import PAPERS
from tests.games.africa1880.grid_board import NAMES, grid_board

NEEDS = "needs {} from Debian's poppler-utils (the README's test command installs it)"
INKS = {power: PowerInk(POWER_COLOURS[power], POWER_LETTERS[power]) for power in POWERS}


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.fail(NEEDS.format(name))
    return found


def read_pdf(pdf: bytes) -> tuple[int, list[str]]:
    """The page count (pdfinfo) and each page's text, white space collapsed (pdftotext)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "kit.pdf"
        path.write_bytes(pdf)
        info = subprocess.run(
            [_tool("pdfinfo"), str(path)], check=True, capture_output=True, text=True
        ).stdout
        out = subprocess.run(
            [_tool("pdftotext"), "-enc", "UTF-8", str(path), "-"], check=True, capture_output=True
        ).stdout.decode("utf-8")
    match = re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE)
    assert match is not None
    return int(match.group(1)), [" ".join(page.split()) for page in out.split("\f")]


@functools.cache
def bundled_kit(paper: str, lang: str) -> tuple[int, list[str]]:
    board = load_board()
    return read_pdf(kit_pdf(board, load_geometry(board), paper, lang, INKS))


def poster_tiles(board: Board, paper: str) -> tuple[Tile, ...]:
    """The poster's sheets, computed from the layout functions (none without a drawing)."""
    geometry = load_geometry(board)
    if geometry is None:
        return ()
    scale = poster_scale(geometry)
    return tile_poster(geometry.width * scale, geometry.height * scale, paper).tiles


def expected_pages(board: Board, paper: str) -> tuple[int, int]:
    """(sheets of the poster, pages of the kit) computed from the layout functions."""
    sheets = len(poster_tiles(board, paper))
    width, height = PAPERS[paper]
    counters = len(counter_pages(POWERS, width, height, 12.0))
    # cover, (assembly + sheets), counters, a blank order sheet per power, the rules
    return sheets, 1 + (1 + sheets if sheets else 0) + counters + len(POWERS) + 1


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_the_pages_are_as_computed(paper: str) -> None:
    sheets, pages = expected_pages(load_board(), paper)
    count, texts = bundled_kit(paper, "en")
    assert count == pages
    assert sheets >= 4  # a poster, not a page
    # Each sheet of the poster is named on its page, A1 first.
    poster_pages = texts[2 : 2 + sheets]
    for text, tile in zip(poster_pages, poster_tiles(load_board(), paper), strict=True):
        assert re.search(rf"(^| ){tile.name} ", text), tile.name


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_every_territory_and_every_power_in_each_language(lang: str) -> None:
    board = load_board()
    sheets, _ = expected_pages(board, "a4")
    _, texts = bundled_kit("a4", lang)
    poster = " ".join(texts[2 : 2 + sheets])
    for name in board.names:
        assert board.display_name(name, lang) in poster, name
    counters = " ".join(texts[2 + sheets :])
    for power in POWERS:
        # Each power's counters: its name and its letters, in the heading and on the pieces.
        assert power_name(power, lang) in counters
        assert len(re.findall(rf"\b{POWER_LETTERS[power]}\b", counters)) >= 22
    assert texts[-2].startswith(rules_title(lang)) or rules_title(lang) in texts[-2]
    assert rules_title(lang) in " ".join(texts)
    tr = translator(lang)
    assert tr.gettext("Africa 1880 — print-and-play kit") in texts[0]


def test_the_rules_title_differs_by_language() -> None:
    assert len({rules_title(lang) for lang in ("en", "fr", "de")}) == 3


def test_a_board_with_its_own_drawing_prints_its_own_map() -> None:
    board = board_from_dict(grid_board())
    geometry = load_geometry(board)
    assert geometry is not None and set(geometry.polygons) == set(NAMES)
    count, texts = read_pdf(kit_pdf(board, geometry, "a4", "en", INKS))
    sheets, pages = expected_pages(board, "a4")
    assert count == pages
    poster = " ".join(texts[2 : 2 + sheets])
    for name in NAMES:
        assert name in poster, name
    bundled = load_board()
    assert not any(bundled.display_name(name) in poster for name in ("Egypt", "Algeria"))


def test_a_board_without_a_drawing_gets_no_poster_and_says_so() -> None:
    data = grid_board()
    del data["drawing"]
    board = board_from_dict(data)
    assert load_geometry(board) is None
    count, texts = read_pdf(kit_pdf(board, None, "letter", "fr"))
    assert count == expected_pages(board, "letter")[1]
    tr = translator("fr")
    first = texts[0]
    assert " ".join(tr.gettext("No map in this kit").split()) in first
    for name in NAMES:  # the territories listed instead
        assert name in first
    # Without the palette the counters carry the powers' names.
    for power in POWERS:
        assert power_name(power, "fr") in " ".join(texts[1:])


def test_an_unknown_paper_or_language_is_refused() -> None:
    board = load_board()
    with pytest.raises(ValueError, match="paper"):
        kit_pdf(board, None, "b5")
    with pytest.raises(ValueError):
        kit_pdf(board, None, "a4", "xx")
