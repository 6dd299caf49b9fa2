"""The group's photo under the Africa dashboard's map in a real browser (Voilà, Debian's
Chromium): a game on a board saved with its photo offers "Show our photo under the map"; off,
the map is drawn as always; on, the photo shows through the territories' faint fills; off
again, it is gone. Screenshot: ``map-photo.png``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tabletop.games.africa1880.board_check import board_from_dict
from tabletop.games.africa1880.gamefile import Game
from tabletop.store import open_store
from tabletop.store.boards import Boards
from tests.games.africa1880.grid_board import grid_board

TIMEOUT = 30_000
LAND = (0xF3, 0xE9, 0xCF)

# Shares of the map's pixels: the fills' own land colour, and the photo's deep blue board seen
# through them (blue well above red).
SHARES = """() => {
  const canvas = document.querySelector('canvas.tt-map');
  if (!canvas || !canvas.width) return [0, 0];
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let land = 0, blue = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] === 0xf3 && data[i + 1] === 0xe9 && data[i + 2] === 0xcf) land++;
    if (data[i + 2] - data[i] > 100) blue++;
  }
  return [land / (data.length / 4), blue / (data.length / 4)];
}"""


def _photo(width: int, height: int) -> bytes:
    from PIL import Image

    image = Image.new("RGB", (width, height), (40, 40, 40))
    image.paste((20, 40, 230), (0, 0, width, height))
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=90)
    return out.getvalue()


def _game_on_a_photographed_board(data_dir: Path) -> None:
    store = open_store(data_dir / "tabletop.db")
    try:
        boards = Boards(store)
        saved = boards.save(
            "Club board", grid_board(width=1600, height=1200), photo=_photo(800, 600)
        )
        board = board_from_dict(boards.get(saved.board_id), "saved board")
        game = Game.new(["France", "Germany", "Italy"], board=board, board_name="Club board")
        store.create_game(game, name="On our board")
    finally:
        store.close()


@pytest.mark.browser
def test_the_photo_shows_under_the_map_when_switched_on(
    voila, page, wait_for_widgets, jupyter_env, screenshot_path
) -> None:
    _game_on_a_photographed_board(Path(jupyter_env["TABLETOP_DATA_DIR"]))
    page.set_viewport_size({"width": 1366, "height": 1100})
    page.goto(voila("africa1880"), timeout=120_000)
    wait_for_widgets(page, ".tt-games-list .tt-game-open", timeout_ms=90_000)
    page.locator(".tt-game-row").first.locator(".tt-game-open").click()
    page.locator(".tt-resolve").wait_for(state="visible", timeout=TIMEOUT)
    page.locator(".tt-main-tabs > .lm-TabBar .lm-TabBar-tab", has_text="Resolution").click()
    canvas = page.locator("canvas.tt-map")
    canvas.scroll_into_view_if_needed(timeout=TIMEOUT)
    page.wait_for_function(f"() => ({SHARES})()[0] > 0.1", timeout=TIMEOUT)
    land, blue = page.evaluate(SHARES)
    assert land > 0.1 and blue < 0.01, (land, blue)  # off: the map as always

    switch = page.locator(".tt-map-photo input[type=checkbox]")
    expect(page.locator(".tt-map-photo")).to_contain_text("Show our photo under the map")
    assert not switch.is_checked()
    switch.check()
    page.wait_for_function(f"() => ({SHARES})()[1] > 0.3", timeout=TIMEOUT)
    land, blue = page.evaluate(SHARES)
    print(f"photo on: {blue:.0%} of the map shows the photo, {land:.1%} plain land")
    assert blue > 0.3 and land < 0.01, (land, blue)
    canvas.screenshot(path=str(screenshot_path("map-photo.png")))

    switch.uncheck()
    page.wait_for_function(f"() => ({SHARES})()[1] < 0.01", timeout=TIMEOUT)
    assert page.evaluate(SHARES)[0] > 0.1
