"""Class databases for tests: SQLite in a folder, and a throwaway PostgreSQL database when a server is at hand.

PostgreSQL runs when ``$KITGEN_TEST_POSTGRES`` names a server kitgen may create databases on (``.ci/run`` installs
and starts one, as root, with scripts/ci_postgres.sh); each use gets a new database, dropped after. Without it
the PostgreSQL cases skip with one line, as the browser tests do without Chromium.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

PG_ENV = "KITGEN_TEST_POSTGRES"
BACKENDS = ["sqlite", "postgresql"]


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """A new empty PostgreSQL database's URL, dropped after (skips the test without a server)."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import OperationalError

    given = os.environ.get(PG_ENV, "").strip()
    if not given:
        pytest.skip(f"PostgreSQL: no server (set {PG_ENV}; .ci/run starts one)")
    server = make_url(given)
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
        _drop(admin, name)
        admin.dispose()


def _drop(admin: Any, name: str) -> None:
    """Drop a throwaway test database; FORCE may be refused (a backend of another role still attached: seen in
    CI), then a plain drop is tried, and a database left behind is harmless (its name is random)."""
    from sqlalchemy import text
    from sqlalchemy.exc import OperationalError, ProgrammingError

    for statement in (f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'DROP DATABASE IF EXISTS "{name}"'):
        try:
            with admin.connect() as connection:
                connection.execute(text(statement))
            return
        except (OperationalError, ProgrammingError):
            continue


@contextmanager
def class_database(backend: str, folder: Path) -> Iterator[str]:
    """The URL of an empty class database on ``backend`` (``sqlite`` in ``folder``, or ``postgresql``)."""
    if backend == "sqlite":
        yield f"sqlite:///{folder / 'classes.db'}"
    else:
        with throwaway_postgres() as url:
            yield url


BASE = "http://testserver"


def web_client(app: object) -> object:
    """A test client of the web app that keeps its cookies and does not follow redirects."""
    from starlette.testclient import TestClient

    return TestClient(app, raise_server_exceptions=False, follow_redirects=False)  # type: ignore[arg-type]


def form_token(page: str) -> str:
    """The form token of a class page (teacher forms, seats)."""
    import re

    found = re.search(r'name="token" value="([0-9a-f]+)"', page)
    assert found, "no form token on the page"
    return found.group(1)


@contextmanager
def class_app(backend: str, folder: Path) -> Iterator[object]:
    """The web app on an empty class database of its own."""
    from kitgen.web.app import create_app

    with class_database(backend, folder) as url:
        made = create_app(db=url)
        yield made
        made.state.classroom.close()
