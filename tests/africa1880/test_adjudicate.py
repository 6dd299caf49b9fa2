"""Unit tests of adjudicate.py on the tiny board (the rule-by-rule table lives in cases/)."""

from __future__ import annotations

import pytest

from tabletop.games.africa1880.adjudicate import (
    GameOverError,
    execute_orders,
    resolve,
    score,
    settle,
)
from tabletop.games.africa1880.orders import (
    NO_PIN_LEFT,
    Develop,
    Explore,
    Landing,
    OrderSheet,
)
from tabletop.games.africa1880.state import GameState, Options, Relations


def _state(presences, **kwargs) -> GameState:
    powers = kwargs.pop("powers", tuple(presences))
    return GameState(powers=powers, presences=presences, board="tiny", **kwargs)


def test_settle_two_presences(tiny) -> None:
    state = _state({"France": {"Port"}, "Germany": {"Port"}})
    after = execute_orders(state, tiny, {})
    assert after.contested == (("Port", ("France", "Germany")),)
    betrayed = settle(after, Relations({("Germany", "France")}))
    assert betrayed.removed == (("France", "Port"),)
    assert "France allied with Germany but Germany declared war on France" in (
        betrayed.removals[0].reason
    )
    assert settle(after, Relations({("Germany", "France"), ("France", "Germany")})).removed == ()
    assert settle(after, Relations()).removed == ()


def test_settle_three_presences_tie_stays(tiny) -> None:
    state = _state({"France": {"Bay"}, "Germany": {"Bay"}, "Italy": {"Bay"}})
    after = execute_orders(state, tiny, {})
    one_war = settle(after, {("Germany", "France")})
    assert one_war.removed == ()  # 1 war against 1 alliance: a tie stays
    two_wars = settle(after, {("Germany", "France"), ("Italy", "France")})
    assert two_wars.removed == (("France", "Bay"),)
    assert "2 war declarations on France (Germany and Italy) against 0 alliances" in (
        two_wars.removals[0].reason
    )


def test_settle_is_repeatable_and_leaves_inputs_alone(tiny) -> None:
    state = _state({"France": {"Port"}, "Germany": {"Port"}})
    after = execute_orders(state, tiny, {})
    first = settle(after, {("Germany", "France")})
    second = settle(after, Relations())
    assert first.presences["France"] == frozenset()
    assert second.presences["France"] == {"Port"}
    assert after.presences["France"] == {"Port"}


def test_resolve_is_pure(tiny) -> None:
    state = _state({"France": {"Port"}, "Germany": {"Bay"}})
    snapshot = state.to_dict()
    sheets = {"France": OrderSheet("France", (Explore("France", "Port", "Inland"),))}
    new, report = resolve(state, tiny, sheets)
    assert state.to_dict() == snapshot
    assert new.presences["France"] == {"Port", "Inland"}
    assert report.state == new and new.round == 2 and new.year == 1885


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


def test_colony_needs_peace_among_those_present(tiny) -> None:
    state = _state({"France": {"Cove"}, "Germany": {"Cove"}})
    sheets = {"France": OrderSheet("France", (Develop("France", "Cove"),))}
    after = execute_orders(state, tiny, sheets)
    assert after.colony_candidates == ("Cove",)
    assert settle(after, Relations()).founded == (("Cove", ("France", "Germany")),)
    # Mutual war: both stay, and no colony.
    war = settle(after, {("France", "Germany"), ("Germany", "France")})
    assert war.removed == () and war.founded == ()
    # The betrayed ally leaves; the one left alone founds the colony.
    betrayal = settle(after, {("Germany", "France")})
    assert betrayal.founded == (("Cove", ("Germany",)),)


def test_game_over_refuses_more_rounds(tiny) -> None:
    state = _state({"France": {"Port"}}, round=8)
    new, report = resolve(state, tiny, {})
    assert new.game_over and report.game_over and new.round == 8
    with pytest.raises(GameOverError):
        resolve(new, tiny, {})


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


def test_void_orders_quote_the_typed_line(board) -> None:
    state = GameState(powers=("France", "Germany", "Italy"), presences={"France": {"Algeria"}})
    text = "[France]\n# first line is a comment\nalgérie : développe\nSénégal -> Guinée\n"
    _, report = resolve(state, board, text)
    assert report.development[0].territory == "Algeria"
    (void,) = report.void_orders
    assert (void.order_text, void.line, void.reason_code) == ("Sénégal -> Guinée", 4, "no_presence")


def test_report_text_in_both_languages(tiny) -> None:
    from tabletop.games.africa1880.report import format_report

    state = _state({"France": {"Port"}, "Germany": {"Port"}, "Italy": {"Isle"}})
    sheets = {
        "Germany": OrderSheet("Germany", (Develop("Germany", "Port"),), wars={"France"}),
        "Italy": OrderSheet("Italy", landing=Landing("Italy", "Port")),
    }
    _, report = resolve(state, tiny, sheets)
    english = format_report(report, "en")
    french = format_report(report, "fr")
    # Table order: place, pins, colonies, then remove; void orders after the instructions.
    assert english.index("ADD 1 PIN on Port (total 1/2)") < english.index("REMOVE France from Port")
    assert english.index("REMOVE France from Port") < english.index("VOID ORDERS")
    assert "Next: round 2 (1885)." in english
    # French puts a no-break space before ":" and inside « » (the catalog's typography).
    assert "RETIRER France du territoire Port\u00a0: France a déclaré l'alliance avec" in french
    assert "Italie\u00a0: «\u00a0land: Port\u00a0»" in french
    assert "Ensuite\u00a0: tour 2 (1885)." in french
    with pytest.raises(ValueError):
        format_report(report, "xx")


def test_report_text_new_presence_removed_the_same_round() -> None:
    # A presence that arrives and is removed in the same round is shown once, where the table
    # would place it, as "do not place"; it is not listed under REMOVE, so nobody is told to
    # take off the board a pawn that was never put there.
    from tabletop.games.africa1880.board import load_board
    from tabletop.games.africa1880.report import format_report

    board = load_board()
    state = GameState(
        powers=("France", "Germany", "Italy"),
        presences={"France": {"Algeria"}, "Germany": {"Tunisia"}, "Italy": set()},
    )
    sheets = "[France]\nAlgeria: explore Tunisia\n[Germany]\nwar: France"
    _, report = resolve(state, board, sheets)
    assert [(r.power, r.territory) for r in report.removals] == [("France", "Tunisia")]
    english = format_report(report, "en")
    french = format_report(report, "fr")
    lines = [line for line in english.splitlines() if "France" in line and "Tunisia" in line]
    assert lines == [
        "  - DO NOT PLACE France in Tunisia (exploration): removed at once, France allied with "
        "Germany but Germany declared war on France (two presences: the betrayed ally is "
        "removed); leave the pawn in stock"
    ]
    assert "REMOVE" not in english and "PLACE new presences:" in english
    # Territories under the board's French names; a no-break space before ":".
    assert "NE PAS POSER France sur Tunisie (exploration)\u00a0: retirée aussitôt" in french
    assert "laissez le pion dans la réserve" in french and "RETIRER" not in french
    # A presence that stays is still a plain instruction.
    state2 = GameState(
        powers=("France", "Germany", "Italy"),
        presences={"France": {"Algeria"}, "Germany": set(), "Italy": set()},
    )
    _, report2 = resolve(state2, board, "[France]\nAlgeria: explore Tunisia")
    assert "  - PLACE France in Tunisia (exploration)\n" in format_report(report2, "en")


def test_void_orders_are_shown_sheet_by_sheet_in_typed_order() -> None:
    # Reading problems came before execution problems whatever their lines, so a person checking
    # the sheets jumped around; the text report goes down each sheet once.
    from tabletop.games.africa1880.board import load_board
    from tabletop.games.africa1880.report import format_report, void_orders_for_reading

    board = load_board()
    state = GameState(
        powers=("France", "Germany", "Italy"),
        presences={"France": {"Algeria"}, "Germany": {"Togo"}, "Italy": set()},
    )
    sheets = "\n".join(
        [
            "[France]",
            "Algeria: explore Chad",  # 2: not a neighbour (found while executing)
            "Senegal: develop",  # 3: no presence there (found while executing)
            "[Germany]",
            "Togo: explore",  # 5: cannot be read
            "[Spain]",  # 6: unknown power
            "[France]",  # 7: second sheet
        ]
    )
    _, report = resolve(state, board, sheets)
    assert [v.line for v in void_orders_for_reading(report.void_orders)] == [6, 2, 3, 7, 5]
    text = format_report(report, "en")
    positions = [
        text.index(f'"{line}"')
        for line in (
            "[Spain]",
            "Algeria: explore Chad",
            "Senegal: develop",
            "[France]",
            "Togo: explore",
        )
    ]
    assert positions == sorted(positions)


def test_reason_codes_are_enums_with_the_same_text(board) -> None:
    import json

    from tabletop.games.africa1880 import orders
    from tabletop.games.africa1880.orders import REASON_CODES, Reason

    # The older module-level names still work and are the enum members.
    assert orders.UNKNOWN_TERRITORY is Reason.UNKNOWN_TERRITORY
    assert orders.NOT_PLAYING == "power_not_in_game" and REASON_CODES == tuple(Reason)
    state = GameState(powers=("France", "Germany", "Italy"), presences={"France": {"Algeria"}})
    _, report = resolve(state, board, "[France]\nAtlantis: develop")
    (void,) = report.void_orders
    assert void.reason_code is Reason.UNKNOWN_TERRITORY and void.reason_code == "unknown_territory"
    assert json.dumps([void.reason_code]) == '["unknown_territory"]'
    assert orders.void_order("France", "x", "syntax").reason_code is Reason.SYNTAX
