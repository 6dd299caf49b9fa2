"""The amendment case table: every ``amend_cases/*.json`` file is one case, run by this runner.

A case gives the powers (historical starts on the default map), the sheets of each round as
typed, the round to amend with its corrected sheets, and what the replay must report, round by
round: report items added and gone (removals ``[power, territory]``, new presences ``[power,
territory, by]``, pins ``[territory, added, total]``, colonies ``[territory, [powers]]``) and the
orders now void ``[power, order, code]``. A round or a kind left out means "no change there".
``unchanged_state`` says the final state is the old one; ``presences`` and ``colonies`` check it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tabletop.games.africa1880.amend import CHANGE_KINDS, amend, undo_amendment
from tabletop.games.africa1880.gamefile import Game

CASE_DIR = Path(__file__).parent / "amend_cases"
CASES = sorted(CASE_DIR.glob("*.json"))
CASE_KEYS = {"name", "rule", "powers", "rounds", "amend", "expect"}
EXPECT_KEYS = {"rounds", "unchanged_state", "presences", "colonies"}
ROUND_KEYS = {*CHANGE_KINDS, "now_void"}


def load_case(path: Path) -> dict[str, Any]:
    """Read a case and check its shape, so that a typo in a case fails loudly."""
    case = json.loads(path.read_text(encoding="utf-8"))
    assert set(case) <= CASE_KEYS, f"{path.name}: unknown keys {sorted(set(case) - CASE_KEYS)}"
    assert case.get("name") and case.get("rule"), f"{path.name}: a case needs a name and a rule"
    assert set(case["expect"]) <= EXPECT_KEYS, f"{path.name}: unknown expectations"
    for year, expected in case["expect"].get("rounds", {}).items():
        assert set(expected) <= ROUND_KEYS, f"{path.name}: {year}: unknown keys"
    return case


def _compact(kind: str, item: dict[str, Any]) -> list[Any]:
    if kind == "removals":
        return [item["power"], item["territory"]]
    if kind == "new_presences":
        return [item["power"], item["territory"], item["by"]]
    if kind == "development":
        return [item["territory"], item["added"], item["total"]]
    return [item["territory"], list(item["powers"])]


def _played(case: dict[str, Any]) -> Game:
    game = Game.new(case["powers"])
    for year, lines in case["rounds"].items():
        assert game.state.year == int(year), f"rounds must follow each other from 1880 ({year})"
        text = "\n".join(lines)
        game.apply(game.read_sheets(text), text)
    return game


def test_there_are_cases() -> None:
    assert len(CASES) >= 3


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_amendment_case(path: Path) -> None:
    case = load_case(path)
    game = _played(case)
    original = game.to_dict()
    result = amend(game, case["amend"]["round"], "\n".join(case["amend"]["orders"]))
    assert game.to_dict() == original, "amend must not change the game it is given"
    expect = case["expect"]
    expected_rounds = expect.get("rounds", {})
    years = [entry.state.year for entry in game.history]
    amended_at = years.index(case["amend"]["round"])
    assert [r.year for r in result.rounds] == years[amended_at:]
    for change in result.rounds:
        wanted = expected_rounds.get(str(change.year), {})
        for kind in CHANGE_KINDS:
            for side in ("added", "gone"):
                got = [_compact(kind, item) for item in change.changes[kind][side]]
                assert sorted(got) == sorted(wanted.get(kind, {}).get(side, [])), (
                    f"{path.name}: {change.year} {kind} {side}"
                )
        got_void = [[v["power"], v["order"], v["code"]] for v in change.now_void]
        assert got_void == wanted.get("now_void", []), f"{path.name}: {change.year} now_void"
        assert change.changed == bool(wanted), f"{path.name}: {change.year} changed"
    state = result.game.state
    if expect.get("unchanged_state"):
        assert state == game.state
    if "presences" in expect:
        assert {p: sorted(ts) for p, ts in state.presences.items()} == {
            p: sorted(ts) for p, ts in expect["presences"].items()
        }
    if "colonies" in expect:
        assert sorted(state.colonies) == sorted(expect["colonies"])
    # Recording the amendment keeps the old branch: taking it back gives the game exactly.
    restored, year = undo_amendment(result.recorded())
    assert year == case["amend"]["round"]
    assert restored.to_dict() == original
