"""pytest: the migrations are run by Alembic, not imported as modules."""

collect_ignore = ["migrations"]
