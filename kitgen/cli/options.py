"""Options shared by every command (DESIGN.md, "Shared options"), declared once.

Use them as parameter annotations::

    def sheet(paper: PaperOpt = Paper.a4, seed: SeedOpt = None, out: OutOpt = None): ...
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from kitgen.io.pdf import Paper

PaperOpt = Annotated[Paper, typer.Option("--paper", help="Paper size: a4 or letter.", case_sensitive=False)]
WordsOpt = Annotated[
    Path | None,
    typer.Option("--words", help="Word list (one word or phrase a line, # comments) replacing the default lexicon.",
                 dir_okay=False),
]
SeedOpt = Annotated[int | None, typer.Option("--seed", help="Deal number / seed (0 to 2147483647).")]
OutOpt = Annotated[Path | None, typer.Option("--out", help="Output file or directory (default: output/).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON (a documented contract).")]
ForceOpt = Annotated[bool, typer.Option("--force", help="Replace an existing file kitgen did not write.")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bars or chatter.")]

MAX_COUNT = 1000
MAX_PLAYERS = 12


def check_count(count: int, what: str = "--count", limit: int = MAX_COUNT) -> int:
    """Refuse counts that would hang (issue 7: ``--count`` <= 1000)."""
    from kitgen.core.errors import InputError

    if not 1 <= count <= limit:
        raise InputError(f"{what} must be between 1 and {limit} (got {count})")
    return count


def lexicon(words: Path | None):
    """The lexicon for ``--words`` (or the default), loaded lazily."""
    from kitgen.core.lexicon import get_lexicon

    return get_lexicon(words)


def wrote(path: Path | str) -> None:
    """Tell the user where a file went (every command that writes says so)."""
    typer.echo(f"wrote {path}")
