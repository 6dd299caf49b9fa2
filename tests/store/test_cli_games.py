"""``tabletop games ...`` and ``db:ID`` game arguments, on both backends."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop import cli
from tabletop.cli import common
from tabletop.cli.common import CliError, load_game_ref, save_game_ref
from tabletop.games.africa1880.gamefile import EXAMPLE_GAME, Game, load_game
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.notation import parse_action
from tabletop.store import GameArchive, open_store
from tests.store.helpers import EXAMPLE_SHEETS


@pytest.fixture(autouse=True)
def _close_cli_stores() -> Iterator[None]:
    yield
    common._close_stores()
    common.set_database(None)
    common._loaded.clear()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_import_list_show_export_delete(
    db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "games", "list", "--db", db_url)
    assert code == 0 and "No games" in out
    code, out, _ = run(
        capsys, "games", "import", str(EXAMPLE_GAME), "--name", "Club", "--db", db_url
    )
    assert code == 0 and "as game 1" in out
    code, out, _ = run(capsys, "games", "list", "--db", db_url, "--json")
    listed = json.loads(out)
    assert [(g["id"], g["name"], g["kind"], g["step"]) for g in listed] == [
        (1, "Club", "africa1880", 3)
    ]
    code, out, _ = run(capsys, "games", "show", "1", "--db", db_url)
    assert code == 0 and "import" in out and out.count("resolve") == 3
    target = tmp_path / "out.json"
    code, out, _ = run(capsys, "games", "export", "1", "-o", str(target), "--db", db_url)
    assert code == 0
    assert load_game(target).to_dict() == load_game(EXAMPLE_GAME).to_dict()
    code, _, err = run(capsys, "games", "export", "1", "-o", str(target), "--db", db_url)
    assert code == 1 and "already exists" in err
    history = tmp_path / "history.json"
    run(capsys, "games", "export", "1", "-o", str(history), "--history", "--db", db_url)
    code, out, _ = run(capsys, "games", "import", str(history), "--db", db_url)
    assert code == 0 and "as game 2" in out
    code, _, err = run(capsys, "games", "delete", "1", "--db", db_url)
    assert code == 1 and "--yes" in err and "export it first" in err
    code, out, _ = run(capsys, "games", "delete", "1", "--yes", "--db", db_url)
    assert code == 0 and "deleted" in out
    code, _, err = run(capsys, "games", "export", "1", "-o", "-", "--db", db_url)
    assert code == 1 and "no game 1" in err and err.count("\n") == 1
    code, out, _ = run(capsys, "games", "rename", "2", "Second", "copy", "--db", db_url)
    assert code == 0 and "Second copy" in out


def test_bad_ids_and_files_are_one_line(
    db_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as caught:
        cli.main(["games", "export", "x", "-o", "f", "--db", db_url])
    assert caught.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tabletop.africa1880.game", "version": 1, "state": 3}')
    code, _, err = run(capsys, "games", "import", str(bad), "--db", db_url)
    assert code == 1 and err.count("\n") == 1 and "Traceback" not in err
    assert open_store(db_url).list_games() == []


def test_db_refs_load_and_append_transactionally(db_url: str) -> None:
    common.set_database(db_url)
    store = open_store(db_url)
    game_id = GameArchive(store).import_data(json.loads(EXAMPLE_GAME.read_text())).game_id
    ref = f"db:{game_id}"
    game = load_game_ref(ref, "africa1880")
    assert isinstance(game, Game) and game.state.round == 4
    game.apply(game.read_sheets(EXAMPLE_SHEETS), EXAMPLE_SHEETS)
    assert save_game_ref(game, ref) == ref
    entries = store.history(game_id)
    assert (entries[-1].action, entries[-1].detail, entries[-1].actor) == (
        "resolve",
        EXAMPLE_SHEETS,
        "command line",
    )
    # Undo from the command line is a new entry returning to the state before.
    game = load_game_ref(ref, "africa1880")
    game.undo()
    save_game_ref(game, ref)
    assert store.history(game_id)[-1].action == "undo"
    assert store.load(game_id).game.state.round == 4
    # A change made on a version another page has changed since is refused, nothing written.
    game = load_game_ref(ref, "africa1880")
    store.resolve_round(game_id, "", None, actor="another page")
    game.apply(game.read_sheets(EXAMPLE_SHEETS), EXAMPLE_SHEETS)
    with pytest.raises(CliError, match="this game changed on another page"):
        save_game_ref(game, ref)
    assert store.history(game_id)[-1].actor == "another page"
    with pytest.raises(CliError, match="is an Africa 1880 game"):
        load_game_ref(ref, "massai")
    with pytest.raises(CliError, match="expected db:ID"):
        load_game_ref("db:abc", "africa1880")
    store.close()


def test_db_new_and_massai_play(db_url: str) -> None:
    common.set_database(db_url)
    saved = save_game_ref(GameRecord.new(), "db:new")
    record = load_game_ref(saved, "massai")
    record, report = record.play(parse_action("setup a1 b1 b2 c2 c1", 0))
    assert report.ok
    save_game_ref(record, saved)
    store = open_store(db_url)
    last = store.history(int(saved[3:]))[-1]
    assert (last.action, last.detail) == ("play", "setup a1 b1 b2 c2 c1")
    store.close()


def test_files_still_work_through_the_same_helpers(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    save_game_ref(GameRecord.new(), path)
    assert isinstance(load_game_ref(path, "massai"), GameRecord)
    with pytest.raises(CliError, match="no such file"):
        load_game_ref(tmp_path / "none.json", "africa1880")
