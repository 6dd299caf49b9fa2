"""The reveal tells a round in the table's order, the order of the table instructions (the Africa
page's report, the command line): placing, pins, colonies, then the conflicts and their removals;
each line is styled by its meaning with the report's very classes. On the bundled example, on a
presence removed as it arrives, and on random rounds."""

from __future__ import annotations

import html
import random
import re

from games.africa1880.test_legal import random_position
from games.africa1880.test_properties import random_sheets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.games.africa1880.adjudicate import resolve
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import Game, example_game
from tabletop.games.africa1880.instructions import (
    STEPS,
    Instruction,
    InstructionKind,
    Meaning,
    Step,
    table_instructions,
)
from tabletop.games.africa1880.notation import parse_sheets
from tabletop.games.africa1880.report import Report
from tabletop.games.africa1880.report_text import instruction_text
from tabletop.games.africa1880.state import GameState
from tabletop.ui.africa1880.report_view import report_html
from tabletop.ui.reveal.app import reveal_view
from tabletop.ui.reveal.steps import PHASE_OF_KIND, RevealStep, StepKind, round_steps

BOARD = load_board()


def report_of(game: Game) -> Report:
    """The last round's report, resolved again from its recorded position and sheets."""
    entry = game.history[-1]
    parsed = parse_sheets(entry.sheets_text, BOARD, entry.state.powers)
    return resolve(entry.state, BOARD, parsed)[1]


def shown(steps: list[RevealStep]) -> list[Instruction]:
    return [item for step in steps for item in step.instructions]


def check_table_order(game: Game) -> list[RevealStep]:
    steps = round_steps(game)
    report = report_of(game)
    table = table_instructions(report)
    # Item by item, the reveal goes through the table's steps in the table's order ...
    assert [i.step for i in shown(steps)] == [i.step for i in table]
    # ... with exactly the table's instructions: placing, pins and colonies as the table lists
    # them (power by power); the removals told conflict by conflict, as the table lists them
    # territory by territory.
    by_territory = table_instructions(report, "territory")
    assert shown(steps) == [i for i in table if i.step is not Step.REMOVE] + [
        i for i in by_territory if i.step is Step.REMOVE
    ]
    # The steps themselves: a title, the table's phases in order, void orders, scores.
    kinds = [s.kind for s in steps]
    assert kinds[0] == StepKind.TITLE and kinds[-1] == StepKind.SCORES
    phases = [PHASE_OF_KIND[k] for k in kinds[1:-1] if k != StepKind.VOID]
    assert phases == sorted(phases, key=STEPS.index)
    assert kinds[1:-1].count(StepKind.VOID) == (1 if report.void_orders else 0)
    assert StepKind.VOID not in kinds[1:-1] or kinds[-2] == StepKind.VOID
    for step in steps:
        assert all(i.step is PHASE_OF_KIND[step.kind] for i in step.instructions)
    check_lines(steps, report)
    check_map(steps, game, report)
    return steps


def check_lines(steps: list[RevealStep], report: Report) -> None:
    """Each instruction is said in its step with the table's words and its kind's meaning."""
    for step in steps:
        for item in step.instructions:
            if item.kind is InstructionKind.REMOVE:  # said as the conflict's outcome
                continue
            index = step.lines.index(instruction_text(item, "en", BOARD))
            assert step.meaning(index) is item.kind.meaning
        if step.kind == StepKind.CONFLICT:
            territory = step.marks.highlight[0]
            gone = [r for r in report.removals if r.territory == territory]
            warned = [i for i, _ in enumerate(step.lines) if step.meaning(i) is Meaning.WARNING]
            assert len(warned) == len(gone)
            assert all(" is removed: " in step.lines[i] for i in warned)
        if step.kind == StepKind.VOID:
            assert set(step.meanings) == {Meaning.WARNING}
        if step.kind in (StepKind.TITLE, StepKind.SCORES):
            assert not any(step.meanings)


def check_map(steps: list[RevealStep], game: Game, report: Report) -> None:
    """The map moves on with the table: nothing new at the title, every removal crossed out by
    the end, the next position at the scores; a presence not to place crossed out as placed."""
    before = game.history[-1].state
    assert steps[0].marks.presences == before.presences and not steps[0].marks.removed
    assert steps[0].marks.development == before.development
    assert set(steps[-2].marks.removed) == {(r.power, r.territory) for r in report.removals}
    assert steps[-1].marks.presences == game.state.presences
    for step in steps:
        for item in step.instructions:
            if item.kind is InstructionKind.DO_NOT_PLACE:
                assert (item.power, item.territory) in step.marks.removed
            if item.kind is InstructionKind.PLACE:
                assert item.territory in step.marks.presences[item.power or ""]
                assert (item.power, item.territory) not in step.marks.removed


def test_the_example_round_is_revealed_in_the_table_order() -> None:
    steps = check_table_order(example_game())
    kinds = [s.kind for s in steps]
    assert kinds.index(StepKind.PLACEMENTS) < kinds.index(StepKind.PINS)
    assert kinds.index(StepKind.PINS) < kinds.index(StepKind.COLONY)
    assert kinds.index(StepKind.COLONY) < kinds.index(StepKind.CONFLICT)


def arrived_and_removed() -> Game:
    """France explores Tunisia, where Germany, at war with it, removes it at once."""
    state = GameState(
        ("France", "Germany", "Italy"), {"France": {"Algeria"}, "Germany": {"Tunisia"}}
    )
    game = Game(state=state, board=BOARD)
    text = "[France]\nAlgeria: explore Tunisia\n[Germany]\nwar: France"
    game.apply(game.read_sheets(text), text)
    return game


def test_a_presence_not_to_place_is_a_warning_when_placing() -> None:
    steps = check_table_order(arrived_and_removed())
    placing = next(s for s in steps if s.kind == StepKind.PLACEMENTS)
    assert placing.title == "France places 0 presences"
    assert placing.lines[0].startswith("DO NOT PLACE France in Tunisia")
    assert placing.meanings == (Meaning.WARNING,)
    assert placing.marks.removed == {("France", "Tunisia")}
    conflict = next(s for s in steps if s.kind == StepKind.CONFLICT)
    assert steps.index(placing) < steps.index(conflict)
    assert conflict.instructions == ()  # the table already said "do not place"


def classes_by_line(page: str, tag: str) -> dict[str, set[str]]:
    """The meaning classes of each line of a page (its text as a person reads it)."""
    pattern = rf'<{tag} class="([^"]*)">(?:<td>)?(.*?)</(?:td|li)>'
    return {
        html.unescape(text): {c for c in classes.split() if c.startswith("tt-meaning")}
        for classes, text in re.findall(pattern, page)
    }


def test_the_reveal_styles_each_instruction_as_the_report_does() -> None:
    seen: set[str] = set()
    for game in (example_game(), arrived_and_removed()):
        view = reveal_view(game)
        report = report_of(game)
        page = classes_by_line(report_html(report, "en", "power", BOARD), "tr")
        for index, step in enumerate(view.steps):
            view.go(index)
            lines = classes_by_line(view.text.value, "li")
            assert list(lines) == list(step.lines)
            for item in step.instructions:
                if item.kind is InstructionKind.REMOVE:
                    continue
                text = instruction_text(item, "en", BOARD)
                expected = {"tt-meaning", f"tt-meaning-{item.kind.meaning}"}
                assert lines[text] == page[text] == expected, item.kind
                seen.add(str(item.kind))
            for line, meaning in zip(step.lines, step.meanings, strict=False):
                if meaning is Meaning.WARNING:
                    assert lines[line] == {"tt-meaning", "tt-meaning-warning"}
                if meaning is None:
                    assert lines[line] == set()
    assert seen == {"place", "do_not_place", "add_pins", "found_colony"}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rng=st.randoms(use_true_random=False))
def test_random_rounds_are_revealed_in_the_table_order(rng: random.Random) -> None:
    state = random_position(rng, BOARD)
    if state.game_over:
        return
    game = Game(state=state, board=BOARD)
    game.apply(random_sheets(state, BOARD, rng))
    check_table_order(game)
