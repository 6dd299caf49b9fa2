"""The Massai tactic sheets, read back with pdftotext."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.cli.dispatch import main
from tabletop.games.massai.gamefile import GameRecord, save_game
from tabletop.games.massai.legal import attackable_huts, guards_allowed
from tabletop.games.massai.notation import parse_action
from tabletop.games.massai.reports import player_name
from tabletop.i18n import translator
from tabletop.printing import tactic_sheets_pdf
from tests.printing.test_order_sheets import pages

SQUARES = [f"{c}{r}" for r in range(1, 7) for c in "abcdefgh"]


def played(*actions: str) -> GameRecord:
    record = GameRecord.new()
    for text in actions:
        record, report = record.play(parse_action(text, record.state.to_move))
        assert report.ok, report.message
    return record


def test_setup_sheets(tmp_path: Path) -> None:
    texts = pages(tactic_sheets_pdf(GameRecord.new().state, "de"), tmp_path)
    assert len(texts) == 3
    tr = translator("de")
    for player, text in enumerate(texts[:2]):
        assert text.startswith(
            tr.gettext("Massai · tactic sheet · {player}", player=player_name(player, "de"))
        )
        first, last = (1, 3) if player == 0 else (4, 6)
        assert f"Reihen {first} bis {last}" in text
        assert all(square in text.split() for square in SQUARES)
    assert texts[2].startswith("Massai · leerer Taktikbogen")


def test_a_pending_secret_setup_is_not_printed(tmp_path: Path) -> None:
    record = played("setup a1 b1 b2 c2 c1")
    assert record.state.pending_setup is not None and not record.state.occupied()
    with_secret = pages(tactic_sheets_pdf(record.state, "en"), tmp_path)
    before = pages(tactic_sheets_pdf(GameRecord.new().state, "en"), tmp_path)
    assert with_secret == before  # the same sheets as before anyone chose


def test_attack_and_defence_sheets(tmp_path: Path) -> None:
    record = played(
        "setup a1 b1 b2 c2 c1", "setup d6 e6 e5 f5 d5", "build c3", "build d4", "build d3"
    )
    state = record.state
    attacker, defender = state.to_move, 1 - state.to_move
    targets = sorted(attackable_huts(state, attacker))
    assert targets  # Player 2's d4 touches c3 and d3
    texts = pages(tactic_sheets_pdf(state, "fr"), tmp_path)
    by_player = {
        p: next(
            t for t in texts if t.startswith(f"Massai · feuille tactique · {player_name(p, 'fr')}")
        )
        for p in (0, 1)
    }
    squares = ", ".join(targets)
    attack_page = by_player[attacker]
    assert "Attaque : entourez la cible" in attack_page  # a no-break space reads as a space
    assert f"Huttes que vous pouvez attaquer maintenant : {squares}" in attack_page
    defence_page = by_player[defender]
    allowed = guards_allowed(state, attacker)
    assert f"gardez au plus {allowed} de ces huttes : {squares}" in defence_page
    assert all(square in defence_page.split() for square in SQUARES)


def test_cli_massai_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tactic.pdf"
    assert main(["massai", "sheet", "-o", str(out)]) == 0
    assert "tactic.pdf" in capsys.readouterr().out
    assert len(pages(out.read_bytes(), tmp_path)) == 3
    game = tmp_path / "massai.json"
    save_game(played("setup a1 b1 b2 c2 c1", "setup d6 e6 e5 f5 d5"), game)
    assert main(["massai", "sheet", str(game), "--lang", "de", "-o", str(out)]) == 0
    capsys.readouterr()
    texts = pages(out.read_bytes(), tmp_path)
    assert "Angriff: das Ziel einkreisen" in texts[0]  # Player 1 moves first
    assert "Verteidigung: Wachen markieren" in texts[1]
    assert main(["massai", "sheet", str(tmp_path / "none.json"), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "none.json" in err and len(err.strip().splitlines()) == 1
