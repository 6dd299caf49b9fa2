"""The page's report is the core's: same instructions, same order, same marks as the CLI's
``format_report`` (one source), on the example round and on random rounds, in both groupings."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import pytest
from games.africa1880.test_legal import random_position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import example_game
from tabletop.games.africa1880.instructions import table_instructions
from tabletop.games.africa1880.legal import legal_choices
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.orders import Explore, Hold, Landing, OrderSheet
from tabletop.games.africa1880.report import Report
from tabletop.games.africa1880.report_text import format_report
from tabletop.games.africa1880.state import GameState
from tabletop.ui.africa1880.instruction_style import INSTRUCTION_CSS
from tabletop.ui.africa1880.report_view import instruction_lines, report_html

ROOT = Path(__file__).resolve().parents[3]
BOARD = load_board()


def page_lines(page: str) -> list[str]:
    """The instruction lines of the page's report, as a person reads them."""
    cells = re.findall(r'<tr class="tt-instr[^"]*"><td>(.*?)</td></tr>', page)
    return [html.unescape(cell) for cell in cells]


def cli_lines(report: Report, lang: str, group_by: str) -> list[str]:
    """The instruction lines of the command line's report (before its void orders)."""
    text = format_report(report, lang, group_by, BOARD)
    instructions = re.split(r"\n(?:VOID ORDERS|ORDRES NULS)", text)[0]
    return [line[4:] for line in instructions.splitlines() if line.startswith("  - ")]


def row_classes(page: str) -> list[set[str]]:
    """The classes of each instruction row of the page's report, in its order."""
    return [set(c.split()) for c in re.findall(r'<tr class="(tt-instr[^"]*)"><td>', page)]


#: The look each kind of instruction has, on this page and on the reveal.
MEANING_OF_KIND = {
    "place": "action",
    "add_pins": "action",
    "found_colony": "action",
    "do_not_place": "warning",
    "remove": "warning",
}


def check_styled_by_meaning(report: Report, page: str, group_by: str) -> None:
    """Every row carries its kind's meaning; a warning is never styled as a placement."""
    rows = row_classes(page)
    kinds = [str(item.kind) for item in table_instructions(report, group_by)]
    assert len(rows) == len(kinds)
    for classes, kind in zip(rows, kinds, strict=True):
        meaning = MEANING_OF_KIND[kind]
        other = "action" if meaning == "warning" else "warning"
        assert {f"tt-instr-{kind}", "tt-meaning", f"tt-meaning-{meaning}"} <= classes, kind
        assert f"tt-meaning-{other}" not in classes
        if meaning == "warning":
            assert "tt-place-row" not in classes  # green like a placement: the table's bug
    assert INSTRUCTION_CSS in page


def check_same(report: Report) -> None:
    for lang in ("en", "fr"):
        for group_by in ("power", "territory"):
            page = report_html(report, lang, group_by, BOARD)
            assert page_lines(page) == cli_lines(report, lang, group_by)
            check_styled_by_meaning(report, page, group_by)
            assert page_lines(page) == instruction_lines(report, lang, group_by, BOARD)
            for void in report.void_orders:
                assert html.escape(void.order_text) in page


def test_the_example_round_reads_as_on_the_command_line() -> None:
    game = example_game()
    orders = (ROOT / "examples" / "africa" / "orders_1895.txt").read_text(encoding="utf-8")
    _, report = resolve(game.state, game.board, parse_sheets(orders, game.board, game.state.powers))
    check_same(report)
    lines = page_lines(report_html(report, "en", "power", BOARD))
    assert len(lines) > 10
    # Table order: every placing before every pin, colony and removal.
    firsts = [line.split()[0] for line in lines]
    order = ["PLACE", "DO", "ADD", "FOUND", "REMOVE"]
    ranks = [order.index(word) for word in firsts]
    assert ranks == sorted(ranks)


def test_a_presence_arrived_and_removed_is_one_line() -> None:
    state = GameState(
        ("France", "Germany", "Italy"), {"France": {"Algeria"}, "Germany": {"Tunisia"}}
    )
    typed = "[France]\nAlgeria: explore Tunisia\n[Germany]\nwar: France"
    _, report = resolve(state, BOARD, parse_sheets(typed, BOARD, state.powers))
    page = report_html(report, "en", "power", BOARD)
    lines = page_lines(page)
    assert len(lines) == 1 and lines[0].startswith("DO NOT PLACE France in Tunisia")
    assert "REMOVE" not in page
    # Under "Place", yet a warning: not green, its own colour and its ⚠.
    assert row_classes(page) == [
        {"tt-instr", "tt-instr-do_not_place", "tt-instr-row", "tt-meaning", "tt-meaning-warning"}
    ]
    check_same(report)


def test_no_report_yet() -> None:
    assert "No round resolved yet" in report_html(None, "en")
    game = example_game()
    _, report = resolve(game.state, game.board, {})
    with pytest.raises(ValueError):
        report_html(report, "en", "sideways")


def random_sheets(rng: random.Random, state: GameState) -> dict[str, OrderSheet]:
    """Sheets from the core's menus, with random wars (so that removals happen)."""
    sheets = {}
    for power in state.powers:
        menus = legal_choices(state, BOARD, power)
        orders: list = []
        for menu in menus.presences:
            kind = rng.choice([str(k) for k in menu.kinds])
            if kind == "explore":
                orders.append(Explore(power, menu.territory, rng.choice(menu.explore_targets)))
            else:
                orders.append(Hold(power, menu.territory))
        landing = None
        if menus.landing_targets and rng.random() < 0.7:
            landing = Landing(power, rng.choice(menus.landing_targets))
        wars = frozenset(p for p in menus.relation_targets if rng.random() < 0.4)
        sheets[power] = OrderSheet(power, tuple(orders), landing=landing, wars=wars)
    return sheets


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False))
def test_random_rounds_read_as_on_the_command_line(rng: random.Random) -> None:
    state = random_position(rng, BOARD)
    if state.game_over:
        return
    _, report = resolve(state, BOARD, random_sheets(rng, state))
    check_same(report)
