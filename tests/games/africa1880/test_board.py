"""The Africa 1880 map (board.py): the default board and name lookup (the board-file checks, files
and the drawing are tested in test_board_check, test_board_files and test_geometry).

Rules checked come from shared/rules/africa1880.md, section "The map": 32 territories, 1-4
development spaces each summing to 88, symmetric land-only neighbours, coastal flags; section
"Setup": the historical starts.
"""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop.games.africa1880.board as board_module
from tabletop.games.africa1880.board import UnknownTerritory
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import load_board

DATA = Path(__file__).resolve().parents[3] / "tabletop" / "games" / "africa1880" / "data"
DEFAULT_FILE = DATA / "default_board.json"
BOARD = load_board()

REQUIRED = [
    "Egypt", "Algeria", "Dahomey", "Cape", "Angola", "Somalia", "Togo", "Kamerun", "Congo",
    "Tunisia", "Morocco", "Senegal", "Guinea", "Madagascar",
]  # fmt: skip


def default_data() -> dict:
    """A fresh, editable copy of the default board file's contents."""
    return json.loads(DEFAULT_FILE.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- the default map


def test_default_board_has_32_territories_and_88_spaces() -> None:
    assert len(BOARD.names) == 32
    assert len(BOARD.territories) == 32
    assert BOARD.total_spaces == 88
    assert sum(t.spaces for t in BOARD.territories.values()) == 88


def test_every_territory_has_1_to_4_spaces() -> None:
    assert {t.spaces for t in BOARD.territories.values()} <= {1, 2, 3, 4}


def test_default_board_names_the_required_regions() -> None:
    for name in REQUIRED:
        assert name in BOARD.names


def test_neighbours_are_symmetric_sorted_and_never_self() -> None:
    for name, territory in BOARD.territories.items():
        assert list(territory.neighbours) == sorted(territory.neighbours)
        assert name not in territory.neighbours
        for other in territory.neighbours:
            assert name in BOARD.territories[other].neighbours, (name, other)


def test_mainland_is_connected_and_islands_are_coastal() -> None:
    islands = {name for name, t in BOARD.territories.items() if not t.neighbours}
    assert islands == {"Madagascar"}
    assert all(BOARD.territories[name].coastal for name in islands)
    mainland = set(BOARD.names) - islands
    start = sorted(mainland)[0]
    seen, todo = {start}, [start]
    while todo:
        for other in BOARD.territories[todo.pop()].neighbours:
            if other not in seen:
                seen.add(other)
                todo.append(other)
    assert seen == mainland


def test_historical_starts_follow_the_rules_and_are_coastal() -> None:
    assert dict(BOARD.historical_starts) == {
        "Great Britain": "Egypt",
        "France": "Algeria",
        "Germany": "Dahomey",
        "Netherlands": "Cape",
        "Belgium": "Angola",
        "Italy": "Somalia",
    }
    for territory in BOARD.historical_starts.values():
        assert BOARD.territories[territory].coastal


def test_coastal_names_are_the_coastal_territories() -> None:
    coastal = BOARD.coastal_names()
    assert "Egypt" in coastal and "Madagascar" in coastal
    assert "Chad" not in coastal and "Transvaal" not in coastal
    assert set(coastal) == {n for n, t in BOARD.territories.items() if t.coastal}
    assert list(coastal) == sorted(coastal)


def test_default_file_is_already_in_canonical_form() -> None:
    # to_dict writes what the file holds, so saving a loaded board changes nothing.
    assert BOARD.to_dict() == default_data()


def test_to_dict_round_trips() -> None:
    again = board_from_dict(json.loads(json.dumps(BOARD.to_dict())), "copy")
    assert again == BOARD
    assert again.source == "copy"


def test_board_mappings_are_read_only() -> None:
    with pytest.raises(TypeError):
        BOARD.territories["Atlantis"] = BOARD.territories["Egypt"]  # type: ignore[index]


# --------------------------------------------------------------------------- lookup


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Egypt", "Egypt"),
        ("  egypt  ", "Egypt"),
        ("Égypte", "Egypt"),
        ("EGYPTE", "Egypt"),
        ("Algérie", "Algeria"),
        ("le cap", "Cape"),
        ("Le  Cap", "Cape"),
        ("Côte-de-l'Or", "Gold Coast"),
        ("cote de l or", "Gold Coast"),
        ("gold-coast", "Gold Coast"),
        ("GoldCoast", "Gold Coast"),
        ("Côte d\u2019Ivoire", "Ivory Coast"),
        ("Cameroon", "Kamerun"),
        ("Cameroun", "Kamerun"),
        ("kamerun", "Kamerun"),
        ("south   west africa", "South West Africa"),
        ("Mogadiscio", "Somalia"),
        ("Tripolitania", "Libya"),
    ],
)
def test_lookup_accepts_case_accents_aliases_and_spacing(text: str, expected: str) -> None:
    assert BOARD.lookup(text) == expected
    assert text in BOARD
    assert BOARD[text].name == expected


@pytest.mark.parametrize(
    ("typo", "meant"), [("Egipt", "Egypt"), ("Lybia", "Libya"), ("Tchadd", "Chad")]
)
def test_unknown_name_suggests_the_closest(typo: str, meant: str) -> None:
    with pytest.raises(UnknownTerritory) as caught:
        BOARD.lookup(typo)
    assert caught.value.text == typo
    assert caught.value.suggestion == meant
    assert f'"{typo}"' in str(caught.value)
    assert f'did you mean "{meant}"?' in str(caught.value)


def test_unknown_name_without_close_match_has_no_suggestion() -> None:
    with pytest.raises(UnknownTerritory) as caught:
        BOARD.lookup("xq")
    assert caught.value.suggestion is None
    assert "did you mean" not in str(caught.value)
    assert "xq" not in BOARD
    assert 42 not in BOARD


def test_getitem_unknown_is_also_a_key_error() -> None:
    with pytest.raises(KeyError):
        BOARD["Atlantis"]


def test_are_neighbours_uses_land_borders_only() -> None:
    assert BOARD.are_neighbours("Egypt", "Soudan")
    assert BOARD.are_neighbours("Le Cap", "natal")
    assert not BOARD.are_neighbours("Mozambique", "Madagascar")  # across the sea
    assert not BOARD.are_neighbours("Egypt", "Cape")
    with pytest.raises(UnknownTerritory):
        BOARD.are_neighbours("Egypt", "Atlantis")


SPELLINGS = [(s, t.name) for t in BOARD.territories.values() for s in (t.name, *t.aliases)]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SPELLINGS), st.data())
def test_lookup_survives_any_case_mangling(spelling: tuple[str, str], data: st.DataObject) -> None:
    text, canonical = spelling
    flips = data.draw(st.lists(st.booleans(), min_size=len(text), max_size=len(text)))
    mangled = "".join(c.upper() if f else c.lower() for c, f in zip(text, flips, strict=True))
    padding = data.draw(st.sampled_from(["", " ", "  ", "\t"]))
    assert BOARD.lookup(padding + mangled + padding) == canonical


# --------------------------------------------------------------------------- the checks


def test_docstring_examples() -> None:
    result = doctest.testmod(board_module)
    assert result.attempted > 0
    assert result.failed == 0
