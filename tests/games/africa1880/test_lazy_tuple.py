"""The report's lists made on first read: equal to tuples, and nothing made until read."""

from __future__ import annotations

import pickle
from collections.abc import Sequence

from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.lazy_tuple import LazyTuple
from tabletop.games.africa1880.orders import VoidOrder, VoidRow
from tests.games.africa1880.plain_adjudicator import late_game, void_sheets


def counted(items: tuple[int, ...]) -> tuple[LazyTuple[int], list[int]]:
    calls: list[int] = []

    def make() -> tuple[int, ...]:
        calls.append(1)
        return items

    return LazyTuple(make, len(items)), calls


def test_length_and_truth_make_nothing_reading_makes_once() -> None:
    lazy, calls = counted((3, 1, 2))
    assert (len(lazy), bool(lazy), calls) == (3, True, [])
    assert (lazy[0], lazy[-1], lazy[1:], 2 in lazy, 7 in lazy) == (3, 2, (1, 2), True, False)
    assert (list(lazy), lazy.index(2), lazy.count(1), list(reversed(lazy))) == (
        [3, 1, 2],
        2,
        1,
        [2, 1, 3],
    )
    assert calls == [1]


def test_equal_to_its_tuple_both_ways_hashed_shown_and_pickled_as_it() -> None:
    lazy, _ = counted((1, 2))
    assert lazy == (1, 2) and (1, 2) == lazy and lazy != (2, 1) and lazy != [1, 2]
    assert lazy == counted((1, 2))[0] and hash(lazy) == hash((1, 2)) and repr(lazy) == "(1, 2)"
    copy = pickle.loads(pickle.dumps(lazy))
    assert type(copy) is tuple and copy == (1, 2)
    empty, calls = counted(())
    assert not empty and calls == [] and empty == ()


def test_a_resolved_round_makes_its_report_objects_only_when_read(monkeypatch) -> None:
    board = load_board()
    state, _ = late_game()
    made: list[int] = []
    make = VoidOrder.of_rows

    def counted_rows(rows: Sequence[VoidOrder | VoidRow]) -> tuple[VoidOrder, ...]:
        made.append(len(rows))
        return make(rows)

    monkeypatch.setattr(VoidOrder, "of_rows", counted_rows)
    _, report = resolve(state, board, void_sheets(state))
    voids = report.void_orders
    # Counted without a void order made; made once, on the first read, and kept.
    assert len(voids) > 150 and voids and made == []
    first = voids[0]
    assert made == [len(voids)] and voids[0] is first and list(voids)[0] is first
    assert made == [len(voids)]
    # The report reads the same after a round trip through pickle (as tuples).
    again = pickle.loads(pickle.dumps(report))
    assert again == report and again.to_dict() == report.to_dict()
