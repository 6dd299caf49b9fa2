"""The reveal's Africa map as text: the shared map's text view, told the model of the step shown
(its presences are the step's, crossed-out ones listed as removed), in the page's language."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tabletop.games.africa1880.gamefile import Game, example_game
from tabletop.games.africa1880.powers import power_name
from tabletop.ui.africa1880.map.text_view import text_view_text
from tabletop.ui.reveal import reveal_view
from tabletop.ui.reveal.steps import MapMarks, RevealStep, StepKind
from tabletop.ui.reveal.view import RevealView


class _Rows(HTMLParser):
    """Each table row's territory (``data-territory``) and its cells' texts."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[str, list[str]] = {}
        self.row: list[str] | None = None
        self.cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr" and dict(attrs).get("data-territory"):
            self.row = self.rows.setdefault(str(dict(attrs)["data-territory"]), [])
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.row is not None and self.cell is not None:
            self.row.append("".join(self.cell))
            self.cell = None
        elif tag == "tr":
            self.row = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def table_rows(value: str) -> dict[str, list[str]]:
    parser = _Rows()
    parser.feed(value)
    return parser.rows


def listed(cell: str) -> set[str]:
    """The powers a presences cell names ("2: France, Germany"; "none": no power)."""
    match = re.fullmatch(r"\d+\s*:\s(.*)", cell)  # French: a no-break space before ":"
    return set(match.group(1).split(", ")) if match else set()


def standing(step: RevealStep, territory: str, lang: str) -> set[str]:
    """The step's presences in ``territory`` that are not crossed out, named in ``lang``."""
    marks = step.marks
    assert isinstance(marks, MapMarks)
    return {
        power_name(p, lang)
        for p, where in marks.presences.items()
        if territory in where and (p, territory) not in marks.removed
    }


def crossed(step: RevealStep, territory: str) -> set[str]:
    assert isinstance(step.marks, MapMarks)
    return {p for p, t in step.marks.removed if t == territory}


def check_step(view: RevealView, lang: str) -> int:
    """The table says the presences of the step shown; the number of rows checked."""
    assert view.text_view is not None
    rows = table_rows(view.text_view.table.value)
    step = view.step
    assert isinstance(step.marks, MapMarks)
    assert rows and set(rows) == set(view.drawer.board.names)  # type: ignore[attr-defined]
    for territory, cells in rows.items():
        assert listed(cells[3]) == standing(step, territory, lang), (step.title, territory)
        pins = step.marks.development.get(territory, 0)
        assert cells[2].startswith(f"{pins} "), (territory, cells[2])
    assert step.title in view.text_view.table.value
    return len(rows)


def conflict_game() -> Game:
    game = Game.new(["France", "Great Britain", "Germany"])
    text = "[France]\nAlgeria: explore Libya\n[Great Britain]\nEgypt: explore Libya\nwar: France"
    game.apply(game.read_sheets(text), text)
    return game


def test_the_table_follows_the_step_shown() -> None:
    view = reveal_view(example_game(), "en")
    assert view.text_view is not None and view.text_view in view.root.children[3].children
    assert view.text_view.table.value == ""  # sent only once asked for
    view.text_view.switch.value = True
    kinds = set()
    for index in range(len(view.steps)):
        view.go(index)
        kinds.add(view.step.kind)
        check_step(view, "en")
    assert {StepKind.TITLE, StepKind.PLACEMENTS, StepKind.SCORES} <= kinds
    view.go(0)
    first = view.text_view.table.value
    view.go(len(view.steps) - 1)
    assert view.text_view.table.value != first  # the scores' board is not the title's


def test_a_crossed_out_presence_is_said_removed_not_present() -> None:
    view = reveal_view(conflict_game(), "en")
    view.text_view.switch.value = True  # type: ignore[union-attr]
    view.go(next(i for i, s in enumerate(view.steps) if s.kind == StepKind.CONFLICT))
    check_step(view, "en")
    assert crossed(view.step, "Libya") == {"France"}
    libya = table_rows(view.text_view.table.value)["Libya"]  # type: ignore[union-attr]
    assert libya[3] == "1: Great Britain"
    assert libya[-1] == "this step" + "removed: France"  # two lines of one cell


def test_what_each_step_is_about_is_said_in_its_rows_only() -> None:
    view = reveal_view(conflict_game(), "en")
    view.text_view.switch.value = True  # type: ignore[union-attr]
    outlined = 0
    for index, step in enumerate(view.steps):
        view.go(index)
        assert isinstance(step.marks, MapMarks)
        rows = table_rows(view.text_view.table.value)  # type: ignore[union-attr]
        said = {t for t, cells in rows.items() if cells[-1].startswith("this step")}
        assert said == set(step.marks.highlight), step.title
        outlined += len(said)
    assert outlined > 0  # the conflict's territory at least


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_table_is_in_the_page_language(lang: str) -> None:
    view = reveal_view(conflict_game(), lang)
    assert view.text_view is not None
    assert view.text_view.switch.description == text_view_text("switch", lang) != "Map as text"
    view.text_view.switch.value = True
    for index in (0, len(view.steps) - 1):
        view.go(index)
        check_step(view, lang)
        assert f'lang="{lang}"' in view.text_view.table.value
