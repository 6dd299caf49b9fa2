"""Keeping a resolved round in a game's history writes no sentence: the report's JSON form
(:class:`ReportRecord`) is written when first read, and is then what it always was."""

from __future__ import annotations

import json

import pytest

from tabletop.games.africa1880.gamefile import example_game, game_from_dict
from tabletop.games.africa1880.orders import VoidReason
from tabletop.games.africa1880.report import ReportRecord, removal_reason

# Sheets of the example game's round with void orders (no presence, a power not playing twice)
# and a removal: Belgium explores Chad, where France is, and France declares war on it.
TYPED = """[Belgium]
Congo: explore Chad
Egypt: develop
[France]
war: Belgium
[Italy]
Libya: explore Egypt
"""


def test_apply_writes_no_sentence_until_the_report_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = example_game()
    rendered: list[str] = []
    original = VoidReason.render

    def counting(self: VoidReason, *args: object, **kwargs: object) -> str:
        rendered.append(self.code)
        return original(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(VoidReason, "render", counting)
    report = game.apply(game.read_sheets(TYPED), TYPED)
    assert report.void_orders and report.removals, "the round must word void orders and removals"
    record = game.history[-1].report
    assert isinstance(record, ReportRecord)
    assert rendered == []  # nothing worded while resolving and keeping the round
    assert record["void_orders"][0]["reason"] == report.void_orders[0].reason
    assert len(rendered) == len(report.void_orders)  # every reason, once, when first read


def test_the_record_is_the_json_form_it_replaced() -> None:
    game = example_game()
    report = game.apply(game.read_sheets(TYPED), TYPED)
    record = game.history[-1].report
    expected = report.to_dict(include_state=False)
    assert record == expected and dict(record) == expected
    assert [r["reason"] for r in expected["removals"]] == [
        removal_reason(r) for r in report.removals
    ]
    # The game file and a copy made from it hold plain JSON, as before.
    saved = json.loads(json.dumps(game.to_dict()))
    assert saved["history"][-1]["report"] == expected
    assert game_from_dict(saved).history[-1].report == expected
