"""The ``tabletop`` command loads SciPy only for the game-theory sub-commands that need it."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from tabletop.analysis import africa_diplomacy, massai_attack
from tabletop.cli import analysis as cli_analysis

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
