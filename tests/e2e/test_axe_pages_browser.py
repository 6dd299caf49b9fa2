"""axe-core on the phone and class pages and the board editor, in English, French and German: no
serious or critical violation (the checker is the npm registry's axe-core, injected by ``axe.py``;
``test_axe_browser.py`` shows it finds what it should).

One Voilà server on the notebooks folder; the tables and the class are made in its database
before the pages open: an Africa seat and a Massai seat in play (390 × 844, touch), a class with
a round open (the teacher's screen and a student who joined), the board editor at its start and
on the bundled board.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe import describe, serious_violations
from harness import tt
from playwright.sync_api import expect

TIMEOUT = 60_000
NAVIGATION_TIMEOUT = 120_000
LANGS = ("en", "fr", "de")
LANGUAGE_BUTTONS = {"en": "English", "fr": "Français", "de": "Deutsch"}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
}

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]


def assert_clean(page: Any, where: str) -> None:
    found = serious_violations(page)
    assert not found, f"{where}: axe-core found\n{describe(found)}"


@pytest.fixture
def server(voila: Any) -> str:
    return str(voila.folder())


@pytest.fixture
def store(jupyter_env: dict[str, str]) -> Iterator[Any]:
    """The database the pages of ``server`` use."""
    from tabletop.store import open_store

    opened = open_store(Path(jupyter_env["TABLETOP_DATA_DIR"]) / "tabletop.db")
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def phone(chromium: Any) -> Iterator[Any]:
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    try:
        yield page
    finally:
        context.close()


def test_the_africa_and_massai_seats(server: str, store: Any, phone: Any) -> None:
    from tabletop.games.africa1880.gamefile import example_game
    from tabletop.games.massai.gamefile import GameRecord
    from tabletop.store.seat_records import seat_url
    from tabletop.store.seats import Tables

    tables = Tables(store)
    africa = tables.open_table(store.create_game(example_game()).game_id)
    massai = tables.open_table(store.create_game(GameRecord.new()).game_id)
    for lang in LANGS:
        url = seat_url(server, africa.table_id, africa.seat("France").token) + f"&lang={lang}"
        phone.goto(url, timeout=NAVIGATION_TIMEOUT)
        expect(phone.locator(".tt-seal")).to_be_visible(timeout=NAVIGATION_TIMEOUT)
        expect(phone.locator(".tt-row select").first).to_be_visible(timeout=TIMEOUT)
        assert_clean(phone, f"Africa seat ({lang})")
    for lang in LANGS:
        url = seat_url(server, massai.table_id, massai.seats[0].token) + f"&lang={lang}"
        phone.goto(url, timeout=NAVIGATION_TIMEOUT)
        expect(phone.locator(".tt-seal")).to_be_visible(timeout=NAVIGATION_TIMEOUT)
        assert_clean(phone, f"Massai seat ({lang})")


def test_the_teachers_screen_and_a_students_page(server: str, store: Any, phone: Any) -> None:
    from tabletop.store.classroom import Classes
    from tabletop.store.classroom_records import student_url, teacher_url

    classes = Classes(store)
    new = classes.create("africa-two-full", rounds=2, seed=1)
    for lang in LANGS:
        phone.goto(
            student_url(server, new.class_id, new.join_token) + f"&lang={lang}",
            timeout=NAVIGATION_TIMEOUT,
        )
        nickname = phone.locator(tt("nickname") + " input")
        expect(nickname).to_be_visible(timeout=NAVIGATION_TIMEOUT)
        assert_clean(phone, f"student's join form ({lang})")
    nickname.fill("Ana")
    phone.locator(tt("join")).tap()
    expect(phone.locator(tt("student-page"))).to_contain_text("Ana", timeout=TIMEOUT)
    assert_clean(phone, "student's page, waiting for the round (de)")

    teacher = phone.context.browser.new_page(viewport={"width": 1366, "height": 768})
    teacher.set_default_timeout(TIMEOUT)
    try:
        for lang in LANGS:
            teacher.goto(
                teacher_url(server, new.class_id, new.host_token) + f"&lang={lang}",
                timeout=NAVIGATION_TIMEOUT,
            )
            start = teacher.locator(tt("start-round"))
            expect(start).to_be_visible(timeout=NAVIGATION_TIMEOUT)
            assert_clean(teacher, f"teacher's screen ({lang})")
        start.click()
        expect(phone.locator(tt("choice")).first).to_be_visible(timeout=TIMEOUT)
        assert_clean(phone, "student's page, a round open (de)")
        assert_clean(teacher, "teacher's screen, a round open (de)")
    finally:
        teacher.close()


def test_the_board_editor(server: str, page: Any) -> None:
    page.goto(server + "voila/render/board.ipynb", timeout=NAVIGATION_TIMEOUT)
    bundled = page.locator(".tt-start-bundled")
    expect(bundled).to_be_visible(timeout=NAVIGATION_TIMEOUT)
    title = page.locator(".tt-board-start h2")
    for lang in ("fr", "de", "en"):
        page.locator(".tt-lang button", has_text=LANGUAGE_BUTTONS[lang]).click()
        expect(title).not_to_have_text("", timeout=TIMEOUT)
        page.wait_for_function(
            "(word) => document.querySelector('.tt-lang').textContent.includes(word)",
            arg=LANGUAGE_BUTTONS[lang],
            timeout=TIMEOUT,
        )
        assert_clean(page, f"board editor's start ({lang})")
    bundled.click()
    expect(page.locator("canvas.tt-board-map")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(".tt-board-edit")).to_be_visible(timeout=TIMEOUT)
    # The starts' menus filled with the board's territories (the page at rest).
    expect(page.locator(".tt-start-france select option").nth(1)).to_be_attached(timeout=TIMEOUT)
    assert_clean(page, "board editor on the bundled board (en)")
