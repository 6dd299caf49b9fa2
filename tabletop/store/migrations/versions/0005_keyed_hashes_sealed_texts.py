"""Schema version 5: secrets a database reader cannot read (the server secret, outside it).

- Every stored hash of a token or code (tables, seats and their revoked ones, class games,
  students) becomes HMAC-SHA256, keyed with the server secret, of the SHA-256 it was
  (:func:`tabletop.store.tokens.rehash`): the same tokens and codes keep opening.
- Each table gets an X25519 key pair (``public_key``, ``key_by_server``); its host token is not
  known here, so ``key_by_host`` stays empty: its sealed texts open with the server secret.
  Sealed sheets kept in plain text are encrypted to that key.
- The dashboards' typed sheets (``drafts``), secret choices (``secrets``) and the students'
  choices (``class_choices``) are encrypted under the server secret.
- The seats' unsealed drafts of schema 4 (``secrets`` rows named ``table N: SEAT``, encrypted
  under the seat's own credential, which is not known here) are DELETED: they were a draft of
  the open round, cheap to type again, and their old encryption could be brute-forced from a
  6-character code. The seats' links (sealed under the host token) are sealed again in the new
  form the first time the host shows them (``Tables.host_links``).
- ``failures`` and ``locked_until`` stay, zeroed and no longer used (no lock-out any more).

SQLite: the replaced plain texts are overwritten in the file (``secure_delete`` during the
upgrade). PostgreSQL keeps old row versions until they are vacuumed: run ``VACUUM FULL`` on
the upgraded database to drop them from its files.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

from tabletop.store.classroom import choice_context
from tabletop.store.seat_crypto import new_table_keys, seal_sheet
from tabletop.store.server_secret import seal_at_rest
from tabletop.store.store import draft_context, secret_context
from tabletop.store.tokens import rehash

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

_WHEN = sa.DateTime(timezone=True)

_tables = sa.table(
    "tables",
    sa.column("id", sa.Integer),
    sa.column("host_hash", sa.String),
    sa.column("failures", sa.Integer),
    sa.column("locked_until", _WHEN),
    sa.column("public_key", sa.Text),
    sa.column("key_by_host", sa.Text),
    sa.column("key_by_server", sa.Text),
)
_seats = sa.table(
    "seats",
    sa.column("table_id", sa.Integer),
    sa.column("seat", sa.String),
    sa.column("token_hash", sa.String),
    sa.column("code_hash", sa.String),
    sa.column("old_hashes", sa.Text),
    sa.column("sealed_round", sa.Integer),
    sa.column("sheet", sa.Text),
)
_class_games = sa.table(
    "class_games",
    sa.column("id", sa.Integer),
    sa.column("host_hash", sa.String),
    sa.column("join_hash", sa.String),
    sa.column("code_hash", sa.String),
    sa.column("failures", sa.Integer),
    sa.column("locked_until", _WHEN),
)
_students = sa.table(
    "class_students",
    sa.column("class_id", sa.Integer),
    sa.column("student", sa.String),
    sa.column("token_hash", sa.String),
)
_choices = sa.table(
    "class_choices",
    sa.column("class_id", sa.Integer),
    sa.column("round", sa.Integer),
    sa.column("student", sa.String),
    sa.column("action", sa.String),
)
_drafts = sa.table(
    "drafts",
    sa.column("game_id", sa.Integer),
    sa.column("round", sa.Integer),
    sa.column("seat", sa.String),
    sa.column("text", sa.Text),
)
_secrets = sa.table(
    "secrets",
    sa.column("game_id", sa.Integer),
    sa.column("seat", sa.String),
    sa.column("payload", sa.Text),
)
_meta = sa.table("tabletop_meta", sa.column("key", sa.String), sa.column("value", sa.Text))


def upgrade() -> None:
    op.add_column("tables", sa.Column("public_key", sa.Text(), nullable=True))
    op.add_column("tables", sa.Column("key_by_host", sa.Text(), nullable=True))
    op.add_column("tables", sa.Column("key_by_server", sa.Text(), nullable=True))
    connection = op.get_bind()
    sqlite = connection.dialect.name == "sqlite"
    if sqlite:
        # The plain texts replaced here are overwritten in the file, not left in free space.
        connection.exec_driver_sql("PRAGMA secure_delete = ON")
    _tables_and_seats(connection)
    _class_games_and_students(connection)
    _kept_texts(connection)
    if sqlite:
        connection.exec_driver_sql("PRAGMA secure_delete = OFF")
    op.execute(_meta.update().where(_meta.c.key == "schema_version").values(value="5"))


def _tables_and_seats(connection: sa.Connection) -> None:
    publics: dict[int, str] = {}
    for table in connection.execute(sa.select(_tables.c.id, _tables.c.host_hash)).all():
        keys = new_table_keys(table.id, None)
        publics[table.id] = keys.public
        connection.execute(
            _tables.update()
            .where(_tables.c.id == table.id)
            .values(
                host_hash=rehash(table.host_hash),
                public_key=keys.public,
                key_by_server=keys.by_server,
                failures=0,
                locked_until=None,
            )
        )
    for seat in connection.execute(sa.select(_seats)).all():
        sheet = None
        if seat.sheet is not None and seat.sealed_round is not None:
            sheet = seal_sheet(
                publics[seat.table_id], seat.table_id, seat.seat, seat.sealed_round, seat.sheet
            )
        connection.execute(
            _seats.update()
            .where(_seats.c.table_id == seat.table_id, _seats.c.seat == seat.seat)
            .values(
                token_hash=rehash(seat.token_hash),
                code_hash=rehash(seat.code_hash),
                old_hashes=json.dumps([rehash(h) for h in json.loads(seat.old_hashes)]),
                sheet=sheet,
            )
        )


def _class_games_and_students(connection: sa.Connection) -> None:
    for row in connection.execute(sa.select(_class_games)).all():
        connection.execute(
            _class_games.update()
            .where(_class_games.c.id == row.id)
            .values(
                host_hash=rehash(row.host_hash),
                join_hash=rehash(row.join_hash),
                code_hash=rehash(row.code_hash),
                failures=0,
                locked_until=None,
            )
        )
    for row in connection.execute(sa.select(_students)).all():
        connection.execute(
            _students.update()
            .where(_students.c.class_id == row.class_id, _students.c.student == row.student)
            .values(token_hash=rehash(row.token_hash))
        )
    for row in connection.execute(sa.select(_choices)).all():
        kept = seal_at_rest(row.action, choice_context(row.class_id, row.round, row.student))
        connection.execute(
            _choices.update()
            .where(
                _choices.c.class_id == row.class_id,
                _choices.c.round == row.round,
                _choices.c.student == row.student,
            )
            .values(action=kept)
        )


def _is_seat_draft(seat: str, payload: str | None) -> bool:
    """A seat's draft of schema 4: row ``table N: SEAT``, an HMAC-sealed JSON payload."""
    if not seat.startswith("table ") or ": " not in seat or payload is None:
        return False
    try:
        doc: Any = json.loads(payload)
    except ValueError:
        return False
    return isinstance(doc, dict) and {"nonce", "data", "mac"} <= set(doc)


def _kept_texts(connection: sa.Connection) -> None:
    for row in connection.execute(sa.select(_drafts)).all():
        connection.execute(
            _drafts.update()
            .where(
                _drafts.c.game_id == row.game_id,
                _drafts.c.round == row.round,
                _drafts.c.seat == row.seat,
            )
            .values(text=seal_at_rest(row.text, draft_context(row.game_id, row.round, row.seat)))
        )
    for row in connection.execute(sa.select(_secrets)).all():
        key = (_secrets.c.game_id == row.game_id, _secrets.c.seat == row.seat)
        if _is_seat_draft(row.seat, row.payload):
            connection.execute(_secrets.delete().where(*key))
        elif row.payload is not None:
            payload = seal_at_rest(row.payload, secret_context(row.game_id, row.seat))
            connection.execute(_secrets.update().where(*key).values(payload=payload))


def downgrade() -> None:
    raise NotImplementedError(
        "schema 5 cannot go back to 4: its hashes are keyed with the server secret and cannot "
        "be turned back into plain SHA-256; restore a backup made before the upgrade"
    )
