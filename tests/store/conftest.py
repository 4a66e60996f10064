"""The class database under test: SQLite, then PostgreSQL when a server is at hand (tests/classdb.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from classdb import BACKENDS, class_database

from kitgen.store import Store


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """The URL of an empty class database: SQLite, then PostgreSQL (skipped without a server)."""
    with class_database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    opened = Store(db_url)
    try:
        yield opened
    finally:
        opened.close()
