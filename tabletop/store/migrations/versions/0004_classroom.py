"""Schema version 4: class games (classroom play), their students and their choices.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "class_games",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("host_hash", sa.String(64), nullable=False),
        sa.Column("join_hash", sa.String(64), nullable=False),
        sa.Column("code_hash", sa.String(64), nullable=False),
        sa.Column("created", _WHEN, nullable=False),
        sa.Column("ledger", sa.Text(), nullable=False),  # JSON: the teacher's side of the game
        sa.Column("rev", sa.Integer(), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("locked_until", _WHEN, nullable=True),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "class_students",
        sa.Column(
            "class_id",
            sa.Integer(),
            sa.ForeignKey("class_games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("student", sa.String(16), primary_key=True),  # public id in the ledger
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("nickname", sa.String(100), nullable=False),
        sa.Column("nickname_key", sa.String(100), nullable=False),
        sa.Column("joined", _WHEN, nullable=False),
        sa.Column("seen", _WHEN, nullable=False),
        sa.Column("gone", sa.Boolean(), nullable=False),
        sa.UniqueConstraint("class_id", "nickname_key", name="uq_class_nickname"),
    )
    op.create_table(
        "class_choices",
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
    meta = sa.table("tabletop_meta", sa.column("key", sa.String), sa.column("value", sa.Text))
    op.execute(meta.update().where(meta.c.key == "schema_version").values(value="4"))


def downgrade() -> None:
    op.drop_table("class_choices")
    op.drop_table("class_students")
    op.drop_table("class_games")
    meta = sa.table("tabletop_meta", sa.column("key", sa.String), sa.column("value", sa.Text))
    op.execute(meta.update().where(meta.c.key == "schema_version").values(value="3"))
