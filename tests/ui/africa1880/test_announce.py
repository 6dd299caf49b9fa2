"""What the Africa pages say in their live region: the resolution sentence with its plurals in
three languages, and the dashboard saying Resolve, Undo, Redo and another page's change (two
pages on one game in a real SQLite store)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.games.africa1880.gamefile import Game
from tabletop.games.africa1880.report import ColonyFounded, Removal, Report
from tabletop.store import Store, open_store
from tabletop.ui.africa1880.announce import resolution_said, round_arrived_said
from tabletop.ui.africa1880.app import AfricaApp, africa_app
from tabletop.ui.africa1880.controller import AfricaController
from tests.ui.seat.helpers import find

THREE = (
    Removal("Italy", "Libya", ("France",), ()),
    Removal("France", "Chad", ("Germany",), ()),
    Removal("Germany", "Togo", ("France",), ()),
)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Round 1885 resolved: 3 presences removed, 1 colony founded."),
        ("fr", "Tour 1885 résolu\u00a0: 3 présences retirées, 1 colonie fondée."),
        ("de", "Runde 1885 ausgewertet: 3 Präsenzen entfernt, 1 Kolonie gegründet."),
    ],
)
def test_the_resolution_sentence_counts_with_plurals(lang: str, expected: str) -> None:
    report = Report(
        round=2, year=1885, removals=THREE, colonies=(ColonyFounded("Togo", ("Germany",)),)
    )
    assert resolution_said(report, lang) == expected


def test_one_removal_and_the_seat_sentence() -> None:
    report = Report(round=2, year=1885, removals=THREE[:1])
    assert resolution_said(report, "en") == (
        "Round 1885 resolved: 1 presence removed, 0 colonies founded."
    )
    assert round_arrived_said(report, "fr") == (
        "Tour 1885 résolu\u00a0: 1 présence retirée, 0 colonie fondée. "
        "Vos résultats sont ci-dessous."
    )


@pytest.fixture
def app(autosave_path: Path) -> AfricaApp:
    return africa_app(autosave_path=autosave_path)


def test_resolve_undo_and_redo_are_said(app: AfricaApp) -> None:
    assert find(app, "tt-africa-live") == [app.live]
    assert app.live.serial == 0
    app.orders.resolve_button.click()
    # The example round: Britain's pawn in Zanzibar removed, Togo a German colony.
    assert app.live.text == "Round 1895 resolved: 1 presence removed, 1 colony founded."
    app.rounds.undo_button.click()
    assert app.live.text == "Round 1895 undone."
    app.rounds.redo_button.click()
    assert app.live.text == "Round 1895 restored."
    app.rounds.undo_button.click()
    app.orders.resolve_button.click()  # the same words again: said again
    assert app.live.text == "Round 1895 resolved: 1 presence removed, 1 colony founded."
    assert app.live.serial == 5


@pytest.fixture
def store(private_data_dir: Path) -> Iterator[Store]:
    db = open_store()  # tabletop.db in the test's data folder
    yield db
    db.close()


def test_another_pages_change_is_said(store: Store) -> None:
    first = AfricaApp(AfricaController(game=Game.new(["France", "Germany", "Italy"]), store=store))
    second = AfricaApp(AfricaController(store=store, game_id=first.controller.game_id))
    elsewhere = "Another page changed this game: the page shows its new state."
    first.controller.set_order("France", "Algeria", "develop")
    first.orders.resolve_button.click()
    second.controller.poll()  # what the watcher does twice a second
    assert second.live.text == (
        f"{elsewhere} Round 1880 resolved: 0 presences removed, 0 colonies founded."
    )
    first.rounds.undo_button.click()
    second.controller.poll()
    assert second.live.text == f"{elsewhere} Round 1880 undone."
    assert second.live.serial == 2
    first.controller.poll()  # its own change: nothing said on the first page
    assert first.live.serial == 2


def test_a_stale_resolution_is_said(store: Store) -> None:
    first = AfricaApp(AfricaController(game=Game.new(["France", "Germany", "Italy"]), store=store))
    second = AfricaApp(AfricaController(store=store, game_id=first.controller.game_id))
    first.orders.resolve_button.click()
    second.orders.resolve_button.click()  # not seen the change yet: refused, the new state shown
    assert second.live.text.startswith("This game changed on another page")
