"""Amending an earlier round: properties over random games, and ``tabletop africa amend``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.cli import main
from tabletop.games.africa1880.amend import (
    AMENDMENT_KEY,
    GAME_ENDED,
    AmendError,
    amend,
    format_amendment,
    undo_amendment,
)
from tabletop.games.africa1880.board import Board
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import Game, game_from_dict, load_game, save_game
from tabletop.games.africa1880.notation_format import format_sheets
from tabletop.games.africa1880.orders import Develop, Explore, Hold, Landing, OrderSheet
from tabletop.games.africa1880.powers import POWERS
from tabletop.games.africa1880.state import GameState

BOARD = load_board()
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def careless_sheets(state: GameState, board: Board, rng: random.Random) -> str:
    """Random orders for every presence, some landings and wars, typed as text."""
    sheets = {}
    for power in state.powers:
        if rng.random() < 0.1:
            continue
        orders: list[Develop | Explore | Hold] = []
        for territory in sorted(state.presences[power]):
            roll = rng.random()
            if roll < 0.35:
                orders.append(Develop(power, territory))
            elif roll < 0.85 and board.territories[territory].neighbours:
                target = rng.choice(board.territories[territory].neighbours)
                orders.append(Explore(power, territory, target))
            else:
                orders.append(Hold(power, territory))
        landing = Landing(power, rng.choice(board.coastal_names())) if rng.random() < 0.5 else None
        wars = frozenset(p for p in state.powers if p != power and rng.random() < 0.3)
        sheets[power] = OrderSheet(power, tuple(orders), landing, wars)
    return format_sheets(sheets, board, state.powers)


def random_game(rng: random.Random, rounds: int) -> Game:
    game = Game.new(rng.sample(POWERS, rng.randint(3, 6)), board=BOARD)
    for _ in range(rounds):
        if game.state.game_over:
            break
        text = careless_sheets(game.state, BOARD, rng)
        game.apply(game.read_sheets(text), text)
    return game


games = st.builds(random_game, st.randoms(use_true_random=False), st.integers(1, 8))


@SETTINGS
@given(games, st.data())
def test_amending_with_the_recorded_sheets_changes_nothing(game: Game, data: st.DataObject) -> None:
    index = data.draw(st.integers(0, len(game.history) - 1))
    entry = game.history[index]
    result = amend(game, entry.state.year, entry.sheets_text)
    assert not result.changed and result.same_sheets
    assert all(not r.changed for r in result.rounds)
    assert result.game.to_dict() == game.to_dict()
    assert result.scores_before == result.scores_after


@SETTINGS
@given(games, st.randoms(use_true_random=False), st.data())
def test_amend_then_undo_restores_the_exact_game(
    game: Game, rng: random.Random, data: st.DataObject
) -> None:
    index = data.draw(st.integers(0, len(game.history) - 1))
    original = game.to_dict()
    entry = game.history[index]
    result = amend(game, entry.state.year, careless_sheets(entry.state, BOARD, rng))
    assert game.to_dict() == original  # the game given is left as it was
    recorded = result.recorded()
    # The record survives a game file: written, read back, taken back.
    again = game_from_dict(json.loads(json.dumps(recorded.to_dict())))
    restored, year = undo_amendment(again)
    assert year == entry.state.year
    assert restored.to_dict() == original
    # The replay is what playing the amended sheets from that round would give.
    replay = Game(state=entry.state, history=list(game.history[:index]), board=BOARD)
    for position, later in enumerate(game.history[index:], start=index):
        if replay.state.game_over:
            break
        text = result.game.history[position].sheets_text if position == index else later.sheets_text
        replay.apply(replay.read_sheets(text), text)
    assert replay.state == result.game.state


def test_two_amendments_are_undone_one_at_a_time(board: Board) -> None:
    game = Game.new(["France", "Germany", "Italy"], board=board)
    for text in ("[France]\nAlgeria: explore Tunisia", "[France]\nTunisia: explore Libya", ""):
        game.apply(game.read_sheets(text), text)
    first = amend(game, 1885, "[France]\nTunisia: develop").recorded()
    second = amend(first, 1880, "[France]\nAlgeria: hold").recorded()
    back_once, year = undo_amendment(second)
    assert year == 1880 and back_once.to_dict() == first.to_dict()
    back_twice, year = undo_amendment(back_once)
    assert year == 1885 and back_twice.to_dict() == game.to_dict()
    with pytest.raises(AmendError, match="no recorded amendment"):
        undo_amendment(back_twice)


def test_undo_refused_after_more_rounds(board: Board) -> None:
    game = Game.new(["France", "Germany", "Italy"], board=board)
    game.apply(
        game.read_sheets("[France]\nAlgeria: explore Tunisia"), "[France]\nAlgeria: explore Tunisia"
    )
    amended = amend(game, 1880, "[France]\nAlgeria: hold").recorded()
    assert AMENDMENT_KEY in (amended.history[0].report or {})
    amended.apply(amended.read_sheets(""), "")
    with pytest.raises(AmendError, match="resolved or taken back since 1880"):
        undo_amendment(amended)


def test_rounds_after_an_earlier_end_are_not_played() -> None:
    # Twenty colonies on a small board would take long to set up: end by the last round instead.
    game = Game.new(["France", "Germany", "Italy"])
    for _ in range(8):
        game.apply(game.read_sheets("[France]\nAlgeria: develop"), "[France]\nAlgeria: develop")
    assert game.state.game_over
    # Amending round 1915 changes the final round only; a finished game stays finished.
    result = amend(game, 1915, "[France]\nAlgeria: hold")
    assert [r.year for r in result.rounds] == [1915]
    assert result.game.state.game_over


def test_an_earlier_end_voids_the_later_rounds() -> None:
    # The game ends with the round founding the colony_limit-th colony (21 by default).
    game = Game.new(["France", "Germany", "Italy"])
    data = game.to_dict()
    data["state"]["options"]["colony_limit"] = 1
    game = game_from_dict(data)
    game.apply(game.read_sheets("[France]\nAlgeria: hold"), "[France]\nAlgeria: hold")
    game.apply(
        game.read_sheets("[France]\nAlgeria: explore Sahara\nSahara: develop"),
        "[France]\nAlgeria: explore Sahara\nSahara: develop",
    )
    game.apply(
        game.read_sheets("[France]\nSahara: develop\n[Germany]\nDahomey: explore Togo"),
        "[France]\nSahara: develop\n[Germany]\nDahomey: explore Togo",
    )
    assert game.state.game_over and len(game.history) == 3
    result = amend(game, 1880, "[France]\nAlgeria: explore Sahara")
    assert result.game.state.game_over and len(result.game.history) == 2
    unplayed = [r for r in result.rounds if not r.played]
    assert [r.year for r in unplayed] == [1890]
    assert sorted(v["order"] for v in unplayed[0].now_void) == [
        "Dahomey: explore Togo",
        "Sahara: develop",
    ]
    assert {v["code"] for v in unplayed[0].now_void} == {GAME_ENDED}
    assert unplayed[0].changes["colonies"]["gone"] == [
        {"territory": "Sahara", "powers": ["France"]}
    ]
    assert "1890: not played any more" in format_amendment(result)
    restored, _ = undo_amendment(result.recorded())
    assert restored.to_dict() == game.to_dict()


def test_errors_name_the_round(board: Board) -> None:
    game = Game.new(["France", "Germany", "Italy"], board=board)
    with pytest.raises(AmendError, match="no round has been resolved"):
        amend(game, 1875, "")
    with pytest.raises(AmendError, match="1880 is the current round"):
        amend(game, 1880, "")
    game.apply(game.read_sheets(""), "")
    with pytest.raises(AmendError, match="current round"):
        amend(game, 1885, "")
    with pytest.raises(AmendError, match="resolved: 1880"):
        amend(game, 1890, "")


def test_summary_in_french_and_german(board: Board) -> None:
    game = Game.new(["France", "Germany", "Italy"], board=board)
    game.apply(
        game.read_sheets("[France]\nAlgeria: explore Tunisia"), "[France]\nAlgeria: explore Tunisia"
    )
    game.apply(
        game.read_sheets("[France]\nTunisia: explore Libya"), "[France]\nTunisia: explore Libya"
    )
    result = amend(game, 1880, "[France]\nAlgeria: hold")
    french = format_amendment(result, "fr")
    german = format_amendment(result, "de")
    assert "n’explore plus\N{NO-BREAK SPACE}: France vers Tunisie" in french
    assert "désormais nul\N{NO-BREAK SPACE}: [France] Tunisia: explore Libya" in french
    assert "Tour 1880 corrigé\N{NO-BREAK SPACE}: 2 tours rejoués." in french
    assert "erkundet nicht mehr: Frankreich nach Tunesien" in german
    assert "jetzt ungültig: [Frankreich] Tunisia: explore Libya" in german
    assert "now void" not in french + german and "explores" not in french + german


# ------------------------------------------------------------------------ the command line
SHEETS_1880 = "[France]\nAlgeria: explore Tunisia\n"
SHEETS_1885 = "[France]\nTunisia: explore Libya\n"


@pytest.fixture()
def played(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    game = Game.new(["France", "Germany", "Italy"])
    game.apply(game.read_sheets(SHEETS_1880), SHEETS_1880)
    game.apply(game.read_sheets(SHEETS_1885), SHEETS_1885)
    save_game(game, path)
    return path


def test_cli_amend_json_write_and_undo(
    played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corrected = tmp_path / "1880.txt"
    corrected.write_text("[France]\nAlgeria: hold\n", encoding="utf-8")
    before = played.read_bytes()
    assert main(["africa", "amend", str(played), "1880", str(corrected), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["amended_round", "rounds", "scores_before", "scores_after", "state"]
    assert data["amended_round"] == 1880 and [r["round"] for r in data["rounds"]] == [1880, 1885]
    first, second = data["rounds"]
    assert list(first) == ["round", "changes", "now_void"]
    assert list(first["changes"]) == ["removals", "new_presences", "development", "colonies"]
    assert first["changes"]["new_presences"]["gone"] == [
        {"power": "France", "territory": "Tunisia", "by": "explore"}
    ]
    assert second["now_void"] == [
        {
            "power": "France",
            "order": "Tunisia: explore Libya",
            "reason": "France has no presence in Tunisia",
            "code": "no_presence",
        }
    ]
    assert data["state"]["presences"]["France"] == ["Algeria"]
    assert played.read_bytes() == before  # nothing written without --write
    assert main(["africa", "amend", str(played), "1880", str(corrected), "--write"]) == 0
    out = capsys.readouterr().out
    assert "now void: [France] Tunisia: explore Libya" in out and "recorded" in out
    assert load_game(played).state.presences["France"] == {"Algeria"}
    assert main(["africa", "amend", str(played), "--undo"]) == 0
    assert "1880" in capsys.readouterr().out
    assert played.read_bytes() == before


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["1890", "SHEETS"], "current round"),
        (["1870", "SHEETS"], "not a resolved round"),
        (["x", "SHEETS"], "ROUND must be the year"),
        (["1880"], "amend needs GAME ROUND ORDERS.txt"),
        (["1880", "SHEETS", "--undo"], "--undo takes only the game"),
        (["--undo"], "no recorded amendment"),
        (["1880", "MISSING"], "MISSING"),
    ],
)
def test_cli_amend_refusals_are_one_line(
    played: Path, tmp_path: Path, argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    sheets = tmp_path / "sheets.txt"
    sheets.write_text(SHEETS_1880, encoding="utf-8")
    args = [
        str(sheets) if a == "SHEETS" else str(tmp_path / a) if a == "MISSING" else a for a in argv
    ]
    assert main(["africa", "amend", str(played), *args]) == 1
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_cli_amend_same_sheets_records_nothing(
    played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheets = tmp_path / "sheets.txt"
    sheets.write_text(SHEETS_1880, encoding="utf-8")
    before = played.read_bytes()
    assert (
        main(["africa", "amend", str(played), "1880", str(sheets), "--write", "--lang", "de"]) == 0
    )
    out = capsys.readouterr().out
    assert "1880" in out and played.read_bytes() == before


def test_cli_amend_in_the_database_keeps_the_old_branch(
    played: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tabletop.cli import common
    from tabletop.store import open_store

    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("TABLETOP_DATABASE_URL", raising=False)
    corrected = tmp_path / "1880.txt"
    corrected.write_text("[France]\nAlgeria: hold\n", encoding="utf-8")
    try:
        assert main(["games", "import", str(played)]) == 0
        capsys.readouterr()
        assert main(["africa", "amend", "db:1", "1880", str(corrected), "--write"]) == 0
        assert "db:1" in capsys.readouterr().out
        store = common.open_database()
        actions = [e.action for e in store.history(1)]
        assert actions[-1] == "amend" and len(actions) >= 3  # the old rounds are still there
        assert store.load(1).game.state.presences["France"] == {"Algeria"}
        assert main(["africa", "amend", "db:1", "--undo"]) == 0
        capsys.readouterr()
        assert store.load(1).game.to_dict() == load_game(played).to_dict()
        assert main(["africa", "amend", "db:1", "--undo"]) == 1
        assert "not an amendment" in capsys.readouterr().err
    finally:
        common._close_stores()
        common._loaded.clear()
    del open_store
