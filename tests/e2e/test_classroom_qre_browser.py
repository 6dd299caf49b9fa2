"""The teacher's theory panel in a real browser: four phones (390 × 844, touch) play a round of
the chicken game (two powers in a full Egypt, paid in game points), and the projector then shows
the prediction, the class and the fitted QRE side by side, the λ sentence and the class beside
fictitious play, with the figures the fit itself gives for those choices."""

from __future__ import annotations

import re
from typing import Any

import pytest
from harness import tt
from playwright.sync_api import expect

from tabletop.classroom.games import preset
from tabletop.classroom.theory import class_theory
from tabletop.i18n import format_percent
from tabletop.ui.classroom.teacher_theory import lambda_sentence
from tabletop.ui.seat.common import tr

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
TIMEOUT = 120_000  # a loaded machine: a page may take a while to start its kernel
pytestmark = pytest.mark.timeout(900)  # five pages, each with its own kernel
GAME = "Two powers in a full Egypt (game score)"
CHOICES = {"Ana": "War", "Ben": "War", "Cy": "War", "Dee": "Alliance with everyone"}


def _join(chromium: Any, url: str, name: str) -> Any:
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(url, wait_until="commit")
    page.locator(tt("nickname") + " input").fill(name)
    page.locator(tt("join")).tap()
    expect(page.locator(tt("student-page"))).to_contain_text(name, timeout=TIMEOUT)
    return context, page


def test_the_teacher_sees_prediction_class_and_qre_after_a_round(
    voila: Any, chromium: Any, screenshot_path: Any
) -> None:
    base = voila.folder()
    teacher = chromium.new_context(viewport={"width": 1366, "height": 900}).new_page()
    teacher.set_default_timeout(TIMEOUT)
    teacher.goto(base + "voila/render/classroom.ipynb", wait_until="commit")
    teacher.locator(".widget-dropdown select").first.select_option(label=GAME)
    teacher.locator(".widget-text input").first.fill("2")
    teacher.locator(tt("create-class")).click()
    link = teacher.locator(".tt-join-link")
    expect(link).to_be_visible(timeout=TIMEOUT)
    # The QR code holds the LAN address; the test reaches the same server on loopback.
    join = base + "voila/render/" + (link.get_attribute("href") or "").split("/voila/render/")[1]
    phones = [_join(chromium, join, name) for name in CHOICES]
    expect(teacher.locator(tt("counts"))).to_contain_text("4 joined", timeout=TIMEOUT)
    start = teacher.locator(tt("start-round"))
    expect(start).to_be_enabled(timeout=TIMEOUT)
    start.click()
    for (_, phone), label in zip(phones, CHOICES.values(), strict=True):
        button = phone.locator(tt("choice"), has_text=label).first
        expect(button).to_be_visible(timeout=TIMEOUT)
        button.tap()
        expect(phone.locator(tt("student-page"))).to_contain_text("Your choice:", timeout=TIMEOUT)
    expect(teacher.locator(tt("counts"))).to_contain_text("4 of 4 have chosen", timeout=TIMEOUT)
    teacher.locator(tt("close-round")).click()

    # What the fit gives for these choices (a symmetric game: the class is one population).
    theory = class_theory(
        preset("africa-two-full-score"), {1: {"France": {"war": 3, "alliance": 1}}}
    )
    (pop,) = theory["populations"]
    sentence = teacher.locator(".tt-qre-sentence")
    try:
        expect(sentence).to_have_text(lambda_sentence(theory["qre"], tr("en")), timeout=TIMEOUT)
    except AssertionError as error:
        teacher.screenshot(path=str(screenshot_path("classroom-qre-failure.png")), full_page=True)
        raise AssertionError(teacher.locator(tt("teacher-page")).inner_text()) from error
    rows = teacher.locator(".tt-theory-row")
    expect(rows).to_have_count(2)
    for j, action in enumerate(pop["actions"]):
        label = "War" if action == "war" else "Alliance with everyone"
        row = rows.filter(has_text=label)
        for column, share in (
            ("nash", pop["prediction"][j]),
            ("class", pop["class"][j]),
            ("qre", pop["qre"][j]),
        ):
            expect(row.locator(f".tt-theory-{column}")).to_have_text(
                format_percent(share, "en", digits=0)
            )
            bar = row.locator(f".tt-theory-{column} .tt-bar span")
            # The bar is drawn as wide as its share of the bar's box (a picture, not only text).
            width = bar.evaluate("e => e.getBoundingClientRect().width")
            box = bar.evaluate("e => e.parentElement.getBoundingClientRect().width")
            assert abs(width / box - share) < 0.02, (label, column, width, box)
    heads = teacher.locator(".tt-theory-table th").all_inner_texts()
    assert heads[1:3] == ["Prediction (Nash)", "Class"]
    assert re.fullmatch(r"QRE \(λ = [\d.]+\)", heads[3]), heads
    # Round by round: the class's dots (one per action) beside fictitious play, drawn.
    chart = teacher.locator(".tt-dynamics svg")
    expect(chart).to_be_visible()
    expect(chart.locator("circle")).to_have_count(2)
    # The export's second link holds the QRE rows.
    expect(teacher.locator(".tt-export-qre")).to_be_visible(timeout=TIMEOUT)
    teacher.locator(".tt-theory").scroll_into_view_if_needed()
    teacher.screenshot(path=str(screenshot_path("classroom-qre.png")), full_page=True)
    for context, _ in phones:
        context.close()
