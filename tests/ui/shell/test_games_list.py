"""The games list on a real SQLite store in tmp: list, open, new, rename, duplicate, export,
delete with its confirmation."""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.games.africa1880.gamefile import example_game
from tabletop.store import GameArchive, Store, open_store
from tabletop.ui.shell.games_list import GamesList, keys, text


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    db = open_store(tmp_path / "games.db")
    yield db
    db.close()


class Calls:
    def __init__(self) -> None:
        self.opened: list[int] = []
        self.new = 0

    def open(self, game_id: int) -> None:
        self.opened.append(game_id)

    def start(self) -> None:
        self.new += 1


def make_list(store: Store, lang: str = "en") -> tuple[GamesList, Calls]:
    calls = Calls()
    games = GamesList(store, "africa1880", lang=lang, on_open=calls.open, on_new=calls.start)
    return games, calls


def links(html: str) -> dict[str, dict]:
    """class -> decoded JSON of every download link in ``html``."""
    found = {}
    pattern = r'class="([^"]+)"[^>]*href="data:application/json;base64,([^"]+)"'
    for cls, data in re.findall(pattern, html):
        found[cls] = json.loads(base64.b64decode(data))
    return found


def test_empty_list_says_so_and_new_calls_back(store: Store) -> None:
    games, calls = make_list(store)
    assert games.rows == []
    assert "No game yet" in games.empty.value
    games.new_button.click()
    assert calls.new == 1


def test_rows_show_name_rounds_players_newest_first(store: Store) -> None:
    first = store.create_game(example_game(), name="Tuesday club")
    second = store.create_game(example_game(), name="Class 4B")
    games, _ = make_list(store)
    assert [row.info.id for row in games.rows] == [second.game_id, first.game_id]
    cells = games.rows[1].cells.value
    assert "Tuesday club" in cells
    assert f"Rounds {first.info.step}" in cells
    for power in first.info.players:
        assert power in cells
    assert games.empty.value == ""


def test_other_kinds_are_not_listed(store: Store) -> None:
    store.create_game(example_game(), name="Africa")
    games, _ = make_list(store)
    massai = GamesList(store, "massai", on_open=lambda _i: None, on_new=lambda: None)
    assert len(games.rows) == 1
    assert massai.rows == []


def test_open_calls_back_with_the_id(store: Store) -> None:
    snap = store.create_game(example_game(), name="One")
    games, calls = make_list(store)
    games.rows[0].open_button.click()
    assert calls.opened == [snap.game_id]


def test_rename(store: Store) -> None:
    snap = store.create_game(example_game(), name="Old name")
    games, _ = make_list(store)
    games.rows[0].rename_button.click()
    assert games.name_field.value == "Old name"
    assert games.name_bound.box in games.panel.children[1].children
    assert games.name_field in games.name_bound.box.children
    games.name_field.value = "  New   name "
    games.save_name.click()
    assert store.info(snap.game_id).name == "New name"
    assert "New name" in games.rows[0].cells.value
    assert "Renamed" in games.message.value
    assert games.panel.children == ()


def test_an_over_long_name_is_refused_at_once_and_the_typed_one_kept(store: Store) -> None:
    snap = store.create_game(example_game(), name="Kept")
    games, _ = make_list(store, lang="fr")
    games.ask_rename(snap.game_id)
    games.name_field.value = "Kept, then"
    games.name_field.value = "Kept, then" + "x" * 500  # a paste of a page
    assert games.name_field.value == "Kept, then"
    note = games.name_bound.note.value
    assert "200" in note and "tt-msg-error" in note and "caractères" in note
    games.name_field.value = "y" * 200  # the limit itself is kept
    assert games.name_field.value == "y" * 200 and games.name_bound.note.value == ""
    assert games.confirm_rename() is True
    assert store.info(snap.game_id).name == "y" * 200


def test_rename_to_nothing_is_refused(store: Store) -> None:
    snap = store.create_game(example_game(), name="Kept")
    games, _ = make_list(store)
    games.ask_rename(snap.game_id)
    games.name_field.value = "   "
    assert games.confirm_rename() is False
    assert store.info(snap.game_id).name == "Kept"
    assert "cannot be empty" in games.message.value


def test_duplicate_makes_a_new_game_with_the_history(store: Store) -> None:
    snap = store.create_game(example_game(), name="Original")
    games, _ = make_list(store)
    games.rows[0].duplicate_button.click()
    assert len(games.rows) == 2
    copy = next(g for g in store.list_games("africa1880") if g.id != snap.game_id)
    assert copy.name == "Original (copy)"
    assert len(store.history(copy.id)) == len(store.history(snap.game_id))
    assert store.load(copy.id).game.to_dict() == store.load(snap.game_id).game.to_dict()


def test_export_links_hold_the_game_file_and_the_history(store: Store) -> None:
    snap = store.create_game(example_game(), name="Exported")
    games, _ = make_list(store)
    games.rows[0].export_button.click()
    found = links(games.panel_text.value)
    assert found["tt-games-export-game"] == GameArchive(store).export_game(snap.game_id)
    history = GameArchive(store).export_history(snap.game_id)
    assert found["tt-games-export-history"]["entries"] == history["entries"]
    assert 'download="africa1880-exported.json"' in games.panel_text.value


def test_delete_needs_the_confirmation_and_offers_the_export(store: Store) -> None:
    keep = store.create_game(example_game(), name="Keep")
    gone = store.create_game(example_game(), name="Gone")
    games, _ = make_list(store)
    row = next(r for r in games.rows if r.info.id == gone.game_id)
    row.delete_button.click()
    # nothing deleted yet: the confirmation shows the export links first
    assert {g.id for g in store.list_games()} == {keep.game_id, gone.game_id}
    assert "cannot be undone" in games.panel_text.value
    assert "tt-games-export-history" in games.panel_text.value
    games.cancel.click()
    assert games.panel.children == ()
    assert len(store.list_games()) == 2
    games.ask_delete(gone.game_id)
    games.delete_yes.click()
    assert [g.id for g in store.list_games()] == [keep.game_id]
    assert [r.info.id for r in games.rows] == [keep.game_id]
    assert "deleted" in games.message.value


def test_refresh_follows_changes_made_elsewhere(store: Store) -> None:
    games, _ = make_list(store)
    store.create_game(example_game(), name="Made elsewhere")
    games.refresh()
    assert "Made elsewhere" in games.rows[0].cells.value


def test_relabel_translates_every_button(store: Store) -> None:
    store.create_game(example_game(), name="Partie")
    games, _ = make_list(store)
    for lang, word in (("fr", "Ouvrir"), ("de", "Öffnen"), ("en", "Open")):
        games.relabel(lang)
        assert games.rows[0].open_button.description == word
        assert games.new_button.description == text("new_game", lang)
    games.relabel("fr")
    assert "Tours" in games.rows[0].cells.value


def test_the_new_game_plus_is_an_icon_not_a_character_fonts_may_lack(store: Store) -> None:
    games, _ = make_list(store)
    assert games.new_button.icon == "plus"  # Font Awesome's, served with the page
    for lang in ("en", "fr", "de"):
        games.relabel(lang)
        assert games.new_button.description.isascii() or lang != "en"
        assert "＋" not in games.new_button.description


def test_every_text_has_three_languages() -> None:
    for key in keys():
        for lang in ("en", "fr", "de"):
            assert text(key, lang, name="x", error="y").strip()
    assert text("open", "xx") == "Open"  # a language it does not have: English
