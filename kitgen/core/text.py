"""The small reader toolkit every typed-file reader uses.

Every reader turns a file into ``Line`` objects and reports problems through
``Line.error`` / ``TextSource.error`` so that each message reads
``FILE:LINE:COL: what is wrong`` (README.md, "Formats a person types").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from kitgen.core.errors import InputError, Location

MAX_INPUT_BYTES = 2_000_000
"""Typed files are small; anything larger is refused rather than read."""

_TOKEN = re.compile(r"\S+")


@dataclass(frozen=True)
class Token:
    """A whitespace-separated word of a line, with its 1-based column."""

    text: str
    col: int


@dataclass(frozen=True)
class Line:
    """One line of a typed file: its number, the raw text, and the text without comments."""

    source: TextSource
    number: int
    raw: str
    text: str

    @property
    def indent(self) -> int:
        return len(self.raw) - len(self.raw.lstrip())

    def tokens(self) -> list[Token]:
        return [Token(m.group(), m.start() + 1) for m in _TOKEN.finditer(self.text)]

    def where(self, col: int = 1) -> Location:
        return Location(self.source.name, self.number, col)

    def error(self, message: str, col: int = 1) -> InputError:
        """An ``InputError`` located at this line and column (1-based)."""
        return InputError(message, self.where(col))


class TextSource:
    """The text of a typed file and its name as the user gave it."""

    def __init__(self, name: str, text: str) -> None:
        self.name = name
        self.text = text

    @classmethod
    def from_path(cls, path: str | Path) -> TextSource:
        """Read a UTF-8 text file; a missing, unreadable, binary or huge file is an ``InputError``."""
        name = str(path)
        p = Path(path)
        try:
            if p.is_dir():
                raise InputError("is a directory, not a file", Location(name))
            size = p.stat().st_size
            if size > MAX_INPUT_BYTES:
                raise InputError(f"file too large ({size} bytes; at most {MAX_INPUT_BYTES})", Location(name))
            data = p.read_bytes()
        except FileNotFoundError:
            raise InputError("no such file", Location(name)) from None
        except PermissionError:
            raise InputError("permission denied", Location(name)) from None
        except OSError as exc:
            raise InputError(f"cannot read: {exc.strerror or exc}", Location(name)) from None
        return cls.from_bytes(name, data)

    @classmethod
    def from_bytes(cls, name: str, data: bytes) -> TextSource:
        if b"\x00" in data:
            line = data[: data.index(b"\x00")].count(b"\n") + 1
            raise InputError("binary data (a NUL byte) in a text file", Location(name, line, 1))
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
            raise InputError("not UTF-8 text", Location(name, line, col)) from None
        return cls(name, text)

    def lines(self, comment: str | None = "#") -> Iterator[Line]:
        """Every line, numbered from 1, with ``comment`` and what follows it removed."""
        for number, raw in enumerate(self.text.splitlines(), start=1):
            text = raw
            if comment:
                cut = raw.find(comment)
                if cut >= 0:
                    text = raw[:cut]
            yield Line(self, number, raw, text.rstrip())

    def content_lines(self, comment: str | None = "#") -> Iterator[Line]:
        """The lines that hold something once comments and blanks are gone."""
        return (line for line in self.lines(comment) if line.text.strip())

    def error(self, message: str, line: int = 0, col: int = 0) -> InputError:
        return InputError(message, Location(self.name, line, col))
