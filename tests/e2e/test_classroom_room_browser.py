"""Running the room in a real browser: the teacher's message reaches two phones at once (in a
polite live region, shown as text), is cleared from them, and a new link made by the teacher
brings a student back to her own seat while her old page and link are refused."""

from __future__ import annotations

from typing import Any

import pytest
from harness import tt
from playwright.sync_api import expect

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
TIMEOUT = 120_000  # a loaded machine: a page may take a while to start its kernel
pytestmark = pytest.mark.timeout(600)


def _phone(chromium: Any, url: str, name: str | None = None) -> Any:
    page = chromium.new_context(**PHONE).new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(url, wait_until="commit")
    if name is not None:
        page.locator(tt("nickname") + " input").fill(name)
        page.locator(tt("join")).tap()
        expect(page.locator(tt("student-page"))).to_contain_text(name, timeout=TIMEOUT)
    return page


def test_a_message_on_every_phone_and_a_new_link_to_a_seat(
    voila: Any, chromium: Any, screenshot_path: Any
) -> None:
    base = voila.folder()
    teacher = chromium.new_context(viewport={"width": 1366, "height": 900}).new_page()
    teacher.set_default_timeout(TIMEOUT)
    teacher.goto(base + "voila/render/classroom.ipynb", wait_until="commit")
    teacher.locator(tt("create-class")).click()
    link = teacher.locator(".tt-join-link")
    expect(link).to_be_visible(timeout=TIMEOUT)
    join = base + "voila/render/" + (link.get_attribute("href") or "").split("/voila/render/")[1]
    ana, ben = _phone(chromium, join, "Ana"), _phone(chromium, join, "Ben")
    expect(teacher.locator(tt("counts"))).to_contain_text("2 joined", timeout=TIMEOUT)
    text = "Five minutes left <b>now</b>"
    teacher.locator(tt("room-text") + " textarea").fill(text)
    teacher.locator(tt("send-message")).click()
    for phone in (ana, ben):
        banner = phone.locator(".tt-room-message")
        expect(banner).to_have_attribute("aria-live", "polite", timeout=TIMEOUT)
        expect(banner).to_contain_text(text, timeout=TIMEOUT)  # as typed: text, not markup
        expect(banner).to_contain_text("Message from the teacher", timeout=TIMEOUT)
        assert phone.locator(".tt-room-message b").count() == 0
    ana.screenshot(path=str(screenshot_path("classroom-room-message.png")))
    teacher.locator(tt("clear-message")).click()
    for phone in (ana, ben):
        expect(phone.locator(".tt-room-message")).to_be_hidden(timeout=TIMEOUT)

    # Ana chooses in round 1; her phone dies; the teacher gives her a new link to her seat.
    teacher.locator(tt("start-round")).click()
    war = ana.locator(tt("choice"), has_text="War").first
    expect(war).to_be_visible(timeout=TIMEOUT)
    war.tap()
    expect(ana.locator(tt("student-page"))).to_contain_text("Your choice: War", timeout=TIMEOUT)
    personal = ana.locator(".tt-personal-link").get_attribute("href") or ""
    teacher.locator(tt("rejoin-student") + " select").select_option(label="Ana")
    teacher.locator(tt("rejoin")).click()
    teacher.locator(tt("confirm-rejoin")).click()
    new_link = teacher.locator(".tt-rejoin-link")
    expect(new_link).to_be_visible(timeout=TIMEOUT)
    url = base + "voila/render/" + (new_link.get_attribute("href") or "").split("/voila/render/")[1]
    again = _phone(chromium, url)
    page = again.locator(tt("student-page"))
    expect(page).to_contain_text("Ana", timeout=TIMEOUT)
    expect(page).to_contain_text("Your choice: War", timeout=TIMEOUT)  # the same seat
    # The old page asks with the old link at its next pulse: refused, in one line.
    expect(ana.locator(".tt-refusal")).to_contain_text(
        "does not open this class game", timeout=TIMEOUT
    )
    # A fresh load of her old personal link is refused too (the served gate asks the same
    # check: tests/store/test_classroom_room.py).
    old = _phone(chromium, base + "voila/render/" + personal)
    expect(old.locator(".tt-refusal")).to_contain_text(
        "does not open this class game", timeout=TIMEOUT
    )
    teacher.screenshot(path=str(screenshot_path("classroom-room-teacher.png")), full_page=True)
