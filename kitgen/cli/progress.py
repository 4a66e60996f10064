"""Progress bars for long work (kits, deal ranges, solving, par search): rich, on stderr, on a terminal only.

A bar shows only when stderr is a terminal and ``--quiet`` was not given. It is drawn on stderr, so stdout
carries the result alone (``--json`` documents and JSON Lines stay clean, even on a terminal), and it is
transient: it leaves nothing behind. It shows the time spent and an estimate of the time left.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator

Update = Callable[..., None]
"""``update(completed, description=None)``: move the bar to ``completed`` (of its total)."""


def wanted(quiet: bool = False) -> bool:
    """Whether to show a bar: stderr is a terminal and ``--quiet`` was not given."""
    return not quiet and sys.stderr.isatty()


@contextlib.contextmanager
def progress(description: str, total: float, quiet: bool = False, unit: str = "") -> Iterator[Update | None]:
    """Yield an ``update`` callable driving a transient rich bar on stderr, or None when no bar is wanted."""
    if not wanted(quiet):
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    tally = TextColumn(f"{{task.completed:.1f}}/{{task.total:.1f}} {unit}") if unit else MofNCompleteColumn()
    columns = [TextColumn("{task.description}"), BarColumn(), tally, TimeElapsedColumn(), TextColumn("left"),
               TimeRemainingColumn()]
    with Progress(*columns, console=Console(file=sys.stderr), transient=True) as bar:
        task = bar.add_task(description, total=total)

        def update(completed: float, description: str | None = None) -> None:
            bar.update(task, completed=completed, description=description or None)

        yield update
