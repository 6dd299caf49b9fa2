"""Command line: ``tabletop africa equilibria`` and ``tabletop massai attack-game``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tabletop.analysis.africa_diplomacy import analyse
from tabletop.analysis.examples import africa_position, late_game_position
from tabletop.analysis.massai_attack import attack_game
from tabletop.cli.dispatch import main
from tabletop.games.africa1880 import POWERS, AfterOrders, load_board
from tabletop.games.africa1880.gamefile import Game as AfricaGame
from tabletop.games.africa1880.gamefile import save_game as save_africa_game
from tabletop.games.massai import GameRecord, Options, Setup, load_game, save_game
from tabletop.i18n import format_percent

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
    data = json.loads(run(capsys, "africa", "equilibria", str(GAME), str(ORDERS), "--json")[1])
    distinct = data["equilibrium_count"] // data["equilibria_per_listed"]
    assert distinct > 3  # else the limit would not cut the list
    assert f"The first 3 of {distinct} are listed:" in out
    assert len(listed_lines(out)) == 3


def listed_lines(out: str) -> list[str]:
    """The numbered equilibria of the text output."""
    return [line for line in out.splitlines() if re.match(r"  \d+\. ", line)]


def test_africa_equilibria_text_says_what_each_listed_equilibrium_stands_for(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "africa", "equilibria", str(GAME), str(ORDERS))
    assert code == 0
    data = json.loads(run(capsys, "africa", "equilibria", str(GAME), str(ORDERS), "--json")[1])
    k = len(data["indifferent_relations"])
    listed = len(data["equilibria"])
    assert k > 0 and data["complete"]  # the example has indifferent relations: the case to show
    assert listed * 2**k == data["equilibrium_count"]
    assert f"Pure Nash equilibria: {data['equilibrium_count']}." in out
    assert (
        f"The {k} indifferent relations are shown at alliance below: each equilibrium listed "
        f"stands for the 2^{k} = {2**k} ways of setting them, "
        f"so {data['equilibrium_count']} = {listed} x {2**k}." in out
    )
    assert f"All {listed} are listed:" in out
    assert len(listed_lines(out)) == listed


def test_africa_equilibria_json_names_the_counts(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "africa", "equilibria", str(GAME), str(ORDERS), "--json")[1])
    assert data["listed_equilibria"] == len(data["equilibria"])
    assert data["equilibrium_count_status"] == "exact"
    assert data["equilibria_at_least"] == data["equilibrium_count"]
    assert data["equilibria_per_listed"] == 2 ** len(data["indifferent_relations"])
    assert data["free_and_indifferent_shown_as"] == "alliance"
    for equilibrium in data["equilibria"]:  # indifferent relations are shown at alliance
        for a, b in data["indifferent_relations"] + data["free_relations"]:
            assert b not in equilibrium["wars"][a]


def africa_file(tmp_path: Path, after: AfterOrders) -> tuple[Path, Path]:
    """A game file holding the position of ``after`` before its (empty) orders."""
    path = tmp_path / "africa.json"
    save_africa_game(AfricaGame(state=after.state, board=load_board()), path)
    orders = tmp_path / "orders.txt"
    orders.write_text("", encoding="utf-8")
    return path, orders


def test_africa_equilibria_crowded_position_gives_an_estimate_with_its_interval(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    after = late_game_position(2)
    # The case under test: a crowded six-power position whose equilibria are not all counted
    # (no counting work allowed, so the count is only estimated).
    expected = analyse(after, limit=20, count_budget=0)
    assert expected.equilibrium_count is None and expected.note is None
    assert expected.count_kind == "estimate"
    assert len(expected.equilibria) == 20
    game, orders = africa_file(tmp_path, after)
    budget = ("--count-budget", "0")
    code, out, err = run(
        capsys, "africa", "equilibria", str(game), str(orders), "--limit", "20", *budget
    )
    assert code == 0, err
    per = 2 ** len(expected.indifferent)
    # The sample is a fixed number of draws with a fixed seed: the same figures on every run.
    line = next(x for x in out.splitlines() if x.startswith("Pure Nash equilibria:"))
    found = re.fullmatch(
        r"Pure Nash equilibria: about ([\d,]+) \(confidence interval 95%: ([\d,]+) to ([\d,]+); "
        rf"estimated from a fixed sample of random profiles; at least {20 * per:,}\)\.",
        line,
    )
    assert found, line
    estimate, low, high = (int(g.replace(",", "")) for g in found.groups())
    assert 20 * per <= low <= estimate <= high
    assert estimate == round(expected.count_estimate) and estimate > 20 * per
    # No advice that would not work (a larger budget is no promise of a count).
    assert "--count-budget" not in out
    assert not any(line.startswith("Pure Nash equilibria: 20") for line in out.splitlines())
    assert "Note:" not in out
    assert "The first 20 found are listed:" in out and len(listed_lines(out)) == 20
    code, out, _ = run(
        capsys, "africa", "equilibria", str(game), str(orders), "--limit", "20", "--json", *budget
    )
    data = json.loads(out)
    assert data["equilibrium_count"] is None
    assert data["count_kind"] == "estimate"
    low, high = data["count_interval"]
    assert 20 * per <= low <= data["count_estimate"] <= high
    assert data["equilibrium_count_status"] == "estimated"
    assert data["equilibria_at_least"] == 20 * per == data["listed_equilibria"] * per


def test_africa_equilibria_estimated_count_without_indifferent_relations(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    after = late_game_position(3)
    expected = analyse(after, limit=5, count_budget=0)
    assert expected.equilibrium_count is None and not expected.indifferent
    game, orders = africa_file(tmp_path, after)
    code, out, _ = run(
        capsys,
        "africa",
        "equilibria",
        str(game),
        str(orders),
        "--limit",
        "5",
        "--count-budget",
        "0",
    )
    assert code == 0
    line = next(x for x in out.splitlines() if x.startswith("Pure Nash equilibria:"))
    assert line.startswith("Pure Nash equilibria: about ") and line.endswith(
        "; at least 5 listed)."
    )


def test_africa_equilibria_time_limit_is_checked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(
        capsys, "africa", "equilibria", str(GAME), str(ORDERS), "--time-limit", "-1"
    )
    assert code == 1 and out == "" and "--time-limit" in err


def test_africa_equilibria_six_powers_on_one_full_territory_say_how_the_count_is_estimated(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Six powers on one full territory, two of them also alone together on another: analysed
    # (the colony rule on packed profiles); no exact count fits the time limit, so it is
    # estimated, and the text says from what sample.
    presences = {p: ["Congo"] for p in POWERS}
    presences["Belgium"].append("Angola")
    presences["France"].append("Angola")
    after = africa_position(presences, full=["Congo"])
    game, orders = africa_file(tmp_path, after)
    code, out, _ = run(capsys, "africa", "equilibria", str(game), str(orders), "--limit", "5")
    assert code == 0
    lines = out.splitlines()
    assert not any("not searched" in line for line in lines)
    assert any(line.startswith("Pure Nash equilibria: about ") for line in lines)
    how = next(line for line in lines if line.startswith("How it was estimated: "))
    found = re.search(r"([\d,]+) of ([\d,]+) uniformly random profiles of 30 relations", how)
    assert found, how
    hits, trials = (int(g.replace(",", "")) for g in found.groups())
    assert 0 < hits < trials
    assert "The first 5 found are listed:" in out and len(listed_lines(out)) == 5
    data = json.loads(
        run(capsys, "africa", "equilibria", str(game), str(orders), "--json", "--limit", "5")[1]
    )
    assert data["equilibrium_count_status"] == "estimated"
    (sample,) = data["count_samples"]
    assert sample["relations"] == 30 and 0 < sample["equilibria_among_them"]
    low, high = data["count_interval"]
    assert low <= data["count_estimate"] <= high


def test_africa_equilibria_six_powers_alone_on_a_full_territory_are_counted_exactly(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Alone there, the count comes from the survival classes (no estimate, no sample line).
    after = africa_position({p: ["Congo"] for p in POWERS}, full=["Congo"])
    game, orders = africa_file(tmp_path, after)
    code, out, _ = run(capsys, "africa", "equilibria", str(game), str(orders), "--limit", "5")
    assert code == 0
    assert "Pure Nash equilibria: 417,643,043" in out, out
    assert "How it was estimated" not in out and "about" not in out
    data = json.loads(
        run(capsys, "africa", "equilibria", str(game), str(orders), "--json", "--limit", "5")[1]
    )
    assert data["equilibrium_count_status"] == "exact" and data["count_kind"] == "exact"
    assert data["equilibrium_count"] == 417643043 and data["count_samples"] == []


@pytest.mark.parametrize(
    ("lang", "first", "count"),
    [
        ("fr", "Les relations déclarées", "Équilibres de Nash purs"),
        ("de", "Die erklärten Beziehungen", "Reine Nash-Gleichgewichte"),
    ],
)
def test_africa_equilibria_text_in_other_languages(
    capsys: pytest.CaptureFixture[str], lang: str, first: str, count: str
) -> None:
    code, out, err = run(capsys, "africa", "equilibria", str(GAME), str(ORDERS), "--lang", lang)
    assert code == 0, err
    assert out.startswith(first)
    assert any(line.startswith(count) for line in out.splitlines())
    english = run(capsys, "africa", "equilibria", str(GAME), str(ORDERS))[1]
    # Same structure: as many lines, the same listed equilibria count.
    assert len(out.splitlines()) == len(english.splitlines())
    assert len(listed_lines(out)) == len(listed_lines(english))
    assert "Pure Nash" not in out and "listed" not in out


def test_unknown_language_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["africa", "equilibria", str(GAME), str(ORDERS), "--lang", "xx"])
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and out == ""
    assert "--lang" in err and "Traceback" not in err


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


def test_massai_attack_game_json_numbers_players_like_the_attacker_option(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = massai_file(tmp_path)
    data = json.loads(run(capsys, "massai", "attack-game", str(path), "--json")[1])
    assert load_game(path).state.to_move == 0  # Player 1 to move, index 0 in the game file
    assert (data["attacker"], data["defender"]) == (1, 2)
    assert (data["attacker_name"], data["defender_name"]) == ("Player 1", "Player 2")
    args = ("massai", "attack-game", str(path), "--json", "--attacker", "2")
    data = json.loads(run(capsys, *args)[1])
    assert (data["attacker"], data["defender"]) == (2, 1)
    assert (data["attacker_name"], data["defender_name"]) == ("Player 2", "Player 1")
    expected = attack_game(load_game(path).state, attacker=1)
    assert [s["target"] for s in data["attacker_strategies"]] == list(expected.targets)
    assert data["guards_per_set"] == len(data["defender_strategies"][0]["guards"])


def table_rows(out: str) -> list[list[str]]:
    """The payoff table of the text output, cell by cell (header row first)."""
    lines = out.splitlines()
    start = next(k for k, line in enumerate(lines) if line.startswith("Payoff table ("))
    return [line.split() for line in lines[start + 1 :]]


def test_massai_attack_game_text_shows_both_mixes_the_value_and_the_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = massai_file(tmp_path)
    code, out, _ = run(capsys, "massai", "attack-game", str(path))
    assert code == 0
    game = attack_game(load_game(path).state)
    guards = len(game.guard_sets[0])
    assert guards == 2
    assert "guard(s)" not in out
    assert out.startswith("Player 1 attacks, Player 2 defends with 2 guards (")
    assert f"Value for the attacker: {game.value:.4g} (evaluation: difference)." in out
    lines = out.splitlines()
    for target, p in game.attack_probabilities.items():
        assert f"  {target}  {p:6.1%}" in lines
    played = {s: p for s, p in game.guard_set_probabilities.items() if p > 1e-9}
    assert len(played) >= 2  # a real mix to show
    for guard_set, p in played.items():
        assert any(line.split() == ["+".join(guard_set), f"{p:.1%}"] for line in lines)
    rows = table_rows(out)
    assert rows[0] == ["target", *("+".join(s) for s in game.guard_sets)]
    for row, target, values in zip(rows[1:], game.targets, game.matrix, strict=True):
        assert row == [target, *(f"{v:g}" for v in values)]


@pytest.mark.parametrize(
    ("lang", "start", "value", "percent"),
    [
        ("fr", "Le joueur 1 attaque", "Valeur pour l’attaquant", ","),
        ("de", "Spieler 1 greift an", "Wert für den Angreifer", ","),
    ],
)
def test_massai_attack_game_text_in_other_languages(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    lang: str,
    start: str,
    value: str,
    percent: str,
) -> None:
    path = massai_file(tmp_path)
    code, out, err = run(capsys, "massai", "attack-game", str(path), "--lang", lang)
    assert code == 0, err
    assert out.startswith(start)
    assert value in out
    english = run(capsys, "massai", "attack-game", str(path))[1]
    assert len(out.splitlines()) == len(english.splitlines())
    assert "Attacker" not in out and "guard sets" not in out
    game = attack_game(load_game(path).state)
    p = next(iter(game.attack_probabilities.values()))
    assert format_percent(p, lang) in out  # the language's own percent form


def test_massai_attack_game_text_singular_guard(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = GameRecord.new(Options(guard_table=(0, 1, 1, 1, 1, 1)))
    record, _ = record.play(Setup(0, ("c2", "c3", "d3", "d2", "e3")))
    record, _ = record.play(Setup(1, ("c4", "d4", "e4", "e5", "d5")))
    path = tmp_path / "one.json"
    save_game(record, path)
    code, out, _ = run(capsys, "massai", "attack-game", str(path))
    assert code == 0
    assert out.startswith("Player 1 attacks, Player 2 defends with 1 guard (1 guard allowed, ")


def test_massai_attack_game_large_table_is_summarised(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = massai_file(tmp_path)
    for action in ("build f3", "build f4", "build b3", "build b4", "build g3", "build g4"):
        assert run(capsys, "massai", "play", str(path), action)[0] == 0
    code, out, _ = run(capsys, "massai", "attack-game", str(path))
    assert code == 0
    game = attack_game(load_game(path).state)
    rows, columns = game.matrix.shape
    assert columns > 8  # too wide for a terminal table
    assert f"Payoff table: {rows} targets x {columns} guard sets, too large" in out
    played = [p for p in game.guard_set_probabilities.values() if p > 1e-9]
    assert f"({columns - len(played)} other guard sets with probability 0)" in out


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


def test_equilibria_reads_a_game_from_the_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tabletop.cli import common

    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("TABLETOP_DATABASE_URL", raising=False)
    try:
        code, out, err = run(capsys, "games", "import", str(GAME))
        assert code == 0, err
        _, from_file, _ = run(capsys, "africa", "equilibria", str(GAME), str(ORDERS), "--json")
        code, from_db, err = run(capsys, "africa", "equilibria", "db:1", str(ORDERS), "--json")
        assert code == 0, err
        assert json.loads(from_db) == json.loads(from_file)
        code, _, err = run(capsys, "massai", "attack-game", "db:1")
        assert code == 1 and "db:1 is an Africa 1880 game" in err
    finally:
        common._close_stores()
        common._loaded.clear()


def test_equilibria_refuses_an_oversized_sheet_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    orders = tmp_path / "orders.txt"
    orders.write_text("[France]\n" + "a" * 70_000 + "\n", encoding="utf-8")
    code, out, err = run(capsys, "africa", "equilibria", str(GAME), str(orders))
    assert code == 1 and out == ""
    assert len(err.strip().splitlines()) == 1 and "65,536" in err
