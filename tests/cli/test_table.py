"""``tabletop table ...``: open a table, seal from seats, status, show, resolve, revoke, export;
every refusal one line and a non-zero status."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tabletop.cli.dispatch import main
from tabletop.games.africa1880.gamefile import EXAMPLE_GAME
from tabletop.games.africa1880.powers import lookup_power

ROOT = Path(__file__).resolve().parents[2]
SHEETS = (ROOT / "examples" / "africa" / "orders_1895.txt").read_text(encoding="utf-8")


def run(capsys: Any, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def example_sheets() -> dict[str, str]:
    blocks = re.split(r"\n(?=\[)", SHEETS)[1:]
    return {lookup_power(b.split("\n", 1)[0].strip("[]")): b for b in blocks}


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "tabletop.db")


def _new(capsys: Any, db: str, game: str = str(EXAMPLE_GAME)) -> dict[str, Any]:
    code, out, err = run(
        capsys, "table", "new", game, "--json", "--db", db, "--base-url", "http://h:8866"
    )
    assert code == 0, err
    return dict(json.loads(out))


def test_new_prints_the_host_and_every_seat(capsys: Any, db: str) -> None:
    table = _new(capsys, db)
    assert set(table) >= {"table", "round", "host", "seats"} and table["round"] == 4
    assert [s["power"] for s in table["seats"]] == ["Belgium", "France", "Germany", "Great Britain"]
    seat = table["seats"][0]
    assert set(seat) >= {"power", "token", "url"} and len(seat["token"]) == 32
    assert seat["url"] == (
        f"http://h:8866/voila/render/seat.ipynb?table={table['table']}&token={seat['token']}"
    )
    # A game of the database: db:ID (the file above became game 1).
    again = _new(capsys, db, "db:1")
    assert again["table"] == table["table"] + 1 and again["host"]["token"] != table["host"]["token"]
    code, out, _ = run(capsys, "table", "new", "db:1", "--db", db)
    assert code == 0 and "code" in out and "Shared screen" in out


def test_a_round_through_the_command_line_is_tabletop_africa_resolve(
    capsys: Any, db: str, tmp_path: Path
) -> None:
    table = _new(capsys, db)
    tid, host = str(table["table"]), table["host"]["token"]
    tokens = {s["power"]: s["token"] for s in table["seats"]}
    before = tmp_path / "before.json"
    assert run(capsys, "table", "export", tid, "-o", str(before), "--db", db)[0] == 0
    sheets = example_sheets()
    for power, text in sheets.items():
        path = tmp_path / f"{power}.txt"
        # The seat may leave its header out.
        path.write_text(text.split("\n", 1)[1], encoding="utf-8")
        code, out, err = run(
            capsys, "table", "seal", tid, "--token", tokens[power], str(path), "--db", db
        )
        assert code == 0 and "Sealed" in out, err
    code, out, _ = run(capsys, "table", "status", tid, "--json", "--db", db)
    status = json.loads(out)
    assert status["round"] == 4 and status["waiting"] == [] and len(status["sealed"]) == 4
    assert "Algeria" not in out and "develop" not in out
    code, out, _ = run(
        capsys, "table", "show", tid, "--token", tokens["France"], "--json", "--db", db
    )
    view = json.loads(out)
    assert view["seat"] == "France" and "Algeria: develop" in view["own_sheet"]
    assert "Congo" not in view["own_sheet"] and "Togo: d" not in out
    code, resolved, err = run(
        capsys, "table", "resolve", tid, "--token", host, "--json", "--db", db
    )
    assert code == 0, err
    # The same sheets through `tabletop africa resolve --json`: exactly the same JSON.
    orders = tmp_path / "orders.txt"
    orders.write_text(SHEETS, encoding="utf-8")
    code, direct, err = run(capsys, "africa", "resolve", str(before), str(orders), "--json")
    assert code == 0, err
    assert json.loads(resolved) == json.loads(direct)
    code, _, err = run(capsys, "table", "resolve", tid, "--token", host, "--round", "4", "--db", db)
    assert code == 1 and "already resolved" in err and err.count("\n") == 1
    after = tmp_path / "after.json"
    assert run(capsys, "table", "export", tid, "-o", str(after), "--db", db)[0] == 0
    assert json.loads(after.read_text())["state"]["round"] == 5


def test_refusals_are_one_line_and_non_zero(capsys: Any, db: str, tmp_path: Path) -> None:
    table = _new(capsys, db)
    tid, host = str(table["table"]), table["host"]["token"]
    france = next(s for s in table["seats"] if s["power"] == "France")
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("[Germany]\nTogo: develop\n", encoding="utf-8")
    cases = [
        (("table", "seal", tid, "--token", france["token"], str(wrong)), "headed Germany"),
        (("table", "show", tid, "--token", "not-a-token"), "does not open table"),
        (("table", "resolve", tid, "--token", host), "waiting for Belgium"),
        (("table", "resolve", tid, "--token", host, "--force"), "add --round 4 to resolve it"),
        (("table", "resolve", tid, "--token", france["token"]), "host token does not open"),
        (("table", "status", "99"), "no table 99"),
        (("table", "revoke", tid, "--token", host, "--seat", "Narnia"), "Narnia"),
        (("table", "new", str(tmp_path / "missing.json")), "missing.json"),
    ]
    for argv, message in cases:
        code, out, err = run(capsys, *argv, "--db", db)
        assert code == 1 and message in err and err.count("\n") == 1, (argv, err)
        assert "Traceback" not in err
    code, out, err = run(
        capsys,
        "table",
        "resolve",
        tid,
        "--token",
        host,
        "--force",
        "--round",
        "4",
        "--json",
        "--db",
        db,
    )
    assert code == 0 and json.loads(out)["round"] == 4, err


def test_revoke_gives_a_new_link_and_refuses_the_old_one(
    capsys: Any, db: str, tmp_path: Path
) -> None:
    table = _new(capsys, db)
    tid, host = str(table["table"]), table["host"]["token"]
    old = next(s for s in table["seats"] if s["power"] == "France")
    code, out, err = run(
        capsys,
        "table",
        "revoke",
        tid,
        "--token",
        host,
        "--seat",
        "france",
        "--json",
        "--db",
        db,
        "--base-url",
        "http://h:8866",
    )
    assert code == 0, err
    new = json.loads(out)
    assert new["power"] == "France" and new["token"] != old["token"] and new["token"] in new["url"]
    sheet = tmp_path / "s.txt"
    sheet.write_text("Algeria: develop\n", encoding="utf-8")
    code, _, err = run(
        capsys, "table", "seal", tid, "--token", old["token"], str(sheet), "--db", db
    )
    assert code == 1 and "replaced by the host" in err
    code, _, err = run(capsys, "table", "seal", tid, "--token", new["code"], str(sheet), "--db", db)
    assert code == 0, err


def test_seal_says_replacing_only_for_a_second_seal_of_the_same_round(
    capsys: Any, db: str, tmp_path: Path
) -> None:
    table = _new(capsys, db)
    tid, host = str(table["table"]), table["host"]["token"]
    france = next(s for s in table["seats"] if s["power"] == "France")["token"]
    sheet = tmp_path / "s.txt"
    sheet.write_text("Algeria: develop\n", encoding="utf-8")

    def seal(*extra: str) -> str:
        code, out, err = run(capsys, "table", "seal", tid, "--token", france, str(sheet), *extra)
        assert code == 0, err
        return out

    assert seal("--db", db) == "Sealed France's sheet for round 4.\n"
    assert seal("--db", db) == "Sealed France's sheet for round 4 (replacing the earlier one).\n"
    receipt = json.loads(seal("--json", "--db", db))
    assert (receipt["round"], receipt["rev"], receipt["replaced"]) == (4, 3, True)
    code, _, err = run(
        capsys, "table", "resolve", tid, "--token", host, "--force", "--round", "4", "--db", db
    )
    assert code == 0, err
    # Round 5: this seat has sealed three times before (rev 3), but never this round.
    receipt = json.loads(seal("--json", "--db", db))
    assert (receipt["round"], receipt["rev"], receipt["replaced"]) == (5, 4, False)
    assert seal("--db", db) == "Sealed France's sheet for round 5 (replacing the earlier one).\n"
    # A seat sealing for the first time, after other seats sealed: no "replacing" either.
    germany = next(s for s in table["seats"] if s["power"] == "Germany")["token"]
    sheet.write_text("Togo: develop\n", encoding="utf-8")
    code, out, err = run(capsys, "table", "seal", tid, "--token", germany, str(sheet), "--db", db)
    assert code == 0 and out == "Sealed Germany's sheet for round 5.\n", err
