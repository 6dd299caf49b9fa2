"""Schema version 9: the teacher's message to every phone of a class game.

``class_games.message`` holds the latest message (plain text, at most 280 characters, shown on
every student page until the teacher clears it) and ``message_at`` when it was sent. A message is
said to the whole room: it is no secret and is kept in plain text. Existing class games have none.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

_meta = sa.table("tabletop_meta", sa.column("key", sa.String), sa.column("value", sa.Text))


def upgrade() -> None:
    op.add_column("class_games", sa.Column("message", sa.Text(), nullable=True))
    op.add_column("class_games", sa.Column("message_at", sa.DateTime(timezone=True), nullable=True))
    op.execute(_meta.update().where(_meta.c.key == "schema_version").values(value="9"))


def downgrade() -> None:
    # In place on both backends (SQLite 3.35 and later drop a column): a batch copy of
    # ``class_games`` would drop the old table, and with it, by cascade, its students.
    op.execute(sa.text("ALTER TABLE class_games DROP COLUMN message_at"))
    op.execute(sa.text("ALTER TABLE class_games DROP COLUMN message"))
    op.execute(_meta.update().where(_meta.c.key == "schema_version").values(value="8"))
