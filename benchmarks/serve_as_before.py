#!/usr/bin/env python3
"""``kitgen serve`` as bench_web.py runs it like for like (``_common.LIKE_FOR_LIKE``, `make bench-compare`): its
workers do not build the solitaire solvers as they start, and lay every rules document out in one column, as at
1ec0211.

Issue 27 has every worker of ``kitgen serve`` build the Word Solitaire and Letter Patience solvers beside its first
jobs (``kitgen.web.jobs.warm_solvers``, about 3.3 s of CPU a worker on a cold cache), so a first solve answers in
milliseconds: work on purpose, which 1ec0211's server did not do and which the benchmark's pages, verifies and
clients do not use. The flag reaches each worker as an argument from the server, so it holds in forked workers.

Issue 32 sets the rules in columns, which weasyprint lays out some twice as slowly (``kit_as_before.py``): a kit
the benchmark previews with the document cache off (its naive column, five kits) or on a fresh cache typesets its
rules in a worker. The workers are forked from multiprocessing's fork server, a fresh process that imports kitgen
itself, so a change made in the server does not reach them: the fork server is told to preload this file
(``__main__``, which it imports as ``__mp_main__``) before ``kitgen.web.jobs``, and on that import the file takes
the columns out in the fork server, hence in every worker forked from it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def one_column() -> None:
    """Lay every document out without the rules' columns in this process (``kit_as_before.as_before``)."""
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    from kit_as_before import as_before as without_columns

    without_columns()


def as_before() -> None:
    """From now on in this process, ``kitgen serve`` starts its workers without warming the solvers, from a fork
    server that lays documents out in one column."""
    import dataclasses

    from kitgen.web import app, workers

    create_app = app.create_app
    context = workers.Workers._context

    def cold(limits: Any = None, *args: Any, **kwargs: Any) -> Any:
        if limits is not None:
            limits = dataclasses.replace(limits, warm_solvers=False)
        return create_app(limits, *args, **kwargs)

    def preloading_this_file() -> Any:
        forkserver = context()
        forkserver.set_forkserver_preload(["__main__", "kitgen.web.jobs"])
        return forkserver

    app.create_app = cold
    workers.Workers._context = staticmethod(preloading_this_file)  # type: ignore[method-assign]
    one_column()


if __name__ == "__mp_main__":  # preloaded by the server's fork server: its workers are forked from it
    one_column()

if __name__ == "__main__":
    from _common import run_kitgen

    run_kitgen(as_before)
