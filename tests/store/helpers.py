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


def check_history(store: Any, game_id: int, replay_from: int = 1) -> list[Any]:
    """Check a game's history is whole and consistent; returns its entries (with states).

    Entries are numbered 1..version with no gap; every undo/redo entry holds exactly the state it
    returns to; every resolve/play entry from ``replay_from`` on is what the real rules core makes
    of its parent state and its typed text.
    """
    from tabletop.store import kinds

    info = store.info(game_id)
    entries = store.history(game_id, with_states=True)
    assert [e.seq for e in entries] == list(range(1, info.version + 1))
    assert info.head_seq == info.version
    by_seq = {e.seq: e for e in entries}
    for entry in entries:
        if entry.returns_to is not None:
            assert entry.action in ("undo", "redo")
            assert entry.state == by_seq[entry.returns_to].state, f"entry {entry.seq}"
            continue
        if entry.seq < replay_from or entry.action not in ("resolve", "play"):
            continue
        game = store.game_at(game_id, entry.parent_seq)
        if isinstance(game, Game):
            text = entry.detail or ""
            game.apply(game.read_sheets(text), text)
        else:
            from tabletop.games.massai.notation import parse_action

            game, report = game.play(parse_action(entry.detail, game.state.to_move))
            assert report.ok
        assert kinds.doc_of(game) == entry.state, f"entry {entry.seq} is not its parent + change"
    return entries
