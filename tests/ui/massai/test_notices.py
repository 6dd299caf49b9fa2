"""The notice line said in the page language, from its key and values."""

from __future__ import annotations

from tabletop.games.massai.actions import Build
from tabletop.games.massai.gamefile import GameRecord
from tabletop.games.massai.notation import parse_action
from tabletop.ui.massai.notices import action_words, notice_text


def test_nothing_says_nothing() -> None:
    assert notice_text((), "en") == ""


def test_a_report_is_described_in_each_language() -> None:
    record = GameRecord.new()
    for line in ("setup c1 d1 e1 d2 e2", "setup c6 d6 e6 d5 e5"):
        record, _ = record.play(parse_action(line, record.state.to_move))
    _, report = record.play(Build(0, "d3"))
    assert "builds a hut on d3" in notice_text(("report", report), "en")
    assert "d3" in notice_text(("report", report), "de")


def test_action_words_and_a_second_notice() -> None:
    what = ("undo", {"player": 1, "action": Build(1, "d4"), "secret": False})
    assert action_words(what, "en") == "Player 2 (dark): build d4"
    assert action_words("db_remote_back", "en") != "db_remote_back"
    assert action_words("plain words", "en") == "plain words"
    said = notice_text(("db_stale", {"also": ("db_deleted", {})}), "en")
    assert said.startswith(notice_text(("db_stale", {}), "en") + " ")


def test_shared_screen_texts_are_notices_too() -> None:
    assert notice_text(("undo_kept", {}), "fr") == "Rien n’a été annulé."
    assert "Player 1 (light)" in notice_text(("attack_restored", {"player": 0}), "en")
