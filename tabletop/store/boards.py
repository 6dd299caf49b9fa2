"""Saved boards (schema 8): a group's own board kept under a name, in versions never overwritten.

Every :meth:`Boards.save` checks the board (the board file's rules, its drawing included) and
adds a version; an older version stays as it was, and a game started on a version keeps its own
copy of the board (``games.board``), so saving a new version never changes a running game. A
version may keep the group's photo of the board (a JPEG or PNG, stored once by its SHA-256 and
shared by the versions that keep it). The board editor's unfinished work is kept as JSON under
a key of its choosing (:meth:`Boards.save_work`), so a closed tab loses nothing.

>>> import tempfile
>>> from tabletop.games.africa1880.board_files import load_board
>>> from tabletop.store import open_store
>>> boards = Boards(open_store(tempfile.mkdtemp() + "/tabletop.db"))
>>> first = boards.save("Our club's board", load_board().to_dict())
>>> second = boards.save("Our club's board", load_board().to_dict(), board_id=first.board_id)
>>> [(b.name, b.version, b.territories) for b in boards.list()]
[("Our club's board", 2, 32)]
>>> boards.get(first.board_id, 1)["name"]
"Our club's board"
>>> boards.store.close()
"""

from __future__ import annotations

import builtins
import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from tabletop.fileio import FileFormatError, check_json_value
from tabletop.games.africa1880.board_check import PHOTO_HASH, board_from_dict
from tabletop.games.africa1880.board_files import MAX_BOARD_BYTES
from tabletop.store.errors import StoreError
from tabletop.store.records import aware, dump_json, utc_now
from tabletop.store.schema import board_photos, board_versions, board_work, boards
from tabletop.store.store import Store

__all__ = [
    "MAX_NAME_CHARS",
    "MAX_PHOTO_BYTES",
    "MAX_WORK_BYTES",
    "BoardNotFound",
    "Boards",
    "SavedBoard",
    "SavedBoardError",
]

#: The longest name of a saved board (a board file's title is at most as long).
MAX_NAME_CHARS = 200
#: The largest photo kept with a board (a downscaled JPEG takes a few hundred KB).
MAX_PHOTO_BYTES = 4 * 1024 * 1024
#: The largest unfinished edit kept (its JSON): a board file with its drawing, and room besides.
MAX_WORK_BYTES = 4 * 1024 * 1024
#: The longest key of an unfinished edit.
MAX_KEY_CHARS = 200

_IMAGE_STARTS = (b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n")


def _dialect_insert(backend: str) -> Any:
    """The INSERT of ``backend``'s dialect (it has ``on_conflict_do_…``); PostgreSQL's dialect
    is imported only on a PostgreSQL store (30 ms of a SQLite page's opening otherwise)."""
    if backend == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as postgresql_insert

        return postgresql_insert
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    return sqlite_insert


class SavedBoardError(StoreError, ValueError):
    """What was given to keep cannot be kept (a bad name, photo or unfinished edit); one line."""


class BoardNotFound(StoreError, LookupError):
    """No saved board (or no such version of it) under that number."""

    def __init__(self, board_id: int, version: int | None = None) -> None:
        self.board_id = board_id
        self.version = version
        if version is None:
            super().__init__(f"there is no saved board {board_id}")
        else:
            super().__init__(f"saved board {board_id} has no version {version}")


@dataclass(frozen=True)
class SavedBoard:
    """One version of a saved board as a list shows it (its data is read by :meth:`Boards.get`)."""

    board_id: int
    name: str
    version: int
    territories: int
    saved: datetime
    has_photo: bool = False

    @property
    def id(self) -> int:
        """The board's number (the same for all its versions)."""
        return self.board_id

    def label(self) -> str:
        """``"Name (v2, 32 territories)"``: how a menu of saved boards names it."""
        return f"{self.name} (v{self.version}, {self.territories} territories)"


def _checked_name(name: str, fallback: str) -> str:
    text = " ".join(str(name).split()) or " ".join(fallback.split())
    if not text:
        raise SavedBoardError("a saved board needs a name")
    if len(text) > MAX_NAME_CHARS:
        raise SavedBoardError(f"a board's name is at most {MAX_NAME_CHARS} characters long")
    return text


def _checked_photo(photo: bytes) -> bytes:
    if not isinstance(photo, bytes | bytearray):
        raise SavedBoardError("a board's photo is the bytes of a JPEG or PNG image")
    if len(photo) > MAX_PHOTO_BYTES:
        raise SavedBoardError(
            f"the photo is too large to keep ({len(photo) // 1024} KB; at most "
            f"{MAX_PHOTO_BYTES // (1024 * 1024)} MB: keep a smaller copy)"
        )
    if not photo.startswith(_IMAGE_STARTS):
        raise SavedBoardError("a board's photo must be a JPEG or PNG image")
    return bytes(photo)


def _checked_text(board: dict[str, Any]) -> str:
    """The board's JSON as kept, or :class:`SavedBoardError` if it is too large."""
    text = dump_json(board)
    if len(text.encode("utf-8")) > MAX_BOARD_BYTES:
        raise SavedBoardError(
            f"this board takes more than {MAX_BOARD_BYTES // (1024 * 1024)} MB; "
            "simplify its drawing (fewer points per outline)"
        )
    return text


def _checked_key(key: str) -> str:
    if not isinstance(key, str) or not key.strip() or len(key) > MAX_KEY_CHARS:
        raise SavedBoardError(f"an unfinished edit's key is 1 to {MAX_KEY_CHARS} characters")
    return key


def _row_to_saved(row: Any) -> SavedBoard:
    return SavedBoard(
        board_id=int(row.board_id),
        name=str(row.name),
        version=int(row.version),
        territories=int(row.territories),
        saved=aware(row.saved),
        has_photo=row.photo is not None,
    )


_LISTED = (
    board_versions.c.board_id,
    board_versions.c.name,
    board_versions.c.version,
    board_versions.c.territories,
    board_versions.c.saved,
    board_versions.c.photo,
)


class Boards:
    """Saved boards and the editor's unfinished work, kept in a store (SQLite or PostgreSQL)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # ------------------------------------------------------------------ saving
    def save(
        self,
        name: str,
        board: dict[str, Any],
        *,
        board_id: int | None = None,
        photo: bytes | None = None,
    ) -> SavedBoard:
        """Keep ``board`` (board-file data, drawing included) as a new version; return it.

        ``board_id=None`` starts a new board (version 1); otherwise the board's next version is
        added and every older one stays as it was. The board is checked first (every problem in
        one :class:`~tabletop.games.africa1880.board.BoardError`; nothing is written); its title
        becomes ``name`` (the board's own title when ``name`` is blank). ``photo`` (JPEG or PNG
        bytes) is kept with this version; ``None`` keeps the previous version's photo, ``b""``
        keeps none; a drawing that names no photo gets the kept one's SHA-256 as its ``"photo"``.
        :class:`BoardNotFound` for an unknown ``board_id``.
        """
        raw_name = board.get("name", "") if isinstance(board, dict) else ""
        title = _checked_name(name, raw_name if isinstance(raw_name, str) else "")
        data = {**board, "name": title} if isinstance(board, dict) else board
        checked = board_from_dict(data, "the board to save")
        saved_data = checked.to_dict()
        _checked_text(saved_data)
        image = None if photo is None or photo == b"" else _checked_photo(photo)
        now = utc_now()
        with self.store.writing() as connection:
            if board_id is None:
                board_id = int(
                    connection.execute(
                        boards.insert().values(created=now, head_version=1).returning(boards.c.id)
                    ).scalar_one()
                )
                version, kept = 1, None
            else:
                head = self._lock(connection, board_id)
                version = head + 1
                kept = connection.execute(
                    sa.select(board_versions.c.photo).where(
                        board_versions.c.board_id == board_id, board_versions.c.version == head
                    )
                ).scalar_one_or_none()
                connection.execute(
                    boards.update().where(boards.c.id == board_id).values(head_version=version)
                )
            photo_key = kept if photo is None else None
            if image is not None:
                photo_key = self._keep_photo(connection, image)
            drawing = saved_data.get("drawing")
            if photo_key is not None and isinstance(drawing, dict) and "photo" not in drawing:
                # The drawing names the photo it was traced on, so a game started on this
                # version (it copies the board) can find the photo to show under its map.
                drawing["photo"] = photo_key
            text = _checked_text(saved_data)
            connection.execute(
                board_versions.insert().values(
                    board_id=board_id,
                    version=version,
                    name=title,
                    territories=len(checked),
                    data=text,
                    photo=photo_key,
                    saved=now,
                )
            )
        return SavedBoard(board_id, title, version, len(checked), now, photo_key is not None)

    def _lock(self, connection: Connection, board_id: int) -> int:
        """The board's newest version, its row locked until the transaction ends."""
        query = sa.select(boards.c.head_version).where(boards.c.id == board_id)
        if self.store.backend == "postgresql":
            query = query.with_for_update()
        head = connection.execute(query).scalar_one_or_none()
        if head is None:
            raise BoardNotFound(board_id)
        return int(head)

    def _keep_photo(self, connection: Connection, image: bytes) -> str:
        digest = hashlib.sha256(image).hexdigest()
        insert = _dialect_insert(self.store.backend)
        connection.execute(
            insert(board_photos).values(sha256=digest, data=image).on_conflict_do_nothing()
        )
        return digest

    # ------------------------------------------------------------------ reading
    def list(self) -> list[SavedBoard]:
        """The newest version of every saved board, the most recently saved first."""
        query = (
            sa.select(*_LISTED)
            .join(
                boards,
                sa.and_(
                    boards.c.id == board_versions.c.board_id,
                    boards.c.head_version == board_versions.c.version,
                ),
            )
            .order_by(board_versions.c.saved.desc(), board_versions.c.board_id.desc())
        )
        with self.store.reading() as connection:
            return [_row_to_saved(row) for row in connection.execute(query)]

    def versions(self, board_id: int) -> builtins.list[SavedBoard]:
        """Every version of a board, the newest first; :class:`BoardNotFound` if there is none."""
        query = (
            sa.select(*_LISTED)
            .where(board_versions.c.board_id == board_id)
            .order_by(board_versions.c.version.desc())
        )
        with self.store.reading() as connection:
            found = [_row_to_saved(row) for row in connection.execute(query)]
        if not found:
            raise BoardNotFound(board_id)
        return found

    def _version_row(self, connection: Connection, board_id: int, version: int | None) -> Any:
        if version is None:
            head = connection.execute(
                sa.select(boards.c.head_version).where(boards.c.id == board_id)
            ).scalar_one_or_none()
            if head is None:
                raise BoardNotFound(board_id)
            version = int(head)
        row = connection.execute(
            sa.select(board_versions.c.data, board_versions.c.photo).where(
                board_versions.c.board_id == board_id, board_versions.c.version == version
            )
        ).one_or_none()
        if row is None:
            raise BoardNotFound(board_id, version)
        return row

    def get(self, board_id: int, version: int | None = None) -> dict[str, Any]:
        """The board-file data of a version (the newest without ``version``), drawing included."""
        with self.store.reading() as connection:
            row = self._version_row(connection, board_id, version)
        data: dict[str, Any] = json.loads(row.data)
        return data

    def photo(self, board_id: int, version: int | None = None) -> bytes | None:
        """The photo kept with a version (the newest without ``version``), or None."""
        with self.store.reading() as connection:
            row = self._version_row(connection, board_id, version)
            if row.photo is None:
                return None
            data = connection.execute(
                sa.select(board_photos.c.data).where(board_photos.c.sha256 == row.photo)
            ).scalar_one()
        return bytes(data)

    def photo_by_hash(self, sha256: str) -> bytes | None:
        """The photo kept under its SHA-256 (as a drawing's ``"photo"`` names it), or None."""
        if not isinstance(sha256, str) or PHOTO_HASH.fullmatch(sha256) is None:
            return None
        with self.store.reading() as connection:
            data = connection.execute(
                sa.select(board_photos.c.data).where(board_photos.c.sha256 == sha256)
            ).scalar_one_or_none()
        return None if data is None else bytes(data)

    # ------------------------------------------------------------------ unfinished work
    def save_work(self, key: str, data: dict[str, Any]) -> None:
        """Keep the JSON ``data`` of an unfinished edit under ``key`` (replacing what was kept);
        at most :data:`MAX_WORK_BYTES` of JSON, else :class:`SavedBoardError` and nothing kept."""
        key = _checked_key(key)
        if not isinstance(data, dict):
            raise SavedBoardError("an unfinished edit is kept as a JSON object")
        try:
            check_json_value(data)
        except FileFormatError as error:
            raise SavedBoardError(f"this edit cannot be kept: {error.reason}") from None
        text = dump_json(data)
        if len(text.encode("utf-8")) > MAX_WORK_BYTES:
            raise SavedBoardError(
                f"this edit is too large to keep (at most {MAX_WORK_BYTES // (1024 * 1024)} MB)"
            )
        now = utc_now()
        insert = _dialect_insert(self.store.backend)
        statement = insert(board_work).values(key=key, data=text, updated=now)
        with self.store.writing() as connection:
            connection.execute(
                statement.on_conflict_do_update(
                    index_elements=[board_work.c.key],
                    set_={"data": statement.excluded.data, "updated": statement.excluded.updated},
                )
            )

    def work(self, key: str) -> dict[str, Any] | None:
        """The unfinished edit kept under ``key``, or None."""
        key = _checked_key(key)
        with self.store.reading() as connection:
            text = connection.execute(
                sa.select(board_work.c.data).where(board_work.c.key == key)
            ).scalar_one_or_none()
        if text is None:
            return None
        data: dict[str, Any] = json.loads(text)
        return data

    def drop_work(self, key: str) -> None:
        """Forget the unfinished edit kept under ``key`` (nothing happens if there is none)."""
        key = _checked_key(key)
        with self.store.writing() as connection:
            connection.execute(board_work.delete().where(board_work.c.key == key))
