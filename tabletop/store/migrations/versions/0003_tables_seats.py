"""Schema version 3: tables with secret seats (tokens kept as hashes, sealed sheets per seat).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "game_id",
            sa.Integer(),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("host_hash", sa.String(64), nullable=False),
        sa.Column("created", _WHEN, nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("locked_until", _WHEN, nullable=True),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "seats",
        sa.Column(
            "table_id",
            sa.Integer(),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.String(100), primary_key=True),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("code_hash", sa.String(64), nullable=False),
        sa.Column("sealed_link", sa.Text(), nullable=False),
        sa.Column("generation", sa.Integer(), nullable=False),
        sa.Column("old_hashes", sa.Text(), nullable=False),
        sa.Column("sealed_round", sa.Integer(), nullable=True),
        sa.Column("sheet", sa.Text(), nullable=True),
        sa.Column("sealed_at", _WHEN, nullable=True),
        sa.Column("rev", sa.Integer(), nullable=False, server_default="0"),
    )
    meta = sa.table("tabletop_meta", sa.column("key", sa.String), sa.column("value", sa.Text))
    op.execute(meta.update().where(meta.c.key == "schema_version").values(value="3"))
