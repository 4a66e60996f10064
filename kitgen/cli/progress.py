"""Progress bars for long work (kits, deal ranges, solving, par search): rich, on a terminal only.

A bar shows only when stdout is a terminal and ``--quiet`` was not given, so
piped output, ``--json`` and tests stay clean.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator

Update = Callable[..., None]
"""``update(completed, description=None)``: move the bar to ``completed`` (of its total)."""


def wanted(quiet: bool = False, json: bool = False) -> bool:
    """Whether to show a bar: on a terminal, and neither ``--quiet`` nor ``--json``."""
    return not quiet and not json and sys.stdout.isatty()


@contextlib.contextmanager
def progress(description: str, total: float, quiet: bool = False, json: bool = False,
             unit: str = "") -> Iterator[Update | None]:
    """Yield an ``update`` callable driving a transient rich bar, or None when no bar is wanted."""
    if not wanted(quiet, json):
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = [TextColumn("{task.description}"), BarColumn()]
    tally = TextColumn(f"{{task.completed:.1f}}/{{task.total:.1f}} {unit}") if unit else MofNCompleteColumn()
    columns.append(tally)
    columns.append(TimeElapsedColumn())
    with Progress(*columns, transient=True) as bar:
        task = bar.add_task(description, total=total)

        def update(completed: float, description: str | None = None) -> None:
            bar.update(task, completed=completed, description=description or None)

        yield update
