"""``tabletop class ...``: a whole class driven from the command line (SQLite and PostgreSQL),
and every refusal one line with the exit status of the other commands (1 refused, 2 usage)."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from store.conftest import pg_database, pg_server_url  # noqa: F401 - fixtures used here

import tabletop.store.classroom as store_classroom
from tabletop.cli.classroom import (
    STRATEGIES,
    STUDENT_TOKEN_VARIABLE,
    TEACHER_TOKEN_VARIABLE,
    pick_action,
)
from tabletop.cli.dispatch import main

ROOT = Path(__file__).resolve().parents[2]
NICKNAMES = ("Ana", "Ben", "Cy", "Di")


def run(capsys: Any, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: Any, *argv: str) -> str:
    """The one line of a refusal (exit status 1, no traceback)."""
    code, out, err = run(capsys, *argv)
    assert code == 1, (out, err)
    assert err.count("\n") == 1 and err.startswith("tabletop: ") and "Traceback" not in err, err
    return err.strip()


@pytest.fixture(params=("sqlite", "postgresql"))
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A URL of an empty database: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "tabletop.db")
    return str(request.getfixturevalue("pg_database"))


@pytest.fixture(autouse=True)
def pages_stay_present(monkeypatch: pytest.MonkeyPatch) -> None:
    """A student joined from the command line has no page sending its pulse: they count as
    present however long the test takes (the absence rule has its own tests)."""
    monkeypatch.setattr(store_classroom, "PRESENT_SECONDS", 10**6)
    monkeypatch.delenv(TEACHER_TOKEN_VARIABLE, raising=False)
    monkeypatch.delenv(STUDENT_TOKEN_VARIABLE, raising=False)


def new_class(capsys: Any, db: str, rounds: int = 3) -> dict[str, Any]:
    code, out, err = run(
        capsys,
        "class",
        "new",
        "africa-two-full",
        "--rounds",
        str(rounds),
        "--seed",
        "5",
        "--json",
        "--db",
        db,
        "--base-url",
        "http://h:8866",
    )
    assert code == 0, err
    return dict(json.loads(out))


def join_all(capsys: Any, db: str, made: dict[str, Any]) -> dict[str, str]:
    tokens = {}
    for name in NICKNAMES:
        code, out, err = run(
            capsys, "class", "join", str(made["class"]), made["code"], name, "--json", "--db", db
        )
        assert code == 0, err
        joined = json.loads(out)
        assert joined["nickname"] == name and joined["url"].endswith(f"student={joined['token']}")
        tokens[name] = joined["token"]
    return tokens


def status(capsys: Any, db: str, made: dict[str, Any]) -> dict[str, Any]:
    code, out, err = run(
        capsys, "class", "status", str(made["class"]), "--token", made["teacher_token"], "--json",
        "--db", db,
    )  # fmt: skip
    assert code == 0, err
    return dict(json.loads(out))


def test_a_whole_class_from_the_command_line(capsys: Any, db: str, tmp_path: Path) -> None:
    made = new_class(capsys, db)
    cid, host = str(made["class"]), made["teacher_token"]
    assert made["join_url"] == (
        f"http://h:8866/voila/render/student.ipynb?class={cid}&join={made['join_token']}"
    )
    assert made["teacher_url"].endswith(f"classroom.ipynb?class={cid}&token={host}")
    assert made["join_urls"] == [made["join_url"]]
    assert len(made["code"]) == 6
    tokens = join_all(capsys, db, made)
    teacher = ("--token", host, "--db", db)

    code, out, _ = run(capsys, "class", "status", cid, *teacher)
    assert code == 0 and "no round played yet (3 rounds)" in out and "Joined 4" in out
    code, out, _ = run(capsys, "class", "qre", cid, *teacher)
    assert (
        code == 0 and "No student's choice yet" in out and "war            -   1.000       -" in out
    )
    # Before any round: a choice is refused, and says why.
    assert "no round is open" in refused(
        capsys, "class", "play", cid, "--token", tokens["Ana"], "war", "--db", db
    )

    # Round 1: everyone chooses; Ben changes his mind (by the action's number).
    code, out, _ = run(capsys, "class", "next", cid, *teacher)
    assert code == 0 and out == "Round 1 of 3 open: 2 groups.\n"
    played = {"Ana": "war", "Ben": "war", "Cy": "alliance", "Di": "WAR"}
    for name, choice in played.items():
        code, out, err = run(
            capsys, "class", "play", cid, "--token", tokens[name], choice, "--db", db
        )
        assert code == 0 and f"{name} (" in out and "in round 1" in out, err
    assert "is not a choice of" in refused(
        capsys, "class", "play", cid, "--token", tokens["Cy"], "peace", "--db", db
    )
    assert "(alliance, war)" in refused(
        capsys, "class", "play", cid, "--token", tokens["Cy"], "3", "--db", db
    )
    code, out, _ = run(
        capsys, "class", "play", cid, "--token", tokens["Ben"], "1", "--json", "--db", db
    )
    assert code == 0 and json.loads(out)["choice"] == "alliance"
    view = status(capsys, db, made)
    assert (view["round"], view["open"], view["submitted"], view["waiting"]) == (1, True, 4, [])
    assert "choice" not in json.dumps(view)  # the teacher sees who, never what, while open

    code, out, _ = run(capsys, "class", "next", cid, *teacher)
    assert out == "Round 1 closed (4 chosen).\nRound 2 of 3 open: 2 groups.\n"
    chosen = {"Ana": "war", "Ben": "alliance", "Cy": "alliance", "Di": "war"}
    view = status(capsys, db, made)
    assert set(view["counts"]["1"]) <= {"France", "Great Britain"}
    assert sum(sum(c.values()) for c in view["counts"]["1"].values()) == 4
    assert sorted(
        a for counts in view["counts"]["1"].values() for a, n in counts.items() for _ in range(n)
    ) == sorted(chosen.values())

    # Round 2: two choose, the computer plays for the other two.
    for name in ("Ana", "Cy"):
        assert run(capsys, "class", "play", cid, "--token", tokens[name], "war", "--db", db)[0] == 0
    code, out, _ = run(capsys, "class", "status", cid, *teacher)
    assert "Chosen 2 of 4 seated." in out and "Round 1: " in out
    waiting = out.split("Still choosing: ")[1].splitlines()[0].split(", ")
    assert sorted(waiting) == ["Ben", "Di"]
    code, out, _ = run(capsys, "class", "next", cid, *teacher)
    assert out == (
        "Round 2 closed (2 chosen; the computer chose for 2 missing).\n"
        "Round 3 of 3 open: 2 groups.\n"
    )

    # Round 3, the last: nobody chooses; then the game is over and stays so.
    code, out, _ = run(capsys, "class", "next", cid, *teacher, "--json")
    done = json.loads(out)
    assert done["closed"] == {"round": 3, "seats": 4} and done["opened"] is None
    assert done["finished"] is True
    code, out, _ = run(capsys, "class", "next", cid, *teacher)
    assert code == 0 and "over after its 3 rounds" in out and "closed" not in out
    assert f"class game {cid} is over" in refused(
        capsys, "class", "play", cid, "--token", tokens["Ana"], "war", "--db", db
    )
    assert status(capsys, db, made)["finished"] is True

    # The export: every seat of every round; refused over a file unless --force.
    target = tmp_path / "out" / "class.csv"
    code, out, _ = run(capsys, "class", "export", cid, *teacher, "-o", str(target))
    assert code == 0 and "12 rows" in out
    rows = list(csv.DictReader(io.StringIO(target.read_text(encoding="utf-8"))))
    assert len(rows) == 12 and {r["round"] for r in rows} == {"1", "2", "3"}
    first = {r["nickname"]: r["action"] for r in rows if r["round"] == "1"}
    assert first == chosen
    second = {r["nickname"]: r["action"] for r in rows if r["round"] == "2"}
    assert second["Ana"] == second["Cy"] == "war"
    assert {r["nickname"] for r in rows if r["round"] == "2" and r["by_computer"] == "1"} == {
        "Ben (computer)",
        "Di (computer)",
    }
    target.write_text("kept\n", encoding="utf-8")
    assert "already exists" in refused(capsys, "class", "export", cid, *teacher, "-o", str(target))
    assert target.read_text(encoding="utf-8") == "kept\n"
    code, _, _ = run(capsys, "class", "export", cid, *teacher, "-o", str(target), "--force")
    code, out, _ = run(capsys, "class", "export", cid, *teacher, "-o", "-")
    assert code == 0 and out == target.read_text(encoding="utf-8") and out.count("\n") == 13

    # What theory says beside what the class did: the students' 6 choices, pooled (the two
    # sides of this game are alike), and the QRE that explains them best.
    code, out, _ = run(capsys, "class", "qre", cid, *teacher, "--json")
    theory = json.loads(out)
    assert code == 0 and theory["rounds"] == [1, 2, 3] and theory["pooled"] is True
    (pooled,) = theory["populations"]
    assert pooled["actions"] == ["alliance", "war"] and pooled["counts"] == [2, 4]
    assert pooled["class"] == pytest.approx([1 / 3, 2 / 3])
    assert pooled["prediction"] == [0.0, 1.0]  # war dominates
    check_the_fit(theory)
    human = run(capsys, "class", "qre", cid, *teacher)[1]
    assert f"lambda = {theory['qre']['lambda']:.3g}" in human and "from 6 choices." in human
    assert "alliance   0.333   0.000" in human
    code, out, _ = run(capsys, "class", "export", cid, *teacher, "-o", "-", "--table", "qre")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["action"], r["count"]) for r in rows] == [("alliance", "2"), ("war", "4")]
    assert float(rows[0]["lambda"]) == pytest.approx(theory["qre"]["lambda"], rel=1e-5)


def check_the_fit(theory: dict[str, Any]) -> None:
    """The printed fit is the QRE at the printed lambda, its log-likelihood is the choices'
    under that profile, and no lambda nearby on the branch explains them better."""
    import math

    from tabletop.classroom.games import preset
    from tabletop.classroom.qre import population_game, qre_profile

    game = population_game(preset(theory["game"]))
    fit = theory["qre"]
    counts = [p["counts"] for p in theory["populations"]]

    def log_likelihood(lam: float) -> float:
        profile = qre_profile(game, lam)
        return sum(
            n * math.log(q)
            for c, m in zip(counts, profile, strict=True)
            for n, q in zip(c, m, strict=True)
            if n
        )

    lam = fit["lambda"]
    profile = [list(m) for m in qre_profile(game, lam)]
    assert [p["qre"] for p in theory["populations"]] == [
        pytest.approx(m, abs=1e-6) for m in profile
    ]
    assert fit["log_likelihood"] == pytest.approx(log_likelihood(lam), abs=1e-6)
    for nearby in (lam * 0.9, lam * 1.1, lam + 0.05):
        assert log_likelihood(nearby) <= fit["log_likelihood"] + 1e-9
    uniform = sum(n * math.log(1 / len(c)) for c in counts for n in c)
    assert fit["log_likelihood_uniform"] == pytest.approx(uniform)
    assert fit["lr_uniform"] == pytest.approx(2 * (fit["log_likelihood"] - uniform))


def test_refusals_are_one_line_with_the_right_status(
    capsys: Any, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = new_class(capsys, db, rounds=1)
    cid, host = str(made["class"]), made["teacher_token"]
    tokens = join_all(capsys, db, made)
    on = ("--db", db)
    assert "there is no class game 99" in refused(
        capsys, "class", "status", "99", "--token", host, *on
    )
    assert "does not open this class game" in refused(
        capsys, "class", "status", cid, "--token", "not-the-token", *on
    )
    # A student's token is not the teacher's, nor a class code.
    assert "does not open" in refused(capsys, "class", "next", cid, "--token", tokens["Ana"], *on)
    assert "does not open" in refused(capsys, "class", "join", cid, "WRONG1", "Eve", *on)
    assert "taken" in refused(capsys, "class", "join", cid, made["code"], "ana", *on)
    assert "give the teacher's token" in refused(capsys, "class", "status", cid, *on)
    assert "give the student's token" in refused(capsys, "class", "play", cid, "war", *on)
    assert "unknown class game 'chess'" in refused(capsys, "class", "new", "chess", *on)
    assert "--yes" in refused(capsys, "class", "delete", cid, "--token", host, *on)
    # Usage errors: status 2, one line.
    for argv in (["status", "x"], ["new", "africa-two", "--rounds", "0"], ["play", cid]):
        with pytest.raises(SystemExit) as stop:
            main(["class", *argv, *on])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "error:" in err, err

    # The credentials from the environment (off the command line).
    monkeypatch.setenv(TEACHER_TOKEN_VARIABLE, host)
    assert run(capsys, "class", "next", cid, *on)[0] == 0
    monkeypatch.setenv(STUDENT_TOKEN_VARIABLE, tokens["Di"])
    code, out, _ = run(capsys, "class", "play", cid, "alliance", *on)
    assert code == 0 and out.startswith("Di (")
    assert run(capsys, "class", "next", cid, *on)[0] == 0  # closes the only round: over
    assert "is over" in refused(capsys, "class", "play", cid, "war", *on)
    code, out, _ = run(capsys, "class", "delete", cid, "--yes", *on)
    assert code == 0 and "deleted" in out
    assert f"there is no class game {cid}" in refused(capsys, "class", "status", cid, *on)


def test_a_class_split_over_servers_has_a_join_link_per_server(capsys: Any, tmp_path: Path) -> None:
    db = str(tmp_path / "tabletop.db")
    servers = ("http://a.lan:8866", "https://b.lan:9000/")
    urls = [w for server in servers for w in ("--base-url", server)]
    code, out, _ = run(capsys, "class", "new", "africa-two", "--json", "--db", db, *urls)
    made = json.loads(out)
    query = f"/voila/render/student.ipynb?class={made['class']}&join={made['join_token']}"
    assert made["join_urls"] == ["http://a.lan:8866" + query, "https://b.lan:9000" + query]
    assert made["join_url"] == made["join_urls"][0]
    assert made["teacher_url"].startswith("http://a.lan:8866/")
    code, out, _ = run(capsys, "class", "new", "africa-two", "--db", db, *urls)
    assert (
        code == 0 and "group 1: http://a.lan:8866/" in out and "group 2: https://b.lan:9000/" in out
    )


def test_games_lists_the_keys_new_takes(capsys: Any, tmp_path: Path) -> None:
    from tabletop.classroom.games import PRESETS

    code, out, _ = run(capsys, "class", "games", "--json")
    assert code == 0 and [g["game"] for g in json.loads(out)] == list(PRESETS)
    code, out, _ = run(capsys, "class", "games")
    assert [line.split()[0] for line in out.splitlines()] == list(PRESETS)


def test_pick_action_takes_a_name_in_any_case_or_a_number() -> None:
    actions = ["c2", "c2 + c3", "no guard"]
    assert pick_action(actions, "c2 + c3") == "c2 + c3"
    assert pick_action(actions, "  NO   guard ") == "no guard"
    assert pick_action(actions, "3") == "no guard"
    assert pick_action(actions, "4") == "4"  # refused by the class game, with the list
    assert pick_action([], "war") == "war"  # no seat: the class game says why


def python_module(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """``python -m tabletop.cli ARGV`` in a fresh process (the real entry point)."""
    env = {**os.environ, "HOME": str(tmp_path), "TABLETOP_DATA_DIR": str(tmp_path / "data")}
    env.pop("TABLETOP_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "tabletop.cli", *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def test_the_real_command_refuses_in_one_line(tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    made = python_module(tmp_path, "class", "new", "massai-two-huts", "--json", "--db", db)
    assert made.returncode == 0, made.stderr
    cid = str(json.loads(made.stdout)["class"])
    done = python_module(tmp_path, "class", "status", "7", "--token", "x", "--db", db)
    assert (done.returncode, done.stdout, done.stderr) == (
        1,
        "",
        "tabletop: there is no class game 7\n",
    )
    done = python_module(tmp_path, "class", "next", cid, "--token", "x", "--db", db)
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    helped = python_module(tmp_path, "class", "status", "--help")
    assert helped.returncode == 0 and "TABLETOP_CLASS_TOKEN" in helped.stdout
    assert "visible to the other users" in " ".join(helped.stdout.split())


def test_class_help_loads_no_database_or_numerics(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys\nfrom tabletop.cli.dispatch import main\n"
            "try:\n    main(['class', '--help'])\nexcept SystemExit:\n    pass\n"
            "print('LOADED', *[m for m in ('sqlalchemy', 'numpy', 'scipy', 'tabletop.store')"
            " if m in sys.modules])",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout.splitlines()[-1] == "LOADED", done.stdout + done.stderr


def test_the_strategies_offered_are_the_stand_ins_own() -> None:
    from tabletop.classroom.standins import Strategy

    assert STRATEGIES == tuple(str(s) for s in Strategy)


def test_the_room_a_message_stand_ins_and_a_rejoin_link(capsys: Any, db: str) -> None:
    made = new_class(capsys, db, rounds=2)
    cid, host = str(made["class"]), made["teacher_token"]
    tokens = join_all(capsys, db, made)
    teacher = ("--token", host, "--db", db)

    # A message on every phone, then off; refusals in one line.
    code, out, _ = run(capsys, "class", "message", cid, *teacher, "Last round in five minutes")
    assert code == 0 and "'Last round in five minutes'" in out
    code, out, _ = run(capsys, "class", "show", cid, "--token", tokens["Cy"], "--db", db)
    assert "Message from the teacher: Last round in five minutes" in out
    assert "Waiting for the next round." in out and "Your total: 0." in out
    assert "Message on the phones: Last round" in run(capsys, "class", "status", cid, *teacher)[1]
    assert "at most 280" in refused(capsys, "class", "message", cid, *teacher, "x" * 281)
    code, out, _ = run(capsys, "class", "message", cid, *teacher, " ")
    assert code == 0 and "off the phones" in out
    code, out, _ = run(capsys, "class", "show", cid, "--token", tokens["Cy"], "--json", "--db", db)
    assert json.loads(out)["message"] is None

    # Two stand-ins playing the prediction sit from the next round, marked everywhere.
    code, out, _ = run(capsys, "class", "standins", cid, *teacher, "2", "--strategy", "nash")
    assert code == 0 and "Stand-in 1, Stand-in 2 added, playing nash" in out
    assert "add 1 to 40" in refused(capsys, "class", "standins", cid, *teacher, "41")
    code, out, _ = run(capsys, "class", "status", cid, *teacher)
    assert "Stand-ins: Stand-in 1 (nash), Stand-in 2 (nash)" in out and "Joined 6" in out
    code, out, _ = run(capsys, "class", "next", cid, *teacher)
    assert out == "Round 1 of 2 open: 3 groups.\n"
    view = status(capsys, db, made)
    assert view["seated"] == 6 and view["submitted"] == 2  # the stand-ins chose at the opening
    for name in NICKNAMES:
        run(capsys, "class", "play", cid, "--token", tokens[name], "war", "--db", db)

    # Ana's phone died: a new link to her seat; the old one opens nothing from now on.
    code, out, _ = run(capsys, "class", "rejoin", cid, *teacher, "ana", "--json")
    back = json.loads(out)
    assert code == 0 and back["nickname"] == "Ana" and back["token"] != tokens["Ana"]
    assert back["url"].endswith(f"student.ipynb?class={cid}&student={back['token']}")
    assert "does not open" in refused(
        capsys, "class", "show", cid, "--token", tokens["Ana"], "--db", db
    )
    code, out, _ = run(capsys, "class", "show", cid, "--token", back["token"], "--db", db)
    assert "Your choice: war" in out and out.startswith(f"Ana, class game {cid}: round 1 of 2.")
    assert "no student of this class game is called" in refused(
        capsys, "class", "rejoin", cid, *teacher, "Zed"
    )
    assert "is a stand-in" in refused(capsys, "class", "rejoin", cid, *teacher, "Stand-in 1")

    code, out, _ = run(capsys, "class", "next", cid, *teacher)
    assert out.startswith("Round 1 closed (6 chosen).\n")
    code, out, _ = run(capsys, "class", "show", cid, "--token", back["token"], "--db", db)
    assert "Round 1: you (" in out and "chose war, paid" in out
    # The export leaves the stand-ins out unless asked.
    code, plain, _ = run(capsys, "class", "export", cid, *teacher, "-o", "-")
    code, everyone, _ = run(capsys, "class", "export", cid, *teacher, "-o", "-", "--standins")
    rows = list(csv.DictReader(io.StringIO(everyone)))
    assert len(rows) == 6 and sum(r["standin"] == "1" for r in rows) == 2
    assert "Stand-in" not in plain and len(plain.splitlines()) == 1 + 4


def test_a_class_of_one_plays_against_an_earlier_class(capsys: Any, db: str) -> None:
    earlier = new_class(capsys, db, rounds=1)
    eid = str(earlier["class"])
    tokens = join_all(capsys, db, earlier)
    assert (
        run(capsys, "class", "next", eid, "--token", earlier["teacher_token"], "--db", db)[0] == 0
    )
    for name in NICKNAMES:
        run(capsys, "class", "play", eid, "--token", tokens[name], "alliance", "--db", db)
    assert (
        run(capsys, "class", "next", eid, "--token", earlier["teacher_token"], "--db", db)[0] == 0
    )
    code, out, _ = run(capsys, "class", "earlier", "africa-two-full", "--json", "--db", db)
    assert json.loads(out)[0]["class"] == int(eid) and json.loads(out)[0]["choices"] == 4
    code, out, _ = run(capsys, "class", "earlier", "massai-two-huts", "--db", db)
    assert out == "No earlier class game of massai-two-huts has stored choices.\n"

    code, out, err = run(
        capsys, "class", "new", "africa-two-full", "--partners-from", eid, "--json", "--db", db
    )
    made = json.loads(out)
    assert code == 0 and made["partners_from"] == [int(eid)], err
    cid, host = str(made["class"]), made["teacher_token"]
    code, out, _ = run(capsys, "class", "join", cid, made["code"], "Solo", "--json", "--db", db)
    solo = json.loads(out)["token"]
    assert run(capsys, "class", "next", cid, "--token", host, "--db", db)[0] == 0
    assert run(capsys, "class", "play", cid, "--token", solo, "war", "--db", db)[0] == 0
    assert run(capsys, "class", "next", cid, "--token", host, "--db", db)[0] == 0
    code, out, _ = run(capsys, "class", "show", cid, "--token", solo, "--db", db)
    assert "chose war, paid" in out  # against a stored alliance of the earlier class
    view = status(capsys, db, {"class": made["class"], "teacher_token": host})
    assert view["stored"]["1"] == [[int(eid), 1]]
    assert (
        "Partners from the stored choices of class game(s)"
        in (run(capsys, "class", "status", cid, "--token", host, "--db", db)[1])
    )
    assert "has no stored choices of this game" in refused(
        capsys, "class", "new", "massai-two-huts", "--partners-from", eid, "--db", db
    )


def test_the_class_family_alone_parses_as_the_whole_command() -> None:
    """``tabletop class ...`` builds only its own family's parser; the same arguments result."""
    from tabletop.cli.dispatch import build_parser

    for argv in (
        ["class", "new", "africa-two", "--rounds", "2", "--base-url", "http://a", "--json"],
        ["class", "play", "3", "--token", "t", "war"],
        ["class", "standins", "3", "4", "--strategy", "best-response"],
        ["class", "export", "3", "-o", "-", "--table", "qre"],
    ):
        alone = build_parser(("class",)).parse_args(argv)
        assert vars(alone) == vars(build_parser().parse_args(argv)), argv
