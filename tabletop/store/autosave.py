"""Import, once, the game files the dashboards kept in the data folder before the database.

The Africa page kept ``africa1880-autosave.json`` (its typed sheets beside it in
``africa1880-autosave.drafts.json``), the Massai page ``massai.json`` (or ``massai-2.json``... when
it could not read the first). Every game file in the folder is imported as a new game; the files
themselves are only read, never changed or removed. What was imported is remembered in the
``imported_files`` table (by content hash and by path), so a later visit imports nothing again.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

import sqlalchemy as sa

from tabletop.fileio import MAX_JSON_BYTES
from tabletop.games.africa1880.gamefile import Game
from tabletop.store import kinds
from tabletop.store.engine import default_data_dir
from tabletop.store.errors import StoreError
from tabletop.store.records import Snapshot
from tabletop.store.schema import imported_files
from tabletop.store.store import Store

DRAFTS_FORMAT = "tabletop.africa1880.drafts"
DRAFTS_SUFFIX = ".drafts.json"


@dataclass(frozen=True)
class ImportOutcome:
    """What happened to one file: imported (``snapshot``), or skipped with a reason."""

    path: Path
    snapshot: Snapshot | None
    reason: str = ""


def _already(store: Store, digest: str, path: Path) -> bool:
    with store._read() as connection:
        found = connection.execute(
            sa.select(imported_files.c.sha256).where(
                sa.or_(imported_files.c.sha256 == digest, imported_files.c.path == str(path))
            )
        ).first()
    return found is not None


def import_autosaves(store: Store, folder: str | Path | None = None) -> list[ImportOutcome]:
    """Import every game file of ``folder`` (default: the data folder) not imported before.

    Files that are not game files (boards, drafts, anything else) are skipped with a reason;
    no file is ever written.
    """
    base = Path(folder) if folder is not None else default_data_dir()
    if not base.is_dir():
        return []
    outcomes = []
    for path in sorted(base.glob("*.json")):
        if path.name.endswith(DRAFTS_SUFFIX) or not path.is_file():
            continue
        resolved = path.resolve()
        try:
            if path.stat().st_size > MAX_JSON_BYTES:
                outcomes.append(ImportOutcome(path, None, "too large for a game file"))
                continue
            data = path.read_bytes()
        except OSError as error:
            outcomes.append(ImportOutcome(path, None, f"cannot be read ({error.strerror})"))
            continue
        digest = hashlib.sha256(data).hexdigest()
        if _already(store, digest, resolved):
            outcomes.append(ImportOutcome(path, None, "imported before"))
            continue
        try:
            parsed = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            outcomes.append(ImportOutcome(path, None, "not a JSON game file"))
            continue
        if kinds.detect_kind(parsed) is None:
            # The dashboards always wrote a "format" key: anything else is not one of theirs.
            outcomes.append(ImportOutcome(path, None, "not a game file of the dashboards"))
            continue
        try:
            snap = store.import_data(
                parsed,
                name=f"Imported from {path.name}",
                source=str(path),
                base_dir=base,
                imported=(digest, str(resolved)),
            )
        except sa.exc.IntegrityError:
            outcomes.append(ImportOutcome(path, None, "imported by another page just now"))
            continue
        except StoreError as error:
            outcomes.append(ImportOutcome(path, None, str(error)))
            continue
        _import_drafts(store, snap, path)
        outcomes.append(ImportOutcome(path, snap))
    return outcomes


def _import_drafts(store: Store, snap: Snapshot, path: Path) -> None:
    """The Africa page's typed sheets for the saved position, when they are for that position."""
    game = snap.game
    if not isinstance(game, Game):
        return
    drafts_path = path.with_name(path.stem + DRAFTS_SUFFIX)
    try:
        raw = json.loads(drafts_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return
    state = game.state
    key = {
        "powers": list(state.powers),
        "year": state.year,
        "round": state.round,
        "history": len(game.history),
    }
    if not isinstance(raw, dict) or raw.get("format") != DRAFTS_FORMAT:
        return
    if any(raw.get(name) != value for name, value in key.items()):
        return
    sheets = raw.get("drafts")
    if not isinstance(sheets, dict):
        return
    for power, text in sheets.items():
        if power in state.powers and isinstance(text, str) and text.strip():
            store.save_draft(snap.game_id, state.round, power, text, actor="import")
