"""The file formats' JSON Schemas: valid draft 2020-12, shipped in the package, followed by every
file the program writes and by every rule case; board display names by language."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tabletop.fileio import MAX_MESSAGE_CHARS, MAX_QUOTE_CHARS, load_schema, schema_validator
from tabletop.games.africa1880.board import BoardError
from tabletop.games.africa1880.board_check import LANGUAGES, SCHEMA_PATH, board_from_dict
from tabletop.games.africa1880.board_files import board_file_name, load_board
from tabletop.games.africa1880.gamefile import (
    CASE_SCHEMA,
    EXAMPLE_GAME,
    GAME_SCHEMA,
    CaseFileError,
    Game,
    example_game,
    validate_case,
)
from tabletop.games.massai.gamefile import GAME_SCHEMA as MASSAI_SCHEMA
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.notation import parse_action

ROOT = Path(__file__).resolve().parents[2]
AFRICA_SCHEMAS = ROOT / "tabletop" / "games" / "africa1880" / "data" / "schemas"
CASES = sorted((ROOT / "tests" / "games" / "africa1880" / "cases").glob("*.json"))
BOARD = load_board()


def africa_validator(path: Path):
    others = [load_schema(p) for p in sorted(AFRICA_SCHEMAS.glob("*.json")) if p != path]
    return schema_validator(load_schema(path), *others)


def problems(validator, data) -> list[str]:
    return [error.message for error in validator.iter_errors(data)]


@pytest.mark.parametrize(
    "path",
    [*sorted(AFRICA_SCHEMAS.glob("*.json")), MASSAI_SCHEMA],
    ids=lambda p: f"{p.parent.parent.parent.name}/{p.name}",
)
def test_schemas_are_valid_draft_2020_12(path: Path) -> None:
    schema = json.loads(path.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


def test_the_loaders_use_the_shipped_schemas() -> None:
    assert SCHEMA_PATH.parent == AFRICA_SCHEMAS and GAME_SCHEMA.parent == AFRICA_SCHEMAS
    assert CASE_SCHEMA.parent == AFRICA_SCHEMAS and MASSAI_SCHEMA.exists()


def test_default_board_follows_the_board_schema() -> None:
    validator = africa_validator(SCHEMA_PATH)
    assert problems(validator, BOARD.to_dict()) == []
    data = BOARD.to_dict()
    data["territories"][0]["spaces"] = 2.0  # JSON Schema alone would count 2.0 as an integer
    assert problems(validator, data)


def test_written_africa_games_follow_the_game_schema() -> None:
    validator = africa_validator(GAME_SCHEMA)
    game = example_game()
    assert problems(validator, game.to_dict()) == []
    assert problems(validator, json.loads(EXAMPLE_GAME.read_text(encoding="utf-8"))) == []
    fresh = Game.new(["France", "Germany", "Italy"])
    fresh.apply(
        fresh.read_sheets("[France]\nAlgeria: explore Tunisia\n"),
        "[France]\nAlgeria: explore Tunisia\n",
    )
    assert problems(validator, fresh.to_dict()) == []
    assert fresh.to_dict()["board"] == BOARD.to_dict()  # the game carries its map


def test_written_massai_games_follow_the_game_schema() -> None:
    validator = schema_validator(load_schema(MASSAI_SCHEMA))
    record = GameRecord.new()
    for player, text in ((0, "setup a1 b1 b2 c2 c1"), (1, "setup a6 b6 b5 c5 c4")):
        record, report = record.play(parse_action(text, player))
        assert report.ok
    assert problems(validator, record.to_json()) == []
    assert problems(validator, {**record.to_json(), "extra": 1})


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_every_rule_case_follows_the_case_schema(path: Path) -> None:
    validate_case(json.loads(path.read_text(encoding="utf-8")), path.name)


def test_a_broken_case_lists_every_problem_at_once() -> None:
    case = json.loads(CASES[0].read_text(encoding="utf-8"))
    case["setup"] = {"powers": ["France"], "start": "historical"}  # both position and setup
    case["expect"]["void"] = [["France"]]
    case["expect"]["vod"] = []
    with pytest.raises(CaseFileError) as caught:
        validate_case(case, "broken.json")
    found = caught.value.problems
    assert len(found) == 3, found
    assert any('"position" or a "setup"' in p for p in found)
    assert any('unknown key "vod"' in p for p in found)
    assert any("expect.void[0]" in p for p in found)
    assert isinstance(caught.value, ValueError)


# --------------------------------------------------------------------------- messages


def test_schema_messages_name_the_place_and_quote_the_value_briefly() -> None:
    data = BOARD.to_dict()
    egypt = next(t for t in data["territories"] if t["name"] == "Egypt")
    egypt["spaces"] = 9
    egypt["coastal"] = "x" * 5000
    data["name"] = 12
    with pytest.raises(BoardError) as caught:
        board_from_dict(data, "mine.json")
    found = caught.value.problems
    assert "Egypt: 9 spaces; a territory has 1 to 4" in found
    assert 'Egypt: "coastal" must be true or false, not a string' in found or any(
        'Egypt: "coastal" must be true or false' in p for p in found
    )
    assert any('"name" must be a non-empty string, not a number' in p for p in found)
    message = str(caught.value)
    assert "\n" not in message and len(message) <= MAX_MESSAGE_CHARS
    assert "x" * (MAX_QUOTE_CHARS + 1) not in message


def test_a_long_bad_value_is_quoted_cut() -> None:
    data = BOARD.to_dict()
    data["format"] = "SECRET" * 1000
    with pytest.raises(BoardError) as caught:
        board_from_dict(data, "mine.json")
    (problem,) = caught.value.problems
    assert problem.startswith('"format" is "SECRETSECRET') and "…" in problem
    assert len(problem) < 150


def test_many_problems_stay_one_bounded_line() -> None:
    data = BOARD.to_dict()
    for territory in data["territories"]:
        territory["spaces"] = 0
        territory["colour"] = "red"
    with pytest.raises(BoardError) as caught:
        board_from_dict(data)
    assert len(caught.value.problems) == 41
    assert caught.value.problems[-1] == "and 24 more problems"
    assert str(caught.value).startswith("bad board <data>: 64 problems: ")
    assert len(str(caught.value)) <= MAX_MESSAGE_CHARS and "\n" not in str(caught.value)


# --------------------------------------------------------------------------- display names


def test_every_territory_has_french_and_german_names() -> None:
    for territory in BOARD.territories.values():
        assert set(territory.names) == {"fr", "de"}, territory.name
        assert territory.display_name("en") == territory.name
    assert BOARD.display_name("Egypt", "fr") == "Égypte"
    assert BOARD.display_name("Egypt", "de") == "Ägypten"
    assert BOARD.display_name("South West Africa", "de") == "Deutsch-Südwestafrika"
    assert BOARD.display_name("Cape", "de") == "Kapland"
    assert BOARD.display_name("Zanzibar", "de") == "Sansibar"
    assert BOARD.display_name("Abyssinia", "de") == "Abessinien"
    assert BOARD.display_name("Gold Coast", "fr") == "Côte-de-l'Or"
    assert set(LANGUAGES) == {"en", "fr", "de"}


def test_display_names_fall_back_to_the_english_name() -> None:
    assert BOARD.display_name("Kamerun", "it") == "Kamerun"
    data = copy.deepcopy(BOARD.to_dict())
    for territory in data["territories"]:
        territory.pop("names")
    plain = board_from_dict(data)
    assert plain.display_name("Egypt", "fr") == "Egypt"
    assert "names" not in plain.to_dict()["territories"][0]


def test_display_names_are_accepted_as_typed_names() -> None:
    assert BOARD.lookup("ägypten") == "Egypt"
    assert BOARD.lookup("Deutsch-Südwestafrika") == "South West Africa"
    assert BOARD.lookup("ELFENBEINKÜSTE") == "Ivory Coast"
    assert BOARD.lookup("Kapland") == "Cape"


def test_a_display_name_colliding_with_another_territory_is_reported() -> None:
    data = copy.deepcopy(BOARD.to_dict())
    tunisia = next(t for t in data["territories"] if t["name"] == "Tunisia")
    tunisia["names"]["de"] = "Ägypten"
    with pytest.raises(BoardError) as caught:
        board_from_dict(data)
    assert caught.value.problems == [
        'de name "Ägypten" of Tunisia is already a name or alias of Egypt'
    ]


def test_unknown_language_and_bad_names_are_refused() -> None:
    data = copy.deepcopy(BOARD.to_dict())
    data["territories"][0]["names"] = {"fr": "Abyssinie", "xx": "Nope", "de": 3}
    with pytest.raises(BoardError) as caught:
        board_from_dict(data)
    found = caught.value.problems
    assert any('Abyssinia: "names": unknown language "xx"' in p for p in found), found
    assert any('Abyssinia: "names.de" must be a name (text), not a number' in p for p in found), (
        found
    )


# --------------------------------------------------------------------------- stored boards


def test_stored_board_names_depend_on_the_content() -> None:
    data = copy.deepcopy(BOARD.to_dict())
    next(t for t in data["territories"] if t["name"] == "Chad")["spaces"] = 1
    data["total_spaces"] = 87
    changed = board_from_dict(data)
    assert changed.name == BOARD.name
    assert board_file_name(changed) != board_file_name(BOARD)
    assert board_file_name(board_from_dict(BOARD.to_dict())) == board_file_name(BOARD)
    assert board_file_name(BOARD).startswith("africa-c-1880-")
