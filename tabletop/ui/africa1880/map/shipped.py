"""The default board's placements, shipped as data (``default_layout.json`` beside this module).

Placing the marks of the default board costs about a second of CPU and imports SciPy; every
page opening would pay it. The file holds the result with the fingerprint of everything it
depends on (shapes, names, spaces, canvas size, the legend's and title's boxes); a board whose
fingerprint differs (an uploaded one, or a changed drawing) is computed as before (and cached).
tests/ui/africa1880/test_map_shipped.py checks that the file equals a fresh computation.

:func:`placements_for` is what the map uses: the shipped placements when they were made for
the board at hand, else computed (once per board and canvas size).

Regenerate it with the drawing (the tool writes both; ``--check`` compares both)::

    .venv/bin/python tools/make_africa_geometry.py
"""

from __future__ import annotations

import functools
import json
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.ui.africa1880.map.canvas_shapes import (
    PlacementInputs,
    compute_placements,
    layout_key,
    placement_inputs,
)
from tabletop.ui.africa1880.map.placement import Box, Placement

LAYOUT_FILE = Path(__file__).with_name("default_layout.json")
FORMAT = 1


def _box(box: Box) -> list[float]:
    return [float(box.x), float(box.y), float(box.w), float(box.h)]


def _point(point: tuple[float, float]) -> list[float]:
    return [float(point[0]), float(point[1])]


def placements_to_data(key: str, placements: Mapping[str, Placement]) -> dict[str, Any]:
    """``placements`` as JSON-ready data under fingerprint ``key``."""
    return {
        "format": FORMAT,
        "key": key,
        "placements": {
            name: {
                "lines": list(p.lines),
                "font_px": p.font_px,
                "label": _box(p.label),
                "spaces": [_box(b) for b in p.spaces],
                "discs": [_point(d) for d in p.discs],
                "disc_r": float(p.disc_r),
                "star": _point(p.star),
                "pole": _point(p.pole),
                "callout": None if p.callout is None else _box(p.callout),
            }
            for name, p in placements.items()
        },
    }


def placements_from_data(data: Mapping[str, Any]) -> dict[str, Placement]:
    """The placements written by :func:`placements_to_data`."""

    def point(values: list[float]) -> tuple[float, float]:
        return (float(values[0]), float(values[1]))

    return {
        name: Placement(
            name=name,
            lines=tuple(entry["lines"]),
            font_px=int(entry["font_px"]),
            label=Box(*entry["label"]),
            spaces=tuple(Box(*b) for b in entry["spaces"]),
            discs=tuple(point(d) for d in entry["discs"]),
            disc_r=float(entry["disc_r"]),
            star=point(entry["star"]),
            pole=point(entry["pole"]),
            callout=None if entry["callout"] is None else Box(*entry["callout"]),
        )
        for name, entry in data["placements"].items()
    }


@functools.cache
def _shipped() -> tuple[str, dict[str, Placement]] | None:
    """(key, placements) of the shipped file; None if it is missing or unreadable (then the
    placements are computed: slower, never wrong)."""
    try:
        data = json.loads(LAYOUT_FILE.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            return None
        return str(data["key"]), placements_from_data(data)
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None


def read_shipped(key: str) -> dict[str, Placement] | None:
    """The shipped placements if they were made for fingerprint ``key`` (a fresh copy of the
    mapping: the caller may keep it)."""
    shipped = _shipped()
    if shipped is None or shipped[0] != key:
        return None
    return dict(shipped[1])


@functools.lru_cache(maxsize=16)
def placements_for(inputs: PlacementInputs) -> dict[str, Placement]:
    """Placements of a board's marks, computed once per shapes, names and canvas size; the
    default board's are read from the shipped file (no computing, no SciPy) when its inputs
    are the very ones the file was made from."""
    shipped = read_shipped(layout_key(inputs))
    if shipped is not None:
        return shipped
    return compute_placements(inputs)


def default_layout_data() -> dict[str, Any]:
    """The default board's placements, freshly computed, as the file holds them."""
    board = load_board()
    inputs = placement_inputs(board, load_geometry(board))
    return placements_to_data(layout_key(inputs), compute_placements(inputs))


def write_default_layout(path: Path = LAYOUT_FILE) -> Path:
    """Compute the default board's placements and write them to ``path`` (atomically)."""
    text = json.dumps(default_layout_data(), separators=(",", ":"), sort_keys=True) + "\n"
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
    _shipped.cache_clear()
    return path
