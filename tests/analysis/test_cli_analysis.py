"""Command line: ``tabletop africa equilibria`` and ``tabletop massai attack-game``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.analysis.massai_attack import attack_game
from tabletop.cli import main
from tabletop.games.massai import GameRecord, Setup, load_game, save_game

DATA = Path(__file__).resolve().parents[2] / "tabletop" / "games" / "africa1880" / "data"
GAME = DATA / "example_game.json"
ORDERS = DATA / "example_orders_1895.txt"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_africa_equilibria_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "africa", "equilibria", str(GAME), str(ORDERS), "--json")
    assert code == 0, err
    data = json.loads(out)
    powers = data["powers"]
    assert data["equilibrium_count"] >= len(data["equilibria"]) >= 1
    for equilibrium in data["equilibria"]:
        assert set(equilibrium["wars"]) == set(powers)
        for power, targets in equilibrium["wars"].items():
            assert power not in targets and set(targets) <= set(powers)
    declared = data["declared"]
    best = [p["declared_is_best_response"] for p in data["powers_detail"]]
    assert declared["is_equilibrium"] == all(best)
    assert isinstance(data["free_relations"], list)


def test_africa_equilibria_text_and_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "africa", "equilibria", str(GAME), str(ORDERS), "--limit", "3")
    assert code == 0
    assert "Nash equilibri" in out
    assert "first 3 shown" in out or "Pure Nash equilibria: 3" in out


@pytest.mark.parametrize(
    ("game", "orders", "message"),
    [
        ("missing.json", str(ORDERS), "missing.json"),
        (str(GAME), "missing.txt", "no such file"),
    ],
)
def test_africa_equilibria_bad_files(
    capsys: pytest.CaptureFixture[str], game: str, orders: str, message: str
) -> None:
    code, out, err = run(capsys, "africa", "equilibria", game, orders)
    assert code == 1 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_africa_equilibria_foreign_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    code, _, err = run(capsys, "africa", "equilibria", str(bad), str(ORDERS))
    assert code == 1 and len(err.strip().splitlines()) == 1
    assert bad.read_text(encoding="utf-8") == "{not json"  # never overwritten


def massai_file(tmp_path: Path) -> Path:
    record = GameRecord.new()
    record, report = record.play(Setup(0, ("c2", "c3", "d3", "d2", "e3")))
    assert report.ok, report.message
    record, report = record.play(Setup(1, ("c4", "d4", "e4", "e5", "d5")))
    assert report.ok, report.message
    path = tmp_path / "massai.json"
    save_game(record, path)
    return path


def test_massai_attack_game_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = massai_file(tmp_path)
    code, out, err = run(capsys, "massai", "attack-game", str(path), "--json")
    assert code == 0, err
    data = json.loads(out)
    expected = attack_game(load_game(path).state)
    assert data["value"] == pytest.approx(expected.value, abs=1e-12)
    assert [s["target"] for s in data["attacker_strategies"]] == list(expected.targets)
    assert sum(s["probability"] for s in data["attacker_strategies"]) == pytest.approx(1.0)
    assert sum(s["probability"] for s in data["defender_strategies"]) == pytest.approx(1.0)
    assert data["attacker_name"] == "Player 1"


def test_massai_attack_game_other_attacker_and_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = massai_file(tmp_path)
    code, out, _ = run(capsys, "massai", "attack-game", str(path), "--attacker", "2")
    assert code == 0
    assert out.startswith("Player 2 attacks")


def test_massai_attack_game_refusals(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.json"
    save_game(GameRecord.new(), fresh)
    code, _, err = run(capsys, "massai", "attack-game", str(fresh))
    assert code == 1 and "setup" in err and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "massai", "attack-game", str(tmp_path / "none.json"))
    assert code == 1 and "Traceback" not in err
    with pytest.raises(SystemExit) as usage:
        main(["massai", "attack-game", str(fresh), "--evaluation", "glory"])
    assert usage.value.code == 2
