"""The ``tabletop`` command loads SciPy only for the game-theory sub-commands that need it, and
``tabletop --help`` (or a family's help that needs no numerics) loads none of the numerics, the
rules cores' adjudication or the server."""

from __future__ import annotations

import argparse
import subprocess
import sys
import textwrap
from pathlib import Path

from tabletop.analysis import africa_diplomacy, massai_attack
from tabletop.cli import analysis as cli_analysis
from tabletop.cli.dispatch import FAMILIES, build_parser

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tabletop" / "games" / "africa1880" / "data"


def run_python(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter (nothing imported yet), from the repository."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)},
    )


def test_importing_the_command_does_not_load_scipy(tmp_path: Path) -> None:
    done = run_python(
        """
        import sys
        import tabletop.cli
        tabletop.cli.build_parser()
        print("scipy" in sys.modules, "tabletop.analysis" in sys.modules)
        """,
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "False"]


def test_everyday_commands_do_not_load_scipy_but_attack_game_does(tmp_path: Path) -> None:
    game = tmp_path / "massai.json"
    done = run_python(
        f"""
        import sys
        from tabletop.cli.dispatch import main
        codes = [
            main(["massai", "new", "-o", {str(game)!r}]),
            main(["massai", "show", {str(game)!r}]),
            main(["africa", "check", {str(DATA / "example_game.json")!r},
                  {str(DATA / "example_orders_1895.txt")!r}]),
        ]
        print("RESULT", codes, "scipy" in sys.modules)
        main(["massai", "attack-game", {str(game)!r}])  # refused: the game is in its setup
        print("RESULT", "scipy" in sys.modules)
        """,
        tmp_path,
    )
    results = [line for line in done.stdout.splitlines() if line.startswith("RESULT")]
    assert results == ["RESULT [0, 0, 0] False", "RESULT True"], done.stdout + done.stderr
    assert "setup phase" in done.stderr


def test_option_choices_and_defaults_match_the_analysis_modules() -> None:
    assert cli_analysis.PAYOFFS == africa_diplomacy.PAYOFFS
    assert cli_analysis.DEFAULT_LIMIT == africa_diplomacy.DEFAULT_LIMIT
    assert cli_analysis.ELIMINATION_WORK == africa_diplomacy.ELIMINATION_WORK
    assert cli_analysis.EVALUATIONS == massai_attack.EVALUATIONS


#: Modules a help or a usage error must not import: the numerics, the Africa 1880 adjudicator and
#: notation, the database, the dashboards' server.
HEAVY = (
    "numpy",
    "scipy",
    "tabletop.games.africa1880.adjudicate",
    "tabletop.games.africa1880.notation",
    "tabletop.games.massai.rules",
    "tabletop.store",
    "sqlalchemy",
    "tabletop.server",
    "voila",
)


def heavy_modules_after(argv: list[str], tmp_path: Path) -> list[str]:
    """Which of :data:`HEAVY` a fresh interpreter holds after ``tabletop ARGV`` (which exits)."""
    done = run_python(
        f"""
        import sys
        from tabletop.cli.dispatch import main
        try:
            main({argv!r})
        except SystemExit as stop:
            print("EXIT", stop.code, file=sys.stderr)
        print("LOADED", *[m for m in {HEAVY!r} if m in sys.modules])
        """,
        tmp_path,
    )
    assert "EXIT" in done.stderr, done.stdout + done.stderr
    loaded = [line for line in done.stdout.splitlines() if line.startswith("LOADED")]
    assert len(loaded) == 1, done.stdout + done.stderr
    return loaded[0].split()[1:]


def test_help_imports_no_numerics_rules_or_server(tmp_path: Path) -> None:
    assert heavy_modules_after(["--help"], tmp_path) == []


def test_usage_errors_import_no_family(tmp_path: Path) -> None:
    assert heavy_modules_after([], tmp_path) == []
    assert heavy_modules_after(["bogus"], tmp_path) == []


def test_database_families_help_imports_no_numerics_or_rules(tmp_path: Path) -> None:
    assert heavy_modules_after(["games", "--help"], tmp_path) == []
    assert heavy_modules_after(["table", "--help"], tmp_path) == []


def test_a_family_asked_for_is_imported(tmp_path: Path) -> None:
    """The check above can fail: naming the africa family imports its rules."""
    assert "tabletop.games.africa1880.adjudicate" in heavy_modules_after(
        ["africa", "--help"], tmp_path
    )


def test_help_lines_listed_are_those_the_families_register() -> None:
    """``tabletop --help`` lists :data:`FAMILIES` without importing them: the same lines as the
    parser built with every family."""

    def listed(parser: argparse.ArgumentParser) -> dict[str, str | None]:
        (families,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        return {choice.dest: choice.help for choice in families._choices_actions}

    assert listed(build_parser()) == listed(build_parser(())) == FAMILIES


def test_each_family_alone_parses_its_commands() -> None:
    """A parser built for one family parses that family's command lines as the full one does."""
    for argv in (
        ["africa", "score", "game.json"],
        ["massai", "attack-game", "game.json"],
        ["africa", "equilibria", "game.json", "orders.txt"],
        ["games", "list"],
        ["table", "status", "1"],
        ["serve", "--port", "8899"],
    ):
        alone = build_parser((argv[0],)).parse_args(argv)
        full = build_parser().parse_args(argv)
        assert vars(alone) == vars(full), argv
