"""The game tab's print-and-play kit: a PDF download in the page's language, on the chosen
paper, with the game's board on the poster and the counters in the page's palette."""

from __future__ import annotations

import base64
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tabletop.games.africa1880.palette import POWER_LETTERS
from tabletop.games.africa1880.powers import POWERS, power_name
from tabletop.ui.africa1880.app import AfricaApp, africa_app


@pytest.fixture
def app() -> AfricaApp:
    page = africa_app()
    page.show_game()
    page.show_tab("game")
    return page


def linked_pdf(app: AfricaApp) -> tuple[str, bytes]:
    value = app.files.kit.link.value
    found = re.search(r'download="([^"]+)" href="data:application/pdf;base64,([^"]+)"', value)
    assert found, value
    return found.group(1), base64.b64decode(found.group(2))


def pdf_text(pdf: bytes, tmp_path: Path) -> str:
    tool = shutil.which("pdftotext")
    if tool is None:
        pytest.fail("needs pdftotext from Debian's poppler-utils (the README's test command)")
    path = tmp_path / "kit.pdf"
    path.write_bytes(pdf)
    out = subprocess.run([tool, "-enc", "UTF-8", str(path), "-"], check=True, capture_output=True)
    return " ".join(out.stdout.decode("utf-8").split())


def test_the_kit_is_made_on_request_for_the_games_board(app: AfricaApp, tmp_path: Path) -> None:
    kit = app.files.kit
    assert kit.link.value == ""  # made only when asked
    assert "PDF" in kit.button.description
    kit.button.click()
    name, pdf = linked_pdf(app)
    assert name == "africa1880-kit-a4-en.pdf"
    assert pdf.startswith(b"%PDF") and pdf == kit.pdf
    text = pdf_text(pdf, tmp_path)
    board = app.controller.board
    for territory in board.names:
        assert board.display_name(territory) in text
    for power in POWERS:  # the counters carry the page's letters for each power
        assert power_name(power) in text
        assert len(re.findall(rf"\b{POWER_LETTERS[power]}\b", text)) >= 22


def test_language_and_paper_take_the_old_kit_away(app: AfricaApp, tmp_path: Path) -> None:
    kit = app.files.kit
    kit.button.click()
    assert kit.link.value
    kit.paper.value = "letter"
    assert kit.link.value == ""
    app.controller.lang = "de"
    assert kit.link.value == "" and "PDF" in kit.button.description
    kit.button.click()
    name, pdf = linked_pdf(app)
    assert name == "africa1880-kit-letter-de.pdf"
    text = pdf_text(pdf, tmp_path)
    assert "Ägypten" in text and "Großbritannien" in text
