"""The editor from a photo: the territories found, the two settings tracing again, the photo kept
with the work in progress and the saved board, a spoilt photo refused in words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.store import Store, open_store
from tabletop.store.boards import Boards
from tabletop.ui.board_editor.app import BoardEditorPage
from tabletop.ui.board_editor.controller import BoardEditorController
from tabletop.ui.shell.traits import MessageKind
from tests.games.africa1880.synthetic_photos import Defects, photograph, voronoi_design


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    kept = open_store(tmp_path / "tabletop.db")
    yield kept
    kept.close()


@pytest.fixture(scope="module")
def photo() -> bytes:
    return photograph(voronoi_design(3, 12), 1.0, Defects(), seed=1).data


def test_a_photo_opens_with_its_territories_found(store: Store, photo: bytes) -> None:
    ctl = BoardEditorController(store)
    page = BoardEditorPage(ctl)
    ctl.start_photo(photo)
    assert ctl.message_kind == MessageKind.OK, ctl.message
    assert ctl.draft is not None and len(ctl.draft.ids()) == 12
    assert ctl.message == "12 territories found."
    assert "0 of 12 named" in page.checks.progress.value
    assert page.tools.settings.layout.display == ""  # the two settings are shown for a photo
    assert ctl.photo is not None and ctl.photo[:2] == b"\xff\xd8"  # kept as a JPEG
    # The proposed neighbours came with the tracing: no territory is left alone.
    assert ctl.draft.progress().isolated == 0


def test_tracing_again_keeps_the_names_typed(store: Store, photo: bytes) -> None:
    ctl = BoardEditorController(store)
    page = BoardEditorPage(ctl)
    ctl.start_photo(photo)
    assert ctl.draft is not None
    first = ctl.draft.ids()[0]
    ctl.tap(*ctl.draft.territory(first).label)
    ctl.set_name("Egypt")
    page.tools.gap.value = 3  # let go of the slider: one new tracing
    assert ctl.gap == 3
    assert ctl.draft.progress().named == 1
    named = [tid for tid in ctl.draft.ids() if ctl.draft.territory(tid).name == "Egypt"]
    assert len(named) == 1
    ctl.undo()  # the tracing was one edit
    assert ctl.draft.territory(first).name == "Egypt"


def test_the_photo_is_kept_with_the_work_and_the_saved_board(store: Store, photo: bytes) -> None:
    ctl = BoardEditorController(store)
    BoardEditorPage(ctl)
    ctl.start_photo(photo)
    again = BoardEditorController(store)
    again.continue_work()
    assert again.photo == ctl.photo and again.draft is not None
    assert again.draft.state == ctl.draft.state if ctl.draft else False
    board = Boards(store)
    assert again.draft is not None
    names = ["Egypt", "Sudan", "Cape", "Congo", "Angola", "Kamerun", "Niger", "Senegal",
             "Morocco", "Algeria", "Tunisia", "Libya"]  # fmt: skip
    for tid, name in zip(again.draft.ids(), names, strict=True):
        again.select(tid)
        again.set_name(name)
    assert again.problems() == [], again.problems()
    assert again.save() == 1
    assert again.board_id is not None
    assert board.photo(again.board_id) == ctl.photo


def test_a_file_that_is_no_photo_is_refused_in_words(store: Store) -> None:
    ctl = BoardEditorController(store)
    BoardEditorPage(ctl)
    ctl.start_photo(b"GIF89a not really")
    assert ctl.message_kind == MessageKind.ERROR
    assert ctl.message.startswith("This photo cannot be used:")
    assert ctl.draft is None
