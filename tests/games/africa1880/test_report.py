"""The table instructions (instructions.py; in words, report_text.py): table order, grouping
and the arrived-and-removed mark.

The strongest check is the property test: a person who follows the instructions from top to
bottom on the table, in either grouping, ends with exactly the board of the next state, never
places a pawn where that power already is and never removes a pawn that is not on the board.
"""

from __future__ import annotations

import doctest
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop.games.africa1880.instructions
import tabletop.games.africa1880.report
import tabletop.games.africa1880.report_text
from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.instructions import (
    STEPS,
    GroupBy,
    Instruction,
    InstructionKind,
    Step,
    instruction_groups,
    table_instructions,
)
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.report import RemovalRule, Report
from tabletop.games.africa1880.report_text import format_report, instruction_text
from tabletop.games.africa1880.state import GameState

from .test_properties import random_game

BOARD = load_board()
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def follow(state: GameState, items: tuple[Instruction, ...]) -> GameState:
    """Apply the instructions to a copy of the table, checking each makes sense there."""
    table = {(p, t) for p in state.powers for t in state.presences[p]}
    pins = dict(state.development)
    colonies = set(state.colonies)
    for item in items:
        where = (item.power, item.territory)
        if item.kind is InstructionKind.PLACE:
            assert where not in table, f"{where} is already on the table"
            table.add(where)
        elif item.kind is InstructionKind.DO_NOT_PLACE:
            assert where not in table
        elif item.kind is InstructionKind.ADD_PINS:
            pins[item.territory] = pins.get(item.territory, 0) + item.count
            assert pins[item.territory] == item.total <= item.spaces
        elif item.kind is InstructionKind.FOUND_COLONY:
            assert item.territory not in colonies
            colonies.add(item.territory)
        else:
            assert item.kind is InstructionKind.REMOVE
            assert where in table, f"{where} is not on the table"
            table.remove(where)
    presences = {p: {t for q, t in table if q == p} for p in state.powers}
    return GameState(
        powers=state.powers,
        presences=presences,
        development=pins,
        colonies=colonies,
        options=state.options,
    )


@SETTINGS
@given(rng=st.randoms(use_true_random=False), rounds=st.integers(1, 8))
def test_following_the_instructions_gives_the_next_board(rng: random.Random, rounds: int) -> None:
    for state, sheets in random_game(rng, rounds):
        new_state, report = resolve(state, BOARD, sheets)
        for group_by in GroupBy:
            items = table_instructions(report, group_by)
            board = follow(state, items)
            assert board.presences == new_state.presences
            assert board.development == new_state.development
            assert board.colonies == new_state.colonies
            # Each presence at most once; steps in table order (within a territory when
            # grouped by territory).
            touched = [(i.power, i.territory) for i in items if i.power is not None]
            assert len(touched) == len(set(touched))
            if group_by is GroupBy.POWER:
                ranks = [STEPS.index(i.step) for i in items]
                assert ranks == sorted(ranks)
            else:
                for group in instruction_groups(report, group_by):
                    ranks = [STEPS.index(i.step) for i in group.instructions]
                    assert ranks == sorted(ranks)
        # Both groupings hold the same instructions.
        assert sorted(map(repr, table_instructions(report, "power"))) == sorted(
            map(repr, table_instructions(report, "territory"))
        )


def _round() -> Report:
    """A round with every kind of instruction on the default map."""
    state = GameState(
        powers=("Belgium", "France", "Germany", "Italy"),
        presences={
            "Belgium": {"Congo"},
            "France": {"Algeria", "Congo", "Senegal"},
            "Germany": {"Congo", "Tunisia"},
            "Italy": {"Libya"},
        },
        development={"Senegal": BOARD["Senegal"].spaces - 1},
    )
    sheets = "\n".join(
        [
            "[Belgium]",
            "land: Morocco",
            "[France]",
            "Algeria: explore Tunisia",  # Germany is there and declares war: do not place
            "Senegal: develop",  # the last space: a colony
            "war: Belgium",
            "[Germany]",
            "Congo: explore Kamerun",
            "war: France, Belgium",
            "[Italy]",
            "Libya: develop",
        ]
    )
    _, report = resolve(state, BOARD, parse_sheets(sheets, BOARD, state.powers))
    return report


def test_instructions_in_table_order_grouped_by_power() -> None:
    items = table_instructions(_round())
    assert [(str(i.kind), i.power, i.territory) for i in items] == [
        ("place", "Belgium", "Morocco"),
        ("do_not_place", "France", "Tunisia"),
        ("place", "Germany", "Kamerun"),
        ("add_pins", None, "Libya"),
        ("add_pins", None, "Senegal"),
        ("found_colony", None, "Senegal"),
        ("remove", "Belgium", "Congo"),
    ]
    dont = items[1]
    assert dont.rule is RemovalRule.BETRAYED_ALLY and dont.war_from == ("Germany",)
    removal = items[-1]
    assert removal.rule is RemovalRule.OUTNUMBERED
    assert removal.war_from == ("France", "Germany") and removal.alliance_from == ()
    assert items[5].powers == ("France",)


def test_instructions_grouped_by_territory() -> None:
    groups = instruction_groups(_round(), "territory")
    assert [(g.heading, [str(i.kind) for i in g.instructions]) for g in groups] == [
        ("Congo", ["remove"]),
        ("Kamerun", ["place"]),
        ("Libya", ["add_pins"]),
        ("Morocco", ["place"]),
        ("Senegal", ["add_pins", "found_colony"]),
        ("Tunisia", ["do_not_place"]),
    ]
    by_step = instruction_groups(_round())
    assert [g.heading for g in by_step] == [Step.PLACE, Step.PINS, Step.COLONIES, Step.REMOVE]


def test_instruction_json_form() -> None:
    items = table_instructions(_round())
    data = json.loads(json.dumps([i.to_dict() for i in items]))
    assert data[0] == {"kind": "place", "step": "place", "territory": "Morocco", "power": "Belgium",
                       "by": "land"}  # fmt: skip
    assert data[3] == {
        "kind": "add_pins",
        "step": "pins",
        "territory": "Libya",
        "count": 1,
        "total": 1,
        "spaces": BOARD["Libya"].spaces,
    }
    assert data[5] == {
        "kind": "found_colony",
        "step": "colonies",
        "territory": "Senegal",
        "powers": ["France"],
    }
    assert data[1]["rule"] == "betrayed_ally" and data[1]["war_from"] == ["Germany"]
    assert data[6]["reason"].startswith(
        "2 war declarations on Belgium (France and Germany) against 0 alliances"
    )


def test_text_follows_the_instruction_list_in_both_languages_and_groupings() -> None:
    report = _round()
    for lang in ("en", "fr"):
        for group_by in ("power", "territory"):
            text = format_report(report, lang, group_by)
            positions = [
                text.index(instruction_text(i, lang, BOARD))
                for i in table_instructions(report, group_by)
            ]
            assert positions == sorted(positions)
    english = format_report(report, "en", "territory")
    assert "territory by territory" in english and "\nSenegal:\n" in english
    assert "  - FOUND COLONY in Senegal (France)" in english
    french = format_report(report, "fr")
    assert french.index("POSER les nouvelles présences") < french.index("RETIRER ces présences")
    assert "NE PAS POSER France sur Tunisie (exploration)" in french
    with pytest.raises(ValueError):
        instruction_text(table_instructions(report)[0], "xx")


def test_nothing_to_do() -> None:
    state = GameState(powers=("France", "Germany", "Italy"), presences={"France": {"Algeria"}})
    _, report = resolve(state, BOARD, {})
    assert table_instructions(report) == () and instruction_groups(report) == ()
    assert "Nothing changes on the table this round." in format_report(report)
    assert table_instructions(report, "territory") == ()


@pytest.mark.parametrize(
    "module",
    [
        tabletop.games.africa1880.report,
        tabletop.games.africa1880.instructions,
        tabletop.games.africa1880.report_text,
    ],
)
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
