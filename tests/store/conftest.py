"""The class database under test: SQLite in a temporary folder, and PostgreSQL when a server is at hand.

PostgreSQL runs when ``$KITGEN_TEST_POSTGRES`` names a server kitgen may create databases on (``.ci/run`` installs
and starts one, as root); each test gets a throwaway database, dropped after. Without it those tests skip with
one line, as the browser tests do without Chromium.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from kitgen.store import Store

PG_ENV = "KITGEN_TEST_POSTGRES"


def _postgres_url() -> str:
    server = os.environ.get(PG_ENV, "").strip()
    if not server:
        pytest.skip(f"PostgreSQL: no server (set {PG_ENV}; .ci/run starts one)")
    return server



@pytest.fixture
def postgres_database() -> Iterator[str]:
    """A new empty PostgreSQL database's URL, dropped after the test."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import OperationalError

    server = make_url(_postgres_url())
    name = "kitgen_test_" + secrets.token_hex(6)
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
    except OperationalError as exc:
        admin.dispose()
        pytest.skip(f"PostgreSQL: the server at {server.render_as_string()} cannot be reached ({exc.orig})")
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty class database: SQLite, then PostgreSQL (skipped without a server)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classes.db'}"
    return str(request.getfixturevalue("postgres_database"))


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    opened = Store(db_url)
    try:
        yield opened
    finally:
        opened.close()
