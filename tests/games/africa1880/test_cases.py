"""The Africa 1880 case table: every ``cases/*.json`` file is one rule case, run by this runner.

A case gives a position (a minimal game state), the typed order sheets and what must happen:
removals, new presences, pins, colonies, void orders with their reason codes, end of game, score.
Expectations left out mean "nothing of that kind happens". See docs/africa-cases.md to add cases.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tabletop.games.africa1880.adjudicate import resolve, score
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.board_fit import check_state, with_canonical_names
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.options import LANDING_CHECKS, SCORINGS, STARTS, StateError
from tabletop.games.africa1880.orders import REASON_CODES
from tabletop.games.africa1880.setup import new_game
from tabletop.games.africa1880.state import state_from_dict

CASE_DIR = Path(__file__).parent / "cases"
CASES = sorted(CASE_DIR.glob("*.json"))
CASE_KEYS = {"name", "rule", "board", "position", "setup", "orders", "expect"}
EXPECT_KEYS = {
    "removals",
    "new_presences",
    "development",
    "colonies",
    "void",
    "game_over",
    "next_round",
    "next_year",
    "presences",
    "reasons",
    "score",
    "leaders",
    "setup_error",
}


def load_case(path: Path) -> dict[str, Any]:
    """Read a case file and check its shape, so a typo in a case fails loudly."""
    case = json.loads(path.read_text(encoding="utf-8"))
    unknown = set(case) - CASE_KEYS
    assert not unknown, f"{path.name}: unknown keys {sorted(unknown)}"
    assert case.get("name") and case.get("rule"), f"{path.name}: a case needs a name and a rule"
    assert ("position" in case) != ("setup" in case), f"{path.name}: position or setup, not both"
    unknown = set(case.get("expect", {})) - EXPECT_KEYS
    assert not unknown, f"{path.name}: unknown expectations {sorted(unknown)}"
    return case


def case_board(case: dict[str, Any]) -> Board:
    board = case.get("board", "default")
    return board_from_dict(board, "case") if isinstance(board, dict) else load_board(board)


def case_orders(case: dict[str, Any]) -> str | None:
    orders = case.get("orders")
    return "\n".join(orders) if isinstance(orders, list) else orders


def _presences(mapping: Any) -> dict[str, set[str]]:
    return {power: set(territories) for power, territories in mapping.items()}


def _run_setup(case: dict[str, Any], board: Board) -> None:
    setup, expect = case["setup"], case["expect"]
    if "setup_error" in expect:
        with pytest.raises(StateError) as caught:
            new_game(setup["powers"], board, setup["start"], setup.get("placements"))
        for text in expect["setup_error"]:
            assert text in str(caught.value)
        return
    state = new_game(setup["powers"], board, setup["start"], setup.get("placements"))
    assert _presences(state.presences) == _presences(expect["presences"])


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path: Path) -> None:
    case = load_case(path)
    board = case_board(case)
    expect = case["expect"]
    if "setup" in case:
        _run_setup(case, board)
        return
    state = check_state(with_canonical_names(state_from_dict(case["position"]), board), board)
    orders = case_orders(case)
    final = state
    if orders is not None:
        final, report = resolve(state, board, parse_sheets(orders, board, state.powers))
        assert sorted([r.power, r.territory] for r in report.removals) == sorted(
            expect.get("removals", [])
        )
        assert sorted([n.power, n.territory, n.by] for n in report.new_presences) == sorted(
            expect.get("new_presences", [])
        )
        assert sorted([d.territory, d.added, d.total] for d in report.development) == sorted(
            expect.get("development", [])
        )
        assert sorted([c.territory, sorted(c.powers)] for c in report.colonies) == sorted(
            [t, sorted(ps)] for t, ps in expect.get("colonies", [])
        )
        assert sorted([v.power or "", v.reason_code] for v in report.void_orders) == sorted(
            [p or "", code] for p, code in expect.get("void", [])
        )
        assert report.game_over is expect.get("game_over", False)
        assert final.game_over is report.game_over
        texts = [r.reason for r in report.removals] + [v.reason for v in report.void_orders]
        for wanted in expect.get("reasons", []):
            assert any(wanted in text for text in texts), (wanted, texts)
        if "next_round" in expect:
            assert final.round == expect["next_round"]
        if "next_year" in expect:
            assert final.year == expect["next_year"]
    if "presences" in expect:
        assert _presences(final.presences) == _presences(expect["presences"])
    if "score" in expect:
        result = score(final)
        value = "points" if result.scoring == "points" else "colonies"
        assert {p.power: getattr(p, value) for p in result.powers} == expect["score"]
        assert list(result.leaders) == expect["leaders"]


def _all_cases() -> list[dict[str, Any]]:
    return [load_case(path) for path in CASES]


def test_every_void_reason_has_a_case() -> None:
    seen = {code for case in _all_cases() for _, code in case["expect"].get("void", [])}
    assert set(REASON_CODES) - seen == set()


def test_every_option_value_has_a_case() -> None:
    seen: dict[str, set] = {"landing_check": set(), "scoring": set(), "start": set()}
    names: set[str] = set()
    for case in _all_cases():
        options = case.get("position", {}).get("options", {})
        names.update(options)
        for key in ("landing_check", "scoring"):
            seen[key].add(
                options.get(key, LANDING_CHECKS[0] if key == "landing_check" else "points")
            )
        if "setup" in case:
            seen["start"].add(case["setup"]["start"])
    assert seen == {
        "landing_check": set(LANDING_CHECKS),
        "scoring": set(SCORINGS),
        "start": set(STARTS),
    }
    assert {"reading_order", "stock", "total_pins"} <= names


@pytest.mark.parametrize(
    "section",
    [
        "§Material",
        "§Setup",
        "§A round",
        "§The order sheet",
        "§Reading and executing, Develop",
        "§Reading and executing, Explore",
        "§Reading and executing, Stock",
        "§Reading and executing, Landing",
        "§Resolving conflicts, one presence",
        "§Resolving conflicts, two presences",
        "§Resolving conflicts, three to six presences",
        "§Founding colonies",
        "§Scoring",
        "worked example 1",
        "worked example 2",
        "worked example 3",
        "worked example 4",
        "worked example 5",
    ],
)
def test_every_rule_has_a_case(section: str) -> None:
    assert any(section in case["rule"] for case in _all_cases())
