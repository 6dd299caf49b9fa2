"""The Africa 1880 map: the default board, name lookup, the board-file checks and the drawing.

Rules checked come from shared/rules/africa1880.md, section "The map": 32 territories, 1-4
development spaces each summing to 88, symmetric land-only neighbours, coastal flags, a map that is
data a user can replace and that gives a clear error when inconsistent; section "Setup": the
historical starts.
"""

from __future__ import annotations

import copy
import doctest
import importlib.util
import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop.games.africa1880.board as board_module
from tabletop.games.africa1880.board import (
    Board,
    BoardError,
    Geometry,
    UnknownTerritory,
    board_from_dict,
    geometry_from_dict,
    load_board,
    load_geometry,
    normalize_name,
)
from tabletop.games.africa1880.state import POWERS

DATA = Path(__file__).resolve().parents[2] / "tabletop" / "games" / "africa1880" / "data"
DEFAULT_FILE = DATA / "default_board.json"
BOARD = load_board()

REQUIRED = [
    "Egypt", "Algeria", "Dahomey", "Cape", "Angola", "Somalia", "Togo", "Kamerun", "Congo",
    "Tunisia", "Morocco", "Senegal", "Guinea", "Madagascar",
]  # fmt: skip


def default_data() -> dict:
    """A fresh, editable copy of the default board file's contents."""
    return json.loads(DEFAULT_FILE.read_text(encoding="utf-8"))


def entry(data: dict, name: str) -> dict:
    return next(t for t in data["territories"] if t["name"] == name)


def problems_of(data: object) -> list[str]:
    with pytest.raises(BoardError) as caught:
        board_from_dict(data, "test")
    return caught.value.problems


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


def test_default_board_is_cached_and_named_default() -> None:
    assert load_board() is load_board("default")
    assert BOARD.source == "default"


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


def test_normalize_name_examples() -> None:
    assert normalize_name("  Côte-de-l'Or ") == "cote de l or"
    assert normalize_name("CÔTE\u2011DE\u2011L\u2019OR") == "cote de l or"
    assert normalize_name("\t") == ""


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_normalize_name_is_idempotent(text: str) -> None:
    once = normalize_name(text)
    assert normalize_name(once) == once


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


def _mutation_cases() -> list[tuple[str, Callable[[dict], None], str]]:
    def drop_neighbour(d: dict) -> None:
        entry(d, "Libya")["neighbours"].remove("Egypt")

    def self_neighbour(d: dict) -> None:
        entry(d, "Egypt")["neighbours"].append("Egypt")

    def unknown_neighbour(d: dict) -> None:
        entry(d, "Egypt")["neighbours"].append("Lybia")

    def set_field(name: str, key: str, value: object) -> Callable[[dict], None]:
        return lambda d: entry(d, name).__setitem__(key, value)

    def delete_field(name: str, key: str) -> Callable[[dict], None]:
        return lambda d: entry(d, name).pop(key)

    def duplicate(d: dict) -> None:
        d["territories"].append(copy.deepcopy(entry(d, "Egypt")))

    def same_after_normalising(d: dict) -> None:
        clone = copy.deepcopy(entry(d, "Chad"))
        clone.update(name="TCHÂD ", aliases=[], neighbours=[])
        # Chad's alias "Tchad" already normalises to the new name: both are reported.
        d["territories"].append(clone)
        d["total_spaces"] += clone["spaces"]

    def alias_clash(d: dict) -> None:
        entry(d, "Tunisia")["aliases"].append("Égypte")

    def top(key: str, value: object) -> Callable[[dict], None]:
        return lambda d: d.__setitem__(key, value)

    def start(power: str, territory: str) -> Callable[[dict], None]:
        return lambda d: d["historical_starts"].__setitem__(power, territory)

    return [
        (
            "asymmetric neighbour",
            drop_neighbour,
            "Egypt lists Libya as neighbour but Libya does not list Egypt",
        ),
        ("neighbour of itself", self_neighbour, "Egypt lists itself as a neighbour"),
        ("unknown neighbour", unknown_neighbour, 'Egypt: unknown neighbour "Lybia"'),
        (
            "spaces too low",
            set_field("Egypt", "spaces", 0),
            "Egypt: 0 spaces; a territory has 1 to 4",
        ),
        ("spaces too high", set_field("Egypt", "spaces", 5), "Egypt: 5 spaces"),
        (
            "spaces not a number",
            set_field("Egypt", "spaces", "3"),
            '"spaces" must be a whole number',
        ),
        ("spaces a boolean", set_field("Egypt", "spaces", True), '"spaces" must be a whole number'),
        (
            "coastal not a boolean",
            set_field("Egypt", "coastal", "yes"),
            '"coastal" must be true or false',
        ),
        (
            "neighbours not a list",
            set_field("Egypt", "neighbours", "Libya"),
            '"neighbours" must be a list',
        ),
        ("aliases not a list", set_field("Egypt", "aliases", "Égypte"), '"aliases" must be a list'),
        ("name not a string", set_field("Egypt", "name", 7), '"name" is a number'),
        ("name empty", set_field("Egypt", "name", " - "), '"name" is empty'),
        ("missing coastal", delete_field("Egypt", "coastal"), 'Egypt: missing "coastal"'),
        ("missing spaces", delete_field("Egypt", "spaces"), 'Egypt: missing "spaces"'),
        (
            "missing neighbours",
            delete_field("Madagascar", "neighbours"),
            'Madagascar: missing "neighbours"',
        ),
        (
            "unknown territory key",
            set_field("Egypt", "colour", "red"),
            'Egypt: unknown key "colour"',
        ),
        ("duplicate name", duplicate, 'territory "Egypt" is listed twice'),
        ("same name after normalising", same_after_normalising, 'alias "Tchad" of Chad is already'),
        (
            "alias clash",
            alias_clash,
            'alias "Égypte" of Tunisia is already a name or alias of Egypt',
        ),
        ("missing format", lambda d: d.pop("format"), 'missing "format"'),
        ("wrong version", top("version", 2), "version 2 is not supported"),
        ("missing name", lambda d: d.pop("name"), 'missing "name"'),
        ("unknown top-level key", top("territory", []), 'unknown key "territory"'),
        ("territories not a list", top("territories", {}), '"territories" must be a list'),
        ("missing territories", lambda d: d.pop("territories"), 'missing "territories"'),
        ("wrong total", top("total_spaces", 90), 'spaces add up to 88, but "total_spaces" is 90'),
        ("total not a number", top("total_spaces", "88"), '"total_spaces" must be a whole number'),
        (
            "start unknown",
            start("France", "Algiers"),
            'historical start of France: unknown territory "Algiers"',
        ),
        (
            "start inland",
            start("France", "Chad"),
            "historical start of France: Chad is not coastal",
        ),
        ("start unknown power", start("Spain", "Morocco"), 'unknown power "Spain"'),
        ("starts shared", start("France", "Egypt"), "are both Egypt"),
        (
            "starts not an object",
            top("historical_starts", ["Egypt"]),
            '"historical_starts" must be',
        ),
    ]


MUTATIONS = _mutation_cases()


@pytest.mark.parametrize(
    ("mutate", "expected"), [m[1:] for m in MUTATIONS], ids=[m[0] for m in MUTATIONS]
)
def test_each_problem_is_reported(mutate: Callable[[dict], None], expected: str) -> None:
    data = default_data()
    board_from_dict(data)  # the unmodified copy is fine, so the problem below is the mutation's
    mutate(data)
    problems = problems_of(data)
    assert any(expected in problem for problem in problems), problems


def test_one_problem_gives_one_message() -> None:
    data = default_data()
    entry(data, "Libya")["neighbours"].remove("Egypt")
    assert problems_of(data) == ["Egypt lists Libya as neighbour but Libya does not list Egypt"]


def test_unknown_neighbour_suggests_a_spelling() -> None:
    data = default_data()
    entry(data, "Egypt")["neighbours"].append("Lybia")
    entry(data, "Libya")  # the real name exists, so it is suggested
    assert problems_of(data) == ['Egypt: unknown neighbour "Lybia" (did you mean "Libya"?)']


def test_names_equal_after_normalising_are_duplicates() -> None:
    data = default_data()
    entry(data, "Tunisia")["name"] = "égypt"
    problems = problems_of(data)
    assert any('"Egypt" and "égypt" are the same' in p for p in problems), problems


def test_several_problems_are_reported_at_once() -> None:
    data = default_data()
    entry(data, "Libya")["neighbours"].remove("Egypt")
    entry(data, "Natal")["spaces"] = 9
    entry(data, "Togo")["neighbours"].append("Togo")
    del entry(data, "Gabon")["coastal"]
    data["historical_starts"]["Italy"] = "Uganda"
    with pytest.raises(BoardError) as caught:
        board_from_dict(data, "my-board.json")
    problems = caught.value.problems
    assert len(problems) == 5, problems
    message = str(caught.value)
    assert "my-board.json" in message and "5 problems" in message
    for needle in [
        "Libya does not list Egypt",
        "Natal: 9 spaces",
        "Togo lists itself",
        'Gabon: missing "coastal"',
        "Uganda is not coastal",
    ]:
        assert needle in message


def test_too_few_territories() -> None:
    data = default_data()
    data["territories"] = [
        {"name": "Alone", "coastal": True, "spaces": 2, "neighbours": []},
    ]
    del data["total_spaces"]
    data["historical_starts"] = {}
    assert problems_of(data) == ["a board needs at least 2 territories, this one has 1"]


def test_board_must_be_an_object() -> None:
    assert problems_of([1, 2]) == ["a board file holds a JSON object, not a list"]


def test_foreign_format_is_named_and_nothing_else_is_listed() -> None:
    problems = problems_of({"format": "tabletop.africa1880.game", "state": {}})
    assert problems == [
        '"format" is "tabletop.africa1880.game", not "tabletop.africa1880.board" '
        "(is this a board file?)"
    ]


def test_small_custom_board_with_optional_fields_left_out() -> None:
    board = board_from_dict(
        {
            "format": "tabletop.africa1880.board",
            "name": "two rooms",
            "territories": [
                {
                    "name": "East",
                    "aliases": ["Est"],
                    "coastal": True,
                    "spaces": 4,
                    "neighbours": ["ouest"],
                },
                {
                    "name": "West",
                    "aliases": ["Ouest"],
                    "coastal": False,
                    "spaces": 1,
                    "neighbours": ["Est"],
                },
            ],
        }
    )
    assert board.total_spaces == 5
    assert board.territories["East"].neighbours == ("West",)  # alias resolved to the name
    assert dict(board.historical_starts) == {}
    assert load_geometry(board) is None  # no drawing for other maps


# --------------------------------------------------------------------------- files


def test_load_board_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "copy.json"
    data = default_data()
    entry(data, "Egypt")["spaces"] = 3
    entry(data, "Sudan")["spaces"] = 4
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    board = load_board(path)
    assert isinstance(board, Board)
    assert board.source == str(path)
    assert board["Egypt"].spaces == 3
    # An edited copy of the default map keeps its drawing.
    assert load_geometry(board) is load_geometry(BOARD)


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.json"
    with pytest.raises(BoardError) as caught:
        load_board(path)
    assert str(caught.value) == f"bad board {path}: no such board file"


def test_folder_instead_of_file(tmp_path: Path) -> None:
    with pytest.raises(BoardError, match="a folder, not a board file"):
        load_board(tmp_path)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b'{"format": "tabletop.africa1880.board",', "not valid JSON"),
        (b"name = Africa", "not valid JSON: Expecting value at line 1, column 1"),
        (b"", "the file is empty"),
        (b"\xff\xfe\x00garbage", "not a text file"),
        (b'["Egypt", "Libya"]', "holds a JSON object, not a list"),
        (b'{"format": "tabletop.massai.game", "turn": 3}', '"format" is "tabletop.massai.game"'),
        (b'{"name": "no format"}', 'missing "format"'),
    ],
    ids=["cut short", "not json", "empty", "binary", "json list", "foreign json", "no format"],
)
def test_bad_file_gives_a_clear_error(tmp_path: Path, content: bytes, expected: str) -> None:
    path = tmp_path / "board.json"
    path.write_bytes(content)
    with pytest.raises(BoardError) as caught:
        load_board(str(path))
    assert expected in str(caught.value)
    assert str(path) in str(caught.value)
    assert path.read_bytes() == content  # never touched


def test_board_error_is_a_value_error() -> None:
    assert issubclass(BoardError, ValueError)
    assert issubclass(UnknownTerritory, ValueError)


# --------------------------------------------------------------------------- the drawing

GEOMETRY = load_geometry(BOARD)


def test_geometry_covers_exactly_the_board() -> None:
    assert isinstance(GEOMETRY, Geometry)
    assert set(GEOMETRY.polygons) == set(BOARD.names) == set(GEOMETRY.labels)
    assert 900 <= GEOMETRY.height <= 1100
    assert 80 <= len(GEOMETRY.outline) <= 150


def test_drawn_borders_are_exactly_the_neighbours() -> None:
    assert GEOMETRY is not None
    listed = {tuple(sorted((a, b))) for a in BOARD.names for b in BOARD.territories[a].neighbours}
    assert GEOMETRY.shared_borders() == listed


def test_drawn_coasts_are_exactly_the_coastal_territories() -> None:
    assert GEOMETRY is not None
    # The coastline drawn as one more polygon: a territory is coastal iff it borders it.
    sea = "<coastline>"
    with_coast = Geometry(
        GEOMETRY.width,
        GEOMETRY.height,
        GEOMETRY.outline,
        {**GEOMETRY.polygons, sea: (GEOMETRY.outline,)},
        GEOMETRY.labels,
    )
    touching = {a if b == sea else b for a, b in with_coast.shared_borders(3.0) if sea in (a, b)}
    islands = {name for name in BOARD.names if not BOARD.territories[name].neighbours}
    assert touching | islands == set(BOARD.coastal_names())


def test_territory_at_each_label_finds_that_territory() -> None:
    assert GEOMETRY is not None
    for name, (x, y) in GEOMETRY.labels.items():
        assert 0 <= x <= GEOMETRY.width and 0 <= y <= GEOMETRY.height
        assert GEOMETRY.territory_at(x, y) == name


def test_territory_at_the_sea_is_none() -> None:
    assert GEOMETRY is not None
    assert GEOMETRY.territory_at(0, 0) is None
    assert GEOMETRY.territory_at(GEOMETRY.width - 1, 0) is None


def _square(x: float, y: float, size: float = 10) -> tuple:
    return ((x, y), (x + size, y), (x + size, y + size), (x, y + size))


def test_shared_borders_need_a_common_segment_not_a_corner() -> None:
    geometry = geometry_from_dict(
        {
            "width": 40,
            "height": 40,
            "outline": [],
            "territories": {
                "A": {"polygons": [_square(0, 0)], "label": [5, 5]},
                "B": {"polygons": [_square(10, 5)], "label": [15, 10]},  # half of A's side
                "C": {"polygons": [_square(20, 15)], "label": [25, 20]},  # B's corner only
            },
        }
    )
    assert geometry.shared_borders() == {("A", "B")}
    assert geometry.territory_at(5, 5) == "A"
    assert geometry.territory_at(35, 35) is None


def test_malformed_geometry_is_refused() -> None:
    with pytest.raises(BoardError, match='needs "polygons"'):
        geometry_from_dict(
            {"width": 10, "height": 10, "territories": {"A": {"polygons": [[[0, 0]]]}}}
        )
    with pytest.raises(BoardError, match='"width" must be a positive number'):
        geometry_from_dict({"width": 0, "height": 10, "territories": {}})


def _generator() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "tools" / "make_africa_geometry.py"
    spec = importlib.util.spec_from_file_location("make_africa_geometry", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_generator_reproduces_the_committed_drawing() -> None:
    generator = _generator()
    data = generator.build()
    committed = json.loads((DATA / "default_geometry.json").read_text(encoding="utf-8"))
    assert set(data["territories"]) == set(committed["territories"])
    # Qhull may differ in the last digits between versions, hence a small tolerance.
    for name, drawn in data["territories"].items():
        rings = committed["territories"][name]["polygons"]
        assert [len(r) for r in drawn["polygons"]] == [len(r) for r in rings], name
        for ring, ring_committed in zip(drawn["polygons"], rings, strict=True):
            for (x, y), (cx, cy) in zip(ring, ring_committed, strict=True):
                assert abs(x - cx) < 0.05 and abs(y - cy) < 0.05, name
    assert generator.compare(geometry_from_dict(data)) == []


def test_generator_reports_a_disagreement() -> None:
    generator = _generator()
    assert GEOMETRY is not None
    # Drop Chad's drawing: the comparison must notice the borders and the territory it loses.
    partial = Geometry(
        GEOMETRY.width,
        GEOMETRY.height,
        GEOMETRY.outline,
        {n: p for n, p in GEOMETRY.polygons.items() if n != "Chad"},
        {n: p for n, p in GEOMETRY.labels.items() if n != "Chad"},
    )
    problems = generator.compare(partial)
    assert "Chad is in only one of the board and the drawing" in problems
    assert "Chad and Libya are neighbours in the board but share no drawn border" in problems


def test_every_power_of_the_game_may_have_a_historical_start() -> None:
    data = default_data()
    coastal = iter(sorted(set(BOARD.coastal_names()) - set(BOARD.historical_starts.values())))
    data["historical_starts"] = {power: next(coastal) for power in POWERS}
    assert set(board_from_dict(data).historical_starts) == set(POWERS)


def test_docstring_examples() -> None:
    result = doctest.testmod(board_module)
    assert result.attempted > 0
    assert result.failed == 0
