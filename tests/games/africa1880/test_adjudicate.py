"""Unit tests of adjudicate.py on the tiny board: resolve is pure, the score, reason codes (the
rule-by-rule table lives in cases/)."""

from __future__ import annotations

from tabletop.games.africa1880.adjudicate import resolve, score
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.orders import Explore, OrderSheet
from tabletop.games.africa1880.relations import Relations
from tabletop.games.africa1880.state import GameState


def _state(presences, **kwargs) -> GameState:
    powers = kwargs.pop("powers", tuple(presences))
    return GameState(powers=powers, presences=presences, board="tiny", **kwargs)


def test_resolve_is_pure(tiny) -> None:
    state = _state({"France": {"Port"}, "Germany": {"Bay"}})
    snapshot = state.to_dict()
    sheets = {"France": OrderSheet("France", (Explore("France", "Port", "Inland"),))}
    new, report = resolve(state, tiny, sheets)
    assert state.to_dict() == snapshot
    assert new.presences["France"] == {"Port", "Inland"}
    assert report.state == new and new.round == 2 and new.year == 1885


def test_score_points_and_colonies(tiny) -> None:
    state = _state(
        {"France": {"Cove", "Isle"}, "Germany": {"Cove"}, "Italy": {"Bay"}},
        development={"Cove": 1, "Isle": 1},
        colonies={"Cove", "Isle"},
        last_relations=Relations({("France", "Germany"), ("France", "Italy")}),
    )
    points = score(state).by_power()
    assert points["France"].points == 8 + 3 + 0
    assert points["Germany"].points == 3 + 2
    assert points["Italy"].points == 2
    assert score(state).leaders == ("France",)
    colonies = score(GameState.from_dict({**state.to_dict(), "options": {"scoring": "colonies"}}))
    assert colonies.leaders == ("France",) and colonies.powers[0].colonies == 2
    assert "may differ" in colonies.note


def test_reason_codes_are_enums_with_the_same_text(board) -> None:
    import json

    from tabletop.games.africa1880 import orders
    from tabletop.games.africa1880.orders import REASON_CODES, Reason

    # The older module-level names still work and are the enum members.
    assert orders.UNKNOWN_TERRITORY is Reason.UNKNOWN_TERRITORY
    assert orders.NOT_PLAYING == "power_not_in_game" and REASON_CODES == tuple(Reason)
    state = GameState(powers=("France", "Germany", "Italy"), presences={"France": {"Algeria"}})
    _, report = resolve(
        state, board, parse_sheets("[France]\nAtlantis: develop", board, state.powers)
    )
    (void,) = report.void_orders
    assert void.reason_code is Reason.UNKNOWN_TERRITORY and void.reason_code == "unknown_territory"
    assert json.dumps([void.reason_code]) == '["unknown_territory"]'
    assert orders.void_order("France", "x", "syntax").reason_code is Reason.SYNTAX
