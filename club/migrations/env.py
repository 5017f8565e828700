"""Alembic's environment: the club runs its migrations on the connection it opened
(:func:`club.database.migrate`)."""

from __future__ import annotations

from typing import Any

from alembic import context


def run(config: Any) -> None:
    context.configure(connection=config.attributes["connection"], target_metadata=None)
    with context.begin_transaction():
        context.run_migrations()


_config: Any
try:
    _config = context.config
except AttributeError:  # imported, not run by Alembic (as when doctests are collected)
    _config = None
if _config is not None:
    run(_config)
