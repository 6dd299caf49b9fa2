"""gamefile.py, its reading: game files read and checked (minimal form, every problem listed,
board paths, canonical names)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.games.africa1880.gamefile import Game, GameFileError, load_game, save_game


def test_minimal_form_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "min.json"
    path.write_text(
        json.dumps(
            {
                "powers": ["France", "Allemagne", "Italy"],
                "presences": {"France": ["Algeria", "Tunisia"], "Germany": ["Togo"]},
                "development": {"Algeria": 2},
                "colonies": [],
                "round": 3,
                "board": "default",
                "options": {"scoring": "colonies"},
            }
        ),
        encoding="utf-8",
    )
    game = load_game(path)
    assert game.state.year == 1890 and game.state.pins("Algeria") == 2
    assert game.state.presences["Italy"] == frozenset() and game.history == []
    assert game.state.options.scoring == "colonies"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "not valid JSON"),
        ("[1, 2]", "a JSON object is expected"),
        ('{"format": "tabletop.massai.game"}', 'its format is "tabletop.massai.game"'),
        ('{"name": "x"}', 'no "format" key'),
        ('{"format": "tabletop.africa1880.game", "version": 9, "state": {}}', "version 9"),
        ('{"format": "tabletop.africa1880.game"}', 'missing "state"'),
        ('{"presences": {"France": ["Mars"]}}', 'unknown territory "Mars"'),
        ('{"presences": {"France": ["Algeria"]}, "round": 0}', "round must be 1 to 8"),
        ('{"development": {"Togo": 7}}', "Togo: 7 pins but only 2 spaces"),
        (
            '{"format": "tabletop.africa1880.game", "state": {}, "history": [{"state": 3}]}',
            "history[0].state must be an object",
        ),
    ],
)
def test_bad_files_are_refused_and_kept(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(GameFileError) as caught:
        load_game(path)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)
    with pytest.raises(GameFileError, match="refusing to overwrite"):
        save_game(Game.new(["France", "Germany", "Italy"]), path)
    assert path.read_text(encoding="utf-8") == content


def test_every_problem_is_listed(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"presences": {"Frnace": []}, "round": "x", "bogus": 1}))
    with pytest.raises(GameFileError) as caught:
        load_game(path)
    assert len(caught.value.problems) == 3


def test_relative_board_path(tmp_path: Path, tiny) -> None:
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "tiny.json").write_text(json.dumps(tiny.to_dict()), encoding="utf-8")
    path = tmp_path / "game.json"
    path.write_text(
        json.dumps({"presences": {"France": ["Port"]}, "board": "maps/tiny.json"}), encoding="utf-8"
    )
    game = load_game(path)
    assert game.board is not None and game.board.name == "tiny test board"


def test_missing_board_file_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"presences": {}, "board": "nowhere.json"}), encoding="utf-8")
    with pytest.raises(GameFileError, match="state.board"):
        load_game(path)


def test_hand_written_aliases_become_canonical(tmp_path: Path) -> None:
    path = tmp_path / "min.json"
    path.write_text(
        json.dumps(
            {
                "presences": {"France": ["Algérie", "tunisie"], "Allemagne": ["Cameroun"]},
                "development": {"Algérie": 4},
                "colonies": ["ALGERIE"],
            }
        ),
        encoding="utf-8",
    )
    state = load_game(path).state
    assert state.presences["France"] == {"Algeria", "Tunisia"}
    assert state.presences["Germany"] == {"Kamerun"}
    assert state.colonies == {"Algeria"} and state.pins("Algeria") == 4


def test_two_spellings_of_one_territory_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "min.json"
    path.write_text(
        json.dumps({"presences": {"France": ["Algérie", "Algeria"]}, "development": {}}),
        encoding="utf-8",
    )
    with pytest.raises(GameFileError, match="names one territory twice"):
        load_game(path)
