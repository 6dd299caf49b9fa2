"""Games in and out of the database: the game file of the newest state, the history archive
of a whole game, imports of either (uploads, files, autosaves) as NEW games."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import sqlalchemy as sa

from tabletop.store import kinds
from tabletop.store.errors import GameDataError, GameNotFound
from tabletop.store.history import GameHistory
from tabletop.store.kinds import AnyGame, Step
from tabletop.store.records import Entry, Snapshot, _entry, _info_query, _now
from tabletop.store.schema import games, history, imported_files

if TYPE_CHECKING:
    from tabletop.store.store import Store

ARCHIVE_FORMAT = "tabletop.store.game-history"
ARCHIVE_VERSION = 1
#: An upload bigger than this is not a game file (a finished game is well under 1 MB).
MAX_IMPORT_BYTES = 32 * 1024 * 1024


class GameArchive(GameHistory):
    """Export and import of games."""

    def export_game(self, game_id: int) -> dict[str, Any]:
        """The game's newest state as its game file (``tabletop africa/massai`` read it);
        an Africa file carries its board's data."""
        with self._read() as connection:
            row = connection.execute(
                _info_query(with_state=True).where(games.c.id == game_id)
            ).one_or_none()
        if row is None:
            raise GameNotFound(game_id)
        return kinds.file_doc(json.loads(row.state), row.board)

    def export_history(self, game_id: int) -> dict[str, Any]:
        """The whole game: its details and every history entry with its game-file JSON."""
        with self._read() as connection:
            info = self._info(connection, game_id)
            board = connection.execute(
                sa.select(games.c.board).where(games.c.id == game_id)
            ).scalar_one()
            rows = connection.execute(
                sa.select(history).where(history.c.game_id == game_id).order_by(history.c.seq)
            ).all()
        return {
            "format": ARCHIVE_FORMAT,
            "version": ARCHIVE_VERSION,
            "kind": info.kind,
            "name": info.name,
            "players": info.players,
            "created": info.created.isoformat(),
            "board": None if board is None else json.loads(board),
            "entries": [_entry(row).to_json() for row in rows],
        }

    def duplicate(self, game_id: int, name: str | None = None) -> Snapshot:
        """A new game with a copy of this one's whole history."""
        archive = self.export_history(game_id)
        archive["name"] = name or f"{archive['name']} (copy)"
        return self.import_data(archive, source=f"game {game_id}")

    def import_bytes(
        self, data: bytes, name: str | None = None, source: str = "upload", actor: str = "table"
    ) -> Snapshot:
        """Import an uploaded file (game file or history archive) as a NEW game."""
        if len(data) > MAX_IMPORT_BYTES:
            raise GameDataError(f"{source}: too large for a game file (more than 32 MB)")
        try:
            parsed = json.loads(data.decode("utf-8"))
        except UnicodeDecodeError:
            raise GameDataError(f"{source}: not a text file (not UTF-8)") from None
        except json.JSONDecodeError as error:
            raise GameDataError(
                f"{source}: not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
            ) from None
        except RecursionError:
            raise GameDataError(f"{source}: not usable JSON: nested too deeply") from None
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
            return self._import_archive(data, name, source)
        game = kinds.read_game_file(data, source, base_dir, allow_paths=base_dir is not None)
        steps = kinds.steps_of(game, "import")
        if steps:
            steps[0] = Step(steps[0].doc, "import", steps[0].step, source, None)
        return self._create(game, name, actor, steps, imported=imported)

    def _import_archive(self, data: Mapping[str, Any], name: str | None, source: str) -> Snapshot:
        if data.get("version") != ARCHIVE_VERSION:
            raise GameDataError(
                f"{source}: history archive version {data.get('version')!r} is not supported "
                f"(this program reads version {ARCHIVE_VERSION})"
            )
        kind = data.get("kind")
        if kind not in kinds.KIND_NAMES:
            raise GameDataError(f"{source}: unknown kind of game {kind!r}")
        board = data.get("board")
        board_json = (
            None if board is None else json.dumps(board, ensure_ascii=False, sort_keys=True)
        )
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
            if any(
                v is not None and (not isinstance(v, int) or not 1 <= v < number) for v in links
            ):
                raise GameDataError(
                    f"{where}: parent_seq/returns_to/undoes must name earlier entries"
                )
            game = kinds.load_doc(str(kind), item.get("state"), board_json, where)
            try:
                at = datetime.fromisoformat(str(item.get("at")))
            except ValueError:
                at = _now()
            report = item.get("report")
            entries.append(
                Entry(
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
            )
        assert game is not None
        shown = name or (str(data.get("name")) if data.get("name") else None)
        return self._create(game, shown, "table", [], entries=entries)

    def imported_hashes(self) -> set[str]:
        """SHA-256 of every file imported once (autosaves are never imported twice)."""
        with self._read() as connection:
            return set(connection.execute(sa.select(imported_files.c.sha256)).scalars())

    def import_autosaves(self, folder: str | Path | None = None) -> list[Any]:
        """Import once the game files of the data folder (see :mod:`tabletop.store.autosave`)."""
        from tabletop.store.autosave import import_autosaves

        return import_autosaves(cast("Store", self), folder)  # the whole store: it saves sheets too
