"""The game tab's printed order sheets (a PDF download) and its link to the projector's page."""

from __future__ import annotations

import base64
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tabletop.store.passes import reveal_pass
from tabletop.ui.africa1880.app import AfricaApp, africa_app
from tabletop.ui.table.links import reveal_page_link


@pytest.fixture
def app() -> AfricaApp:
    page = africa_app()
    page.show_game()
    page.show_tab("game")
    return page


def linked_pdf(app: AfricaApp) -> tuple[str, bytes]:
    value = app.files.sheets.link.value
    found = re.search(r'download="([^"]+)" href="data:application/pdf;base64,([^"]+)"', value)
    assert found, value
    return found.group(1), base64.b64decode(found.group(2))


def pdf_text(pdf: bytes, tmp_path: Path) -> str:
    tool = shutil.which("pdftotext")
    if tool is None:
        pytest.fail("needs pdftotext from Debian's poppler-utils (the README's test command)")
    path = tmp_path / "sheets.pdf"
    path.write_bytes(pdf)
    out = subprocess.run([tool, "-enc", "UTF-8", str(path), "-"], check=True, capture_output=True)
    return " ".join(out.stdout.decode("utf-8").split())


def test_the_button_offers_the_rounds_sheets_as_a_pdf(app: AfricaApp, tmp_path: Path) -> None:
    sheets = app.files.sheets
    assert sheets.link.value == ""  # made only when asked
    assert "PDF" in sheets.button.description and not sheets.button.disabled
    sheets.button.click()
    name, pdf = linked_pdf(app)
    assert name == "africa1880-sheets-1895-en.pdf"
    assert pdf.startswith(b"%PDF") and pdf == sheets.pdf
    text = pdf_text(pdf, tmp_path)
    for power in ("Belgium", "France", "Germany", "Great Britain"):
        assert power in text
    assert "1895" in text and "Algeria" in text


def test_the_sheets_follow_the_page_language(app: AfricaApp, tmp_path: Path) -> None:
    app.files.sheets.button.click()
    assert app.files.sheets.link.value
    app.controller.lang = "fr"
    assert app.files.sheets.link.value == ""  # the English file is not offered any more
    assert "PDF" in app.files.sheets.button.description
    app.files.sheets.button.click()
    name, pdf = linked_pdf(app)
    assert name.endswith("-fr.pdf")
    text = pdf_text(pdf, tmp_path)
    for power in ("Belgique", "France", "Allemagne", "Grande-Bretagne"):
        assert power in text
    assert "Feuilles d’ordres 1895" in app.files.sheets.link.value


def test_a_resolution_takes_the_old_sheets_away(app: AfricaApp) -> None:
    app.files.sheets.button.click()
    assert app.files.sheets.link.value
    app.resolve()
    assert app.files.sheets.link.value == ""
    app.files.sheets.button.click()
    name, _ = linked_pdf(app)
    assert "1900" in name


def test_the_projector_link_opens_the_reveal_of_this_game(app: AfricaApp) -> None:
    ctl = app.controller
    value = app.files.projector_link.value
    href = reveal_page_link(ctl.game_id, "en")
    assert href == f"reveal.ipynb?game={ctl.game_id}&pass={reveal_pass(ctl.game_id)}&lang=en"
    assert f'href="{href.replace("&", "&amp;")}"' in value
    assert 'target="_blank"' in value and "projector" in value
    ctl.lang = "de"
    assert "lang=de" in app.files.projector_link.value
    assert "Beamer" in app.files.projector_link.value


def test_reveal_links_are_relative_and_checked() -> None:
    # Each link carries the game's reveal pass: the served page opens with it.
    three = f"reveal.ipynb?game=3&pass={reveal_pass(3)}"
    assert reveal_page_link(3) == three
    assert reveal_page_link(3, "fr") == three + "&lang=fr"
    assert reveal_page_link(3, "x&y=1") == three
    assert reveal_pass(3) != reveal_pass(4)
    with pytest.raises(ValueError):
        reveal_page_link("3; drop")  # type: ignore[arg-type]
