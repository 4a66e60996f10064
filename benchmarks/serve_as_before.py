#!/usr/bin/env python3
"""``kitgen serve`` as bench_web.py runs it like for like (``_common.LIKE_FOR_LIKE``, `make bench-compare`): its
workers do not build the solitaire solvers as they start, as at 1ec0211.

Issue 27 has every worker of ``kitgen serve`` build the Word Solitaire and Letter Patience solvers beside its first
jobs (``kitgen.web.jobs.warm_solvers``, about 3.3 s of CPU a worker on a cold cache), so a first solve answers in
milliseconds: work on purpose, which 1ec0211's server did not do and which the benchmark's pages, verifies and
clients do not use. The flag reaches each worker as an argument from the server, so it holds in forked workers."""

from __future__ import annotations

from typing import Any


def as_before() -> None:
    """From now on in this process, ``kitgen serve`` starts its workers without warming the solvers."""
    import dataclasses

    from kitgen.web import app

    create_app = app.create_app

    def cold(limits: Any = None, *args: Any, **kwargs: Any) -> Any:
        if limits is not None:
            limits = dataclasses.replace(limits, warm_solvers=False)
        return create_app(limits, *args, **kwargs)

    app.create_app = cold


if __name__ == "__main__":
    from _common import run_kitgen

    run_kitgen(as_before)
