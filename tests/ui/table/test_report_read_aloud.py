"""The shared screen's report read aloud: each resolution hands its words, in the page's
language, to the read-aloud switch (off until someone turns it on)."""

from __future__ import annotations

from tabletop.games.africa1880.gamefile import example_game
from tabletop.games.africa1880.report_text import format_report
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.notation import parse_action
from tabletop.ui.africa1880.session import replay
from tabletop.ui.table.report import ReportView, revealed_reports


def test_an_africa_resolution_is_handed_to_the_reader_in_the_page_language() -> None:
    game = example_game()
    view = ReportView()
    assert view.read_aloud.enabled is False
    view.show_africa(game, "fr", "rien")
    assert game.board is not None
    report = replay(game, game.board, len(game.history) - 1)
    assert report is not None
    assert view.read_aloud.text == format_report(report, "fr", "power", game.board)
    assert view.read_aloud.lang == "fr"
    serial = view.read_aloud.serial
    view.show_africa(game, "fr", "rien")  # shown again (a new round heading): said again
    assert view.read_aloud.serial == serial + 1


def test_massai_setups_revealed_are_read_as_shown() -> None:
    record = GameRecord.new()
    for text in ("setup c1 d1 e1 d2 e2", "setup c6 d6 e6 d5 e5"):
        record, report = record.play(parse_action(text, record.state.to_move))
        assert report.ok, report.message
    view = ReportView()
    view.show_massai(record, "de")
    said = view.read_aloud.text.split("\n")
    assert said == [r.text("de") for r in revealed_reports(record)]
    assert len(said) == 2 and all(line for line in said)
    assert all(line in view.text.value for line in said)
