"""Schema version 1: the marker table, games, their history of states, typed sheets (drafts).

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    meta = op.create_table(
        "tabletop_meta",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("players", sa.Text(), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("board", sa.Text(), nullable=True),
        sa.Column("created", _WHEN, nullable=False),
        sa.Column("updated", _WHEN, nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("head_seq", sa.Integer(), nullable=False),
        sa.CheckConstraint("kind IN ('africa1880', 'massai')", name="games_kind"),
        # Ids are never reused after a deletion (SQLite would reuse the highest one).
        sqlite_autoincrement=True,
    )
    op.create_table(
        "history",
        sa.Column(
            "game_id",
            sa.Integer(),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
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
        sa.Column("state", sa.Text(), nullable=False),
    )
    op.create_table(
        "drafts",
        sa.Column(
            "game_id",
            sa.Integer(),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("round", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("seat", sa.String(100), primary_key=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("actor", sa.Text(), nullable=False),
        sa.Column("updated", _WHEN, nullable=False),
        sa.Column("rev", sa.Integer(), nullable=False),
    )
    op.bulk_insert(
        meta,
        [{"key": "schema", "value": "tabletop"}, {"key": "schema_version", "value": "1"}],
    )
