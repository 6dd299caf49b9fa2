"""The printable order sheets, checked by reading the PDF's text back with pdftotext."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tabletop.cli.dispatch import main
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.gamefile import Game, example_game, save_game
from tabletop.games.africa1880.legal import legal_choices
from tabletop.games.africa1880.powers import power_name
from tabletop.games.africa1880.state import GameState
from tabletop.i18n import translator
from tabletop.printing import FontMissing, order_sheets_pdf
from tabletop.printing.fonts import FONT_ENV, font_files
from tabletop.printing.sheet_map import LAND
from tests.games.africa1880.grid_board import GRID_ORDERS, grid_board

# The README's test command installs Debian's poppler-utils; without it these tests fail (a
# PDF nobody read is not checked).
NEEDS = "needs {} from Debian's poppler-utils (the README's test command installs it)"


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.fail(NEEDS.format(name))
    return found


def pages(pdf: bytes, tmp_path: Path) -> list[str]:
    """The text of each page, white space collapsed (a name may wrap at a space)."""
    path = tmp_path / "sheets.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(
        [_tool("pdftotext"), "-enc", "UTF-8", str(path), "-"], check=True, capture_output=True
    ).stdout.decode("utf-8")
    found = [" ".join(page.split()) for page in out.split("\f")]
    return [page for page in found if page]


def check_every_power_page(state: GameState, board: Board, lang: str, texts: list[str]) -> None:
    tr = translator(lang)
    # No page overflowed here: one per power, the blank sheet, the map.
    assert len(texts) == len(state.powers) + 2
    for power, text in zip(state.powers, texts, strict=False):
        name = power_name(power, lang)
        assert text.startswith(
            tr.gettext(
                "Africa 1880 · {power} · round {round} ({year})",
                power=name,
                round=state.round,
                year=state.year,
            )
        )
        assert str(state.year) in text
        menus = legal_choices(state, board, power)
        assert menus.presences, "every power has presences in these games"
        for menu in menus.presences:
            assert board.display_name(menu.territory, lang) in text
            if menu.explore_targets:
                targets = ", ".join(board.display_name(t, lang) for t in menu.explore_targets)
                line = tr.gettext("explore targets: {targets}", targets=targets)
                assert " ".join(line.split()) in text  # a no-break space reads as a space
        for target in menus.landing_targets:
            assert board.display_name(target, lang) in text
        for other in state.powers:
            if other != power:
                assert power_name(other, lang) in text
        for label in ("hold", "alliance", "war"):
            assert tr.gettext(label) in text
    others = {power_name(p, lang) for p in state.powers}
    blank = texts[-2]
    assert blank.startswith(tr.gettext("Africa 1880 · blank order sheet"))
    assert not any(re.search(rf"\b{re.escape(name)}\b", blank) for name in others)


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_example_game_sheets_in_each_language(lang: str, tmp_path: Path) -> None:
    game = example_game()
    assert game.board is not None
    texts = pages(order_sheets_pdf(game.state, game.board, lang), tmp_path)
    check_every_power_page(game.state, game.board, lang, texts)


def test_accents_and_sharp_s_print_right(tmp_path: Path) -> None:
    game = Game.new(["Great Britain", "France", "Germany", "Italy", "Belgium", "Netherlands"])
    assert game.board is not None
    german = pages(order_sheets_pdf(game.state, game.board, "de"), tmp_path)
    check_every_power_page(game.state, game.board, "de", german)
    assert "Großbritannien" in german[0]  # Belgium's page lists the others
    assert "Ägypten" in german[3]  # Great Britain's own presence
    french = pages(order_sheets_pdf(game.state, game.board, "fr"), tmp_path)
    check_every_power_page(game.state, game.board, "fr", french)
    assert "Égypte" in french[3] and "Présences" in french[3]
    assert "feuille d’ordres vierge" in french[-2]


def test_the_font_is_embedded(tmp_path: Path) -> None:
    _tool("pdffonts")
    game = example_game()
    assert game.board is not None
    path = tmp_path / "sheets.pdf"
    path.write_bytes(order_sheets_pdf(game.state, game.board, "de"))
    listing = subprocess.run(["pdffonts", str(path)], check=True, capture_output=True, text=True)
    rows = listing.stdout.splitlines()[2:]
    assert rows and all(" yes yes yes " in row for row in rows)  # embedded, subset, unicode


def test_a_long_sheet_continues_on_a_page_that_names_the_power(tmp_path: Path) -> None:
    game = Game.new(["France", "Germany", "Italy"])
    board = game.board
    assert board is not None
    mine = [n for n in board.names if n not in ("Dahomey", "Somalia")][:20]
    state = GameState(
        ("France", "Germany", "Italy"),
        {"France": set(mine), "Germany": {"Dahomey"}, "Italy": {"Somalia"}},
    )
    texts = pages(order_sheets_pdf(state, board, "en"), tmp_path)
    france = [t for t in texts if t.startswith("Africa 1880 · France · round 1 (1880)")]
    assert len(france) == 2 and len(texts) == 6  # France's presences need two pages
    joined = " ".join(france)
    for menu in legal_choices(state, board, "France").presences:
        assert board.display_name(menu.territory) in joined
        if menu.explore_targets:
            assert "explore targets: " + ", ".join(menu.explore_targets) in joined
    assert all("Africa 1880 · France" not in t for t in texts if t not in france)


def test_missing_font_is_one_clear_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(FONT_ENV, str(tmp_path / "none.ttf"))
    with pytest.raises(FontMissing):
        font_files()
    game = tmp_path / "game.json"
    save_game(Game.new(["France", "Germany", "Italy"]), game)
    assert main(["africa", "sheets", str(game), "-o", str(tmp_path / "s.pdf")]) == 1
    err = capsys.readouterr().err
    assert "none.ttf" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "s.pdf").exists()


def test_cli_sheets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "game.json"
    save_game(Game.new(["France", "Germany", "Italy"]), game)
    out = tmp_path / "sheets.pdf"
    assert main(["africa", "sheets", str(game), "--lang", "de", "-o", str(out)]) == 0
    assert "1880" in capsys.readouterr().out
    texts = pages(out.read_bytes(), tmp_path)
    assert [t.split(" · ")[1] for t in texts[:3]] == ["Frankreich", "Deutschland", "Italien"]
    assert main(["africa", "sheets", str(game), "-o", str(out)]) == 0  # a PDF is replaced
    capsys.readouterr()
    notes = tmp_path / "notes.txt"
    notes.write_text("keep me", encoding="utf-8")
    assert main(["africa", "sheets", str(game), "-o", str(notes)]) == 1
    assert "not a PDF" in capsys.readouterr().err and notes.read_text() == "keep me"


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_last_page_is_the_map_with_every_territory(lang: str, tmp_path: Path) -> None:
    game = example_game()
    assert game.board is not None
    texts = pages(order_sheets_pdf(game.state, game.board, lang), tmp_path)
    drawn = texts[-1]
    assert drawn.startswith(
        translator(lang).gettext("Africa 1880 · the board in {year}", year=game.state.year)
    )
    squeezed = drawn.replace(" ", "")
    for name in game.board.names:  # a long name may be split over two lines
        assert game.board.display_name(name, lang).replace(" ", "") in squeezed, name


def test_a_traced_board_is_drawn_on_the_sheets(tmp_path: Path) -> None:
    board = board_from_dict(grid_board(width=4000, height=3000, name="Club board"))
    game = Game.new(["France", "Germany", "Italy"], board=board, board_name="club")
    game.apply(game.read_sheets(GRID_ORDERS), GRID_ORDERS)
    pdf = order_sheets_pdf(game.state, board, "en")
    texts = pages(pdf, tmp_path)
    check_every_power_page(game.state, board, "en", texts)
    drawn = texts[-1]
    assert drawn.startswith("Africa 1880 · the board in 1885 Club board in 1885")
    for name in board.names:
        assert name in drawn
    assert "Fra = France" in drawn and "Ger = Germany" in drawn
    # The outlines are drawn: one filled polygon per territory on the last page.
    path = tmp_path / "sheets.pdf"
    path.write_bytes(pdf)
    images = tmp_path / "page"
    subprocess.run(
        [_tool("pdftoppm"), "-f", str(len(texts)), "-l", str(len(texts)), "-r", "30", "-png",
         str(path), str(images)],
        check=True,
    )  # fmt: skip
    rendered = sorted(tmp_path.glob("page*.png"))
    assert len(rendered) == 1
    with Image.open(rendered[0]) as image:
        pixels = np.asarray(image.convert("RGB"))
    land = int(np.all(pixels == LAND, axis=-1).sum())
    # The 4000 x 3000 drawing fills the page's width: 180 x 135 mm, 88 % of it land.
    assert land > pixels.shape[0] * pixels.shape[1] * 0.2


def test_a_board_without_a_drawing_has_no_map_page(tmp_path: Path) -> None:
    data = grid_board()
    del data["drawing"]
    board = board_from_dict(data)
    game = Game.new(["France", "Germany", "Italy"], board=board, board_name="plain")
    texts = pages(order_sheets_pdf(game.state, board, "en"), tmp_path)
    assert len(texts) == 4 and texts[-1].startswith("Africa 1880 · blank order sheet")


def test_the_map_page_speaks_the_sheets_language(tmp_path: Path) -> None:
    game = example_game()
    assert game.board is not None
    drawn = pages(order_sheets_pdf(game.state, game.board, "fr"), tmp_path)[-1]
    assert drawn.startswith("Africa 1880 · le plateau en 1895")
    assert "Fra = France" in drawn and "pion de développement" in drawn
