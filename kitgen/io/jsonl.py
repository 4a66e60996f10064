"""JSON Lines files that a long job appends to and a rerun resumes (``kitgen deal ... --range --out FILE.jsonl``).

One JSON object a line, each line written whole with one ``write`` on an unbuffered file opened for appending, so
Ctrl-C, a full disk or a killed process leaves complete lines behind, at worst followed by one half-written line
(a power cut). Reading an existing file back (``read_lines``) streams it line by line, in bounded memory; a
last line with no newline that does not parse is that half-written line, and ``drop_torn_tail`` cuts it off before
anything is appended. A line in the middle that does not parse is not ours to guess about: a located error.

Only regular files are read or appended to (a FIFO or a device as ``--out`` is refused, as everywhere in kitgen).
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kitgen.core.errors import InputError, Location

READ_CHUNK = 1 << 16


def _regular(path: Path) -> bool:
    """Whether ``path`` exists; an ``InputError`` if it is there but not a regular file."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None
    if not stat.S_ISREG(mode):
        raise InputError(f"{path}: not a regular file (a JSON Lines --out must be a file)")
    return True


def _object(raw: bytes, where: Location) -> dict[str, Any]:
    try:
        value = json.loads(raw)
    except (UnicodeDecodeError, ValueError):
        raise InputError("not a JSON line (this file was not written by a kitgen survey)", where) from None
    if not isinstance(value, dict):
        raise InputError("a JSON line here is an object {...}", where)
    return value


def _raw_lines(handle: Any) -> Iterator[bytes]:
    """The file's lines as bytes, each with its newline (the last may lack one), read in chunks."""
    pending = b""
    while chunk := handle.read(READ_CHUNK):
        pending += chunk
        *whole, pending = pending.split(b"\n")
        for line in whole:
            yield line + b"\n"
    if pending:
        yield pending


def read_lines(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """Each complete line of an existing JSON Lines file as ``(line number, object)``, streamed.

    Blank lines are skipped. A last line without a newline that does not parse is skipped too (a torn write:
    ``drop_torn_tail`` removes it); any other line that is not a JSON object is an ``InputError`` at FILE:LINE:1.
    Nothing is yielded for a file that does not exist.
    """
    if not _regular(path):
        return
    with open(path, "rb") as handle:
        for number, raw in enumerate(_raw_lines(handle), start=1):
            if not raw.strip():
                continue
            where = Location(str(path), number, 1)
            if not raw.endswith(b"\n"):
                try:
                    yield number, _object(raw, where)
                except InputError:
                    return
                return
            yield number, _object(raw, where)


def drop_torn_tail(path: Path) -> bool:
    """Make the file end with a newline before lines are appended: a last line without one is cut off if it does
    not parse (a half-written line), or finished with a newline if it does. True when a torn line was cut."""
    if not _regular(path):
        return False
    size = path.stat().st_size
    if size == 0:
        return False
    with open(path, "rb+") as handle:
        start = max(0, size - READ_CHUNK)
        handle.seek(start)
        tail = handle.read()
        if tail.endswith(b"\n"):
            return False
        cut = tail.rfind(b"\n")
        if cut < 0 and start > 0:  # a last line longer than a chunk: find its start the slow way
            return _drop_long_tail(handle, size)
        last = tail[cut + 1:]
        try:
            _object(last, Location(str(path)))
        except InputError:
            handle.truncate(start + cut + 1)
            return True
        handle.seek(0, os.SEEK_END)
        handle.write(b"\n")
        return False


def _drop_long_tail(handle: Any, size: int) -> bool:
    """``drop_torn_tail`` for a last line longer than one read: scan from the start for the last newline."""
    handle.seek(0)
    end = 0
    offset = 0
    while chunk := handle.read(READ_CHUNK):
        found = chunk.rfind(b"\n")
        if found >= 0:
            end = offset + found + 1
        offset += len(chunk)
    handle.truncate(end)
    return end < size


class Appender:
    """Appends whole JSON lines to a file, one unbuffered ``write`` each (created if missing)."""

    def __init__(self, path: Path, start_over: bool = False) -> None:
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | (os.O_TRUNC if start_over else 0)
        try:
            self.fd = os.open(path, flags, 0o644)
        except OSError as exc:
            raise InputError(f"{path}: cannot write ({exc.strerror or exc})") from None
        self.path = path

    def write(self, line: dict[str, Any]) -> None:
        data = (json.dumps(line, ensure_ascii=False) + "\n").encode()
        try:
            while data:
                data = data[os.write(self.fd, data):]
        except OSError as exc:
            raise InputError(f"{self.path}: cannot write ({exc.strerror or exc})") from None

    def close(self) -> None:
        os.close(self.fd)

    def __enter__(self) -> Appender:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
