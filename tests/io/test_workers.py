"""Task sizing (issue 30): a pool may ask for larger chunks (Dask: a task costs far more than a forked worker's
queue item); the results come back the same, in seed order."""

from __future__ import annotations

from typing import Any

from kitgen.io import workers
from kitgen.io.workers import InProcess, ordered_results


class Chunky(InProcess):
    """This process, asking for chunks ``times`` the survey's, and noting each chunk it is sent."""

    def __init__(self, times: int) -> None:
        super().__init__(lambda seed: seed * seed)
        self.times = times
        self.sent: list[list[int]] = []

    def chunk(self, size: int) -> int:
        return size * self.times

    def submit(self, number: int, seeds: list[int]) -> None:
        self.sent.append(seeds)
        super().submit(number, seeds)


def flat(results: Any) -> list[int]:
    return [r for chunk in results for r in chunk]


def test_a_pool_asking_for_larger_chunks_gets_them_and_the_same_results() -> None:
    plain, chunky = InProcess(lambda seed: seed * seed), Chunky(8)
    assert flat(ordered_results(range(1, 1001), plain, 16)) == flat(ordered_results(range(1, 1001), chunky, 16)) \
        == [s * s for s in range(1, 1001)]
    assert [len(c) for c in chunky.sent] == [128] * 7 + [104]


def test_dask_tasks_are_several_chunks_and_a_local_cluster_spends_nothing_on_a_dashboard() -> None:
    pool = workers.DaskPool.__new__(workers.DaskPool)
    assert pool.chunk(16) == 16 * workers.DASK_CHUNKS and workers.DASK_CHUNKS >= 4
    assert workers.LOCAL_CONFIG["distributed.worker.profile.enabled"] is False


class Square:
    """A picklable work object that says whether it was sent (unpickled) or inherited."""

    def __init__(self) -> None:
        self.sent = False

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, sent=True)

    def __call__(self, seed: int) -> tuple[int, bool]:
        return seed * seed, self.sent


def test_a_local_dask_cluster_inherits_the_work_and_sends_none() -> None:
    """Its workers are forked holding the work (as --jobs's are): no task pickles it, and the results are the same
    as here; after the pool is closed nothing is left set aside."""
    import pytest

    pytest.importorskip("distributed")
    pool = workers.DaskPool(Square(), "local", 2)
    assert pool.inherited and pool.work is None
    results = flat(ordered_results(range(1, 41), pool, 4))
    assert results == [(s * s, False) for s in range(1, 41)]
    assert workers.Inherited.work is None and not workers.has_inherited()


def test_an_inherited_task_without_its_work_is_a_clear_error() -> None:
    import pytest

    with pytest.raises(workers.KitgenError, match="without the survey's work"):
        workers.run_inherited([1, 2])


def heartbeat_ms(dask_worker: Any) -> float:
    """A Dask worker's time between heartbeats, in milliseconds (run on each worker by ``Client.run``)."""
    return float(dask_worker.periodic_callbacks["heartbeat"].callback_time)


def test_a_local_dask_cluster_has_no_nannies_and_its_scheduler_apart() -> None:
    """Issue 30: a nanny above each worker, the scheduler's loop in this process and two heartbeats a second cost
    CPU that --jobs never spends. The workers are this process's own children (no nanny between), the scheduler
    runs elsewhere, a worker beats every ``HEARTBEAT`` seconds, the results are the same as in this process, and
    closing the pool leaves no process running."""
    import os
    import time

    import pytest

    pytest.importorskip("distributed")
    pool = workers.DaskPool(Square(), "local", 2)
    cluster = pool.cluster
    assert isinstance(cluster, workers.LocalProcesses) and pool.workers == 2
    assert sorted(pool.client.run(os.getppid).values()) == [os.getpid()] * 2
    scheduler = pool.client.run_on_scheduler(os.getpid)
    assert scheduler != os.getpid() and scheduler in {child.pid for child in cluster.children}
    deadline = time.monotonic() + 30  # the first heartbeat's answer sets the pace (Dask's: two a second)
    while set(pool.client.run(heartbeat_ms).values()) != {workers.HEARTBEAT * 1000} and time.monotonic() < deadline:
        time.sleep(0.2)
    assert set(pool.client.run(heartbeat_ms).values()) == {workers.HEARTBEAT * 1000}
    here = InProcess(Square())
    assert flat(ordered_results(range(1, 301), pool, 16)) == flat(ordered_results(range(1, 301), here, 16))
    assert [child.exitcode is not None for child in cluster.children] == [True] * 3
