"""Stopping worker processes never waits for ever (a fresh-clone CI run once hung at 95%: a test worker waited on
a forked child that slept on a lock and outlived SIGTERM). A child still alive ``KILL_AFTER`` seconds after SIGTERM
is killed, in a ``worker_pool`` (kit pages), in ``Forked`` (surveys) and in ``stop_children``."""

from __future__ import annotations

import multiprocessing
import signal
import threading
import time
from typing import Any

import pytest

from kitgen.io import processes
from kitgen.io.processes import KILL_AFTER, stop_children, worker_pool
from kitgen.io.workers import Forked

LIMIT = KILL_AFTER + 20.0
"""Seconds within which stopping must be done (the kill comes after ``KILL_AFTER``; the rest is a loaded machine)."""


def deaf_to_sigterm(*_: Any) -> None:
    """What a child stuck before it learnt to die on SIGTERM looks like from outside: SIGTERM changes nothing."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def sleep_deaf() -> None:
    deaf_to_sigterm()
    time.sleep(600)


def finishes(action: Any) -> float:
    """Seconds ``action()`` took, run in a thread: fails the test (not hangs it) when it is not done in LIMIT."""
    start = time.monotonic()
    thread = threading.Thread(target=action, daemon=True)
    thread.start()
    thread.join(LIMIT)
    assert not thread.is_alive(), "stopping the workers waited for ever on a child that outlived SIGTERM"
    return time.monotonic() - start


def test_a_child_that_outlives_sigterm_is_killed() -> None:
    child = multiprocessing.get_context("fork").Process(target=sleep_deaf, daemon=True)
    child.start()
    time.sleep(0.5)  # it has set SIGTERM aside
    took = finishes(lambda: stop_children([child]))
    assert child.exitcode == -signal.SIGKILL
    assert took >= KILL_AFTER - 0.5


def test_stopping_children_that_obey_sigterm_does_not_wait() -> None:
    child = multiprocessing.get_context("fork").Process(target=time.sleep, args=(600,), daemon=True)
    child.start()
    assert finishes(lambda: stop_children([child])) < KILL_AFTER
    assert child.exitcode == -signal.SIGTERM


def test_a_pool_whose_worker_outlives_sigterm_still_terminates() -> None:
    pool = worker_pool(1)
    pool.apply_async(sleep_deaf)  # busy and deaf, as a worker stuck on a lock is
    time.sleep(1.0)
    workers = list(pool._pool)  # type: ignore[attr-defined]
    finishes(pool.terminate)
    assert [w.exitcode for w in workers] == [-signal.SIGKILL]


def test_a_pool_closed_and_joined_waits_for_its_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a terminated worker is killed: a worker finishing its task after close() is waited for."""
    pool = worker_pool(1)
    result = pool.apply_async(time.sleep, (KILL_AFTER + 1,))
    pool.close()
    pool.join()
    assert result.successful()


def square(seed: int) -> int:
    return seed * seed


def test_forked_workers_that_outlive_sigterm_are_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(processes, "quiet_worker", deaf_to_sigterm)  # the children are forked with it
    pool = Forked(square, 2)
    pool.submit(0, [3])
    assert pool.next_done() == (0, [9])
    finishes(pool.close)
    assert [child.exitcode for child in pool.children] == [-signal.SIGKILL] * 2
