"""Deciding a range of Word Solitaire deals over several processes (``kitgen deal word-solitaire --range``).

The worker (``RangeWorker``: a solver built once, the fast dealer) is built
in this process and inherited by each forked child, which decides every
``jobs``-th deal of the range and sends its results back in small batches,
so the caller's progress bar moves as they come. Nothing is kept between
calls: the caller holds the worker.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from kitgen.core.errors import KitgenError

if TYPE_CHECKING:
    from kitgen.games.game_of_words.rules.solve_service import RangeWorker

BATCH = 8
"""Results a child sends at a time."""

Result = tuple[int, bool | None]
Advance = Callable[[int], None]


def decide_range(worker: RangeWorker, seeds: Sequence[int], jobs: int, advance: Advance | None = None
                 ) -> dict[int, bool | None]:
    """Whether each deal of ``seeds`` can be won (``None``: undecided), over ``jobs`` processes.

    ``advance(n)`` is called as results arrive (``n`` of them at a time).
    """
    if jobs <= 1 or len(seeds) < 2:
        results = {}
        for seed in seeds:
            found, won = worker.decide_seed(seed)
            results[found] = won
            if advance is not None:
                advance(1)
        return results
    return _forked(worker, seeds, min(jobs, len(seeds)), advance)


def _child(worker: RangeWorker, seeds: Sequence[int], queue: Any, parent: int) -> None:
    """In a forked child: decide ``seeds``, sending batches of results, then ``None`` (always, even on error).

    The child ignores Ctrl-C (the parent stops it) and dies with the parent (``kitgen.io.processes``)."""
    from kitgen.io.processes import quiet_worker

    quiet_worker(parent)
    batch: list[Result] = []
    try:
        for seed in seeds:
            batch.append(worker.decide_seed(seed))
            if len(batch) == BATCH:
                queue.put(batch)
                batch = []
        queue.put(batch)
    finally:
        queue.put(None)


def _forked(worker: RangeWorker, seeds: Sequence[int], jobs: int, advance: Advance | None) -> dict[int, bool | None]:
    import multiprocessing
    import os

    from kitgen.io.processes import interrupts_held

    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    children = [context.Process(target=_child, args=(worker, seeds[i::jobs], queue, os.getpid()), daemon=True)
                for i in range(jobs)]
    with interrupts_held():  # no child is interrupted before it has learnt to ignore Ctrl-C
        for child in children:
            child.start()
    results: dict[int, bool | None] = {}
    running = jobs
    try:
        while running:
            batch = queue.get()
            if batch is None:
                running -= 1
                continue
            results.update(batch)
            if advance is not None:
                advance(len(batch))
    except BaseException:  # Ctrl-C or an error here: stop the children now, not after their work
        for child in children:
            child.terminate()
        raise
    finally:
        for child in children:
            child.join(timeout=5)
            if child.is_alive():
                child.terminate()
    if len(results) != len(seeds):
        raise KitgenError(f"a worker process failed: {len(seeds) - len(results)} deals were not decided")
    return results
