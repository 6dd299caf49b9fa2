"""What a Massai seat page's live region says when a resolution arrives (a real SQLite store):
"Resolved: " and what was revealed, in the words of the heading's "Last action" line, in the
page's language, once per resolution; nothing for a seal."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from tabletop.ui.seat.page import SeatPage
from tests.ui.seat.helpers import massai_table, new_store

RESOLVED = {
    "en": "Resolved: {action}.",
    "fr": "Résolu\u00a0: {action}.",
    "de": "Ausgewertet: {action}.",
}


def setups_and_attack(tmp_path: Path, lang: str) -> tuple[SeatPage, SeatPage, list[str]]:
    """Both seats' pages through the setups and one attack; what each page said after each
    resolution, in turn (the attacker's, then the defender's, per resolution)."""
    store = new_store(tmp_path)
    tables, new = massai_table(store)
    first, second = new.seats
    one = SeatPage(tables, new.table_id, first.token, lang)
    two = SeatPage(tables, new.table_id, second.token, lang)
    said: list[str] = []
    tables.seal(new.table_id, first.token, "a3 b3 c3 d3 e3")
    one.poll()
    two.poll()
    assert one.live.serial == two.live.serial == 0  # a seal reveals nothing
    tables.seal(new.table_id, second.token, "a4 b4 c4 d4 e4")
    tables.resolve(new.table_id, new.host_token)
    one.poll()
    two.poll()
    said += [one.live.text, two.live.text]
    tables.seal(new.table_id, first.token, "d4")
    tables.seal(new.table_id, second.token, "e4")
    tables.resolve(new.table_id, new.host_token)
    one.poll()
    two.poll()
    said += [one.live.text, two.live.text]
    assert one.live.serial == two.live.serial == 2
    return one, two, said


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_each_resolution_is_said_as_the_heading_shows_it(tmp_path: Path, lang: str) -> None:
    one, two, said = setups_and_attack(tmp_path, lang)
    last = one.view["last_action"]  # type: ignore[index]
    assert said[2] == said[3] == RESOLVED[lang].format(action=last)
    assert (
        html.escape(last) in one.part.heading.value and html.escape(last) in two.part.heading.value
    )
    # What was revealed: the target and the guards sealed.
    assert "d4" in last and "e4" in last
    assert said[0] == said[1] and said[0] != said[2]
    # The setups' resolution: both setups, revealed together, in the order they were played.
    one.store.close()
    both = "setup a3 b3 c3 d3 e3; setup a4 b4 c4 d4 e4"
    assert said[0] == RESOLVED[lang].format(action=both)


def test_nothing_is_said_before_a_resolution(tmp_path: Path) -> None:
    store = new_store(tmp_path)
    tables, new = massai_table(store)
    page = SeatPage(tables, new.table_id, new.seats[0].token)
    assert page.part.arrived_said() == ""  # no action public yet
    page.part.squares["a1"].click()
    page.poll()
    assert page.live.text == "" and page.live.serial == 0
    store.close()
