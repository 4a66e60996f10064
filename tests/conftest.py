"""Shared fixtures: small word lists, a CLI runner, and the repository paths."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import checkout
import pytest
from typer.testing import CliRunner

from kitgen.cli.app import app


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C heard as at a terminal: a run started in the background of a shell without job control inherits
    SIGINT ignored, which Python (and every kitgen a test starts) then keeps, and the interrupt tests hang. A run
    under ``nohup`` inherits SIGHUP ignored, which every kitgen a test starts keeps too (as it should under nohup),
    so the hang-up tests saw kitgen finish (exit 0): the tests' own kitgens hear SIGHUP as at a terminal."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if hasattr(signal, "SIGHUP") and signal.getsignal(signal.SIGHUP) is signal.SIG_IGN:
        signal.signal(signal.SIGHUP, signal.SIG_DFL)


@pytest.hookimpl(trylast=True)  # after -k and -m deselected theirs: the positions are of the tests that run
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The slow-marked tests first (each language's every-page browser scan, the Sunday fills, the template's run of
    the suite), dealt among ``make test``'s workers, then the rest in their order: the long ones start at once, side
    by side, while short ones fill the workers after them, instead of the every-page scan, collected last, running
    alone at the end.

    xdist's ``load`` schedule gives each worker a first run of consecutive tests (a quarter of its share, ``first``
    below) and the rest a few at a time as workers finish theirs: the slow tests all at the front went to one worker
    in its first run, and ran there one after another for ten minutes while the others had finished (the fresh-clone
    CI at af0dcda). So each worker's first run starts with its share of the slow tests, dealt in turn."""
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    rest = [item for item in items if item.get_closest_marker("slow") is None]
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    if workers < 2:
        items[:] = slow + rest
        return
    chunk = config.getoption("maxschedchunk", None) or len(items)
    first = max(min(len(items) // workers // 4, chunk), 2)  # xdist's LoadScheduling.schedule: each first run's length
    order: list[pytest.Item] = []
    for worker in range(workers):
        share = slow[worker::workers]
        taken = max(first - len(share), 0)
        order += share + rest[:taken]
        rest = rest[taken:]
    items[:] = order + rest


ROOT = Path(__file__).resolve().parent.parent
_CHECKOUT = pytest.StashKey[checkout.Snapshot]()
"""What the checkout held when the run started (tests/checkout.py)."""


def pytest_sessionstart(session: pytest.Session) -> None:
    """The checkout as the run finds it, looked at once, by the run's own process (not by each xdist worker)."""
    if not hasattr(session.config, "workerinput"):  # the run's own process, not an xdist worker
        session.config.stash[_CHECKOUT] = checkout.snapshot(ROOT)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The run fails when it wrote into the checkout (tests/checkout.py): a new or changed file under ``output/`` or
    a new file git would show, named here."""
    before = session.config.stash.get(_CHECKOUT, None)
    if before is None:
        return
    found = checkout.written(before, checkout.snapshot(ROOT))
    if found:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.ensure_newline()
            reporter.write_sep("=", "the tests wrote into the checkout (write in tmp_path instead)", red=True)
            for path in found:
                reporter.write_line(f"  {path}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(scope="session", autouse=True)
def document_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Typeset documents are cached in a folder of the test run's own, never in the user's cache; the shipped store
    (made by `make install`) is not read, so a test sees what typesetting makes whether or not it was made."""
    folder = tmp_path_factory.mktemp("document-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("KITGEN_CACHE_DIR", str(folder))
        patch.setenv("KITGEN_SHIPPED_DOCUMENTS", "off")
        yield folder


@pytest.fixture(scope="session", autouse=True)
def class_database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Class sessions are kept in a database of the test run's own, never in the user's data folder."""
    url = f"sqlite:///{tmp_path_factory.mktemp('class-db') / 'classes.db'}"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("KITGEN_DB", url)
        yield url


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def invoke(runner: CliRunner):
    """Run ``kitgen ARGS...`` in-process; returns the click Result (exit_code, stdout, stderr)."""

    def run(*args: str, input: str | None = None):
        return runner.invoke(app, [str(a) for a in args], input=input)

    return run


@pytest.fixture
def word_file(tmp_path: Path):
    """Write a ``--words`` list and return its path: ``word_file("balance", "take cover")``."""

    def make(*words: str, name: str = "words.txt") -> Path:
        p = tmp_path / name
        p.write_text("# test list\n" + "\n".join(words) + "\n", encoding="utf-8")
        return p

    return make
