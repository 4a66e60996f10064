"""What the whole test run makes once and its workers share: ``make test`` runs the suite in three xdist workers, and a
module-scoped fixture is made again in every worker that runs one of its module's tests (the 24 kits of
tests/test_paper.py were typeset up to three times, ~30 s of CPU each time). ``made_once`` makes a thing in a folder
the workers share, the first worker to need it under a lock (the others wait for it, then read what it made)."""

from __future__ import annotations

import fcntl
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The temporary folder of the whole run: the xdist workers' common one (each worker's own, ``popen-gwN``, is in
    it), else the run's own."""
    folder = tmp_path_factory.getbasetemp()
    return folder.parent if folder.name.startswith("popen-gw") else folder


def made_once(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder ``name`` of the run's folder, filled by ``make(folder)`` once in the whole run: the first worker to
    need it makes it while holding its lock, and marks it made; a worker that needs it meanwhile waits, then reads it.
    A make that failed (its mark missing) is made again, from an empty folder, by the next worker to need it."""
    where = run_folder(tmp_path_factory) / name
    with open(where.with_name(f"{name}.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        made = where.with_name(f"{name}.made")
        if not made.exists():
            shutil.rmtree(where, ignore_errors=True)
            where.mkdir()
            make(where)
            made.touch()
    return where


def bytes_once(tmp_path_factory: pytest.TempPathFactory, name: str, make: Callable[[], bytes]) -> bytes:
    """``make()``'s bytes, made once in the whole run (``made_once``) and read from the shared folder after that."""

    def write(folder: Path) -> None:
        (folder / "made").write_bytes(make())

    return (made_once(tmp_path_factory, name, write) / "made").read_bytes()


def kit_once(tmp_path_factory: pytest.TempPathFactory, game: str, paper: str, seed: int = 3) -> bytes:
    """``api.kit(game, paper=paper, seed=seed)``, made once in the whole run: tests/test_paper.py and
    tests/test_print.py look at the same kits of seed 3 (A4 and Letter in both)."""
    from kitgen import api

    return bytes_once(tmp_path_factory, f"kit-{game}-{paper}-seed{seed}", lambda: api.kit(game, paper=paper, seed=seed))
