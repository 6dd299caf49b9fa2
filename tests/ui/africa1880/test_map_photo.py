"""The group's photo under the dashboard's map: offered by a switch (off until turned on) when
the board's drawing names a photo the database keeps; drawn scaled to the drawing's box under
translucent territory fills; no switch for a board without one or a photo the database lacks."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.gamefile import Game
from tabletop.store import Store, open_store
from tabletop.store.boards import Boards
from tabletop.ui.africa1880.app import AfricaApp, africa_app
from tabletop.ui.africa1880.map.drawing import PHOTO_FILL_ALPHA
from tabletop.ui.africa1880.map.layout import LAND
from tabletop.ui.africa1880.map.photo import scaled_photo
from tabletop.ui.africa1880.map.view import zoom_text
from tests.games.africa1880.grid_board import grid_board
from tests.ui.africa1880.test_map import RecordingMultiCanvas

POWERS = ["France", "Germany", "Italy"]


def _photo(width: int = 1600, height: int = 1200, fmt: str = "JPEG") -> bytes:
    """A photo of the board: a warm board on a dark table, the size of the drawing's box."""
    image = Image.new("RGB", (width, height), (60, 40, 30))
    image.paste((200, 170, 120), (40, 40, width - 40, height - 40))
    out = io.BytesIO()
    image.save(out, format=fmt)
    return out.getvalue()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    kept = open_store(str(tmp_path / "tabletop.db"))
    yield kept
    kept.close()


def _dashboard(store: Store, board_data: dict[str, Any], photo: bytes | None) -> AfricaApp:
    """The dashboard of a game started on ``board_data`` saved with ``photo``."""
    saved = Boards(store).save("Club board", board_data, photo=photo)
    board = board_from_dict(Boards(store).get(saved.board_id), "saved board")
    store.create_game(Game.new(POWERS, board=board, board_name="Club board"), name="Photo game")
    app = africa_app(store=store)
    app.show_tab("result")
    return app


def _recording(app: AfricaApp) -> tuple[Any, RecordingMultiCanvas]:
    view = app.result.map_view
    canvas = RecordingMultiCanvas()
    view.canvas = canvas  # the drawing's commands recorded instead of sent
    view._on_client_ready()  # what ipycanvas calls when a page connects
    return view, canvas


def _base_calls(canvas: RecordingMultiCanvas) -> list[tuple[str, tuple, dict[str, Any]]]:
    return canvas[0].calls


def test_the_switch_draws_the_photo_under_translucent_fills(store: Store) -> None:
    photo = _photo()
    app = _dashboard(store, grid_board(width=1600, height=1200), photo)
    view, canvas = _recording(app)
    assert view.photo_switch.layout.display is None  # offered
    assert view.photo_switch.value is False  # off until turned on
    assert view.photo_switch.description == "Show our photo under the map"
    assert not any(name == "draw_image" for name, _, _ in _base_calls(canvas))

    canvas[0].calls.clear()
    view.photo_switch.value = True
    calls = _base_calls(canvas)
    names = [name for name, _, _ in calls]
    assert names.count("draw_image") == 1
    image, *box = next(args for name, args, _ in calls if name == "draw_image")
    model = view.model
    assert model is not None and model.frame is not None and tuple(box) == model.frame
    # The image is the photo scaled to the drawing's box on the canvas.
    shown = Image.open(io.BytesIO(image.value))
    assert shown.size == (round(model.frame[2]), round(model.frame[3]))
    assert shown.getpixel((shown.size[0] // 2, shown.size[1] // 2))[0] > 150
    # Under the territories: before any of their fills, which are translucent.
    first_fill = names.index("fill_polygon")
    assert names.index("draw_image") < first_fill
    alpha = None
    fills = 0
    for name, args, _ in calls:
        if name == "set:global_alpha":
            alpha = args[0]
        elif name == "fill_polygon":
            assert alpha == PHOTO_FILL_ALPHA
            fills += 1
        elif name.startswith("stroke") or name == "fill_text":
            assert alpha in (None, 1.0)  # borders and names stay opaque
    assert fills >= len(model.territories)
    assert model.outline and ("set:fill_style", ("#e9dcb8",), {}) not in calls  # the photo's land
    # Pieces and names as before.
    assert any(name == "fill_text" for name, _, _ in calls)

    # Off again: no image, opaque fills.
    canvas[0].calls.clear()
    view.photo_switch.value = False
    assert "draw_image" not in [name for name, _, _ in _base_calls(canvas)]
    assert ("set:global_alpha", (PHOTO_FILL_ALPHA,), {}) not in _base_calls(canvas)
    assert ("set:fill_style", (LAND,), {}) in _base_calls(canvas)


def test_the_switch_speaks_the_pages_language(store: Store) -> None:
    app = _dashboard(store, grid_board(width=1600, height=1200), _photo(fmt="PNG"))
    app.lang_toggle.value = "fr"
    label = app.result.map_view.photo_switch.description
    assert label == zoom_text("photo_switch", "fr") and label != "Show our photo under the map"


def test_a_board_without_photo_shows_no_switch(store: Store) -> None:
    app = _dashboard(store, grid_board(width=1600, height=1200), None)
    view, canvas = _recording(app)
    assert view.photo_switch.layout.display == "none"
    assert app.controller.board_photo() is None
    view.photo_switch.value = True  # even if turned on somehow: nothing to draw
    assert "draw_image" not in [name for name, _, _ in _base_calls(canvas)]


def test_a_photo_the_database_lacks_shows_no_switch(store: Store) -> None:
    # A game file from elsewhere: its board names a photo this database never kept.
    data = grid_board(width=1600, height=1200)
    data["drawing"]["photo"] = hashlib.sha256(b"a photo kept elsewhere").hexdigest()
    board = board_from_dict(data)
    store.create_game(Game.new(POWERS, board=board, board_name="Imported"), name="Imported")
    app = africa_app(store=store)
    app.show_tab("result")
    view, canvas = _recording(app)
    assert view.photo_switch.layout.display == "none"
    assert view.model is not None and not view.model.fallback
    assert any(name == "fill_polygon" for name, _, _ in _base_calls(canvas))


def test_the_bundled_map_offers_no_photo(store: Store) -> None:
    app = africa_app(store=store)  # the example game on the bundled board
    app.show_tab("result")
    assert app.result.map_view.photo_switch.layout.display == "none"


def test_a_photo_is_scaled_upright_once_and_a_damaged_one_is_none() -> None:
    photo = _photo(800, 600)
    digest = hashlib.sha256(photo).hexdigest()
    first = scaled_photo(digest, photo, 200, 150)
    assert first is not None and Image.open(io.BytesIO(first)).size == (200, 150)
    assert scaled_photo(digest, photo, 200, 150) is first  # kept, not scaled again
    # A photo taken with the phone turned: its EXIF orientation says a quarter turn.
    turned = Image.new("RGB", (600, 800), (200, 170, 120))
    exif = turned.getexif()
    exif[0x0112] = 6
    out = io.BytesIO()
    turned.save(out, format="JPEG", exif=exif)
    upright = scaled_photo("b" * 64, out.getvalue(), 80, 60)
    assert upright is not None and Image.open(io.BytesIO(upright)).size == (80, 60)
    assert scaled_photo("c" * 64, b"\xff\xd8\xff\xe0 damaged", 80, 60) is None
