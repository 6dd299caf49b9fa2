"""Unit tests of execution.py (phase 3) on the tiny board: pins, landings, void orders,
game over."""

from __future__ import annotations

import pickle

import pytest

from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.execution import GameOverError, execute_orders
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.options import Options
from tabletop.games.africa1880.orders import (
    NO_PIN_LEFT,
    Develop,
    Explore,
    Hold,
    Landing,
    OrderSheet,
    Reason,
)
from tabletop.games.africa1880.state import GameState


def _state(presences, **kwargs) -> GameState:
    powers = kwargs.pop("powers", tuple(presences))
    return GameState(powers=powers, presences=presences, board="tiny", **kwargs)


def test_pin_shortage_serves_territories_alphabetically(tiny) -> None:
    state = _state(
        {"France": {"Port", "Bay"}, "Germany": {"Bay"}},
        development={"Cove": 1},
        options=Options(total_pins=2),
    )
    sheets = {
        "France": OrderSheet("France", (Develop("France", "Port"), Develop("France", "Bay"))),
        "Germany": OrderSheet("Germany", (Develop("Germany", "Bay"),)),
    }
    after = execute_orders(state, tiny, sheets)
    assert [(d.territory, d.added) for d in after.development_added] == [("Bay", 1)]
    void = [(v.power, v.order_text, v.reason_code) for v in after.void_orders]
    assert void == [
        ("Germany", "Bay: develop", NO_PIN_LEFT),
        ("France", "Port: develop", NO_PIN_LEFT),
    ]


def test_landing_checks(tiny) -> None:
    state = _state({"France": {"Port"}, "Germany": {"Inland"}})
    sheets = {
        "France": OrderSheet("France", landing=Landing("France", "Bay")),
        "Germany": OrderSheet("Germany", (Explore("Germany", "Inland", "Bay"),)),
    }
    default = execute_orders(state, tiny, sheets)
    assert {(n.power, n.territory, n.by) for n in default.new_presences} == {
        ("France", "Bay", "land"),
        ("Germany", "Bay", "explore"),
    }
    reading = GameState(
        powers=state.powers,
        presences=state.presences,
        options=Options(landing_check="reading_order"),
    )
    after = execute_orders(reading, tiny, sheets)
    assert [(n.power, n.by) for n in after.new_presences] == [("Germany", "explore")]
    assert after.void_orders[0].reason_code == "landing_occupied"


def test_game_over_refuses_more_rounds(tiny) -> None:
    state = _state({"France": {"Port"}}, round=8)
    new, report = resolve(state, tiny, {})
    assert new.game_over and report.game_over and new.round == 8
    with pytest.raises(GameOverError):
        resolve(new, tiny, {})


def test_void_orders_quote_the_typed_line(board) -> None:
    state = GameState(powers=("France", "Germany", "Italy"), presences={"France": {"Algeria"}})
    text = "[France]\n# first line is a comment\nalgérie : développe\nSénégal -> Guinée\n"
    _, report = resolve(state, board, parse_sheets(text, board, state.powers))
    assert report.development[0].territory == "Algeria"
    (void,) = report.void_orders
    assert (void.order_text, void.line, void.reason_code) == ("Sénégal -> Guinée", 4, "no_presence")


def test_a_void_order_is_data_until_it_is_shown(tiny) -> None:
    """Outcomes are data: a void order keeps its reason code and values; no sentence is written
    while the round is resolved, and any language renders it when it is shown."""
    state = _state({"France": {"Port"}})
    sheets = {"France": OrderSheet("France", (Explore("France", "Port", "Bay"),))}
    (void,) = execute_orders(state, tiny, sheets).void_orders
    assert void.reason_code is Reason.NOT_NEIGHBOUR
    assert dict(void.cause.values)["source"] == "Port"
    assert dict(void.cause.values)["target"] == "Bay"
    assert "reason" not in vars(void)  # the English sentence is not written yet
    assert void.text("fr") != void.reason == "Bay is not a neighbour of Port"
    assert void.to_dict() == {
        "power": "France",
        "order": "Port: explore Bay",
        "reason": "Bay is not a neighbour of Port",
        "code": "not_neighbour",
    }
    assert pickle.loads(pickle.dumps(void)) == void


def test_each_kind_of_order_is_checked_by_its_own_rule(tiny) -> None:
    """Rules: one order per presence (the common checks), then each kind's own checks: a
    presence order on a territory without the power's presence, an explore toward a territory
    already held, a landing inland."""
    state = _state({"France": {"Port", "Cove"}})
    sheets = {
        "France": OrderSheet(
            "France",
            (
                Develop("France", "Bay"),  # no presence there
                Explore("France", "Port", "Cove"),  # already present
                Hold("France", "Cove"),
                Develop("France", "Cove"),  # a second order for Cove
            ),
            Landing("France", "Inland"),  # not coastal
        )
    }
    after = execute_orders(state, tiny, sheets)
    assert [v.reason_code for v in after.void_orders] == [
        Reason.NO_PRESENCE,
        Reason.ALREADY_PRESENT,
        Reason.DUPLICATE_ORDER,
        Reason.NOT_COASTAL,
    ]
    assert after.new_presences == () and after.development_added == ()
