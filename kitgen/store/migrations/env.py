"""Alembic's environment for kitgen's class database: always run on the connection kitgen hands it."""

from __future__ import annotations

from alembic import context

from kitgen.store.schema import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
