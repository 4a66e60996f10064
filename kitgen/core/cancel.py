"""Cancellation that reaches long loops: a face's ``Context.cancelled()`` asked from inside a solver.

A face (the web app's worker, a script) runs a deal, a verify or a command through ``kitgen.api`` with a
``Context``; the API puts that context's ``cancelled`` in scope (``watching``) for the time of the call, and every
long loop (a solver's search, a par search, a fill, a survey) calls ``checkpoint()`` between steps, which raises
``Cancelled`` once the face wants the work stopped. The loops need no context passed down to them (the rules stay
pure: they import only the core), and a call with nothing watching costs one context-variable look-up.

On the command line Ctrl-C, SIGTERM and SIGHUP answer the question too (``kitgen.cli.build.CliContext``): while
a loop is asking, the signal waits for its next checkpoint, so the step in hand is finished, and the run then ends
as the signal ends it; code that asks nothing (typesetting a PDF) is interrupted at once, as a signal does. A web
job in a worker process, which no signal reaches, is stopped by the question alone.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from contextvars import ContextVar

from kitgen.core.errors import KitgenError

Asks = Callable[[], bool]
"""A face's question ``cancelled() -> bool`` (``Context.cancelled``)."""

_asks: ContextVar[Asks | None] = ContextVar("kitgen_cancelled", default=None)

CHECK_EVERY = 63
"""A mask for a loop that counts its steps: ``if not steps & CHECK_EVERY: checkpoint()`` asks every 64 steps. A
step of a solver is a fraction of a millisecond, so a cancelled search stops within milliseconds while asking
costs nothing measurable."""


class Cancelled(KitgenError):
    """The face asked a running deal, verify or command to stop (``Context.cancelled``): nothing was produced
    (exit 2; the web answers the job as cancelled)."""

    def __init__(self, message: str = "cancelled: the work was stopped before it finished") -> None:
        super().__init__(message)


@contextlib.contextmanager
def watching(asks: Asks) -> Iterator[None]:
    """Within the block, ``checkpoint()`` asks ``asks`` (the face's ``Context.cancelled``); blocks nest (the inner
    question is asked)."""
    token = _asks.set(asks)
    try:
        yield
    finally:
        _asks.reset(token)


def cancelled() -> bool:
    """Whether the face watching this call (``watching``) wants the work stopped; False when none watches."""
    asks = _asks.get()
    return asks is not None and asks()


def checkpoint() -> None:
    """Raise ``Cancelled`` if the face watching this call wants the work stopped (a long loop calls it between
    steps, or every 64 steps: ``CHECK_EVERY``)."""
    if cancelled():
        raise Cancelled()
