"""The small reader toolkit every typed-file reader uses.

Every reader turns a file into ``Line`` objects and reports problems through
``Line.error`` / ``TextSource.error`` so that each message reads
``FILE:LINE:COL: what is wrong`` (README.md, "Formats a person types").
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kitgen.core.errors import InputError, Location
from kitgen.core.i18n import ENGLISH, N_, UNREADABLE, system_reason, text_language
from kitgen.core.i18n import gettext as _

MAX_INPUT_BYTES = 2_000_000
"""Typed files are small; anything larger is refused rather than read."""

_TOKEN = re.compile(r"\S+")
_NEWLINE = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """The lines of ``text``, ended by \\n, \\r\\n or \\r only (unlike ``str.splitlines``, a form
    feed, NEL or U+2028 in a comment does not start a line and shift every later line number)."""
    lines = _NEWLINE.split(text)
    return lines[:-1] if lines and lines[-1] == "" else lines

STDIN = "-"
"""The file name that means standard input."""


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return _("a FIFO")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a file")


def read_input(path: str | Path, cap: int = MAX_INPUT_BYTES, too_large: str = N_("file too large")) -> bytes:
    """The bytes of a user's input file: the one way kitgen opens what a user names.

    Only a regular file (after symlinks) or ``-`` (stdin) is read: a FIFO, a device or a
    directory is refused at once (opened non-blocking, so a FIFO with no writer cannot hang).
    At most ``cap + 1`` bytes are read, whatever the file's size claims, so /dev/zero or a
    growing file cannot exhaust memory. Every failure is an ``InputError`` naming the file.
    """
    name = str(path)
    if name == STDIN:
        stream = getattr(sys.stdin, "buffer", None)
        data = stream.read(cap + 1) if stream is not None else sys.stdin.read(cap + 1).encode("utf-8")
        return _capped(data, cap, Location("<stdin>"), too_large)
    where = Location(name)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise InputError(_("no such file"), where) from None
    except PermissionError:
        raise InputError(_("permission denied"), where) from None
    except OSError as exc:
        raise InputError(_("cannot read: {why}").format(why=system_reason(exc)), where) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise InputError(_("is a directory, not a file"), where)
        if not stat.S_ISREG(mode):
            raise InputError(_("not a regular file ({kind})").format(kind=_kind(mode)), where)
        os.set_blocking(fd, True)
        chunks: list[bytes] = []
        left = cap + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise InputError(_("cannot read: {why}").format(why=system_reason(exc)), where) from None
    finally:
        os.close(fd)
    return _capped(b"".join(chunks), cap, where, too_large)


def _capped(data: bytes, cap: int, where: Location, too_large: str) -> bytes:
    if len(data) > cap:
        raise InputError(_("{too_large} (more than {most} bytes)").format(too_large=_(too_large), most=cap), where)
    return data


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


MAX_NUMBER_DIGITS = 18
"""No number kitgen reads needs more digits; a longer one is refused before ``int()`` sees it."""


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 24 else f"{text[:12]!r}... ({len(text)} characters)"


def parse_count(text: str, where: Location | None, what: str = N_("the number"), limit: int | None = None,
                signed: bool = False) -> int:
    """``text`` as a whole number: ASCII digits 0-9 only (``²`` or Arabic-Indic digits are refused,
    not converted) and at most ``MAX_NUMBER_DIGITS`` of them, checked before ``int()``, so no
    typed number can raise ``ValueError`` or take long to convert. With ``limit``, ``abs(value)``
    must not exceed it. Every refusal is an ``InputError`` at ``where`` naming ``what``."""
    digits = text[1:] if signed and text[:1] in ("-", "+") else text
    if not digits or not (digits.isascii() and digits.isdigit()):
        raise InputError(_("{what} must be a whole number written with the digits 0-9 (got {typed})").format(
            what=_(what), typed=_shown(text)), where)
    if len(digits.lstrip("0")) > MAX_NUMBER_DIGITS:
        bound = (_("at most {most}").format(most=limit) if limit is not None else
                 _("at most {most} digits").format(most=MAX_NUMBER_DIGITS))
        raise InputError(_("{what} is too large ({bound}; got a number of {digits} digits)").format(
            what=_(what), bound=bound, digits=len(digits)), where)
    sign = -1 if signed and text[:1] == "-" else 1
    value = sign * int(digits.lstrip("0") or "0")
    if limit is not None and abs(value) > limit:
        raise InputError(_("{what} is too large (at most {most}; got {value})").format(what=_(what),
                         most=limit, value=value),
                         where)
    return value


MAX_TOML_DEPTH = 16
"""Nesting a spec never needs: tables, inline tables and arrays within each other, or parts of one dotted key."""

MAX_TOML_BYTES = 200_000
"""A deck or piece spec is a few hundred bytes; a bigger TOML file is refused before parsing."""

_TOML_AT = re.compile(r" ?\(at (?:line (\d+), column (\d+)|end of document)\)")
TOML_REASONS = (
    N_("Invalid statement"), N_("Expected newline or end of document after a statement"), N_("Expected {what}"),
    N_("Found invalid character {what}"), N_("Cannot declare {what} twice"), N_("Cannot overwrite a value"),
    N_("Expected ']' at the end of a table declaration"), N_("Cannot mutate immutable namespace {what}"),
    N_("Expected ']]' at the end of an array declaration"), N_("Cannot redefine namespace {what}"),
    N_("Expected '=' after a key in a key/value pair"), N_("Invalid initial character for a key part"),
    N_("Unclosed array"), N_("Duplicate inline table key {what}"), N_("Unclosed inline table"),
    N_("Unescaped '\\' in a string"), N_("Invalid hex value"), N_("Escaped character is not a Unicode scalar value"),
    N_("Unterminated string"), N_("Illegal character {what}"), N_("Invalid date or datetime"), N_("Invalid value"),
)
"""The reasons ``tomllib`` gives, as it spells them (``{what}`` its character or key): each a catalogue message
saying it plainly in the text language, after the located ``not valid TOML:``; English keeps tomllib's words."""
_TOML_PATTERNS = tuple((msgid, re.compile(re.escape(msgid).replace(re.escape("{what}"), "(?P<what>.+)")))
                       for msgid in TOML_REASONS)
_TOML_STRINGS = ('"""', "'''", '"', "'")


def load_toml(name: str, text: str) -> dict[str, Any]:
    """TOML text as a dict, its size and nesting capped before ``tomllib`` sees it (``tomllib``
    recurses on nested inline tables and arrays, and is quadratic in the parts of a dotted key);
    every problem, a too-large integer included, is an ``InputError`` at FILE:LINE:COL."""
    import tomllib

    if len(text) > MAX_TOML_BYTES:
        raise InputError(_("too large for a TOML spec ({length} characters; at most {most})").format(
            length=len(text), most=MAX_TOML_BYTES),
                         Location(name))
    _check_toml_depth(name, text)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = _TOML_AT.search(str(exc))
        where = (Location(name, int(m.group(1)), int(m.group(2))) if m and m.group(1) else
                 _offset_location(name, text, len(text)) if m else Location(name, 1, 1))
        reason = _toml_reason(_TOML_AT.sub("", str(exc)).strip())
        raise InputError(_("not valid TOML: {why}").format(why=reason), where) from None
    except ValueError:  # an integer past int()'s digit limit
        longest = max(re.finditer(r"[0-9_]+", text), key=lambda m: len(m.group()), default=None)
        where = _offset_location(name, text, longest.start() if longest else 0)
        raise InputError(_("a number is too large (more than {most} digits)").format(most=MAX_NUMBER_DIGITS),
                         where) from None


def _toml_reason(reason: str) -> str:
    """tomllib's reason in the text language: its words in English, else the plain catalogue message of its kind
    (a key tomllib shows as a tuple written as TOML writes it, ``letters.A``), ``UNREADABLE`` for a reason of no
    known kind (a newer Python's)."""
    if text_language() == ENGLISH:
        return reason
    for msgid, pattern in _TOML_PATTERNS:
        m = pattern.fullmatch(reason)
        if m:
            what = m.groupdict().get("what")
            return _(msgid).format(what=_toml_key(what)) if what is not None else _(msgid)
    return _(UNREADABLE)


_TUPLE_PART = re.compile(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"")


def _toml_key(shown: str) -> str:
    """A key tomllib shows as a Python tuple (``('letters', 'A')``) as TOML writes it (``letters.A``); a character
    (``'\\x07'``) as shown."""
    parts = [a or b for a, b in _TUPLE_PART.findall(shown)] if shown.startswith("(") else []
    return ".".join(parts) if parts else shown


def _offset_location(name: str, text: str, offset: int) -> Location:
    line = text.count("\n", 0, offset) + 1
    return Location(name, line, offset - (text.rfind("\n", 0, offset) + 1) + 1)


def _check_toml_depth(name: str, text: str) -> None:
    """Refuse brackets nested, or a dotted key of parts, deeper than ``MAX_TOML_DEPTH``.

    A lexical scan: strings and comments are skipped; between two separators (``=``, ``,``,
    a bracket, a newline) only a dotted key has more than one dot (a float or a time has one).
    """
    depth = dots = i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        quote = next((q for q in _TOML_STRINGS if text.startswith(q, i)), None)
        if quote is not None:
            i = _string_end(text, i, quote)
            continue
        if ch == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if ch in "[{":
            depth, dots = depth + 1, 0
            if depth > MAX_TOML_DEPTH:
                break
        elif ch in "]}":
            depth, dots = max(depth - 1, 0), 0
        elif ch in "=,\n":
            dots = 0
        elif ch == ".":
            dots += 1
            if dots > MAX_TOML_DEPTH:
                break
        i += 1
    else:
        return
    raise InputError(_("nested too deeply (at most {most} levels)").format(most=MAX_TOML_DEPTH),
                     _offset_location(name, text, i))


def _string_end(text: str, start: int, quote: str) -> int:
    """The index just past the string opening at ``start`` (or the line's end, if it is never closed)."""
    i = start + len(quote)
    multi = len(quote) == 3
    while i < len(text):
        if text.startswith(quote, i):
            return i + len(quote)
        if not multi and text[i] == "\n":
            return i
        i += 2 if text[i] == "\\" and quote[0] == '"' else 1
    return i


class TextSource:
    """The text of a typed file and its name as the user gave it."""

    def __init__(self, name: str, text: str) -> None:
        self.name = name
        self.text = text

    @classmethod
    def from_path(cls, path: str | Path) -> TextSource:
        """Read a UTF-8 text file (or ``-``, stdin) through ``read_input``; any problem is an ``InputError``."""
        data = read_input(path)
        return cls.from_bytes("<stdin>" if str(path) == STDIN else str(path), data)

    @classmethod
    def from_bytes(cls, name: str, data: bytes) -> TextSource:
        if b"\x00" in data:
            line = data[: data.index(b"\x00")].count(b"\n") + 1
            raise InputError(_("binary data (a NUL byte) in a text file"), Location(name, line, 1))
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = data[: exc.start].count(b"\n") + 1
            col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
            raise InputError(_("not UTF-8 text"), Location(name, line, col)) from None
        return cls(name, text)

    def lines(self, comment: str | None = "#") -> Iterator[Line]:
        """Every line, numbered from 1, with ``comment`` and what follows it removed."""
        for number, raw in enumerate(split_lines(self.text), start=1):
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
