"""Game files: history replay, undo, atomic writes, clear errors, bad files never overwritten."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tabletop.fileio import FileFormatError, atomic_write_text, read_json
from tabletop.games.massai.actions import Attack, Build, Setup
from tabletop.games.massai.gamefile import (
    GameFileError,
    GameRecord,
    NothingToUndo,
    data_dir,
    default_game_path,
    load_game,
    save_game,
)
from tabletop.games.massai.state import Options


def played() -> GameRecord:
    record = GameRecord.new(Options(adjacency=8, guard_table=(0, 0, 2)))
    for action in (
        Setup(0, ("a1", "b1", "b2", "c2", "c1")),
        Setup(1, ("a6", "b6", "b5", "c5", "c4")),
        Build(0, "d3"),
        Build(1, "d4"),
        Attack(0, "d4", ("c4",)),
    ):
        record, report = record.play(action)
        assert report.ok, report.message
    return record


def test_save_then_load_gives_the_same_game(tmp_path: Path) -> None:
    record = played()
    path = tmp_path / "game.json"
    save_game(record, path)
    loaded = load_game(path)
    assert loaded.actions == record.actions
    assert loaded.state == record.state
    assert loaded.options.guard_table == (0, 0, 2)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["history"][2] == {"player": 0, "action": "build d3"}


def test_refused_action_leaves_the_record() -> None:
    record = played()
    same, report = record.play(Build(1, "h1"))
    assert same is record and not report.ok


def test_undo_steps_back_one_action_at_a_time() -> None:
    record = played()
    states = record.states
    for expected in reversed(states[:-1]):
        record = record.undo()
        assert record.state == expected
    with pytest.raises(NothingToUndo):
        record.undo()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "something else"}', "not a Massai game file"),
        ('{"format": "tabletop-massai-game", "version": 99}', "version"),
        (
            '{"format": "tabletop-massai-game", "version": 1, "options": {"rows": 0}}',
            "bad options",
        ),
        (
            '{"format": "tabletop-massai-game", "version": 1, "history": [{"player": 0}]}',
            "history entry 1",
        ),
        (
            '{"format": "tabletop-massai-game", "version": 1, '
            '"history": [{"player": 0, "action": "fly a1"}]}',
            "unknown action",
        ),
        (
            '{"format": "tabletop-massai-game", "version": 1, '
            '"history": [{"player": 0, "action": "build a1"}]}',
            "is illegal",
        ),
    ],
)
def test_bad_files_give_one_clear_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(GameFileError) as caught:
        load_game(path)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert str(path) in str(caught.value)
    assert path.read_text(encoding="utf-8") == content


def test_tampered_position_is_detected(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save_game(played(), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["position"]["huts"][0].append("h1")
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameFileError, match="does not match"):
        load_game(path)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(GameFileError, match="no such file"):
        load_game(tmp_path / "nope.json")
    with pytest.raises(GameFileError, match="folder"):
        load_game(tmp_path)


def test_atomic_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "x.json"
    atomic_write_text(path, '{"a": 1}')
    atomic_write_text(path, '{"a": 2}')
    assert read_json(path) == {"a": 2}
    assert sorted(p.name for p in path.parent.iterdir()) == ["x.json"]


def test_atomic_write_failure_keeps_the_old_file(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "x.json"
    atomic_write_text(path, "old")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("tabletop.fileio.writing.os.replace", broken_replace)
    with pytest.raises(OSError):
        atomic_write_text(path, "new")
    assert path.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"]


def test_atomic_write_keeps_the_permissions_of_the_file_it_replaces(tmp_path: Path) -> None:
    # A shared game file (group-readable, say) must not become private because it was saved.
    path = tmp_path / "x.json"
    path.write_text("old")
    path.chmod(0o664)
    atomic_write_text(path, "new")
    assert path.read_text() == "new"
    assert path.stat().st_mode & 0o777 == 0o664


def test_atomic_write_new_file_follows_the_umask(tmp_path: Path) -> None:
    # A new file gets the usual permissions (0666 less the umask), not the temporary file's 0600.
    old = os.umask(0o022)
    try:
        atomic_write_text(tmp_path / "new.json", "{}")
    finally:
        os.umask(old)
    assert (tmp_path / "new.json").stat().st_mode & 0o777 == 0o644


def test_read_json_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(FileFormatError, match="not a text file"):
        read_json(path)


def test_default_location(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    assert default_game_path() == tmp_path / "massai.json"
    monkeypatch.delenv("TABLETOP_DATA_DIR")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert data_dir() == tmp_path / ".local" / "share" / "tabletop"


def test_atomic_write_leaves_a_read_only_file_alone(tmp_path: Path, monkeypatch) -> None:
    # Renaming over a file needs only the folder's permission, so a game file made read-only
    # to keep it was silently replaced. (The test runs as any user: os.access is what decides.)
    path = tmp_path / "x.json"
    path.write_text("kept")
    path.chmod(0o444)
    real_access = os.access
    monkeypatch.setattr(
        "tabletop.fileio.writing.os.access",
        lambda p, mode: False if Path(p) == path and mode == os.W_OK else real_access(p, mode),
    )
    with pytest.raises(PermissionError, match="read-only"):
        atomic_write_text(path, "new")
    assert path.read_text() == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"]


def test_cli_refuses_to_replace_a_read_only_game(tmp_path: Path, monkeypatch, capsys) -> None:
    from tabletop.cli import main

    path = tmp_path / "g.json"
    assert main(["massai", "new", "-o", str(path)]) == 0
    before = path.read_bytes()
    monkeypatch.setattr("tabletop.fileio.writing.os.access", lambda p, mode: mode != os.W_OK)
    capsys.readouterr()
    assert main(["massai", "play", str(path), "setup a1 b1 b2 c2 c1"]) == 1
    assert (
        capsys.readouterr().err == f"tabletop: {path}: cannot be written (the file is read-only)\n"
    )
    assert path.read_bytes() == before
    africa = tmp_path / "a.json"
    monkeypatch.undo()
    assert main(["africa", "new", "--powers", "France,Germany,Italy", "-o", str(africa)]) == 0
    before = africa.read_bytes()
    monkeypatch.setattr("tabletop.fileio.writing.os.access", lambda p, mode: mode != os.W_OK)
    capsys.readouterr()
    assert (
        main(["africa", "new", "--powers", "France,Germany,Italy", "-o", str(africa), "--force"])
        == 1
    )
    assert (
        capsys.readouterr().err
        == f"tabletop: {africa}: cannot write the file (the file is read-only)\n"
    )
    assert africa.read_bytes() == before
