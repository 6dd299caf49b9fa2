"""Schema version 6: the table's clock, kept with the table.

One authoritative clock per table (:class:`tabletop.store.seat_records.TableClock`), changed by
the host only (``Tables.start_clock`` and the others): its phase (``negotiation``, ``writing``
or ``paused``; NULL: no clock), the deadline of the running phase as an absolute UTC time, the
seconds left of the phase that was paused and which phase that was, the lengths of the
negotiation and of the silent order-writing window that follows it (0: none), the round the
clock was started for (a clock of a resolved round shows as no clock) and a revision counting
its changes. Existing tables get no clock and the default lengths (8 and 2 minutes).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

_WHEN = sa.DateTime(timezone=True)
_meta = sa.table("tabletop_meta", sa.column("key", sa.String), sa.column("value", sa.Text))


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock_phase", sa.String(16), nullable=True))
        batch.add_column(sa.Column("clock_deadline", _WHEN, nullable=True))
        batch.add_column(sa.Column("clock_left", sa.Float(), nullable=True))
        batch.add_column(sa.Column("clock_paused", sa.String(16), nullable=True))
        batch.add_column(
            sa.Column("clock_negotiation", sa.Integer(), nullable=False, server_default="480")
        )
        batch.add_column(
            sa.Column("clock_writing", sa.Integer(), nullable=False, server_default="120")
        )
        batch.add_column(sa.Column("clock_round", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("clock_rev", sa.Integer(), nullable=False, server_default="0"))
    op.execute(_meta.update().where(_meta.c.key == "schema_version").values(value="6"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        for name in (
            "clock_rev",
            "clock_round",
            "clock_writing",
            "clock_negotiation",
            "clock_paused",
            "clock_left",
            "clock_deadline",
            "clock_phase",
        ):
            batch.drop_column(name)
    op.execute(_meta.update().where(_meta.c.key == "schema_version").values(value="5"))
