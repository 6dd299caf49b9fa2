"""Schema version 7: the address a table's links use, kept with the table.

The host may choose or type the address phones open (``http://192.168.1.5:8866``) on the shared
screen; it is kept in ``tables.address`` so that reopening the shared screen shows the same
links and QR codes. Existing tables have none (``NULL``): their page uses the server's address.
An address is no secret (it is printed on the screen for everyone); it is kept in plain text.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

_meta = sa.table("tabletop_meta", sa.column("key", sa.String), sa.column("value", sa.Text))


def upgrade() -> None:
    op.add_column("tables", sa.Column("address", sa.Text(), nullable=True))
    op.execute(_meta.update().where(_meta.c.key == "schema_version").values(value="7"))


def downgrade() -> None:
    # In place on both backends (SQLite 3.35 and later drop a column): a batch copy of
    # ``tables`` would drop the old table, and with it, by cascade, every seat.
    op.execute(sa.text("ALTER TABLE tables DROP COLUMN address"))
    op.execute(_meta.update().where(_meta.c.key == "schema_version").values(value="6"))
