"""A web job can be called off (issue 25): the server sends ``Cancel`` down the worker's pipe, the job's context
says so to the long loops (kitgen.core.cancel), and the job answers at once as cancelled; a job past the time limit
is stopped so, its worker kept warm instead of killed."""

from __future__ import annotations

import time
from multiprocessing import Pipe

from kitgen.web.jobs import Cancel, DealJob, Done, Failed, Failure, State, run
from kitgen.web.workers import Limits, TooLong, Workers

LONG = DealJob("wordsearch", {"seed": 9_999, "par": True, "budget": 10_000_000})
"""A par search of about a minute (ten million steps): only a cancel ends it within a test. Deal 9999 is not in
kitgen's table of pars (a deal the table proves, as deal 1 since stop 41, is answered at once)."""


QUICK = DealJob("wordsearch", {"seed": 9_999, "par": True, "budget": 1_000})
"""The same search, short: run first, it loads what the long one needs (the word list, its index)."""


def test_a_cancel_in_the_pipe_stops_a_long_job_at_once() -> None:
    server, worker = Pipe()
    assert isinstance(run(State(), QUICK, worker), Done)
    server.send(Cancel())
    started = time.monotonic()
    answer = run(State(), LONG, worker)
    assert isinstance(answer, Failed) and answer.failure is Failure.CANCELLED
    assert answer.failure.status == 503 and "cancelled" in answer.message
    assert time.monotonic() - started < 10
    assert not worker.poll(0)  # the Cancel was read by the job


def test_a_job_without_a_cancel_is_answered_as_before() -> None:
    server, worker = Pipe()
    answer = run(State(), DealJob("wordsearch", {"seed": 1}), worker)
    assert isinstance(answer, Done) and answer.value["game"] == "wordsearch"


def test_a_job_past_the_limit_is_stopped_and_its_worker_kept() -> None:
    workers = Workers(Limits(workers=1, seconds=120))
    try:
        assert isinstance(workers.call(QUICK), Done)  # warm, however loaded the machine
        workers.limits = Limits(workers=1, seconds=3)
        before = workers.pids()
        try:
            workers.call(LONG)
            raise AssertionError("a minute's search came back within the limit")
        except TooLong as exc:
            assert "stopped after 3 s" in str(exc)
        assert workers.pids() == before  # stopped, not killed: the same warm worker
        assert isinstance(workers.call(DealJob("word-solitaire", {"seed": 2})), Done)
        assert workers.pids() == before
    finally:
        workers.close()


def test_a_worker_killed_under_its_job_is_said_so_and_replaced() -> None:
    """kill -9 of a worker in the middle of a job (bench_class does it mid-burst): the request is answered 503
    saying the work stopped and nothing was kept, not that it took too long; a fresh worker takes the next."""
    import os
    import signal
    import threading

    from kitgen.web.endpoints import work_answer
    from kitgen.web.workers import WorkerDied

    workers = Workers(Limits(workers=1, seconds=120))
    try:
        assert isinstance(workers.call(QUICK), Done)
        before = workers.pids()
        killer = threading.Timer(1.0, os.kill, (before[0], signal.SIGKILL))
        killer.start()
        code, document = work_answer(lambda: workers.call(LONG), 120)
        killer.join()
        assert code == 503 and "stopped before it finished" in document["error"]
        assert "longer than" not in document["error"]
        assert isinstance(workers.call(DealJob("word-solitaire", {"seed": 2})), Done)
        assert len(workers.pids()) == 1 and workers.pids() != before
        assert issubclass(WorkerDied, TooLong)  # callers that catch TooLong still catch it
    finally:
        workers.close()
