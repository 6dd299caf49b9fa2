"""Classroom play in a real browser: the teacher's screen and four phone-sized student pages
(390 × 844, touch) play three rounds of the two-power game and two of the Massai attack.

Checked: joining by the QR code's link, choices by taps, a student who drops out mid-round is
replaced by the computer (labelled), the plots' numbers are the submitted choices, the CSV
export holds exactly what was submitted, a reloaded personal link comes back to the same seat,
and no student page ever received another student's choice of an open round.
"""

from __future__ import annotations

import base64
import csv
import io
import re
from typing import Any

import pytest
from harness import tt, wait_until
from playwright.sync_api import expect

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
}
TIMEOUT = 120_000  # a loaded machine: a page may take a while to start its kernel
# Ten pages, each with its own kernel, over two games: more than the default five minutes.
pytestmark = pytest.mark.timeout(900)


class Student:
    """One phone: its own browser context, and every websocket message it received."""

    def __init__(self, chromium: Any, url: str, name: str) -> None:
        self.context = chromium.new_context(**PHONE)
        self.page = self.context.new_page()
        self.page.set_default_timeout(TIMEOUT)
        self.frames: list[str] = []
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.name = name
        self.page.goto(url, wait_until="commit")
        self.page.locator(tt("nickname") + " input").fill(name)
        self.page.locator(tt("join")).tap()
        expect(self.page.locator(tt("student-page"))).to_contain_text(name, timeout=TIMEOUT)

    def _frame(self, payload: object) -> None:
        text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else str(payload)
        self.frames.append(text)

    def choose(self, label: str) -> None:
        button = self.page.locator(tt("choice"), has_text=label).first
        expect(button).to_be_visible(timeout=TIMEOUT)
        button.tap()
        expect(self.page.locator(tt("student-page"))).to_contain_text(
            "Your choice:", timeout=TIMEOUT
        )

    def received(self) -> str:
        return "\n".join(self.frames)

    def close(self) -> None:
        self.context.close()


def _teacher_round(teacher: Any, number: int) -> None:
    start = teacher.locator(tt("start-round"))
    expect(start).to_be_enabled(timeout=TIMEOUT)
    start.click()
    expect(teacher.locator(tt("teacher-page"))).to_contain_text(
        f"Round {number} of", timeout=TIMEOUT
    )


def _close_round(teacher: Any) -> None:
    teacher.locator(tt("close-round")).click()


def _csv(teacher: Any) -> list[dict[str, str]]:
    href = teacher.locator(tt("export")).get_attribute("href") or ""
    return list(csv.DictReader(io.StringIO(base64.b64decode(href.split(",", 1)[1]).decode())))


def _create(teacher: Any, base: str, game_label: str, rounds: int) -> str:
    teacher.goto(base + "voila/render/classroom.ipynb", wait_until="commit")
    teacher.locator(".widget-dropdown select").first.select_option(label=game_label)
    teacher.locator(".widget-text input").first.fill(str(rounds))
    teacher.locator(tt("create-class")).click()
    link = teacher.locator(".tt-join-link")
    expect(link).to_be_visible(timeout=TIMEOUT)
    url = link.get_attribute("href") or ""
    # The QR code holds the LAN address; the test reaches the same server on loopback.
    return base + "voila/render/" + url.split("/voila/render/", 1)[1]


def test_a_class_plays_two_games_from_phones(
    voila: Any, chromium: Any, screenshot_path: Any
) -> None:
    base = voila.folder()
    teacher = chromium.new_context(viewport={"width": 1366, "height": 900}).new_page()
    teacher.set_default_timeout(TIMEOUT)
    join = _create(teacher, base, "Two powers in a full Egypt (game score)", 3)
    students = [Student(chromium, join, n) for n in ("Ana", "Ben", "Cy", "Dee")]
    expect(teacher.locator(tt("counts"))).to_contain_text("4 joined", timeout=TIMEOUT)
    sent: dict[tuple[int, str], str] = {}
    for number in (1, 2, 3):
        if number == 3:  # Dee is not seated again: three students are here
            expect(teacher.locator(tt("counts"))).to_contain_text("3 here", timeout=TIMEOUT)
        _teacher_round(teacher, number)
        for k, s in enumerate(students):
            if number == 2 and s.name == "Dee":
                continue  # Dee's phone is gone before she chooses
            action = "war" if (k + number) % 2 else "alliance"
            s.choose("War" if action == "war" else "Alliance with everyone")
            sent[(number, s.name)] = action
        if number == 1:
            # Before the close, no phone has received anything of another student (not even
            # a nickname: partners are named with the outcome only).
            for s in students:
                others = [o.name for o in students if o is not s]
                assert not any(name in s.received() for name in others), s.name
        if number == 2:
            dee = students.pop()
            dee.close()  # her kernel stops; the teacher no longer waits for her
            expect(teacher.locator(tt("counts"))).to_contain_text(
                "3 of 4 have chosen", timeout=TIMEOUT
            )
            expect(teacher.locator(tt("teacher-page"))).to_contain_text(
                "Page closed (the computer chooses for them): Dee", timeout=TIMEOUT
            )
        else:
            expect(teacher.locator(tt("counts"))).to_contain_text(
                f"{len(students)} of {len(students)} have chosen", timeout=TIMEOUT
            )
        _close_round(teacher)
        try:
            # One row per side (France, Great Britain) and round.
            expect(teacher.locator(".tt-count-row")).to_have_count(2 * number, timeout=TIMEOUT)
        except AssertionError as error:
            teacher.screenshot(path=str(screenshot_path("classroom-failure.png")), full_page=True)
            raise AssertionError(
                f"round {number}: {teacher.locator(tt('teacher-page')).inner_text()}"
            ) from error
    last = max(n for n, _ in sent)
    wait_until(
        lambda: any(int(r["round"]) == last for r in _csv(teacher)), "the export of every round"
    )
    rows = _csv(teacher)
    human = {(int(r["round"]), r["nickname"]): r["action"] for r in rows if r["by_computer"] == "0"}
    assert human == sent
    # Round 2: Dee's seat; round 3: three students, so the computer completes a pair.
    stand_ins = [(r["round"], r["nickname"]) for r in rows if r["by_computer"] == "1"]
    assert stand_ins == [("2", "Dee (computer)"), ("3", "computer")]
    # The numbers under the plot are the class's choices.
    table = teacher.locator(".tt-counts-table").inner_text()
    for number in (1, 2, 3):
        wars = sum(1 for (n, _), a in sent.items() if n == number and a == "war")
        shown = sum(int(w) for w in re.findall(rf"(?m)^{number}\t[^\t]+\t.*?War (\d+)", table))
        assert shown == wars, table
    expect(teacher.locator(".tt-plot svg").first).to_be_visible(timeout=TIMEOUT)
    teacher.screenshot(path=str(screenshot_path("classroom-teacher.png")), full_page=True)
    # A student's personal link comes back to the same seat and total.
    ana = students[0]
    expect(ana.page.locator(tt("student-page"))).to_contain_text(
        "The class game is over", timeout=TIMEOUT
    )
    total = ana.page.locator(".tt-total").inner_text()
    personal = ana.page.locator(".tt-personal-link").get_attribute("href") or ""
    ana.page.goto(base + "voila/render/" + personal, wait_until="commit")
    expect(ana.page.locator(".tt-total")).to_have_text(total, timeout=TIMEOUT)
    expect(ana.page.locator(tt("student-page"))).to_contain_text(
        "The class game is over", timeout=TIMEOUT
    )
    ana.page.screenshot(path=str(screenshot_path("classroom-student.png")))
    for s in students:
        s.close()

    # The Massai attack: attacker against defender, two rounds.
    join = _create(teacher, base, "Massai attack: two attackable huts, default guard table", 2)
    players = [Student(chromium, join, n) for n in ("Eve", "Fay", "Gus", "Hal")]
    massai_sent: dict[tuple[int, str], str] = {}
    for number in (1, 2):
        _teacher_round(teacher, number)
        for s in players:
            # The page of the round before keeps its (spent) buttons: wait for this round's.
            expect(s.page.locator(tt("student-page"))).to_contain_text(
                f"Round {number} of", timeout=TIMEOUT
            )
            expect(s.page.locator(tt("choice")).first).to_be_visible(timeout=TIMEOUT)
            text = s.page.locator(tt("student-page")).inner_text()
            label = "c4"  # a target, or the guard on c4
            s.choose(label)
            massai_sent[(number, s.name)] = (
                "attacker" if "You play attacker" in text else "defender"
            )
        expect(teacher.locator(tt("counts"))).to_contain_text("4 of 4 have chosen", timeout=TIMEOUT)
        _close_round(teacher)
        expect(teacher.locator(".tt-count-row")).to_have_count(2 * number, timeout=TIMEOUT)
    # The export link is a widget of its own, updated just after the counts: wait for its rows.
    wait_until(lambda: len(_csv(teacher)) == len(massai_sent), "the export of both rounds")
    rows = _csv(teacher)
    assert {(int(r["round"]), r["nickname"]): r["role"] for r in rows} == massai_sent
    assert all(r["action"] == "c4" for r in rows)
    assert sum(float(r["payoff"]) for r in rows) == 0  # zero-sum, every seat paid
    for s in players:
        s.close()
