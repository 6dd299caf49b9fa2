"""The schema library is imported without its slow optional IRI checker (first load of a page)."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import sys
from tabletop.games.africa1880.gamefile import EXAMPLE_GAME, load_game_bytes
load_game_bytes(EXAMPLE_GAME.read_bytes())
print("rfc3987_syntax" in sys.modules)
try:
    import rfc3987_syntax  # noqa: F401  # still importable afterwards, by anyone who wants it
    print("importable")
except ImportError:
    print("absent")
"""


def test_loading_a_game_skips_the_iri_parser_and_leaves_it_importable() -> None:
    out = subprocess.run(
        [sys.executable, "-c", CODE], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out[0] == "False"
    # Where the package is installed it must import normally after our load (nothing poisoned).
    assert out[1] in {"importable", "absent"}
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            "import importlib.util as u; print(bool(u.find_spec('rfc3987_syntax')))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert out[1] == ("importable" if probe == "True" else "absent")
