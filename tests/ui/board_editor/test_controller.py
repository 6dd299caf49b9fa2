"""The board editor's controller and parts: widgets built, intents reaching the model, taps in
every mode, saving in versions, work in progress kept, refusals as messages."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.board_draft import BoardDraft
from tabletop.store import Store, open_store
from tabletop.store.boards import Boards
from tabletop.ui.board_editor.app import BoardEditorPage, board_editor_app
from tabletop.ui.board_editor.controller import BoardEditorController, Stage
from tabletop.ui.board_editor.map_view import PointTaps
from tabletop.ui.board_editor.scene import Mode, build_scene
from tabletop.ui.board_editor.texts import t
from tabletop.ui.shell.traits import MessageKind


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    kept = open_store(tmp_path / "tabletop.db")
    yield kept
    kept.close()


def square(x: float, y: float, side: float = 100) -> list[tuple[float, float]]:
    return [(x, y), (x + side, y), (x + side, y + side), (x, y + side)]


def centre(ctl: BoardEditorController, tid: int) -> tuple[float, float]:
    assert ctl.draft is not None
    return ctl.draft.territory(tid).label


def blank_page(store: Store) -> tuple[BoardEditorController, BoardEditorPage]:
    """A page on a blank board where three squares were drawn by taps."""
    ctl = BoardEditorController(store)
    page = BoardEditorPage(ctl)
    ctl.start_blank(300, 100)
    assert ctl.mode == Mode.DRAW
    for x in (0, 100, 200):
        for point in square(x, 0):
            ctl.tap(*point)
        assert page.tools.close_button.disabled is False
        ctl.close_outline()
    return ctl, page


def test_the_page_opens_on_the_start_choices(store: Store) -> None:
    root = board_editor_app(store=store)
    page = root._board_editor_page
    assert page.start.layout.display == ""
    assert page.edit.layout.display == "none"
    assert page.start.photo.accept == "image/*"
    assert page.start.continue_button.layout.display == "none"  # nothing kept yet
    assert "Start a board" in page.start.title.value


def test_the_bundled_board_opens_with_no_problem(store: Store) -> None:
    ctl = BoardEditorController(store)
    page = BoardEditorPage(ctl)
    ctl.start_bundled()
    assert ctl.stage == Stage.EDIT and page.edit.layout.display == ""
    assert "32 of 32 named" in page.checks.progress.value
    assert "No problem" in page.checks.problems.value


def test_a_start_chosen_on_an_older_list_is_the_territory_chosen(store: Store) -> None:
    """A start menu's list is sorted by name and changes as territories are named: the page
    sends the territory chosen (its id), so a choice that reaches the kernel after a rename
    sets that territory; a value that is no territory is refused with a message."""
    ctl, page = blank_page(store)
    assert ctl.draft is not None
    first, second, _third = ctl.draft.ids()
    menu = page.starts.menus["France"]
    ctl.set_mode(Mode.SELECT)
    ctl.tap(*centre(ctl, first))
    page.territory.name.value = "Zanzibar"  # the list is sorted again: first moves down
    menu.set_state({"value": str(second)})  # chosen on the page's list before the rename
    assert ctl.draft.state.starts == {"France": second}
    assert menu.value == str(second)
    for hostile in ("not a territory", "9" * 5000, "٣"):
        menu.set_state({"value": hostile})
        assert ctl.draft.state.starts == {"France": second}
        assert ctl.message_kind == MessageKind.ERROR
        assert menu.value == str(second)  # the menu shows the start that holds


def test_drawn_outlines_are_named_connected_and_saved_in_versions(store: Store) -> None:
    ctl, page = blank_page(store)
    assert ctl.draft is not None
    first, second, third = ctl.draft.ids()
    assert "Territory 1 has no name yet." in page.checks.problems.value
    for tid, name in zip((first, second, third), ("Egypt", "Sudan", "Abyssinia"), strict=True):
        ctl.set_mode(Mode.SELECT)
        ctl.tap(*centre(ctl, tid))
        assert ctl.selected == tid
        page.territory.name.value = name  # what a person types
    ctl.set_coastal(True)  # Abyssinia selected last
    page.territory.spaces.value = 3
    assert ctl.draft.territory(third).spaces == 3 and ctl.draft.territory(third).coastal
    ctl.set_mode(Mode.LINKS)  # Abyssinia still chosen: tapping it lets it go
    ctl.tap(*centre(ctl, third))
    assert ctl.selected == 0
    ctl.tap(*centre(ctl, second))
    ctl.tap(*centre(ctl, first))
    ctl.tap(*centre(ctl, third))
    assert ctl.draft.neighbours(second) == {first, third}
    ctl.tap(*centre(ctl, third))  # tapped again: no longer a neighbour
    assert ctl.draft.neighbours(third) == frozenset()
    ctl.tap(*centre(ctl, third))
    assert ctl.draft.neighbours(third) == {second}
    page.starts.menus["Great Britain"].value = str(third)
    assert ctl.draft.state.starts == {"Great Britain": third}
    assert "No problem" in page.checks.problems.value, page.checks.problems.value
    page.tools.name.value = "Our board"
    assert ctl.save() == 1
    assert ctl.message == "Saved as version 1."
    assert ctl.save() == 2  # never over the first
    boards = Boards(store)
    assert ctl.board_id is not None
    saved = boards.get(ctl.board_id)
    board = board_from_dict(saved)
    assert board.name == "Our board" and board.are_neighbours("Sudan", "Abyssinia")
    assert board.drawing is not None
    assert [b.version for b in boards.versions(ctl.board_id)] == [2, 1]


def test_a_board_with_problems_is_not_saved(store: Store) -> None:
    ctl, _ = blank_page(store)
    assert ctl.save() is None
    assert ctl.message_kind == MessageKind.ERROR and "fix the problems" in ctl.message
    assert Boards(store).list() == []


def test_merge_split_bridge_and_undo_by_taps(store: Store) -> None:
    ctl, page = blank_page(store)
    assert ctl.draft is not None
    first, second, third = ctl.draft.ids()
    ctl.set_mode(Mode.BRIDGE)
    ctl.tap(*centre(ctl, first))
    assert "land bridge" in ctl.message
    ctl.tap(*centre(ctl, third))
    assert ctl.draft.is_bridge(first, third)
    ctl.set_mode(Mode.MERGE)
    ctl.tap(*centre(ctl, first))
    ctl.tap(*centre(ctl, second))
    assert ctl.draft.ids() == [first, third]
    assert ctl.draft.at(150, 50) == first
    ctl.set_mode(Mode.SPLIT)
    ctl.tap(250, -10)
    assert len(ctl.pending) == 1 and "other end" in ctl.message
    ctl.tap(250, 110)
    assert len(ctl.draft.ids()) == 3
    assert ctl.draft.at(225, 50) != ctl.draft.at(275, 50)
    ctl.undo()
    assert len(ctl.draft.ids()) == 2
    assert page.tools.redo.disabled is False
    ctl.redo()
    assert len(ctl.draft.ids()) == 3


def test_a_cut_beside_every_territory_is_refused_with_a_message(store: Store) -> None:
    ctl, _ = blank_page(store)
    ctl.set_mode(Mode.SPLIT)
    ctl.tap(400, 400)
    ctl.tap(500, 500)
    assert ctl.message_kind == MessageKind.ERROR and "cross the territory" in ctl.message


def test_refused_edits_are_messages_not_tracebacks(store: Store) -> None:
    ctl, _ = blank_page(store)
    assert ctl.draft is not None
    ctl.select(ctl.draft.ids()[0])
    ctl.set_spaces(9)
    assert ctl.message_kind == MessageKind.ERROR and "1 to 4" in ctl.message
    ctl.open_file(b"{not json")
    assert ctl.message_kind == MessageKind.ERROR and "cannot be used" in ctl.message
    ctl.open_file(json.dumps({"format": "tabletop.africa1880.board"}).encode())
    assert "cannot be used" in ctl.message
    ctl.start_photo(b"not an image")
    assert ctl.message_kind == MessageKind.ERROR
    assert ctl.stage == Stage.EDIT and len(ctl.draft.ids()) == 3  # the board was left as it was


def test_the_walk_goes_territory_by_territory_and_confirms(store: Store) -> None:
    ctl, page = blank_page(store)
    assert ctl.draft is not None
    ctl.walk(1)
    assert "Territory 1 of 3" in page.territory.walk.value
    ctl.confirm_selected()
    assert "Territory 2 of 3" in page.territory.walk.value
    assert ctl.draft.progress().confirmed == 1
    ctl.walk(-1)
    assert "✓" in page.territory.walk.value


def test_work_in_progress_is_kept_and_offered_again(store: Store) -> None:
    ctl, _ = blank_page(store)
    assert ctl.draft is not None
    ctl.set_board_name("Half done")
    ctl.select(ctl.draft.ids()[0])
    ctl.set_name("Egypt")
    again = BoardEditorController(store)
    page = BoardEditorPage(again)
    assert page.start.continue_button.layout.display == ""
    assert "Half done" in page.start.continue_button.description
    page.start.continue_button.click()
    assert again.draft is not None and again.draft.state == ctl.draft.state


def test_a_saved_board_opens_and_saves_its_next_version(store: Store) -> None:
    first = Boards(store).save("Club", BoardDraft.bundled().to_board())
    ctl = BoardEditorController(store)
    page = BoardEditorPage(ctl)
    assert page.start.saved.options[0][1] == first.board_id
    page.start.open_saved.click()
    assert ctl.board_id == first.board_id and ctl.draft is not None
    assert ctl.save() == 2


def test_a_board_file_opens_and_exports_with_its_drawing(store: Store) -> None:
    ctl = BoardEditorController(store)
    page = BoardEditorPage(ctl)
    data = json.dumps(BoardDraft.bundled().to_board()).encode()
    page.start.file.value = (
        {
            "name": "ours.json",
            "type": "application/json",
            "size": len(data),
            "content": memoryview(data),
            "last_modified": datetime.now(timezone.utc),
        },
    )
    assert ctl.stage == Stage.EDIT and ctl.draft is not None
    page.tools.export.click()
    link = page.tools.export_link.value
    encoded = link.split("base64,")[1].split('"')[0]
    exported = json.loads(base64.b64decode(encoded))
    assert board_from_dict(exported).drawing is not None


def test_the_language_changes_every_text(store: Store) -> None:
    ctl = BoardEditorController(store)
    page = BoardEditorPage(ctl)
    ctl.start_bundled()
    ctl.set_lang("fr")
    assert ctl.lang == "fr"
    assert page.tools.undo.description == t("undo", "fr") == "Annuler"
    assert page.title.value == "<h1>Éditeur de plateau</h1>"
    assert "32 sur 32 nommés" in page.checks.progress.value
    ctl.set_lang("de")
    assert page.territory.walk.value == "Ein Gebiet auf der Karte antippen."


def test_taps_and_clicks_are_one_point_each() -> None:
    points: list[tuple[float, float]] = []
    now = [0.0]
    taps = PointTaps(lambda x, y: points.append((x, y)), clock=lambda: now[0])
    taps.touch_start([(10.0, 10.0)])
    taps.touch_end([])
    taps.mouse_down(10.0, 10.0)  # the browser's copy of the tap
    assert points == [(10.0, 10.0)]
    now[0] = 5.0
    taps.mouse_down(10.0, 10.0)  # a real click later
    taps.touch_start([(0.0, 0.0)])
    taps.touch_move([(50.0, 0.0)])  # a drag
    taps.touch_end([])
    taps.touch_start([(0.0, 0.0), (5.0, 5.0)])  # two fingers
    taps.touch_end([])
    assert points == [(10.0, 10.0), (10.0, 10.0)]


def test_the_scene_shows_neighbours_of_the_selected_territory() -> None:
    draft = BoardDraft.blank(300, 100)
    a = draft.add_territory([square(0, 0)])
    b = draft.add_territory([square(100, 0)])
    draft.add_territory([square(200, 0)])
    draft.toggle_link(a, b)
    scene = build_scene(draft, 0.5, mode=Mode.LINKS, selected=a)
    fills = {shape.tid: shape.fill for shape in scene.shapes}
    assert len(set(fills.values())) == 3  # the chosen one, its neighbour, the others
    assert len(scene.lines) == 1
    assert scene.shapes[0].rings[0].max() == 50.0  # canvas pixels: drawing times the scale


def test_a_tap_that_only_chooses_writes_nothing(store: Store, monkeypatch) -> None:
    ctl, _ = blank_page(store)
    assert ctl.draft is not None
    writes: list[str] = []
    original = Boards.save_work

    def counted(self: Boards, key: str, data: dict) -> None:
        writes.append(key)
        original(self, key, data)

    monkeypatch.setattr(Boards, "save_work", counted)
    ctl.set_mode(Mode.SELECT)
    ctl.tap(*centre(ctl, ctl.draft.ids()[0]))
    ctl.tap(*centre(ctl, ctl.draft.ids()[1]))
    assert writes == []
    ctl.set_name("Egypt")
    assert writes == ["board-editor"]


def test_an_outline_drawn_again_replaces_the_chosen_one(store: Store) -> None:
    ctl, page = blank_page(store)
    assert ctl.draft is not None
    first = ctl.draft.ids()[0]
    ctl.set_mode(Mode.SELECT)
    ctl.tap(*centre(ctl, first))
    ctl.set_name("Egypt")
    ctl.set_mode(Mode.DRAW)
    assert ctl.selected == first  # drawing keeps the territory chosen
    for point in [(0, 0), (60, 0), (60, 60), (0, 60)]:
        ctl.tap(*point)
    assert page.tools.replace_button.layout.display == ""
    assert page.tools.replace_button.description == "Make it the outline of Egypt"
    page.tools.replace_button.click()
    assert ctl.draft.at(30, 30) == first and ctl.draft.at(80, 80) is None
    assert ctl.draft.territory(first).name == "Egypt" and len(ctl.draft.ids()) == 3
