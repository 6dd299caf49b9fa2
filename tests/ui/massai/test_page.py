"""The whole page: the games list first, a game opened from it, new games beside the others."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from tabletop.store import Store
from tabletop.ui.massai.page import MassaiPage

from .driving import setups, visible

ROOT = Path(__file__).resolve().parents[3]


def test_the_page_opens_the_list_and_new_game_keeps_the_others(store: Store) -> None:
    fresh = MassaiPage(store, watch=False)
    assert "tt-massai-app" in fresh.root._dom_classes  # no game yet: one is started
    assert fresh.view is not None and len(store.list_games("massai")) == 1
    setups(fresh.view)
    page = MassaiPage(store, watch=False)
    assert page.view is None and "tt-massai-list" in page.root._dom_classes
    assert page.games is not None and len(page.games.rows) == 1
    page.games.rows[0].open_button.click()
    assert page.view is not None and page.view.controller.state.phase == "play"
    assert visible(page.view.games_button)
    page.view.games_button.click()
    assert "tt-massai-list" in page.root._dom_classes
    page.games.new_button.click()
    assert len(store.list_games("massai")) == 2
    assert not page.view.controller.record.actions
    page.view.games_button.click()
    page.set_lang("fr")
    assert page.games.new_button.description == "Nouvelle partie"
    page.upload.value = (
        {
            "name": "bad.json",
            "type": "application/json",
            "size": 1,
            "last_modified": datetime.now(timezone.utc),
            "content": memoryview(b"{broken"),
        },
    )
    assert "Fichier refusé" in page.message.value and len(store.list_games("massai")) == 2
