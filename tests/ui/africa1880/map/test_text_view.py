"""The Africa map as text: a table that says, territory by territory, what the canvas draws (the
same model), in the page's language, for the round shown and on any board."""

from __future__ import annotations

from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import Game, example_game
from tabletop.games.africa1880.geometry import load_geometry
from tabletop.games.africa1880.powers import power_name
from tabletop.games.africa1880.state import GameState
from tabletop.ui.africa1880.app import africa_app
from tabletop.ui.africa1880.map.changes import Changes
from tabletop.ui.africa1880.map.layout import MapModel, build_map_model
from tabletop.ui.africa1880.map.text_view import MapTextView, map_table_html
from tabletop.ui.africa1880.map.view import AfricaMapView
from tests.games.africa1880.grid_board import grid_board


class Table(HTMLParser):
    """The caption, the header cells and the rows (texts by cell) of an HTML table, with each
    cell's tag and scope."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.caption = ""
        self.rows: list[list[tuple[str, str | None, str]]] = []
        self._cell: tuple[str, str | None] | None = None
        self._text = ""
        self._in_caption = False
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("th", "td"):
            self._cell = (tag, dict(attrs).get("scope"))
            self._text = ""
        elif tag == "caption":
            self._in_caption = True
        elif tag == "br":
            self._text += "\n"

    def handle_endtag(self, tag: str) -> None:
        if tag in ("th", "td") and self._cell is not None:
            self.rows[-1].append((*self._cell, self._text))
            self._cell = None
        elif tag == "caption":
            self._in_caption = False

    def handle_data(self, data: str) -> None:
        if self._in_caption:
            self.caption += data
        elif self._cell is not None:
            self._text += data

    def header(self) -> list[str]:
        return [text for _, _, text in self.rows[0]]

    def body(self) -> dict[str, list[str]]:
        """Territory name -> the texts of the other cells of its row."""
        return {row[0][2]: [text for _, _, text in row[1:]] for row in self.rows[1:]}


def powers_of(cell: str) -> list[str]:
    """The power names of a presences cell ("2: France, Germany"; "2 : …" in French)."""
    count, _, names = cell.partition(":")
    found = [n.strip() for n in names.split(",") if n.strip()]
    assert int(count) == len(found), cell
    return found


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


def model_of(board: Board, state: GameState, lang: str = "en", **kwargs: object) -> MapModel:
    return build_map_model(board, load_geometry(board), state, lang=lang, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_every_territory_says_the_presences_pins_and_colonies_of_the_game(
    board: Board, lang: str
) -> None:
    state = example_game().state
    table = Table(map_table_html(model_of(board, state, lang)))
    body = table.body()
    assert "Abyssinia" not in state.colonies
    no = body[board.display_name("Abyssinia", lang)][3]  # what a territory not a colony says
    assert sorted(body) == sorted(board.display_name(name, lang) for name in board.names)
    for name in board.names:
        cells = body[board.display_name(name, lang)]
        present = [power_name(p, lang) for p in state.powers if name in state.presences[p]]
        if present:
            assert sorted(powers_of(cells[2])) == sorted(present), name
        else:
            assert ":" not in cells[2], name
        pins, spaces = state.development.get(name, 0), board[name].spaces
        assert cells[1].split()[0] == str(pins) and cells[1].split()[-1] == str(spaces)
        if name in state.colonies:
            assert all(power in cells[3] for power in present), name
        assert (name in state.colonies) == (cells[3] != no), name


def test_the_words_in_english_french_and_german(board: Board) -> None:
    state = example_game().state
    english = Table(map_table_html(model_of(board, state, "en", title="1895, round 4 of 8")))
    assert english.caption == "The map as text: 1895, round 4 of 8"
    assert english.header() == [
        "Territory",
        "Coast",
        "Development spaces filled",
        "Presences",
        "Colony",
    ]
    assert english.body()["Dahomey"] == ["coastal", "2 of 2", "1: Germany", "colony of Germany"]
    assert english.body()["Sudan"][2] == "2: Germany, Great Britain"
    assert english.body()["Abyssinia"] == ["inland", "0 of 3", "none", "no"]
    french = Table(map_table_html(model_of(board, state, "fr")))
    assert french.caption == "La carte en texte"
    assert french.header()[0] == "Territoire" and french.header()[4] == "Colonie"
    assert french.body()["Cameroun"][2].replace("\u00a0", " ") == "2 : Belgique, Allemagne"
    assert french.body()["Dahomey"][1] == "2 sur 2"
    german = Table(map_table_html(model_of(board, state, "de")))
    assert german.body()["Kapland"][:2] == ["Küstengebiet", "1 von 4"]
    assert "Kolonie" in german.body()["Dahome"][3] and "Deutschland" in german.body()["Dahome"][3]


def test_a_table_screen_readers_can_walk(board: Board) -> None:
    table = Table(map_table_html(model_of(board, example_game().state)))
    assert table.caption
    assert all(tag == "th" and scope == "col" for tag, scope, _ in table.rows[0])
    for row in table.rows[1:]:
        assert row[0][:2] == ("th", "row")
        assert all(tag == "td" for tag, _, _ in row[1:])
        assert len(row) == len(table.rows[0])
    names = [row[0][2] for row in table.rows[1:]]
    assert names.index("Abyssinia") < names.index("Algeria") < names.index("Zanzibar")


def test_a_shared_colony_and_a_colony_of_one_power(board: Board) -> None:
    state = example_game().state
    shared = replace(state, colonies=state.colonies | {"Sudan"})
    body = Table(map_table_html(model_of(board, shared))).body()
    assert body["Sudan"][3] == "colony shared by Germany and Great Britain"
    assert body["Gabon"][3] == "colony of Belgium"
    french = Table(map_table_html(model_of(board, shared, "fr"))).body()
    assert (
        french["Soudan"][3].replace("\u00a0", " ")
        == "colonie partagée : Allemagne et Grande-Bretagne"
    )


def test_the_marks_of_a_round_are_said_only_when_the_map_has_some(board: Board) -> None:
    state = example_game().state
    plain = Table(map_table_html(model_of(board, state)))
    assert "Marked on the map" not in plain.header()
    changes = Changes(
        removed=frozenset({("Great Britain", "Zanzibar")}),
        new=frozenset({("France", "Algeria"), ("Germany", "Sudan")}),
        pins_added={"Togo": 1, "Egypt": 2},
        colonies=frozenset({"Togo"}),
    )
    marked = Table(map_table_html(model_of(board, state, changes=changes)))
    assert marked.header()[-1] == "Marked on the map"
    body = marked.body()
    assert body["Algeria"][-1] == "new: France"
    assert body["Zanzibar"][-1] == "removed: Great Britain"
    assert body["Togo"][-1] == "1 pin added\ncolony founded"
    assert body["Egypt"][-1] == "2 pins added"
    assert body["Abyssinia"][-1] == ""


def test_a_traced_board_without_names_in_other_languages() -> None:
    board = board_from_dict(grid_board(3, 2, names=("A", "B", "C", "D", "E", "F")))
    game = Game.new(["France", "Germany", "Italy"], board=board, board_name=board.name)
    presences = {"France": frozenset({"A", "B"}), "Germany": frozenset({"B"}), "Italy": frozenset()}
    state = replace(game.state, presences=presences)
    body = Table(map_table_html(model_of(board, state, "fr"))).body()
    assert sorted(body) == ["A", "B", "C", "D", "E", "F"]
    assert sorted(powers_of(body["B"][2])) == ["Allemagne", "France"]
    # A board without a drawing: the canvas shows a circle, the table the same territories.
    circle = build_map_model(board, None, state, lang="de")
    assert sorted(Table(map_table_html(circle)).body()) == ["A", "B", "C", "D", "E", "F"]


def test_the_switch_shows_the_table_of_the_model_drawn() -> None:
    board = load_board()
    state = example_game().state
    view = AfricaMapView(model_of(board, state))
    text = view.text_view
    # Beside the map for a keyboard: before the canvas in the page's order.
    assert view.children.index(text) < view.children.index(view.box)
    assert text.switch.description == "Map as text"
    assert text.table.value == "" and text.table.layout.display == "none"
    text.switch.value = True
    assert text.table.layout.display is None
    assert "Sudan" in Table(text.table.value).body()
    # A new model (a presence removed, another language): the canvas and the table both change.
    fewer = replace(
        state, presences={**state.presences, "Germany": state.presences["Germany"] - {"Sudan"}}
    )
    view.set_model(model_of(board, fewer, "fr"))
    assert text.switch.description == "Carte en texte"
    assert powers_of(Table(text.table.value).body()["Soudan"][2]) == ["Grande-Bretagne"]
    text.switch.value = False
    assert text.table.value == ""


def test_an_empty_switch_before_any_model() -> None:
    text = MapTextView()
    text.switch.value = True
    assert text.table.value == "" and text.switch.description == "Map as text"


def test_the_dashboard_says_the_round_it_shows(autosave_path: Path) -> None:
    app = africa_app(autosave_path=autosave_path)
    ctl = app.controller
    text = app.result.map_view.text_view
    text.switch.value = True
    now = Table(text.table.value)
    assert "1895" in now.caption
    ctl.view_round(0)
    app.result.refresh()
    past = ctl.round_view().state
    assert past.presences != ctl.state.presences  # else this test could not tell them apart
    then = Table(text.table.value)
    assert "1880" in then.caption
    for name in load_board().names:
        present = sorted(power_name(p) for p in past.powers if name in past.presences[p])
        cell = then.body()[name][2]
        assert (sorted(powers_of(cell)) if ":" in cell else []) == present, name
    app.lang_toggle.value = "fr"
    assert Table(text.table.value).header()[0] == "Territoire"
