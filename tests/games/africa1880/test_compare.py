"""What if: two versions of a round's sheets, compared by the adjudicator; ``tabletop africa
compare``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.cli import main
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.compare import COMPARED_KINDS, compare, comparison_sentences
from tabletop.games.africa1880.gamefile import Game, save_game
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.notation_format import format_sheets
from tabletop.games.africa1880.setup import new_game
from tabletop.games.africa1880.state import GameState
from tests.games.africa1880.test_amend import careless_sheets

BOARD = load_board()


def position(presences: dict[str, set[str]]) -> GameState:
    return GameState(tuple(sorted(presences)), presences)


def removals(result, side: str) -> list[tuple[str, str]]:
    return sorted((r["power"], r["territory"]) for r in result.differences["removals"][side])


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(0, 5))
def test_identical_sheets_give_no_difference(rng: random.Random, rounds: int) -> None:
    game = Game.new(rng.sample(["Belgium", "France", "Germany", "Italy", "Netherlands"], 4))
    for _ in range(rounds):
        text = careless_sheets(game.state, BOARD, rng)
        game.apply(game.read_sheets(text), text)
    if game.state.game_over:
        return
    sheets = careless_sheets(game.state, BOARD, rng)
    # The same orders typed another way (French keywords, another order of sheets) are the same.
    retyped = format_sheets(
        parse_sheets(sheets, BOARD, game.state.powers).sheets, BOARD, game.state.powers, "fr"
    )
    result = compare(game.state, BOARD, sheets, retyped)
    assert result.same and not result.territories and not result.score_differences()
    assert result.sheet_differences == ()
    assert all(not side for kind in result.differences.values() for side in kind.values())
    assert comparison_sentences(result) == ["Both versions of the sheets give the same round."]


def test_worked_example_1_one_relation(board: Board) -> None:
    state = position({"Great Britain": {"Egypt"}, "France": {"Egypt", "Libya"}})
    wrote = "[France]\nwar: Great Britain\n"
    result = compare(state, board, wrote, "[France]\n")
    assert result.territories == ("Egypt",)
    assert removals(result, "only_a") == [("Great Britain", "Egypt")]
    assert removals(result, "only_b") == []
    assert result.sheet_differences == (
        {
            "power": "France",
            "kind": "relation",
            "toward": "Great Britain",
            "a": "war",
            "b": "alliance",
        },
    )
    assert comparison_sentences(result)[0] == (
        "If France had allied with Great Britain, Great Britain would keep its presence in Egypt."
    )


def test_worked_example_3_three_presences(board: Board) -> None:
    # Congo: Belgium, France, Germany. France and Germany at war with Belgium: Belgium removed.
    # Germany allied instead: 1 war against 1 alliance, a tie, Belgium stays.
    state = position({"Belgium": {"Congo"}, "France": {"Congo"}, "Germany": {"Congo", "Togo"}})
    wrote = "[France]\nwar: Belgium\n[Germany]\nwar: Belgium\n"
    other = "[France]\nwar: Belgium\n[Germany]\n"
    result = compare(state, board, wrote, other)
    assert result.territories == ("Congo",)
    assert removals(result, "only_a") == [("Belgium", "Congo")]
    sentence = comparison_sentences(result, "de")[0]
    assert sentence == (
        "Wenn Deutschland sich mit Belgien verbündet hätte, "
        "würde Belgien seine Präsenz in Kongo behalten."
    )


def test_one_war_removes_exactly_the_betrayed_ally_where_the_rules_say(board: Board) -> None:
    # France and Germany share Togo and Dahomey (two presences each); in Gold Coast Italy is there
    # too and allies France, so Germany's war is 1 against 1 there: a tie, France stays.
    state = position(
        {
            "France": {"Togo", "Dahomey", "Gold Coast", "Algeria"},
            "Germany": {"Togo", "Dahomey", "Gold Coast"},
            "Italy": {"Gold Coast", "Somalia"},
        }
    )
    result = compare(state, board, "", "[Germany]\nwar: France\n")
    assert result.territories == ("Dahomey", "Togo")
    assert removals(result, "only_b") == [("France", "Dahomey"), ("France", "Togo")]
    assert removals(result, "only_a") == []
    for kind in set(COMPARED_KINDS) - {"removals"}:
        assert result.differences[kind] == {"only_a": [], "only_b": []}
    french = comparison_sentences(result, "fr")
    assert (
        "Si Allemagne avait déclaré la guerre à France, France perdrait sa présence en Dahomey."
        in french
    )


def test_an_order_changed_says_what_it_does(board: Board) -> None:
    state = new_game(["France", "Germany", "Italy"], board)
    result = compare(
        state, board, "[France]\nAlgeria: hold\n", "[France]\nAlgeria: explore Tunisia\n"
    )
    assert result.territories == ("Tunisia",)
    assert result.differences["new_presences"]["only_b"] == [
        {"power": "France", "territory": "Tunisia", "by": "explore"}
    ]
    assert comparison_sentences(result) == [
        "If France had ordered “Algeria: explore Tunisia”, France would explore Tunisia."
    ]


def test_cli_compare(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = Game.new(["France", "Germany", "Italy"])
    path = tmp_path / "game.json"
    save_game(game, path)
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("[France]\nAlgeria: explore Tunisia\n[Germany]\nDahomey: explore Togo\n", "utf-8")
    b.write_text("[France]\nAlgeria: explore Tunisia\n", "utf-8")
    before = path.read_bytes()
    assert main(["africa", "compare", str(path), str(a), str(b), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["round"] == 1880 and data["territories"] == ["Togo"] and not data["same"]
    assert data["differences"]["new_presences"]["only_a"] == [
        {"power": "Germany", "territory": "Togo", "by": "explore"}
    ]
    assert data["sentences"] == [
        "If Germany had not ordered “Dahomey: explore Togo”, Germany would not explore Togo."
    ]
    assert main(["africa", "compare", str(path), str(a), str(a), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Les deux versions des feuilles donnent le même tour." in out
    assert path.read_bytes() == before
    assert main(["africa", "compare", str(path), "-", "-"]) == 1
    assert "only one" in capsys.readouterr().err
    assert main(["africa", "compare", str(path), str(a), str(tmp_path / "none.txt")]) == 1
    err = capsys.readouterr().err
    assert "none.txt" in err and len(err.strip().splitlines()) == 1
