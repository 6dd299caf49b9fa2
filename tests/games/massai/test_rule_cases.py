"""Runs every case of rule_cases.json (one case per rule of the Massai rules file)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.games.massai.notation import parse_action
from tabletop.games.massai.rules import apply

from .helpers import MARKS, drawing, position

CASES = json.loads((Path(__file__).parent / "rule_cases.json").read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_rule_case(case: dict) -> None:
    state = position(case["before"], case["mover"], **case.get("options", {}))
    action = parse_action(case["action"], MARKS[case["mover"]])
    after, report = apply(state, action)
    if "refused" in case:
        assert not report.ok, report.message
        assert report.code == case["refused"], report.message
        assert after is state
        return
    assert report.ok, report.message
    assert drawing(after) == case["after"], report.message
    expected_winner = MARKS.get(case.get("winner", ""))
    assert after.winner == expected_winner, report.message
    assert report.winner == expected_winner
    if expected_winner is None:
        assert after.phase == "play"
        assert after.to_move == 1 - MARKS[case["mover"]]
    else:
        assert after.phase == "over"
        assert after.win_reason == case["win_reason"]
    for key in ("attack_points", "guards_allowed", "guarded", "replaced"):
        if key in case:
            assert getattr(report.attack, key) == case[key], key


def test_cases_cover_every_refusal_code_of_play() -> None:
    codes = {c["refused"] for c in CASES if "refused" in c}
    assert codes >= {
        "not-touching",
        "square-taken",
        "off-board",
        "no-supply",
        "move-too-early",
        "move-isolates",
        "not-own-hut",
        "target-not-attackable",
        "too-many-guards",
        "guard-not-attackable",
        "guard-duplicate",
    }
