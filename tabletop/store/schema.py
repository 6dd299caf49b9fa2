"""The tables of the current schema (SQLAlchemy Core) and the version check / upgrade at open.

The tables are created and changed only by the Alembic migrations in ``migrations/versions``;
these definitions mirror the newest one (a test compares them with a migrated database).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from tabletop.store.errors import ForeignDatabaseError, NewerDatabaseError, SchemaError

if TYPE_CHECKING:
    from alembic.config import Config

#: The schema version this program writes; migrations bring older tabletop databases up to it.
SCHEMA_VERSION = 9
#: Alembic revision id of each schema version.
REVISIONS = {
    1: "0001",
    2: "0002",
    3: "0003",
    4: "0004",
    5: "0005",
    6: "0006",
    7: "0007",
    8: "0008",
    9: "0009",
}
MARKER = "tabletop"
#: An arbitrary constant: the PostgreSQL advisory lock held while a database is checked/migrated.
_PG_LOCK = 0x7AB1E70
_MIGRATIONS = Path(__file__).resolve().parent / "migrations"

KINDS = ("africa1880", "massai")
_WHEN = sa.DateTime(timezone=True)

metadata = sa.MetaData()

meta = sa.Table(
    "tabletop_meta",
    metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text(), nullable=False),
)

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
    sa.Column("name", sa.Text(), nullable=False),
    sa.Column("kind", sa.String(20), nullable=False),
    sa.Column("players", sa.Text(), nullable=False),  # JSON list of names
    sa.Column("options", sa.Text(), nullable=False),  # JSON object (the game's rule options)
    sa.Column("board", sa.Text(), nullable=True),  # JSON board data; NULL: the bundled map
    sa.Column("created", _WHEN, nullable=False),
    sa.Column("updated", _WHEN, nullable=False),
    sa.Column("version", sa.Integer(), nullable=False),  # +1 at every change of the game
    sa.Column("head_seq", sa.Integer(), nullable=False),  # newest history entry
    sa.Column("aux_version", sa.Integer(), nullable=False, server_default="0"),
    sa.CheckConstraint("kind IN ('africa1880', 'massai')", name="games_kind"),
    # Ids are never reused after a deletion (SQLite would reuse the highest one).
    sqlite_autoincrement=True,
)

history = sa.Table(
    "history",
    metadata,
    sa.Column(
        "game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("seq", sa.Integer(), primary_key=True, autoincrement=False),
    sa.Column("action", sa.String(20), nullable=False),
    sa.Column("detail", sa.Text(), nullable=True),
    sa.Column("report", sa.Text(), nullable=True),
    sa.Column("actor", sa.Text(), nullable=False),
    sa.Column("at", _WHEN, nullable=False),
    sa.Column("step", sa.Integer(), nullable=False),
    sa.Column("parent_seq", sa.Integer(), nullable=True),
    sa.Column("returns_to", sa.Integer(), nullable=True),
    sa.Column("undoes", sa.Integer(), nullable=True),
    sa.Column("state", sa.Text(), nullable=False),  # the game-file JSON of this state
)

drafts = sa.Table(
    "drafts",
    metadata,
    sa.Column(
        "game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("round", sa.Integer(), primary_key=True, autoincrement=False),
    sa.Column("seat", sa.String(100), primary_key=True),
    sa.Column("text", sa.Text(), nullable=False),
    sa.Column("actor", sa.Text(), nullable=False),
    sa.Column("updated", _WHEN, nullable=False),
    sa.Column("rev", sa.Integer(), nullable=False),
)

timers = sa.Table(
    "timers",
    metadata,
    sa.Column(
        "game_id",
        sa.Integer(),
        sa.ForeignKey("games.id", ondelete="CASCADE"),
        primary_key=True,
        autoincrement=False,
    ),
    sa.Column("state", sa.Text(), nullable=False),
    sa.Column("updated", _WHEN, nullable=False),
    sa.Column("rev", sa.Integer(), nullable=False),
)

secrets = sa.Table(
    "secrets",
    metadata,
    sa.Column(
        "game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("seat", sa.String(100), primary_key=True),
    sa.Column("payload", sa.Text(), nullable=True),
    sa.Column("updated", _WHEN, nullable=False),
)

imported_files = sa.Table(
    "imported_files",
    metadata,
    sa.Column("sha256", sa.String(64), primary_key=True),
    sa.Column("path", sa.Text(), nullable=False),
    sa.Column(
        "game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="SET NULL"), nullable=True
    ),
    sa.Column("imported", _WHEN, nullable=False),
)


# A table (schema 3): a game played with secret seats (tabletop.store.seats). Tokens are kept
# only as keyed hashes (tabletop.store.tokens). Schema 5: the table's X25519 key pair (the public
# key, the private key wrapped under the host token and under the server secret: seat_crypto);
# ``failures`` and ``locked_until`` are no longer read or written (no lock-out since schema 5).
# Schema 6: the table's clock (tabletop.store.seat_records.TableClock): its phase, the running
# phase's deadline (absolute UTC), the seconds left when paused and the phase paused, the
# negotiation and writing-window lengths, the round it was started for and its revision.
# Schema 7: ``address``, the address the table's links use when the host chose one
# (tabletop.store.table_address).
tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
    sa.Column(
        "game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column("host_hash", sa.String(64), nullable=False),
    sa.Column("created", _WHEN, nullable=False),
    sa.Column("failures", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("locked_until", _WHEN, nullable=True),
    sa.Column("public_key", sa.Text(), nullable=True),
    sa.Column("key_by_host", sa.Text(), nullable=True),
    sa.Column("key_by_server", sa.Text(), nullable=True),
    sa.Column("clock_phase", sa.String(16), nullable=True),
    sa.Column("clock_deadline", _WHEN, nullable=True),
    sa.Column("clock_left", sa.Float(), nullable=True),
    sa.Column("clock_paused", sa.String(16), nullable=True),
    sa.Column("clock_negotiation", sa.Integer(), nullable=False, server_default="480"),
    sa.Column("clock_writing", sa.Integer(), nullable=False, server_default="120"),
    sa.Column("clock_round", sa.Integer(), nullable=True),
    sa.Column("clock_rev", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("address", sa.Text(), nullable=True),
    sqlite_autoincrement=True,
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column(
        "table_id", sa.Integer(), sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("seat", sa.String(100), primary_key=True),
    sa.Column("position", sa.Integer(), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False),
    sa.Column("code_hash", sa.String(64), nullable=False),
    sa.Column("sealed_link", sa.Text(), nullable=False),  # token+code, sealed to the table's key
    sa.Column("generation", sa.Integer(), nullable=False),
    sa.Column("old_hashes", sa.Text(), nullable=False),  # JSON list: revoked tokens and codes
    sa.Column("sealed_round", sa.Integer(), nullable=True),
    sa.Column("sheet", sa.Text(), nullable=True),  # sealed sheet / secret, to the table's key
    sa.Column("sealed_at", _WHEN, nullable=True),
    sa.Column("rev", sa.Integer(), nullable=False, server_default="0"),
)


# Classroom play (schema 4): a class game, its students (a nickname and a hashed token each) and
# their choices, one row per student and round so that 40 students submit without conflicts.
class_games = sa.Table(
    "class_games",
    metadata,
    sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
    sa.Column("host_hash", sa.String(64), nullable=False),
    sa.Column("join_hash", sa.String(64), nullable=False),
    sa.Column("code_hash", sa.String(64), nullable=False),
    sa.Column("created", _WHEN, nullable=False),
    sa.Column("ledger", sa.Text(), nullable=False),
    sa.Column("rev", sa.Integer(), nullable=False),
    # Not read or written since schema 5 (no lock-out of a class game).
    sa.Column("failures", sa.Integer(), nullable=False, server_default="0"),
    sa.Column("locked_until", _WHEN, nullable=True),
    # Schema 9: the teacher's latest message to every phone (plain text) and when it was sent.
    sa.Column("message", sa.Text(), nullable=True),
    sa.Column("message_at", _WHEN, nullable=True),
    sqlite_autoincrement=True,
)

class_students = sa.Table(
    "class_students",
    metadata,
    sa.Column(
        "class_id",
        sa.Integer(),
        sa.ForeignKey("class_games.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("student", sa.String(16), primary_key=True),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("nickname", sa.String(100), nullable=False),
    sa.Column("nickname_key", sa.String(100), nullable=False),
    sa.Column("joined", _WHEN, nullable=False),
    sa.Column("seen", _WHEN, nullable=False),
    sa.Column("gone", sa.Boolean(), nullable=False),
    sa.UniqueConstraint("class_id", "nickname_key", name="uq_class_nickname"),
)

class_choices = sa.Table(
    "class_choices",
    metadata,
    sa.Column(
        "class_id",
        sa.Integer(),
        sa.ForeignKey("class_games.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("round", sa.Integer(), primary_key=True),
    sa.Column("student", sa.String(16), primary_key=True),
    sa.Column("action", sa.String(200), nullable=False),
    sa.Column("submitted", _WHEN, nullable=False),
)


# Saved boards (schema 8, tabletop.store.boards): a board and the number of its newest version;
# every save is a new version (never overwritten); photos are kept once by their SHA-256; the
# editor's unfinished work is JSON under a key of its choosing.
boards = sa.Table(
    "boards",
    metadata,
    sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
    sa.Column("created", _WHEN, nullable=False),
    sa.Column("head_version", sa.Integer(), nullable=False),
    sqlite_autoincrement=True,
)

board_photos = sa.Table(
    "board_photos",
    metadata,
    sa.Column("sha256", sa.String(64), primary_key=True),
    sa.Column("data", sa.LargeBinary(), nullable=False),
)

board_versions = sa.Table(
    "board_versions",
    metadata,
    sa.Column(
        "board_id", sa.Integer(), sa.ForeignKey("boards.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("version", sa.Integer(), primary_key=True, autoincrement=False),
    sa.Column("name", sa.Text(), nullable=False),
    sa.Column("territories", sa.Integer(), nullable=False),
    sa.Column("data", sa.Text(), nullable=False),  # the board file's JSON, drawing included
    sa.Column("photo", sa.String(64), sa.ForeignKey("board_photos.sha256"), nullable=True),
    sa.Column("saved", _WHEN, nullable=False),
)

board_work = sa.Table(
    "board_work",
    metadata,
    sa.Column("key", sa.String(200), primary_key=True),
    sa.Column("data", sa.Text(), nullable=False),
    sa.Column("updated", _WHEN, nullable=False),
)


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic configuration for the package's migrations (no ini file needed)."""
    # Alembic (11 MiB in every page's kernel) is loaded only when a schema must change.
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def stored_version(connection: Connection, where: str) -> int | None:
    """The schema version of the database; ``None`` when it is empty (a new database).

    Raises :class:`ForeignDatabaseError` for a database holding other tables, never touching it.
    """
    tables = set(sa.inspect(connection).get_table_names())
    if not tables:
        return None
    if meta.name not in tables:
        shown = ", ".join(sorted(tables)[:5]) + (", ..." if len(tables) > 5 else "")
        raise ForeignDatabaseError(
            f"{where} is not a tabletop database (it holds other tables: {shown}); "
            "it was left untouched - give another file or database"
        )
    rows = dict(connection.execute(sa.select(meta.c.key, meta.c.value)).all())
    if rows.get("schema") != MARKER:
        raise ForeignDatabaseError(
            f"{where} is not a tabletop database (its tabletop_meta table has no tabletop "
            "marker); it was left untouched"
        )
    try:
        return int(rows.get("schema_version", ""))
    except ValueError:
        raise SchemaError(
            f"{where}: unreadable schema version {rows.get('schema_version')!r}; left untouched"
        ) from None


def check_and_upgrade(engine: Engine, where: str, target: int = SCHEMA_VERSION) -> int:
    """Create or upgrade the schema up to ``target`` in one transaction; return the old version.

    A newer database is refused (:class:`NewerDatabaseError`), a foreign one too; 0 means new.
    """
    with engine.connect() as connection:
        if connection.dialect.name == "sqlite":
            # A write transaction from the start: two first opens must not both create tables.
            connection.execution_options(sqlite_begin="IMMEDIATE")
        with connection.begin():
            if connection.dialect.name == "postgresql":
                connection.execute(sa.text("SELECT pg_advisory_xact_lock(:k)"), {"k": _PG_LOCK})
            found = stored_version(connection, where)
            if found is not None and found > SCHEMA_VERSION:
                raise NewerDatabaseError(
                    f"{where} was written by a newer tabletop (schema version {found}; this "
                    f"program knows up to {SCHEMA_VERSION}); it was left untouched - "
                    "upgrade tabletop to use it"
                )
            if found is None or found < target:
                from alembic import command

                command.upgrade(alembic_config(connection), REVISIONS[target])
            return found or 0
