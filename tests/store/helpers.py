"""Shared pieces of the storage tests: real order sheets for the Africa example game."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from tabletop.games.africa1880.gamefile import Game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_SHEETS = (ROOT / "examples" / "africa" / "orders_1895.txt").read_text(encoding="utf-8")


def sheets_for(game: Game) -> str:
    """The example sheets for round 4 (1895); in other rounds every presence develops."""
    state = game.state
    if state.round == 4:
        return EXAMPLE_SHEETS
    lines = []
    for power in state.powers:
        lines.append(f"[{power}]")
        lines.extend(f"{territory}: develop" for territory in sorted(state.presences[power]))
    return "\n".join(lines) + "\n"


def doc_hash(doc: Any) -> str:
    """A stable fingerprint of a game-file JSON document."""
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:16]
