"""The command line, run as a person would: exit codes, one-line refusals, files left untouched.

Refusals, bad files and usage errors run the real ``tabletop`` process; longer sessions call the
same ``main`` in this process (starting Python per step would make the suite slow).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest

from tabletop.cli import main

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str, home: Path) -> subprocess.CompletedProcess:
    """``tabletop massai ARGS`` as a separate process with its own HOME and data folder."""
    env = dict(os.environ, HOME=str(home), TABLETOP_DATA_DIR=str(home / "data"))
    return subprocess.run(
        [sys.executable, "-m", "tabletop.cli", "massai", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


@dataclass
class Result:
    returncode: int
    stdout: str
    stderr: str


def run_here(*args: str, home: Path) -> Result:
    """``tabletop massai ARGS`` through ``main`` in this process."""
    out, err = io.StringIO(), io.StringIO()
    saved = os.environ.get("TABLETOP_DATA_DIR")
    os.environ["TABLETOP_DATA_DIR"] = str(home / "data")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(["massai", *args])
            except SystemExit as exit_:
                code = int(exit_.code or 0)
    finally:
        if saved is None:
            os.environ.pop("TABLETOP_DATA_DIR", None)
        else:
            os.environ["TABLETOP_DATA_DIR"] = saved
    return Result(code, out.getvalue(), err.getvalue())


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "g.json"
    result = run_here("new", "-o", str(path), home=tmp_path)
    assert result.returncode == 0, result.stderr
    return path


def test_new_play_show_undo(game: Path, tmp_path: Path) -> None:
    steps = [
        ("setup a1 b1 b2 c2 c1", "secret setup"),
        ("setup a6 b6 b5 c5 c4", "Both setups are revealed"),
        ("build d3", "builds a hut on d3"),
        ("construire d4", "builds a hut on d4"),
        ("attack d4 guards -", "becomes a hut of Player 1"),
    ]
    for action, words in steps:
        result = run_here("play", str(game), *action.split(), home=tmp_path)
        assert result.returncode == 0, result.stderr
        assert words in result.stdout
    shown = run_here("show", str(game), home=tmp_path)
    assert shown.returncode == 0
    # d4 became Player 1's; c4 and c5, touching it, went back to Player 2's supply.
    assert " 5 . x . . . . . . 5\n 4 . . . o . . . . 4" in shown.stdout
    assert "Player 2 (x): 3 on the board, 12 in supply" in shown.stdout
    data = json.loads(run_here("show", str(game), "--json", home=tmp_path).stdout)
    assert "d4" in data["huts"][0] and data["to_move"] == 1
    undone = run_here("undo", str(game), home=tmp_path)
    assert undone.returncode == 0 and "attack d4" in undone.stdout
    data = json.loads(run_here("show", str(game), "--json", home=tmp_path).stdout)
    assert "d4" in data["huts"][1]


@pytest.mark.parametrize(
    "action",
    ["build h6", "fly a1", "build zz", "move a1 a2", "setup a1 b1 b2 c2 c1"],
)
def test_refusal_is_one_line_exit_1_file_untouched(game: Path, tmp_path: Path, action: str) -> None:
    for step in ("setup a1 b1 b2 c2 c1", "setup a6 b6 b5 c5 c4"):
        assert run_here("play", str(game), *step.split(), home=tmp_path).returncode == 0
    before = game.read_bytes()
    result = run("play", str(game), *action.split(), home=tmp_path)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.startswith("tabletop: ") and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr
    assert game.read_bytes() == before


def test_secret_setup_is_not_shown(game: Path, tmp_path: Path) -> None:
    run_here("play", str(game), "setup", "a1", "b1", "b2", "c2", "c1", home=tmp_path)
    shown = run_here("show", str(game), home=tmp_path)
    assert "secret setup (hidden)" in shown.stdout and " o " not in shown.stdout
    data = json.loads(run_here("show", str(game), "--json", home=tmp_path).stdout)
    assert data["pending_setup"] == "hidden" and data["huts"] == [[], []]
    assert "a1" not in json.dumps(data["history"]) and data["history"] == ["setup (hidden)"]


def test_new_options_and_refusals(tmp_path: Path) -> None:
    path = tmp_path / "four.json"
    result = run_here(
        "new", "-o", str(path), "--adjacency", "4", "--guard-table", "0,1,1", home=tmp_path
    )
    assert result.returncode == 0, result.stderr
    options = json.loads(path.read_text())["options"]
    assert options["adjacency"] == 4 and options["guard_table"] == [0, 1, 1]
    again = run_here("new", "-o", str(path), home=tmp_path)
    assert again.returncode == 1 and "already exists" in again.stderr
    bad = run_here("new", "-o", str(tmp_path / "b.json"), "--guard-table", "a,b", home=tmp_path)
    assert bad.returncode == 1 and "guard table" in bad.stderr
    assert not (tmp_path / "b.json").exists()
    usage = run("new", "--adjacency", "6", home=tmp_path)
    assert usage.returncode == 2


def test_new_defaults_to_the_data_dir(tmp_path: Path) -> None:
    result = run("new", home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "data" / "massai.json").is_file()


def test_corrupt_or_missing_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{oops")
    for command in (["show", str(bad)], ["play", str(bad), "build", "a1"], ["undo", str(bad)]):
        result = run(*command, home=tmp_path)
        assert result.returncode == 1 and "not valid JSON" in result.stderr
        assert result.stderr.count("\n") == 1
    assert bad.read_text() == "{oops"
    missing = run("show", str(tmp_path / "none.json"), home=tmp_path)
    assert missing.returncode == 1 and "no such file" in missing.stderr


def test_undo_at_the_start(game: Path, tmp_path: Path) -> None:
    result = run_here("undo", str(game), home=tmp_path)
    assert result.returncode == 1 and "nothing to undo" in result.stderr


def test_attack_game_outside_play_says_why_in_words(game: Path, tmp_path: Path) -> None:
    result = run_here("attack-game", str(game), home=tmp_path)
    assert result.returncode == 1
    assert (
        result.stderr == f"tabletop: {game}: no attack to analyse in the setup phase "
        "(both setups must be placed first)\n"
    )
    for action in ("setup a1 a2 a3 b2 b3", "setup h6 h5 h4 g5 g6", "build a4", "build g4"):
        assert run_here("play", str(game), action, home=tmp_path).returncode == 0
    for action in ("build a5", "build g3", "build a6"):  # Player 1 joins the banks
        assert run_here("play", str(game), action, home=tmp_path).returncode == 0
    result = run_here("attack-game", str(game), "--json", home=tmp_path)
    assert result.returncode == 1 and result.stdout == ""
    assert (
        result.stderr
        == f"tabletop: {game}: the game is over (Player 1 has won); no attack to analyse\n"
    )


def test_a_game_in_the_database_is_played_shown_and_undone(tmp_path: Path) -> None:
    made = run("new", "-o", "db:new", home=tmp_path)
    assert made.returncode == 0 and "db:1" in made.stdout, made.stderr
    assert run("play", "db:1", "setup a1 b1 b2 c2 c1", home=tmp_path).returncode == 0
    refused = run("play", "db:1", "setup a1", home=tmp_path)
    assert refused.returncode == 1 and len(refused.stderr.strip().splitlines()) == 1
    shown = run("show", "db:1", "--json", home=tmp_path)
    assert shown.returncode == 0, shown.stderr
    # Player 1's setup is a secret until both are in: the public view shows no hut of it.
    public = json.loads(shown.stdout)
    assert public["huts"] == [[], []] and public["pending_setup"] == "hidden"
    assert run("undo", "db:1", home=tmp_path).returncode == 0
    missing = run("show", "db:9", home=tmp_path)
    assert missing.returncode == 1 and "9" in missing.stderr and "Traceback" not in missing.stderr


def _play_to_an_attack(game: Path, tmp_path: Path, lang: str) -> list[str]:
    """The example session up to an attack, in ``lang``: the printed lines of each step."""
    out = []
    for action in ("setup a1 b1 b2 c2 c1", "setup a6 b6 b5 c5 c4", "build d3", "build d4"):
        result = run_here("play", str(game), *action.split(), "--lang", lang, home=tmp_path)
        assert result.returncode == 0, result.stderr
        out.append(result.stdout)
    return out


def test_play_show_undo_in_german(game: Path, tmp_path: Path) -> None:
    lines = _play_to_an_attack(game, tmp_path, "de")
    assert lines[0] == (
        "Spieler 1 hat geheim aufgestellt.\nAls Nächstes: Spieler 2, geben Sie Ihre geheime "
        "Aufstellung ein (fünf Hütten in Ihrer Hälfte).\n"
    )
    assert lines[1].startswith("Beide Aufstellungen sind aufgedeckt: Spieler 1 auf a1, b1, b2")
    assert lines[3] == (
        "Spieler 2 baut eine Hütte auf d4.\n"
        "Als Nächstes: Spieler 1 baut oder greift an (2 Angriffspunkte, 1 Wache erlaubt).\n"
    )
    attack = run_here("play", str(game), "angreifen", "d4", "--lang", "de", home=tmp_path)
    assert attack.returncode == 0, attack.stderr
    assert attack.stdout == (
        "Spieler 1 greift d4 an (2 Angriffspunkte, 1 Wache erlaubt; keine Wache). d4 war nicht "
        "bewacht: Dort steht jetzt eine Hütte von Spieler 1; Spieler 2 verliert die angrenzenden "
        "Hütten: c4, c5.\nAls Nächstes: Spieler 2 baut.\n"
    )
    shown = run_here("show", str(game), "--lang", "de", home=tmp_path)
    assert shown.returncode == 0
    assert "Spieler 1 (o): 7 auf dem Spielplan, 8 im Vorrat\n" in shown.stdout
    assert "Spieler 2 (x): 3 auf dem Spielplan, 12 im Vorrat\n" in shown.stdout
    assert shown.stdout.endswith("Als Nächstes: Spieler 2 baut.\n")
    undone = run_here("undo", str(game), "--lang", "de", home=tmp_path)
    assert undone.returncode == 0
    assert undone.stdout.startswith("Zurückgenommen: angreifen d4 wachen - von Spieler 1.\n")
    first = tmp_path / "first.json"
    run_here("new", "-o", str(first), home=tmp_path)
    run_here("play", str(first), "setup", "a1", "b1", "b2", "c2", "c1", home=tmp_path)
    secret = run_here("undo", str(first), "--lang", "de", home=tmp_path)
    assert secret.stdout.startswith("Zurückgenommen: die geheime Aufstellung von Spieler 1.\n")
    assert "a1" not in secret.stdout


def test_a_refusal_in_german(game: Path, tmp_path: Path) -> None:
    _play_to_an_attack(game, tmp_path, "en")
    before = game.read_bytes()
    result = run("play", str(game), "bauen", "h6", "--lang", "de", home=tmp_path)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == "tabletop: abgelehnt: h6 berührt keine Hütte von Spieler 1.\n"
    assert game.read_bytes() == before
    fresh = tmp_path / "fresh.json"
    run_here("new", "-o", str(fresh), "--lang", "de", home=tmp_path)
    nothing = run_here("undo", str(fresh), "--lang", "de", home=tmp_path)
    assert nothing.returncode == 1 and "nichts" in nothing.stderr.lower()


def test_english_lines_are_unchanged(game: Path, tmp_path: Path) -> None:
    lines = _play_to_an_attack(game, tmp_path, "en")
    assert lines[0] == (
        "Player 1 has chosen a secret setup.\n"
        "Next: Player 2, enter your secret setup (five huts in your half).\n"
    )
    assert lines[3] == (
        "Player 2 builds a hut on d4.\n"
        "Next: Player 1 to build, or attack (2 attack points, 1 guard allowed).\n"
    )
    attack = run_here("play", str(game), "attack", "d4", "guards", "-", home=tmp_path)
    assert attack.stdout == (
        "Player 1 attacks d4 (2 attack points, 1 guard allowed; no guard). d4 was not guarded: "
        "it becomes a hut of Player 1; Player 2 loses the huts touching it: c4, c5.\n"
        "Next: Player 2 to build.\n"
    )
    shown = run_here("show", str(game), "--lang", "en", home=tmp_path)
    assert "Player 1 (o): 7 on the board, 8 in supply\n" in shown.stdout
    undone = run_here("undo", str(game), home=tmp_path)
    assert undone.stdout == (
        "Undone: Player 1's attack d4 guards -.\n"
        "Next: Player 1 to build, or attack (2 attack points, 1 guard allowed).\n"
    )
    refused = run_here("play", str(game), "build", "h6", home=tmp_path)
    assert refused.stderr == "tabletop: refused: h6 touches none of Player 1's huts.\n"


def test_a_report_says_the_same_message_in_every_language() -> None:
    from tabletop.games.massai.actions import Attack, Build, Setup
    from tabletop.games.massai.rules import apply
    from tabletop.games.massai.state import new_game
    from tabletop.i18n import available_languages

    state = new_game()
    for action in (
        Setup(0, ("a1", "b1", "b2", "c2", "c1")),
        Setup(1, ("a6", "b6", "b5", "c5", "c4")),
        Build(0, "d3"),
        Build(1, "d4"),
    ):
        state, report = apply(state, action)
    _, report = apply(state, Attack(0, "d4", ()))
    assert report.text("en") == report.message
    assert report.text("fr").startswith("Joueur 1 attaque d4")
    for lang in available_languages():
        said = report.text(lang)
        assert "{" not in said and "Player" not in said or lang == "en"
    _, refusal = apply(state, Build(1, "a1"))
    assert refusal.code == "not-your-turn"
    assert refusal.text("de").startswith("Spieler 2 ist nicht am Zug")
