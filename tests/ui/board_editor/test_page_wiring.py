"""The editor as a served page: its notebook, the Africa page's link to it, and its gate (the
server owner's page: a board is saved in the owner's database)."""

from __future__ import annotations

import json
from pathlib import Path

from tabletop.server.gate import FixedChecks, Gate
from tabletop.ui.africa1880.app import africa_app

ROOT = Path(__file__).resolve().parents[3]


def test_the_notebook_builds_the_editor_in_one_cell() -> None:
    cells = json.loads((ROOT / "notebooks" / "board.ipynb").read_text(encoding="utf-8"))["cells"]
    assert len(cells) == 1
    source = "".join(cells[0]["source"])
    assert "from tabletop.ui.board_editor import board_editor_app" in source
    assert source.rstrip().endswith("board_editor_app()")


def test_the_africa_page_links_to_the_editor(autosave_path: Path) -> None:
    app = africa_app(autosave_path=autosave_path)
    link = app.files.board_editor_link.value
    assert 'href="board.ipynb"' in link and "photo" in link


def test_only_the_owner_opens_the_editor() -> None:
    checks = FixedChecks(
        seats={(3, "seat-token")},
        hosts={(3, "host-token")},
        joins=set(),
        students=set(),
        teachers=set(),
        reveals={(7, "reveal-pass")},
    )
    gate = Gate("the-owner-key-of-this-test", checks)
    refused = gate.page("board.ipynb", {"table": "3", "token": "seat-token"}, "10.0.0.2", False)
    assert refused.status == 403 and refused.message
    assert gate.page("board.ipynb", {}, "10.0.0.3", owner=True).allowed
