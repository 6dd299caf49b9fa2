"""Schema version 2: timer state, pending secrets, imported autosave files; a second counter.

``games.aux_version`` counts changes that are not game states (typed sheets, timer, secrets), so a
page watching a game sees them without those changes making a resolution stale.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.add_column(
        "games",
        sa.Column("aux_version", sa.Integer(), nullable=False, server_default="0"),
    )
    op.create_table(
        "timers",
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
    op.create_table(
        "secrets",
        sa.Column(
            "game_id",
            sa.Integer(),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.String(100), primary_key=True),
        sa.Column("payload", sa.Text(), nullable=True),
        sa.Column("updated", _WHEN, nullable=False),
    )
    op.create_table(
        "imported_files",
        sa.Column("sha256", sa.String(64), primary_key=True),
        sa.Column("path", sa.Text(), nullable=False),
        sa.Column(
            "game_id",
            sa.Integer(),
            sa.ForeignKey("games.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("imported", _WHEN, nullable=False),
    )
    meta = sa.table("tabletop_meta", sa.column("key", sa.String), sa.column("value", sa.Text))
    op.execute(meta.update().where(meta.c.key == "schema_version").values(value="2"))
