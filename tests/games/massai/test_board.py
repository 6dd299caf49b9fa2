"""Board geometry: names, touching rule (corner vs side), halves and banks, option checks."""

from __future__ import annotations

import pytest

from tabletop.games.massai.board import Board, BoardError, make_board, parse_square, square_name


def test_default_board_is_8_columns_by_6_rows() -> None:
    board = make_board()
    assert len(board.squares) == 48
    assert board.squares[0] == "a1" and board.squares[-1] == "h6"
    assert board.contains("h6") and not board.contains("i1") and not board.contains("a7")


def test_square_names_round_trip() -> None:
    for column in range(26):
        for row in range(26):
            assert parse_square(square_name(column, row)) == (column, row)


@pytest.mark.parametrize("bad", ["", "1a", "a0", "aa1", "a", "c4x", "é3"])
def test_bad_square_names_are_refused_quoting_them(bad: str) -> None:
    with pytest.raises(ValueError, match=repr(bad).replace("\\", "\\\\")):
        parse_square(bad)


def test_corner_and_side_touching() -> None:
    eight, four = make_board(adjacency=8), make_board(adjacency=4)
    assert eight.neighbours("d3") == {"c2", "c3", "c4", "d2", "d4", "e2", "e3", "e4"}
    assert four.neighbours("d3") == {"c3", "d2", "d4", "e3"}
    assert eight.neighbours("a1") == {"a2", "b1", "b2"}
    assert four.neighbours("a1") == {"a2", "b1"}
    assert eight.touches("a1", "b2") and not four.touches("a1", "b2")
    assert not eight.touches("a1", "c1")


def test_halves_and_banks() -> None:
    board = make_board()
    assert board.half_rows(0) == range(1, 4) and board.half_rows(1) == range(4, 7)
    assert len(board.half(0)) == 24 and not board.half(0) & board.half(1)
    assert board.bank(1) == {f"{c}1" for c in "abcdefgh"}
    odd = make_board(columns=5, rows=5)
    assert odd.half_rows(0) == range(1, 3) and odd.half_rows(1) == range(4, 6)


def test_chains_follow_the_touching_rule() -> None:
    diagonal = frozenset({"a1", "b2", "c3", "d4", "e5", "f6"})
    assert make_board().joins_banks(diagonal)
    assert not make_board(adjacency=4).joins_banks(diagonal)
    assert len(make_board(adjacency=4).groups(diagonal)) == 6


def test_board_options_report_every_problem_at_once() -> None:
    with pytest.raises(BoardError) as caught:
        Board(columns=30, rows=1, adjacency=6)
    message = str(caught.value)
    assert "columns" in message and "rows" in message and "adjacency" in message


def test_a_half_must_hold_a_setup() -> None:
    with pytest.raises(BoardError, match="5 squares"):
        Board(columns=4, rows=2)
