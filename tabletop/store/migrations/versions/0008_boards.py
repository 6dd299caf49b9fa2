"""Schema version 8: saved boards, each kept in versions, and the board editor's unfinished work.

A board the group drew or traced is saved under a name (``boards``: one row per board, the
number of its newest version); every save adds a version (``board_versions``: the board file
as JSON with its drawing, its name and territory count, when it was saved) and never changes
an older one, so a game started on a version keeps it (the game holds its own copy in
``games.board``). A version may refer to the group's photo of the board (``board_photos``, one
row per distinct image, by its SHA-256, shared by the versions that keep the same photo).
``board_work`` holds the JSON of an edit not yet saved, under a key the editor chooses.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

_WHEN = sa.DateTime(timezone=True)
_meta = sa.table("tabletop_meta", sa.column("key", sa.String), sa.column("value", sa.Text))


def upgrade() -> None:
    op.create_table(
        "boards",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("created", _WHEN, nullable=False),
        sa.Column("head_version", sa.Integer(), nullable=False),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "board_photos",
        sa.Column("sha256", sa.String(64), primary_key=True),
        sa.Column("data", sa.LargeBinary(), nullable=False),
    )
    op.create_table(
        "board_versions",
        sa.Column(
            "board_id",
            sa.Integer(),
            sa.ForeignKey("boards.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("version", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("territories", sa.Integer(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("photo", sa.String(64), sa.ForeignKey("board_photos.sha256"), nullable=True),
        sa.Column("saved", _WHEN, nullable=False),
    )
    op.create_table(
        "board_work",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("updated", _WHEN, nullable=False),
    )
    op.execute(_meta.update().where(_meta.c.key == "schema_version").values(value="8"))


def downgrade() -> None:
    op.drop_table("board_work")
    op.drop_table("board_versions")
    op.drop_table("board_photos")
    op.drop_table("boards")
    op.execute(_meta.update().where(_meta.c.key == "schema_version").values(value="7"))
