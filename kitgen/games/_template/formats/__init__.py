"""The template game's record: ``seed: N`` then one word a line (``#`` comments). Errors are FILE:LINE:COL."""

from __future__ import annotations

from dataclasses import dataclass

from kitgen.core.errors import Location
from kitgen.core.text import TextSource


@dataclass(frozen=True)
class Record:
    """A typed-back record: the deal it was played with, and each word with where it was written."""

    seed: int
    words: tuple[tuple[str, Location], ...]


def parse(text: str, name: str) -> Record:
    """Read a record; a missing or malformed ``seed:`` line is an ``InputError`` at its line and column."""
    source = TextSource(name, text)
    lines = list(source.content_lines())
    if not lines or not lines[0].text.strip().startswith("seed:"):
        raise source.error("the record starts with 'seed: N'", lines[0].number if lines else 1, 1)
    value = lines[0].text.split(":", 1)[1].strip()
    if not value.isascii() or not value.isdigit() or len(value) > 10:
        raise lines[0].error(f"'seed:' needs a deal number, not {value!r}", lines[0].text.index(":") + 2)
    words = tuple((t.text, line.where(t.col)) for line in lines[1:] for t in line.tokens())
    return Record(int(value), words)
