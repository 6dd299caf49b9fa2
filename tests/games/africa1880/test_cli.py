"""The ``tabletop africa`` command line, through main() and through a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.games.africa1880.board_files import load_board
from tabletop.games.africa1880.gamefile import EXAMPLE_GAME, EXAMPLE_ORDERS, load_game
from tabletop.games.africa1880.report import REPORT_KEYS

ORDERS = "[France]\nAlgeria: explore Tunisia\nwar: Italy\n[Italy]\nSomalia: develop\n"


@pytest.fixture()
def game(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    assert main(["africa", "new", "--powers", "France,Allemagne,Italy", "-o", str(path)]) == 0
    return path


@pytest.fixture()
def orders(tmp_path: Path) -> Path:
    path = tmp_path / "orders.txt"
    path.write_text(ORDERS, encoding="utf-8")
    return path


def test_new_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["africa", "new"]) == 0
    state = load_game(tmp_path / "africa-game.json").state
    assert len(state.powers) == 6 and state.options.start == "historical"
    assert "6 powers" in capsys.readouterr().out
    assert main(["africa", "new"]) == 1  # no silent overwrite
    assert "already exists" in capsys.readouterr().err


def test_new_free_start_and_options(tmp_path: Path) -> None:
    path = tmp_path / "free.json"
    code = main(
        [
            "africa",
            "new",
            "--powers",
            "France,Germany,Italy",
            "--start",
            "free",
            "--place",
            "France=Maroc,Germany=Togo,Italy=Libya",
            "--scoring",
            "colonies",
            "--landing-check",
            "reading_order",
            "--reading-order",
            "Italy,France,Germany",
            "-o",
            str(path),
        ]
    )
    assert code == 0
    state = load_game(path).state
    assert state.presences["France"] == {"Morocco"}
    assert state.options.scoring == "colonies"
    assert state.options.reading_order == ("Italy", "France", "Germany")


def test_board_json(capsys) -> None:
    assert main(["africa", "board", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["territories"]) == 32
    assert {"name", "coastal", "spaces", "neighbours"} <= set(data["territories"][0])
    assert sum(t["spaces"] for t in data["territories"]) == 88


def test_board_json_is_a_board_file_to_edit(tmp_path: Path, capsys) -> None:
    assert main(["africa", "board", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    printed["territories"][0]["aliases"].append("Our own name")
    mine = tmp_path / "our_board.json"
    mine.write_text(json.dumps(printed), encoding="utf-8")
    board = load_board(mine)
    assert board.lookup("our own name") == printed["territories"][0]["name"]
    assert board.names == load_board().names


def test_check_writes_nothing(game: Path, orders: Path, capsys) -> None:
    before = game.read_bytes()
    assert main(["africa", "check", str(game), str(orders)]) == 0
    out = capsys.readouterr().out
    assert "No sheet for Germany" in out and "Every order can be executed" in out
    assert game.read_bytes() == before


def test_resolve_json_write_undo(game: Path, orders: Path, capsys) -> None:
    start = load_game(game).state
    assert main(["africa", "resolve", str(game), str(orders), "--json", "--write"]) == 0
    report = json.loads(capsys.readouterr().out)
    # The report's keys, unchanged, then the table instructions.
    assert tuple(report) == (*REPORT_KEYS, "instructions")
    assert [(i["kind"], i["territory"]) for i in report["instructions"]] == [
        ("place", "Tunisia"),
        ("add_pins", "Somalia"),
    ]
    assert report["new_presences"] == [{"power": "France", "territory": "Tunisia", "by": "explore"}]
    assert report["development"] == [{"territory": "Somalia", "added": 1, "total": 1, "spaces": 2}]
    assert report["state"]["round"] == 2
    assert load_game(game).state.round == 2
    assert main(["africa", "undo", str(game)]) == 0
    assert load_game(game).state == start
    assert main(["africa", "undo", str(game)]) == 1
    assert capsys.readouterr().err.strip().endswith("no round has been resolved in this game yet")


def test_resolve_text_in_french(game: Path, orders: Path, capsys) -> None:
    assert main(["africa", "resolve", str(game), str(orders), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    # "sur": no French article to agree; territories under the board's French names.
    assert "POSER France sur Tunisie (exploration)" in out
    assert "AJOUTER 1 PION sur Somalie (total 1/2)" in out


def test_resolve_text_grouped_by_territory(game: Path, orders: Path, capsys) -> None:
    assert main(["africa", "resolve", str(game), str(orders), "--group-by", "territory"]) == 0
    out = capsys.readouterr().out
    assert "territory by territory" in out
    assert out.index("Somalia:\n  - ADD 1 PIN") < out.index("Tunisia:\n  - PLACE France")
    with pytest.raises(SystemExit) as caught:
        main(["africa", "resolve", str(game), str(orders), "--group-by", "river"])
    assert caught.value.code == 2
    assert "invalid choice: 'river' (choose from 'power', 'territory')" in capsys.readouterr().err


def test_score_json(game: Path, capsys) -> None:
    assert main(["africa", "score", str(game), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["scoring"] == "points" and "may differ" in data["note"]
    assert {p["power"] for p in data["powers"]} == {"France", "Germany", "Italy"}


@pytest.mark.parametrize(
    "argv",
    [
        ["africa", "resolve", "{tmp}/missing.json", "{tmp}/orders.txt"],
        ["africa", "resolve", "{tmp}/foreign.json", "{tmp}/orders.txt"],
        ["africa", "resolve", "{tmp}/game.json", "{tmp}/missing.txt"],
        ["africa", "check", "{tmp}/game.json", "{tmp}"],
        ["africa", "new", "--powers", "France,Prussia,Italy", "-o", "{tmp}/x.json"],
        ["africa", "new", "--powers", "France,Italy", "-o", "{tmp}/x.json"],
        ["africa", "new", "--start", "free", "-o", "{tmp}/x.json"],
        ["africa", "new", "--board", "{tmp}/foreign.json", "-o", "{tmp}/x.json"],
        ["africa", "board", "--board", "{tmp}/missing.json"],
        ["africa", "undo", "{tmp}/foreign.json"],
    ],
)
def test_refusals_are_one_line(tmp_path: Path, game: Path, orders: Path, argv, capsys) -> None:
    (tmp_path / "foreign.json").write_text('{"format": "something else"}', encoding="utf-8")
    capsys.readouterr()
    code = main([a.replace("{tmp}", str(tmp_path)) for a in argv])
    err = capsys.readouterr().err
    assert code == 1
    assert err.startswith("tabletop: ") and err.count("\n") == 1, err
    assert (tmp_path / "foreign.json").read_text(encoding="utf-8") == '{"format": "something else"}'


def test_game_over_is_refused(tmp_path: Path, orders: Path, capsys) -> None:
    path = tmp_path / "over.json"
    path.write_text(json.dumps({"presences": {"France": ["Algeria"]}, "game_over": True}))
    assert main(["africa", "resolve", str(path), str(orders)]) == 1
    assert "the game is over" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["africa", "resolve"],
        ["africa", "new", "--start", "random"],
        ["africa", "check", "a.json"],
    ],
)
def test_usage_errors_exit_2_with_one_line(argv, capsys) -> None:
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error:" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "argv", [["africa"], ["africa", "x"], ["africa", "score", "a.json", "--bogus"]]
)
def test_unknown_command_exits_2(argv, capsys) -> None:
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_subprocess_resolve_example(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tabletop.cli",
            "africa",
            "resolve",
            str(EXAMPLE_GAME),
            str(EXAMPLE_ORDERS),
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert tuple(data) == (*REPORT_KEYS, "instructions") and data["round"] == 4
    bad = subprocess.run(
        [sys.executable, "-m", "tabletop.cli", "africa", "score", str(tmp_path / "none.json")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert bad.stderr.count("\n") == 1


def test_own_board_file_end_to_end(tmp_path: Path, tiny, capsys) -> None:
    (tmp_path / "maps").mkdir()
    board_file = tmp_path / "maps" / "tiny.json"
    board_file.write_text(json.dumps(tiny.to_dict()), encoding="utf-8")
    game = tmp_path / "games" / "g.json"
    game.parent.mkdir()
    code = main(
        [
            "africa",
            "new",
            "--board",
            str(board_file),
            "--powers",
            "France,Germany,Italy",
            "-o",
            str(game),
        ]
    )
    assert code == 0
    assert json.loads(game.read_text(encoding="utf-8"))["state"]["board"] == "../maps/tiny.json"
    orders = tmp_path / "o.txt"
    orders.write_text("[France]\nPort -> Cove\n[Germany]\nBaie: develop\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["africa", "resolve", str(game), str(orders), "--write", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["new_presences"] == [{"power": "France", "territory": "Cove", "by": "explore"}]
    assert report["development"][0]["territory"] == "Bay"
    assert main(["africa", "board", "--board", str(board_file)]) == 0
    assert "tiny test board: 5 territories" in capsys.readouterr().out


def test_check_json(game: Path, tmp_path: Path, capsys) -> None:
    orders = tmp_path / "bad.txt"
    orders.write_text("[France]\nAlgeria: explore Egypt\nTogo: develop\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["africa", "check", str(game), str(orders), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["round"] == 1 and data["missing_sheets"] == ["Germany", "Italy"]
    assert [v["order"] for v in data["void_orders"]] == ["Algeria: explore Egypt", "Togo: develop"]


def test_huge_files_are_refused_before_reading(
    tmp_path: Path, game: Path, orders: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    # A 34 MB file of order lines took half a minute and printed two million void orders.
    huge = tmp_path / "huge.txt"
    huge.write_text("[France]\n" + "Algeria: develop\n" * 70_000, encoding="utf-8")  # > 1 MB
    before = game.read_bytes()
    for argv in (["check", str(game), str(huge)], ["resolve", str(game), str(huge), "--write"]):
        capsys.readouterr()
        assert main(["africa", *argv]) == 1
        err = capsys.readouterr().err
        assert err == f"tabletop: {huge}: too large for order sheets (more than 1 MB)\n"
    assert main(["africa", "equilibria", str(game), str(huge)]) == 1
    assert "too large for order sheets" in capsys.readouterr().err
    assert game.read_bytes() == before
    # Game files have their own, larger, limit (made small here to keep the test light).
    monkeypatch.setattr("tabletop.fileio.json_guard.MAX_JSON_BYTES", 1024 * 1024)
    big = tmp_path / "big.json"
    big.write_text(json.dumps({"presences": {}, "pad": "x" * (1024 * 1024)}), encoding="utf-8")
    assert main(["africa", "score", str(big)]) == 1
    assert "too large for a game file" in capsys.readouterr().err


def test_free_start_without_place_says_how(tmp_path: Path, capsys) -> None:
    argv = ["africa", "new", "--powers", "France,Germany,Italy", "--start", "free"]
    assert main([*argv, "-o", str(tmp_path / "x.json")]) == 1
    err = capsys.readouterr().err
    assert err == (
        "tabletop: a free start needs --place with one coastal territory per power, "
        'e.g. --place "France=...,Germany=..."\n'
    )
    assert not (tmp_path / "x.json").exists()


def test_check_text_in_french(tmp_path: Path, capsys) -> None:
    game = tmp_path / "example.json"
    game.write_bytes(Path(EXAMPLE_GAME).read_bytes())
    capsys.readouterr()
    assert main(["africa", "check", str(game), str(EXAMPLE_ORDERS), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    # Plurals from the catalog; no-break spaces before ":" and inside « » (French typography).
    assert out.startswith("Tour 4 (1895)\u00a0: 4 fiches lues.\n")
    assert "sheet(s)" not in out and "fiche(s)" not in out and "(line" not in out
    assert "  - France (ligne 20)\u00a0: «\u00a0Sahara: explore Mauretania\u00a0»\u00a0: " in out


EXAMPLE_ORDERS_DE = (
    Path(__file__).resolve().parents[3] / "examples" / "africa" / "orders_1895_de.txt"
)


def test_resolve_example_round_in_german(tmp_path: Path, capsys) -> None:
    # The example game's 1895 sheets written in German, resolved with German instructions:
    # German power names (state.py), German territory names (the board file's "de" names).
    game = tmp_path / "example.json"
    game.write_bytes(Path(EXAMPLE_GAME).read_bytes())
    capsys.readouterr()
    assert main(["africa", "resolve", str(game), str(EXAMPLE_ORDERS_DE), "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Runde 4 (1895): was auf dem Tisch zu tun ist\n")
    assert "\nNeue Präsenzen SETZEN:\n" in out and "\nKolonien GRÜNDEN:\n" in out
    assert "  - Frankreich in Ägypten SETZEN (Erkundung)\n" in out
    assert "  - Belgien in Sansibar SETZEN (Landung)\n" in out
    assert "  - 1 STIFT in Ägypten STECKEN (insgesamt 3/4)\n" in out
    assert "  - KOLONIE in Togo GRÜNDEN (Deutschland)\n" in out
    assert "Großbritannien NICHT in Sansibar SETZEN (Erkundung): sofort entfernt, " in out
    # The void orders quote the sheet as typed, the reasons in German.
    assert (
        "  - Frankreich: „Sahara: erkunden Mauretanien“: unbekanntes Gebiet „Mauretanien“\n" in out
    )
    assert "Elfenbeinküste ist nicht leer (Deutschland zu Rundenbeginn anwesend)" in out
    assert out.endswith("Als Nächstes: Runde 5 (1900).\n")
    for english in ("PLACE", "Egypt", "Germany", "Next:", "exploration"):
        assert english not in out
    # The same round as the English sheets: the German text is only another rendering.
    english_game = tmp_path / "english.json"
    english_game.write_bytes(Path(EXAMPLE_GAME).read_bytes())
    argv = ["africa", "resolve", "--json"]
    assert main([*argv, str(english_game), str(EXAMPLE_ORDERS)]) == 0
    from_english = json.loads(capsys.readouterr().out)
    assert main([*argv, str(game), str(EXAMPLE_ORDERS_DE)]) == 0
    from_german = json.loads(capsys.readouterr().out)
    assert from_german["instructions"] == from_english["instructions"]


def test_check_and_score_in_german(tmp_path: Path, capsys) -> None:
    game = tmp_path / "example.json"
    game.write_bytes(Path(EXAMPLE_GAME).read_bytes())
    capsys.readouterr()
    assert main(["africa", "check", str(game), str(EXAMPLE_ORDERS_DE), "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Runde 4 (1895): 4 Blätter gelesen.\nUngültige Befehle (2):\n")
    assert "  - Frankreich (Zeile 20): „Sahara: erkunden Mauretanien“: " in out
    assert main(["africa", "score", str(game), "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Macht" in out and "Frankreich" in out and "Power" not in out


def test_lang_offers_every_catalog(game: Path, orders: Path, capsys) -> None:
    from tabletop.i18n import available_languages

    assert {"en", "fr", "de"} <= set(available_languages())
    with pytest.raises(SystemExit) as caught:
        main(["africa", "resolve", str(game), str(orders), "--lang", "xx"])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'xx'" in err and "'de'" in err and len(err.splitlines()) == 1


def test_a_game_in_the_database_is_resolved_undone_and_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tabletop.cli import common

    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("TABLETOP_DATABASE_URL", raising=False)
    try:
        assert main(["africa", "new", "--powers", "France,Germany,Italy", "-o", "db:new"]) == 0
        assert "db:1" in capsys.readouterr().out
        orders = tmp_path / "orders.txt"
        orders.write_text(ORDERS.replace("[Italy]\nSomalia", "[Italy]\nLibya"), encoding="utf-8")
        file_copy = tmp_path / "copy.json"
        assert main(["games", "export", "1", "-o", str(file_copy)]) == 0
        capsys.readouterr()
        assert main(["africa", "resolve", "db:1", str(orders), "--write", "--json"]) == 0
        from_db = json.loads(capsys.readouterr().out)
        assert main(["africa", "resolve", str(file_copy), str(orders), "--json"]) == 0
        assert json.loads(capsys.readouterr().out) == from_db  # the same core, either way
        assert main(["africa", "score", "db:1", "--json"]) == 0
        capsys.readouterr()
        assert main(["africa", "undo", "db:1"]) == 0
        capsys.readouterr()
        assert main(["games", "show", "1"]) == 0
        shown = capsys.readouterr().out
        assert "resolve" in shown and "undo" in shown  # the undone round stays in the history
        big = tmp_path / "big.txt"
        big.write_text("[France]\n" + "x" * 70_000, encoding="utf-8")
        assert main(["africa", "check", "db:1", str(big)]) == 1
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "65,536" in err
    finally:
        common._close_stores()
        common._loaded.clear()
