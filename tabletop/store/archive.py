"""Games in and out of the database: the game file of the newest state, the history archive
of a whole game, imports of either (uploads, files) as NEW games, and the one-time import of the
game files the dashboards kept in the data folder before the database.

:class:`GameArchive` works on a :class:`~tabletop.store.store.Store` through its public methods::

    archive = GameArchive(store)
    data = archive.export_history(game_id)
    copy = archive.import_data(data)

The Africa page kept ``africa1880-autosave.json`` (its typed sheets beside it in
``africa1880-autosave.drafts.json``), the Massai page ``massai.json`` (or ``massai-2.json``... when
it could not read the first). :meth:`GameArchive.import_autosaves` imports every game file of the
folder as a new game; the files themselves are only read, never changed or removed. What was
imported is remembered in the ``imported_files`` table (by content hash and by path), so a later
visit imports nothing again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from tabletop.fileio import MAX_JSON_BYTES
from tabletop.fileio.json_guard import parse_json_bytes
from tabletop.fileio.messages import FileFormatError
from tabletop.fileio.reading import read_bytes
from tabletop.games.africa1880.gamefile import Game
from tabletop.store import kinds
from tabletop.store.engine import default_data_dir
from tabletop.store.errors import GameDataError, GameNotFound, StoreError
from tabletop.store.kinds import AnyGame, Step
from tabletop.store.records import Entry, Snapshot, entry_from, info_from, info_query, utc_now
from tabletop.store.schema import games, history, imported_files
from tabletop.store.store import Store

ARCHIVE_FORMAT = "tabletop.store.game-history"
ARCHIVE_VERSION = 1
#: An upload bigger than this is not a game file (a finished game is well under 1 MB).
MAX_IMPORT_BYTES = 32 * 1024 * 1024
#: The Africa page's typed sheets kept beside its autosave.
DRAFTS_FORMAT = "tabletop.africa1880.drafts"
DRAFTS_SUFFIX = ".drafts.json"


@dataclass(frozen=True)
class ImportOutcome:
    """What happened to one file: imported (``snapshot``), or skipped with a reason."""

    path: Path
    snapshot: Snapshot | None
    reason: str = ""


class GameArchive:
    """Export and import of the games of ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ------------------------------------------------------------------ export
    def export_game(self, game_id: int) -> dict[str, Any]:
        """The game's newest state as its game file (``tabletop africa/massai`` read it);
        an Africa file carries its board's data."""
        with self.store.reading() as connection:
            row = connection.execute(
                info_query(with_state=True).where(games.c.id == game_id)
            ).one_or_none()
        if row is None:
            raise GameNotFound(game_id)
        return kinds.file_doc(json.loads(row.state), row.board)

    def export_history(self, game_id: int) -> dict[str, Any]:
        """The whole game: its details and every history entry with its game-file JSON."""
        with self.store.reading() as connection:
            found = connection.execute(
                info_query(with_state=True).where(games.c.id == game_id)
            ).one_or_none()
            if found is None:
                raise GameNotFound(game_id)
            rows = connection.execute(
                sa.select(history).where(history.c.game_id == game_id).order_by(history.c.seq)
            ).all()
        info, board = info_from(found), found.board
        return {
            "format": ARCHIVE_FORMAT,
            "version": ARCHIVE_VERSION,
            "kind": info.kind,
            "name": info.name,
            "players": info.players,
            "created": info.created.isoformat(),
            "board": None if board is None else json.loads(board),
            "entries": [entry_from(row).to_json() for row in rows],
        }

    def duplicate(self, game_id: int, name: str | None = None) -> Snapshot:
        """A new game with a copy of this one's whole history."""
        archive = self.export_history(game_id)
        archive["name"] = name or f"{archive['name']} (copy)"
        return self.import_data(archive, source=f"game {game_id}")

    # ------------------------------------------------------------------ import
    def import_bytes(
        self, data: bytes, name: str | None = None, source: str = "upload", actor: str = "table"
    ) -> Snapshot:
        """Import an uploaded file (game file or history archive) as a NEW game."""
        if len(data) > MAX_IMPORT_BYTES:
            raise GameDataError(f"{source}: too large for a game file (more than 32 MB)")
        # The one JSON reader of anything uploaded: byte order mark, depth, long numbers and
        # bad text are refused (or accepted) the same way as on the command line.
        try:
            parsed = parse_json_bytes(data, MAX_IMPORT_BYTES)
        except FileFormatError as error:
            raise GameDataError(f"{source}: {error.reason}") from None
        return self.import_data(parsed, name=name, source=source, actor=actor)

    def import_data(
        self,
        data: Any,
        name: str | None = None,
        source: str = "upload",
        actor: str = "table",
        base_dir: Path | None = None,
        imported: tuple[str, str] | None = None,
    ) -> Snapshot:
        """Import parsed JSON: a game file of either game, or a history archive; a NEW game.

        ``base_dir`` (trusted files of the data folder only) lets an Africa file name its board
        file; anything else must carry its board's data.
        """
        if isinstance(data, Mapping) and data.get("format") == ARCHIVE_FORMAT:
            game, entries = read_archive(data, source)
            shown = name or (str(data.get("name")) if data.get("name") else None)
            return self.store.create_game(game, shown, "table", entries=entries)
        game = kinds.read_game_file(data, source, base_dir, allow_paths=base_dir is not None)
        steps = kinds.steps_of(game, "import")
        if steps:
            steps[0] = Step(steps[0].doc, "import", steps[0].step, source, None)
        return self.store.create_game(game, name, actor, steps=steps, imported=imported)

    # ------------------------------------------------------------------ autosaves
    def imported_hashes(self) -> set[str]:
        """SHA-256 of every file imported once (autosaves are never imported twice)."""
        with self.store.reading() as connection:
            return set(connection.execute(sa.select(imported_files.c.sha256)).scalars())

    def import_autosaves(self, folder: str | Path | None = None) -> list[ImportOutcome]:
        """Import every game file of ``folder`` (default: the data folder) not imported before.

        Files that are not game files (boards, drafts, anything else) are skipped with a reason;
        no file is ever written.
        """
        base = Path(folder) if folder is not None else default_data_dir()
        if not base.is_dir():
            return []
        return [
            self._import_autosave(path, base)
            for path in sorted(base.glob("*.json"))
            if not path.name.endswith(DRAFTS_SUFFIX) and path.is_file()
        ]

    def _import_autosave(self, path: Path, base: Path) -> ImportOutcome:
        resolved = path.resolve()
        try:
            if path.stat().st_size > MAX_JSON_BYTES:
                return ImportOutcome(path, None, "too large for a game file")
            data = path.read_bytes()
        except OSError as error:
            return ImportOutcome(path, None, f"cannot be read ({error.strerror})")
        digest = hashlib.sha256(data).hexdigest()
        if self._imported_before(digest, resolved):
            return ImportOutcome(path, None, "imported before")
        try:
            parsed = parse_json_bytes(data, MAX_IMPORT_BYTES)
        except FileFormatError:
            return ImportOutcome(path, None, "not a JSON game file")
        if kinds.detect_kind(parsed) is None:
            # The dashboards always wrote a "format" key: anything else is not one of theirs.
            return ImportOutcome(path, None, "not a game file of the dashboards")
        try:
            snap = self.import_data(
                parsed,
                name=f"Imported from {path.name}",
                source=str(path),
                base_dir=base,
                imported=(digest, str(resolved)),
            )
        except sa.exc.IntegrityError:
            return ImportOutcome(path, None, "imported by another page just now")
        except StoreError as error:
            return ImportOutcome(path, None, str(error))
        self._import_drafts(snap, path)
        return ImportOutcome(path, snap)

    def _imported_before(self, digest: str, path: Path) -> bool:
        with self.store.reading() as connection:
            found = connection.execute(
                sa.select(imported_files.c.sha256).where(
                    sa.or_(imported_files.c.sha256 == digest, imported_files.c.path == str(path))
                )
            ).first()
        return found is not None

    def _import_drafts(self, snap: Snapshot, path: Path) -> None:
        """The Africa page's typed sheets for the saved position, when they are for that one."""
        game = snap.game
        if not isinstance(game, Game):
            return
        drafts_path = path.with_name(path.stem + DRAFTS_SUFFIX)
        try:
            # Bounded and checked like any file: a drafts file is never worth an error.
            raw = parse_json_bytes(read_bytes(drafts_path, MAX_JSON_BYTES))
        except (OSError, FileFormatError):
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
                self.store.save_draft(snap.game_id, state.round, power, text, actor="import")


def read_archive(data: Mapping[str, Any], source: str) -> tuple[AnyGame, list[Entry]]:
    """The newest game and every entry of a history archive, each state checked by its game's
    loader; :class:`GameDataError` (naming the entry) for anything wrong."""
    if data.get("version") != ARCHIVE_VERSION:
        raise GameDataError(
            f"{source}: history archive version {data.get('version')!r} is not supported "
            f"(this program reads version {ARCHIVE_VERSION})"
        )
    kind = data.get("kind")
    if not kinds.known_kind(kind):
        raise GameDataError(f"{source}: unknown kind of game {kind!r}")
    board = data.get("board")
    board_json = None if board is None else json.dumps(board, ensure_ascii=False, sort_keys=True)
    raw = data.get("entries")
    if not isinstance(raw, list) or not raw:
        raise GameDataError(f'{source}: "entries" must be a non-empty list')
    entries: list[Entry] = []
    game: AnyGame | None = None
    for number, item in enumerate(raw, start=1):
        where = f"{source}: entries[{number - 1}]"
        if not isinstance(item, Mapping) or item.get("seq") != number:
            raise GameDataError(f"{where} must be an object with seq {number}")
        links = [item.get(k) for k in ("parent_seq", "returns_to", "undoes")]
        if any(v is not None and (not isinstance(v, int) or not 1 <= v < number) for v in links):
            raise GameDataError(f"{where}: parent_seq/returns_to/undoes must name earlier entries")
        game = kinds.load_doc(str(kind), item.get("state"), board_json, where)
        entries.append(_archived_entry(item, number, game, links))
    assert game is not None
    return game, entries


def _archived_entry(item: Mapping[str, Any], number: int, game: AnyGame, links: list[Any]) -> Entry:
    try:
        at = datetime.fromisoformat(str(item.get("at")))
    except ValueError:
        at = utc_now()
    report = item.get("report")
    return Entry(
        game_id=0,
        seq=number,
        action=str(item.get("action") or "import")[:20],
        detail=None if item.get("detail") is None else str(item.get("detail")),
        report=dict(report) if isinstance(report, Mapping) else None,
        actor=str(item.get("actor") or "table"),
        at=at,
        step=kinds.step_of(game),
        parent_seq=links[0],
        returns_to=links[1],
        undoes=links[2],
        state=kinds.doc_of(game),
    )
