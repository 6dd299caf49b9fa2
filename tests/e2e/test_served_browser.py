"""``tabletop serve`` in a real browser: a stranger's browser sees a refusal, a phone types its
table number and seat code into the server's form and gets its seat, the owner's link opens
the dashboards, and closing tabs ends their kernels (Voilà's close request now carries the
cookie it needs)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from harness import TabletopServer, wait_until
from playwright.sync_api import expect

from tabletop.games.africa1880.gamefile import example_game
from tabletop.store import open_store
from tabletop.store.seat_records import NewTable, seat_url
from tabletop.store.seats import Tables

TIMEOUT = 120_000  # ms: a generous bound for a page on a busy machine, not a goal
TABS = 20
AT_ONCE = 5


@pytest.fixture
def table_server(
    jupyter_env: dict[str, str], tmp_path: Path
) -> Iterator[tuple[TabletopServer, NewTable]]:
    db = Path(jupyter_env["TABLETOP_DATA_DIR"]) / "tabletop.db"
    store = open_store(db)
    try:
        table = Tables(store).open_table(store.create_game(example_game()).game_id)
    finally:
        store.close()
    env = {**jupyter_env, "TABLETOP_SECRET_FILE": os.environ["TABLETOP_SECRET_FILE"]}
    server = TabletopServer(
        env,
        db,
        tmp_path / "serve.log",
        "--pool",
        "2",
        # Kernels end here because their tabs closed, not because they were idle.
        "--cull-idle",
        "3600",
        "--max-kernels-per-client",
        str(TABS),
    )
    try:
        yield server, table
    finally:
        server.stop()


@pytest.mark.timeout(900)
def test_strangers_phones_and_the_owner_in_a_browser(
    table_server: tuple[TabletopServer, NewTable], chromium: Any
) -> None:
    server, table = table_server
    stranger = chromium.new_context().new_page()
    stranger.goto(f"{server.base}/voila/render/africa1880.ipynb")
    expect(stranger.locator("h1")).to_have_text("This page does not open")
    expect(stranger.locator(".why")).to_contain_text("owner")
    stranger.goto(f"{server.base}/voila/render/table.ipynb?game=1")
    expect(stranger.locator("h1")).to_have_text("This page does not open")
    assert "token" not in stranger.content().lower()

    # A phone without the QR code: the server's form, then the seat page.
    phone = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    seat = phone.new_page()
    seat.goto(f"{server.base}/voila/render/seat.ipynb")
    seat.get_by_label("Table number").fill(str(table.table_id))
    seat.get_by_label("Seat code").fill(table.seat("France").code.lower())
    seat.get_by_role("button", name="Open your seat").tap()
    seat.locator(".tt-seal").wait_for(state="visible", timeout=TIMEOUT)
    expect(seat.locator(".tt-seat-page")).to_contain_text("France")

    # The owner: the printed link once, then the dashboards.
    owner = chromium.new_context().new_page()
    owner.goto(server.owner_link)
    assert "key=" not in owner.url  # the key left the address bar
    expect(owner.get_by_text("africa1880.ipynb")).to_be_visible(timeout=TIMEOUT)
    owner.goto(f"{server.base}/voila/render/africa1880.ipynb")
    owner.locator(".widget-button").first.wait_for(state="visible", timeout=TIMEOUT)


@pytest.mark.timeout(900)
def test_closed_tabs_end_their_kernels(
    table_server: tuple[TabletopServer, NewTable], chromium: Any
) -> None:
    server, table = table_server
    wait_until(lambda: len(server.kernels()) == 3, "the pools filled", timeout=180)
    start = len(server.kernels())
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    links = [seat_url(server.base, table.table_id, s.token) for s in table.seats]
    for batch in range(TABS // AT_ONCE):
        pages = []
        for number in range(AT_ONCE):
            page = context.new_page()
            page.goto(links[(batch * AT_ONCE + number) % len(links)])
            pages.append(page)
        for page in pages:
            page.locator(".tt-seal").wait_for(state="visible", timeout=TIMEOUT)
        assert len(server.kernels()) >= start + AT_ONCE - 2  # the pool's two were handed out
        for page in pages:
            page.close(run_before_unload=True)
        # Every closed tab's kernel ends (and the pool is refilled): back to the start.
        wait_until(
            lambda: len(server.kernels()) == start,
            f"the kernels of batch {batch + 1} ended ({len(server.kernels())} running)",
            timeout=120,
        )
    assert "Kernel shutdown" in server.log_text()
