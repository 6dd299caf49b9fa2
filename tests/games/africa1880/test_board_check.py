"""board_check.py: every problem of a board file is reported, at once, in words a person can act on.

Rules checked come from shared/rules/africa1880.md, section "The map" (a map that is data a user
can replace and that gives a clear error when inconsistent) and section "Setup" (historical starts).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tabletop.games.africa1880.board import BoardError
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.games.africa1880.powers import POWERS

DATA = Path(__file__).resolve().parents[3] / "tabletop" / "games" / "africa1880" / "data"
DEFAULT_FILE = DATA / "default_board.json"
BOARD = load_board()


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


def test_every_power_of_the_game_may_have_a_historical_start() -> None:
    data = default_data()
    coastal = iter(sorted(set(BOARD.coastal_names()) - set(BOARD.historical_starts.values())))
    data["historical_starts"] = {power: next(coastal) for power in POWERS}
    assert set(board_from_dict(data).historical_starts) == set(POWERS)
