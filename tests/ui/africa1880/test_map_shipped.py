"""The default board's placements ship as data (no second of CPU, no SciPy at page opening):
the shipped file must equal a fresh computation, and any other board is computed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.ui.africa1880.map import shipped
from tabletop.ui.africa1880.map.canvas_shapes import (
    compute_placements,
    layout_key,
    placement_inputs,
)

REPO = Path(__file__).resolve().parents[3]


def test_the_shipped_layout_equals_a_fresh_computation() -> None:
    """If this fails, the drawing or the placement changed: run tools/make_africa_geometry.py."""
    kept = json.loads(shipped.LAYOUT_FILE.read_text(encoding="utf-8"))
    fresh = shipped.default_layout_data()
    assert kept["key"] == fresh["key"], "the drawing changed: regenerate default_layout.json"
    assert kept == fresh, "the placement changed: regenerate default_layout.json"
    board = load_board()
    inputs = placement_inputs(board, load_geometry(board))
    assert shipped.read_shipped(layout_key(inputs)) == compute_placements(inputs)


def test_opening_the_default_map_computes_nothing() -> None:
    """A fresh process builds the default map from the file: quickly and without SciPy."""
    code = (
        "import sys, time\n"
        "from tabletop.games.africa1880.board_files import load_board\n"
        "from tabletop.games.africa1880.geometry import load_geometry\n"
        "from tabletop.games.africa1880.gamefile import example_game\n"
        "from tabletop.ui.africa1880.map import build_map_model\n"
        "b = load_board(); g = load_geometry(b); s = example_game().state\n"
        "t = time.process_time(); m = build_map_model(b, g, s)\n"
        "print(time.process_time() - t, 'scipy' in sys.modules, len(m.territories))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split()
    seconds, scipy_loaded, count = float(out[0]), out[1], int(out[2])
    assert scipy_loaded == "False" and count == len(load_board().names)
    assert seconds < 0.2, f"{seconds:.2f} s of CPU: the shipped layout was not used"


def test_another_board_is_computed_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    board = load_board()
    geometry = load_geometry(board)
    data = json.loads((REPO / "tabletop/games/africa1880/data/default_board.json").read_text())
    # Two territories swap their development spaces (the board's total stays right).
    first, second = _two_differing(data["territories"])
    first["spaces"], second["spaces"] = second["spaces"], first["spaces"]
    name = first["name"]
    other = board_from_dict(data)
    inputs = placement_inputs(other, geometry)
    assert layout_key(inputs) != layout_key(placement_inputs(board, geometry))
    assert shipped.read_shipped(layout_key(inputs)) is None
    placements = compute_placements(inputs)
    assert len(placements[name].spaces) == other[name].spaces


def _two_differing(territories: list[dict]) -> tuple[dict, dict]:
    first = territories[0]
    return first, next(t for t in territories if t["spaces"] != first["spaces"])


@pytest.mark.parametrize("text", ["", "{", '{"format": 1}', '{"format": 99, "key": "x"}'])
def test_a_damaged_file_means_computing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    broken = tmp_path / "layout.json"
    broken.write_text(text)
    monkeypatch.setattr(shipped, "LAYOUT_FILE", broken)
    shipped._shipped.cache_clear()
    try:
        board = load_board()
        assert (
            shipped.read_shipped(layout_key(placement_inputs(board, load_geometry(board)))) is None
        )
    finally:
        shipped._shipped.cache_clear()
