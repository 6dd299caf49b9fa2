"""Today's autosave files in the data folder are imported once; the files are never changed."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from tabletop.games.africa1880.gamefile import example_game, save_game
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.gamefile import save_game as save_massai
from tabletop.games.massai.notation import parse_action
from tabletop.store import GameArchive, Store


def _digests(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


def test_autosaves_are_imported_once_and_kept(store: Store, tmp_path: Path) -> None:
    folder = tmp_path / "olddata"
    game = example_game()
    save_game(game, folder / "africa1880-autosave.json")
    state = game.state
    (folder / "africa1880-autosave.drafts.json").write_text(
        json.dumps(
            {
                "format": "tabletop.africa1880.drafts",
                "powers": list(state.powers),
                "year": state.year,
                "round": state.round,
                "history": len(game.history),
                "drafts": {"France": "Algeria: develop\n", "Germany": ""},
            }
        )
    )
    record, _ = GameRecord.new().play(parse_action("setup a1 b1 b2 c2 c1", 0))
    save_massai(record, folder / "massai.json")
    (folder / "notes.json").write_text('{"shopping": ["bread"]}')
    before = _digests(folder)

    outcomes = GameArchive(store).import_autosaves(folder)
    done = {o.path.name: o for o in outcomes}
    assert done["africa1880-autosave.json"].snapshot is not None
    assert done["massai.json"].snapshot is not None
    assert done["notes.json"].snapshot is None and "not a game file" in done["notes.json"].reason
    games = {g.kind: g for g in store.list_games()}
    assert set(games) == {"africa1880", "massai"}
    africa_id = games["africa1880"].id
    assert store.load(africa_id).game.to_dict() == game.to_dict()
    assert {s: d.text for s, d in store.drafts(africa_id, state.round).items()} == {
        "France": "Algeria: develop\n"
    }
    assert len(store.history(games["massai"].id)) == 2  # the start, then the setup
    assert _digests(folder) == before  # the originals are kept as they were

    again = GameArchive(store).import_autosaves(folder)
    assert all(o.snapshot is None for o in again)
    assert len(store.list_games()) == 2
    # A later change to the same file is not a new game either: the file was imported once.
    save_massai(GameRecord.new(), folder / "massai.json")
    assert all(o.snapshot is None for o in GameArchive(store).import_autosaves(folder))
    assert len(store.list_games()) == 2
