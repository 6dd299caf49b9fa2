"""Fuzzing: random and hostile text to the notation, random JSON to the game-file loader.

Nothing a person can type or a disk can hold may raise anything but the documented errors.
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import (
    EXAMPLE_GAME,
    GameFileError,
    game_from_dict,
    load_game,
)
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.orders import REASON_CODES

BOARD = load_board()
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PIECES = [
    "[",
    "]",
    ":",
    "->",
    "→",
    "=>",
    "#",
    ",",
    ";",
    " ",
    "\t",
    "\n",
    "\r\n",
    "\x00",
    "\u200b",
    "\u0301",
    "\u202e",
    "ß",
    "İ",
    "ﬁ",
    "Ⅻ",
    "[France]",
    "[Grande-Bretagne]",
    "[Prusse]",
    "France",
    "France:",
    "develop",
    "développe",
    "explore",
    "explorer",
    "hold",
    "rien",
    "land",
    "débarque",
    "war",
    "guerre",
    "alliance",
    "vers",
    "Algeria",
    "Algérie",
    "Côte-de-l'Or",
    "Gold Coast",
    "Sahara",
    "Madagascar",
    "Égypte",
    "Congo",
    "x" * 300,
    "🙂",
    "'",
    "-",
    "--",
    "::",
    "[]",
    "[[x]]",
]


@SETTINGS
@given(st.text(max_size=400))
def test_random_text_never_raises(text: str) -> None:
    result = parse_sheets(text, BOARD)
    assert all(v.reason_code in REASON_CODES for v in result.void)
    assert all(v.reason and v.reason_fr for v in result.void)


@SETTINGS
@given(st.lists(st.sampled_from(PIECES), max_size=60), st.lists(st.sampled_from(PIECES)))
def test_hostile_sheets_never_raise(pieces: list[str], powers_text: list[str]) -> None:
    text = "".join(pieces)
    result = parse_sheets(text, BOARD, ["France", "Germany", "Great Britain"])
    assert set(result.sheets) <= {"France", "Germany", "Great Britain"}
    for sheet in result.sheets.values():
        for order in sheet.orders:
            assert order.power == sheet.power
    assert all(v.reason_code in REASON_CODES for v in result.void)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 40)
    | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=20,
)
KEYS = [
    "format",
    "version",
    "state",
    "history",
    "powers",
    "presences",
    "development",
    "colonies",
    "round",
    "board",
    "options",
    "last_relations",
    "game_over",
    "sheets_text",
    "report",
    "France",
    "Algeria",
    "landing_check",
    "stock",
]


@SETTINGS
@given(json_values)
def test_random_json_never_crashes_the_loader(data: object) -> None:
    try:
        game_from_dict(data, "fuzz", board=BOARD)
    except GameFileError as error:
        assert str(error).startswith("fuzz: ") and "\n" not in str(error)


@SETTINGS
@given(st.data())
def test_mutated_game_files_never_crash_the_loader(data: st.DataObject) -> None:
    game = json.loads(EXAMPLE_GAME.read_text(encoding="utf-8"))
    for _ in range(data.draw(st.integers(1, 4))):
        # Walk to a random object inside the file and replace, add or delete one of its keys.
        node = game
        path = data.draw(st.lists(st.sampled_from(KEYS + [0, 1, 2]), max_size=3))
        for step in path:
            if isinstance(node, dict) and step in node and isinstance(node[step], (dict, list)):
                node = node[step]
            elif isinstance(node, list) and isinstance(step, int) and step < len(node):
                if isinstance(node[step], (dict, list)):
                    node = node[step]
        if isinstance(node, dict):
            key = data.draw(st.sampled_from(KEYS + list(node)))
            if data.draw(st.booleans()) and key in node:
                del node[key]
            else:
                node[key] = data.draw(json_values)
        elif isinstance(node, list) and node:
            node[data.draw(st.integers(0, len(node) - 1))] = data.draw(json_values)
    try:
        game_from_dict(game, "fuzz", board=BOARD)
    except GameFileError:
        pass


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_on_disk(tmp_path_factory, content: bytes) -> None:
    path = Path(tmp_path_factory.mktemp("fuzz")) / "game.json"
    path.write_bytes(content)
    try:
        load_game(path)
    except GameFileError as error:
        assert "\n" not in str(error)
