"""The page's stages and the names its entries are kept under."""

from __future__ import annotations

from tabletop.games.massai.actions import Build, Setup
from tabletop.games.massai.gamefile import GameRecord
from tabletop.ui.massai.stages import (
    ENTRY_STAGES,
    HANDOVER_SECONDS,
    OPENS,
    STAGES,
    WAIT_STAGES,
    history_detail,
    resting_stage,
    seat,
)


def test_the_stages_and_where_each_wait_leads() -> None:
    assert set(WAIT_STAGES) == set(OPENS) and set(OPENS.values()) <= set(STAGES)
    assert set(ENTRY_STAGES) <= set(STAGES) and "play" not in ENTRY_STAGES
    assert 0.5 <= HANDOVER_SECONDS <= 2  # long enough for a double click, short for people


def test_resting_stage_follows_the_phase() -> None:
    record = GameRecord.new()
    assert resting_stage(record.state) == "setup-wait"
    record, _ = record.play(Setup(0, ("c1", "d1", "e1", "d2", "e2")))
    record, report = record.play(Setup(1, ("c6", "d6", "e6", "d5", "e5")))
    assert resting_stage(record.state) == "play"
    assert history_detail(report.action, report) == "setup c6 d6 e6 d5 e5"
    record, report = record.play(Build(0, "d3"))
    assert history_detail(report.action, report) == "build d3"


def test_a_first_setup_stays_secret_in_the_history_entry() -> None:
    record, report = GameRecord.new().play(Setup(0, ("c1", "d1", "e1", "d2", "e2")))
    assert "c1" not in history_detail(report.action, report)
    assert seat(0) == "Player 1" and seat(1) == "Player 2"
