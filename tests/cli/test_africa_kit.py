"""``tabletop africa kit``: the kit written atomically, never over an existing file without
--force, for the bundled board or a board file (with its own drawing, or none); every refusal
one line with the usual exit status."""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tabletop.cli import common
from tabletop.cli.dispatch import main
from tabletop.store import open_store
from tabletop.store.boards import Boards
from tests.games.africa1880.grid_board import NAMES, grid_board


def run(capsys: Any, *argv: str) -> tuple[int, str, str]:
    """The exit status (a usage error's too: argparse exits) and what was printed."""
    try:
        code = main(list(argv))
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def pdf_text(path: Path) -> str:
    tool = shutil.which("pdftotext")
    if tool is None:
        pytest.fail("needs pdftotext from Debian's poppler-utils")
    out = subprocess.run([tool, "-enc", "UTF-8", str(path), "-"], check=True, capture_output=True)
    return " ".join(out.stdout.decode("utf-8").split())


def test_the_kit_is_written_and_never_replaced_without_force(capsys: Any, tmp_path: Path) -> None:
    out_file = tmp_path / "kit.pdf"
    code, out, err = run(capsys, "africa", "kit", "-o", str(out_file), "--paper", "a3")
    assert (code, err) == (0, "")
    assert str(out_file) in out
    first = out_file.read_bytes()
    assert first.startswith(b"%PDF-")
    assert "Egypt" in pdf_text(out_file)
    code, out, err = run(capsys, "africa", "kit", "-o", str(out_file), "--lang", "de")
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and "--force" in err
    assert out_file.read_bytes() == first  # untouched
    code, out, err = run(capsys, "africa", "kit", "-o", str(out_file), "--lang", "de", "--force")
    assert code == 0 and "Ägypten" in pdf_text(out_file)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit.pdf"]  # no temporary file left


def test_a_board_file_with_its_own_drawing(capsys: Any, tmp_path: Path) -> None:
    board_file = tmp_path / "grid.json"
    board_file.write_text(json.dumps(grid_board()), encoding="utf-8")
    out_file = tmp_path / "grid.pdf"
    code, out, err = run(capsys, "africa", "kit", "-o", str(out_file), "--board", str(board_file))
    assert (code, err) == (0, "")
    text = pdf_text(out_file)
    assert all(name in text for name in NAMES)


def test_a_board_file_without_a_drawing(capsys: Any, tmp_path: Path) -> None:
    data = grid_board()
    del data["drawing"]
    board_file = tmp_path / "plain.json"
    board_file.write_text(json.dumps(data), encoding="utf-8")
    out_file = tmp_path / "plain.pdf"
    code, out, err = run(capsys, "africa", "kit", "-o", str(out_file), "--board", str(board_file))
    assert (code, err) == (0, "")
    assert "no drawing" in out
    assert "No map in this kit" in pdf_text(out_file)


@pytest.mark.parametrize(
    ("extra", "status"),
    [
        (["--paper", "b5"], 2),
        (["--lang", "xx"], 2),
        (["--board", "/nonexistent/board.json"], 1),
    ],
)
def test_refusals_are_one_line(capsys: Any, tmp_path: Path, extra: list[str], status: int) -> None:
    out_file = tmp_path / "kit.pdf"
    code, out, err = run(capsys, "africa", "kit", "-o", str(out_file), *extra)
    assert code == status and out == ""
    assert err.count("\n") == 1
    assert not out_file.exists()


def test_an_unwritable_place_is_refused_in_one_line(capsys: Any, tmp_path: Path) -> None:
    code, out, err = run(capsys, "africa", "kit", "-o", str(tmp_path / "missing" / "kit.pdf"))
    assert code == 1 and err.count("\n") == 1 and "cannot be written" in err
    code, out, err = run(capsys, "africa", "kit", "-o", str(tmp_path))
    assert code == 1 and err.count("\n") == 1


def test_the_output_is_required(capsys: Any) -> None:
    code, out, err = run(capsys, "africa", "kit")
    assert code == 2 and out == "" and err.count("\n") == 1


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A database holding one saved board in two versions (3 x 2 cells, then 5 x 4)."""
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("TABLETOP_DATABASE_URL", raising=False)
    store = open_store()
    try:
        boards = Boards(store)
        first = boards.save("Club board", grid_board(columns=3, rows=2))
        boards.save("Club board", grid_board(), board_id=first.board_id)
    finally:
        store.close()
    yield tmp_path
    common._close_stores()
    common._loaded.clear()


def test_a_saved_board_and_its_versions(capsys: Any, data_dir: Path) -> None:
    newest, first = data_dir / "newest.pdf", data_dir / "first.pdf"
    assert run(capsys, "africa", "kit", "-o", str(newest), "--saved-board", "1")[0] == 0
    assert run(capsys, "africa", "kit", "-o", str(first), "--saved-board", "1:1")[0] == 0
    newest_text, first_text = pdf_text(newest), pdf_text(first)
    assert all(name in newest_text for name in NAMES)
    assert all(name in first_text for name in NAMES[:6])
    assert not any(name in first_text for name in NAMES[6:])  # version 1 has six territories
    code, out, err = run(capsys, "africa", "kit", "-o", str(first), "--saved-board", "9", "--force")
    assert code == 1 and err.count("\n") == 1
    code, out, err = run(
        capsys, "africa", "kit", "-o", str(first), "--saved-board", "1", "--board", "x.json"
    )
    assert code == 2 and err.count("\n") == 1
