"""The reveal page opened from its address (``reveal.ipynb?game=ID&lang=``), on a real SQLite
store: the game shown, a bad or unknown id refused in one line, the environment as fallback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.games.africa1880.gamefile import Game, example_game
from tabletop.games.massai.gamefile import GameRecord
from tabletop.store import Store, open_store
from tabletop.ui.reveal import reveal_page

NOTEBOOK = Path(__file__).resolve().parents[3] / "notebooks" / "reveal.ipynb"


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return open_store(f"sqlite:///{tmp_path / 'games.db'}")


def find(widget, css: str):
    """The first widget under ``widget`` with the CSS class ``css``."""
    if css in getattr(widget, "_dom_classes", ()):
        return widget
    for child in getattr(widget, "children", ()):
        found = find(child, css)
        if found is not None:
            return found
    return None


def refusal_text(page) -> str:
    assert "tt-refusal-box" in page._dom_classes, page
    return page.value


def test_the_game_of_the_address_is_revealed(store: Store) -> None:
    snap = store.create_game(example_game(), name="ours")
    page = reveal_page({"game": str(snap.game_id)}, store=store)
    assert "tt-reveal" in page._dom_classes
    text = find(page, "tt-reveal-text")
    assert text is not None and "1890" in text.value  # the last resolved round of the example
    assert "Next" in find(page, "tt-reveal-next").description


def test_language_and_every_round_from_the_address(store: Store) -> None:
    snap = store.create_game(example_game())
    page = reveal_page({"game": str(snap.game_id), "lang": "fr", "all": "1"}, store=store)
    assert "Suivant" in find(page, "tt-reveal-next").description
    assert "1880" in find(page, "tt-reveal-text").value  # the slideshow starts at the first round


@pytest.mark.parametrize("ref", ["abc", "3; drop table games", "-1", "1e3", "9" * 40])
def test_a_bad_id_is_refused_in_one_line(store: Store, ref: str) -> None:
    page = reveal_page({"game": ref}, store=store)
    text = refusal_text(page)
    assert "is not a game number" in text and "Traceback" not in text


def test_an_unknown_game_is_refused_in_the_page_language(store: Store) -> None:
    assert "There is no game 999" in refusal_text(reveal_page({"game": "999"}, store=store))
    german = refusal_text(reveal_page({"game": "999", "lang": "de"}, store=store))
    assert "Es gibt keine Partie 999" in german


def test_a_game_without_a_resolved_round_has_nothing_to_reveal(store: Store) -> None:
    snap = store.create_game(Game.new(["France", "Germany", "Italy"]))
    text = refusal_text(reveal_page({"game": str(snap.game_id)}, store=store))
    assert f"Game {snap.game_id} has no resolved round yet" in text


def test_a_massai_game_of_the_database_is_revealed(store: Store) -> None:
    from tests.ui.reveal.test_reveal import _massai_attack

    snap = store.create_game(_massai_attack())
    page = reveal_page({"game": str(snap.game_id)}, store=store)
    assert "tt-reveal" in page._dom_classes
    fresh = store.create_game(GameRecord.new())
    assert "nothing to reveal" in refusal_text(
        reveal_page({"game": str(fresh.game_id)}, store=store)
    )


def test_the_query_string_of_the_request_is_read(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    snap = store.create_game(example_game())
    monkeypatch.setenv("QUERY_STRING", f"game={snap.game_id}&lang=de")
    page = reveal_page(store=store)
    assert "Weiter" in find(page, "tt-reveal-next").description


def test_without_a_game_the_environment_is_the_fallback(
    store: Store, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("TABLETOP_REVEAL_GAME", raising=False)
    page = reveal_page({}, store=store)
    assert "1890" in find(page, "tt-reveal-text").value  # the bundled example
    monkeypatch.setenv("TABLETOP_REVEAL_GAME", str(tmp_path / "missing.json"))
    assert "cannot be read" in refusal_text(reveal_page({}, store=store))
    monkeypatch.setenv("TABLETOP_REVEAL_GAME", "db:notanumber")
    assert "cannot be read" in refusal_text(reveal_page({}, store=store))


def test_the_notebook_opens_the_page_from_its_address() -> None:
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    source = "".join(cells[0]["source"])
    assert "reveal_page()" in source and "reveal_app()" not in source
