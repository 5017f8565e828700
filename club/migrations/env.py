"""Alembic's environment: the club runs its migrations on the connection it opened
(:func:`club.store.migrate`)."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()
