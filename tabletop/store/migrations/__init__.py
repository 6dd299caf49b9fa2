"""Alembic migrations of the tabletop database (run by :mod:`tabletop.store.schema` at open)."""
