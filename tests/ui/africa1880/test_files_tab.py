"""The game tab: the download link, the upload button's words and the "Play with phones" link."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.ui.africa1880.app import AfricaApp, africa_app


@pytest.fixture
def app(autosave_path: Path) -> AfricaApp:
    return africa_app(autosave_path=autosave_path)


def test_the_game_tab_links_to_the_shared_screen_of_a_kept_game(app: AfricaApp) -> None:
    game_id = app.controller.game_id
    assert game_id is not None
    link = app.files.phones_link.value
    assert f'href="table.ipynb?game={game_id}"' in link and "Play with phones" in link
    app.controller.lang = "de"
    assert "Mit Handys spielen" in app.files.phones_link.value


def test_the_upload_button_says_its_name_in_its_tooltip(app: AfricaApp) -> None:
    # The page draws the tooltip instead of ipywidgets' "name (0)" (see the shell's style).
    upload = app.files.upload
    assert "tt-upload" in upload._dom_classes
    assert upload.tooltip == upload.description == "Open a game file"
    app.controller.lang = "fr"
    assert upload.tooltip == upload.description != "Open a game file"


def test_the_download_link_names_the_file(app: AfricaApp) -> None:
    assert app.controller.file_name() in app.files.save_link.value
