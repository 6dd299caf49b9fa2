"""Alembic environment: migrations always run on a connection given by the storage layer.

The storage layer opens the transaction (and, on PostgreSQL, takes an advisory lock) before it
calls Alembic, so a migration and the version check around it are one atomic step.
"""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only reached when run outside the storage layer
    raise RuntimeError("tabletop migrations run through tabletop.store (open_store), not alone")

context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()
