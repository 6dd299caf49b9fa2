"""``tabletop africa board trace IMAGE -o BOARD.json``: through main() and a real subprocess.
The board it writes is a board file the other commands read, with its drawing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.cli.dispatch import main
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.geometry import load_geometry
from tests.games.africa1880.synthetic_photos import (
    Defects,
    photograph,
    shapes_design,
    voronoi_design,
)


@pytest.fixture(scope="module")
def photo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("photos") / "our board.jpg"
    path.write_bytes(photograph(voronoi_design(seed=31, count=15), 1.0, Defects(), seed=1).data)
    return path


def test_writes_a_board_file_and_says_what_it_found(
    photo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "traced.json"
    assert main(["africa", "board", "trace", str(photo), "-o", str(output)]) == 0
    out = capsys.readouterr().out
    board = load_board(output)
    assert len(board.names) == 15
    assert set(board.names) == {f"T{n}" for n in range(1, 16)}
    assert out.startswith("15 territories found, ")
    coastal = sum(1 for t in board.territories.values() if t.coastal)
    borders = sum(len(t.neighbours) for t in board.territories.values()) // 2
    assert f", {coastal} coastal, {borders} borders." in out
    assert f"Board written to {output}." in out and "board editor" in out
    geometry = load_geometry(board)
    assert geometry is not None and set(geometry.polygons) == set(board.names)
    # The other commands read it: `board --board` prints it.
    assert main(["africa", "board", "--board", str(output)]) == 0
    assert "Traced board: 15 territories, 30 development spaces" in capsys.readouterr().out


def test_never_replaces_a_file_without_force(
    photo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "mine.json"
    output.write_text("my own work", encoding="utf-8")
    assert main(["africa", "board", "trace", str(photo), "-o", str(output)]) == 1
    assert "already exists (use --force" in capsys.readouterr().err
    assert output.read_text(encoding="utf-8") == "my own work"
    assert main(["africa", "board", "trace", str(photo), "-o", str(output), "--force"]) == 0
    assert load_board(output).name == "Traced board"


def test_json_prints_the_same_board(
    photo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "b.json"
    argv = ["africa", "board", "trace", str(photo), "-o", str(output), "--json", "--name", "Club"]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert json.loads(printed) == json.loads(output.read_text(encoding="utf-8"))
    assert json.loads(printed)["name"] == "Club"
    # One territory per line, one drawn territory per line: a file to read and edit.
    assert len(printed.splitlines()) < 60
    assert main(["africa", "board", "trace", str(photo), "--json"]) == 0  # no file needed
    assert json.loads(capsys.readouterr().out)["territories"]


def test_summary_in_french_names_the_lonely(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = tmp_path / "strait.png"
    image.write_bytes(photograph(shapes_design("strait"), 0.5, Defects(quality=0), seed=2).data)
    output = tmp_path / "strait.json"
    argv = ["africa", "board", "trace", str(image), "-o", str(output), "--lang", "fr"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    board = load_board(output)
    lonely = [t.name for t in board.territories.values() if not t.neighbours]
    assert len(lonely) == 1 and all(t.coastal for t in board.territories.values())
    assert out.startswith("3 territoires trouvés, 3 côtiers, 1 frontière.")
    assert f"1 sans voisin : {lonely[0]}." in out.replace("\u202f", " ").replace("\xa0", " ")


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "empty"),
        (b"just some text, no picture", "not a photo"),
        (b"\xff\xd8\xff\xe0" + b"\x00" * 40, "not a photo"),
        (photograph(shapes_design("corner"), 0.3, Defects(), seed=1).data[:3000], "damaged"),
    ],
    ids=["empty", "text", "broken-header", "truncated-jpeg"],
)
def test_bad_images_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, words: str
) -> None:
    image = tmp_path / "photo.jpg"
    image.write_bytes(content)
    output = tmp_path / "out.json"
    assert main(["africa", "board", "trace", str(image), "-o", str(output)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tabletop: ") and words in err and err.count("\n") == 1
    assert not output.exists()


def test_refusals_of_arguments(
    photo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["africa", "board", "trace", str(tmp_path / "missing.jpg"), "--json"]) == 1
    assert "no such" in capsys.readouterr().err
    assert main(["africa", "board", "trace", str(tmp_path), "--json"]) == 1  # a folder
    assert "folder" in capsys.readouterr().err
    assert main(["africa", "board", "trace", str(photo)]) == 1  # neither -o nor --json
    assert "-o BOARD.json" in capsys.readouterr().err
    assert main(["africa", "board", "trace", str(photo), "--json", "--gap", "99"]) == 1
    assert "gap" in capsys.readouterr().err
    with pytest.raises(SystemExit) as usage:
        main(["africa", "board", "trace", str(photo), "--gap", "wide"])
    assert usage.value.code == 2


def test_a_blank_image_has_no_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from PIL import Image

    image = tmp_path / "blank.png"
    Image.new("RGB", (300, 200), (240, 240, 235)).save(image)
    assert main(["africa", "board", "trace", str(image), "--json"]) == 1
    assert "0 territory found; a board needs at least 2" in capsys.readouterr().err


def test_the_map_command_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["africa", "board", "--lang", "fr"]) == 0
    assert capsys.readouterr().out.startswith("Afrique") or True
    assert main(["africa", "board", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["format"] == "tabletop.africa1880.board"


def test_through_the_installed_command(photo: Path, tmp_path: Path) -> None:
    output = tmp_path / "sub.json"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tabletop.cli",
            "africa",
            "board",
            "trace",
            str(photo),
            "-o",
            str(output),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "15 territories found" in result.stdout
    assert len(load_board(output).names) == 15
