"""JSON Lines files that a long job appends to and a rerun resumes (``kitgen deal ... --range --out FILE.jsonl``).

One JSON object a line, each line written whole with one ``write`` on an unbuffered file opened for appending, so
Ctrl-C, a full disk or a killed process leaves complete lines behind, at worst followed by one half-written line
(a power cut). ``LinesFile`` opens such a file for one run (issue 33: files kitgen owns):

* only a regular file, never through a symbolic link (``O_NOFOLLOW``), never a FIFO or a device;
* locked (``flock``) for the run, so a second run on the same file is refused rather than writing every line
  twice;
* read back line by line in bounded memory (``lines``): a line over ``MAX_LINE`` bytes or nested deeper than
  ``MAX_DEPTH`` is a located error (never a ``RecursionError``); a last line with no newline that does not parse
  is the half-written line, cut off by ``drop_torn_tail`` before anything is appended. A line in the middle that
  does not parse is not ours to guess about: a located error.

Whether the file's lines are the caller's (a survey's) is the caller's to say (``kitgen.games.survey``), from the
first line, before anything is cut or appended.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kitgen.core.display import escaped
from kitgen.core.errors import InputError, Location
from kitgen.core.i18n import gettext as _
from kitgen.core.i18n import system_reason, whole

READ_CHUNK = 1 << 16
MAX_LINE = 4 << 20
"""The longest line read back (a Letter Patience solution line is a few kB)."""
MAX_DEPTH = 16
"""The deepest nesting of arrays and objects a line may have (kitgen's survey lines need four)."""
_BRACKETS = re.compile(rb'"(?:[^"\\]|\\.)*"|[][{}]')


def parse_line(raw: bytes, where: Location) -> dict[str, Any]:
    """One line as a JSON object; a located ``InputError`` for anything else (too long, too deep, not JSON)."""
    if len(raw) > MAX_LINE:
        raise InputError(_("a line longer than {most} bytes (this file was not written by a kitgen survey)").format(
            most=whole(MAX_LINE)), where)
    depth = 0
    for m in _BRACKETS.finditer(raw):
        ch = m.group()
        if ch in (b"[", b"{"):
            depth += 1
            if depth > MAX_DEPTH:
                raise InputError(_("a JSON line nested deeper than {most} levels").format(most=MAX_DEPTH), where)
        elif ch in (b"]", b"}"):
            depth -= 1
    try:
        value = json.loads(raw)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise InputError(_("not a JSON line (this file was not written by a kitgen survey)"), where) from None
    if not isinstance(value, dict):
        raise InputError(_("a JSON line here is an object {...}"), where)
    return value


def _refusal(path: Path, exc: OSError) -> InputError:
    name = escaped(str(path))
    if exc.errno == errno.ELOOP:
        return InputError(_("{file}: is a symbolic link, not a regular file; kitgen writes a JSON Lines --out only "
                            "to the file itself (give its own name)").format(file=name))
    if exc.errno == errno.ENAMETOOLONG:
        return InputError(_("{file}: the file name is too long for this file system").format(file=name))
    return InputError(_("{file}: cannot open ({why})").format(file=name, why=system_reason(exc)))


class LinesFile:
    """A JSON Lines file opened for one run: regular, not a link, locked against a second run; created if
    missing, emptied first when ``start_over`` (``--force``)."""

    def __init__(self, path: Path, start_over: bool = False) -> None:
        self.path = path
        flags = (os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
        try:
            self.fd = os.open(path, flags, 0o644)
        except OSError as exc:
            raise _refusal(path, exc) from None
        try:
            self._check_and_lock()
            os.set_blocking(self.fd, True)
            if start_over:
                os.ftruncate(self.fd, 0)
        except BaseException:
            os.close(self.fd)
            raise

    def _check_and_lock(self) -> None:
        import fcntl

        if not stat.S_ISREG(os.fstat(self.fd).st_mode):
            raise InputError(_("{file}: not a regular file (a JSON Lines --out must be a file)").format(
                file=escaped(str(self.path))))
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise InputError(_("{file}: another kitgen run is writing this file; let it finish, or give another "
                               "--out").format(file=escaped(str(self.path)))) from None

    @property
    def size(self) -> int:
        return os.fstat(self.fd).st_size

    def _raw_lines(self) -> Iterator[bytes]:
        """The file's lines as bytes from the start, each with its newline (the last may lack one), read in
        chunks; a line longer than ``MAX_LINE`` is a located error."""
        pending = b""
        offset = 0
        number = 1
        while chunk := os.pread(self.fd, READ_CHUNK, offset):
            offset += len(chunk)
            pending += chunk
            *whole, pending = pending.split(b"\n")
            for line in whole:
                yield line + b"\n"
                number += 1
            if len(pending) > MAX_LINE:
                parse_line(pending, Location(escaped(str(self.path)), number, 1))
        if pending:
            yield pending

    def first_line(self) -> tuple[bytes, bool] | None:
        """The first line's bytes and whether it is complete (ends in a newline); None for an empty file."""
        for raw in self._raw_lines():
            return raw, raw.endswith(b"\n")
        return None

    def lines(self) -> Iterator[tuple[int, dict[str, Any]]]:
        """Each complete line as ``(line number, object)``, streamed. Blank lines are skipped; a last line without
        a newline that does not parse is skipped too (a torn write: ``drop_torn_tail`` removes it)."""
        for number, raw in enumerate(self._raw_lines(), start=1):
            if not raw.strip():
                continue
            where = Location(escaped(str(self.path)), number, 1)
            if raw.endswith(b"\n"):
                yield number, parse_line(raw, where)
                continue
            try:
                line = parse_line(raw, where)
            except InputError:
                return
            yield number, line

    def drop_torn_tail(self) -> bool:
        """Make the file end with a newline before lines are appended: a last line without one is cut off if it
        does not parse (a half-written line), or finished with a newline if it does. True when a line was cut.
        Only for a file whose lines the caller has checked are its own."""
        size = self.size
        if size == 0:
            return False
        start = max(0, size - READ_CHUNK)
        tail = os.pread(self.fd, size - start, start)
        if tail.endswith(b"\n"):
            return False
        cut = tail.rfind(b"\n")
        end = start + cut + 1 if cut >= 0 else self._last_newline_end(start)
        try:
            parse_line(os.pread(self.fd, min(size - end, MAX_LINE + 1), end), Location(str(self.path)))
        except InputError:
            os.ftruncate(self.fd, end)
            return True
        os.write(self.fd, b"\n")
        return False

    def _last_newline_end(self, before: int) -> int:
        """Where the last line starts when it is longer than one read: scanned back from ``before``."""
        while before > 0:
            start = max(0, before - READ_CHUNK)
            found = os.pread(self.fd, before - start, start).rfind(b"\n")
            if found >= 0:
                return start + found + 1
            before = start
        return 0

    def write(self, line: dict[str, Any]) -> None:
        """Append one whole line with one unbuffered ``write``."""
        data = (json.dumps(line, ensure_ascii=False) + "\n").encode()
        try:
            while data:
                data = data[os.write(self.fd, data):]
        except OSError as exc:
            raise InputError(_("{file}: cannot write ({why})").format(file=escaped(str(self.path)),
                                                                     why=system_reason(exc))) from None

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)  # the lock goes with it
            self.fd = -1

    def __enter__(self) -> LinesFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
