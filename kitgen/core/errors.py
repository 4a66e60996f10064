"""Named exceptions shared by every part of kitgen.

Exit codes (README.md, "Commands"): 0 ok, 1 a verified sheet or record breaks
a rule, 2 bad input or usage. Every error that reaches a user is one line,
``FILE:LINE:COL: what is wrong`` when it comes from a file.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from kitgen.core.i18n import gettext


class KitgenError(Exception):
    """Base of every error kitgen reports to a user (never shown as a traceback)."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Location:
    """Where in a typed file something is: 1-based line and column."""

    file: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line <= 0:
            return self.file
        return f"{self.file}:{self.line}:{max(self.col, 1)}"


class InputError(KitgenError, ValueError):
    """Bad input: a malformed file, a bad option value, a missing file (exit 2).

    Carries the offending location so the message reads ``FILE:LINE:COL: why``.
    """

    exit_code = 2

    def __init__(self, message: str, where: Location | None = None) -> None:
        super().__init__(message)
        self.where = where

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class UnknownName(InputError):
    """A name that names nothing kitgen knows (a game, a deal, a record kind, a command): exit 2, or 404 on the web.

    One message for every look-up: ``unknown WHAT 'NAME' (choose from A, B, C)``."""

    def __init__(self, what: str, name: str, choices: tuple[str, ...]) -> None:
        super().__init__(gettext("unknown {what} {name} (choose from {choices})").format(
            what=gettext(what), name=repr(name), choices=", ".join(choices) or gettext("none")))
        self.what = what
        self.name = name
        self.choices = choices


class RuleBroken(KitgenError):
    """A verified sheet or record breaks a rule of its game (exit 1): the one model of a rule refusal.

    Every refusal is a subclass naming its rule: ``code``, a member of the game's code Enum (its value is the
    stable slug printed in ``--json``), ``offending``, the input refused (a word, a turn, a card), and ``where``,
    its ``Location`` in the record, given where it is raised (never patched on afterwards).
    """

    exit_code = 1
    code: Enum
    """The rule broken: a member of the game's code Enum (set by each subclass)."""

    def __init__(self, message: str, where: Location | None = None, offending: object = None) -> None:
        super().__init__(message)
        self.where = where
        self.offending = offending

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


NO_FILE = "<text>"
"""The source name of a text that came from no file (the API's default; the web app's requests):
a record read from it may not name other files (a crossword's ``pattern: grid.txt``)."""


def from_no_file(source: str) -> bool:
    """Whether ``source`` names no file (``<text>``, ``<request>``): the record may not name other files."""
    return source.startswith("<") and source.endswith(">")


class Severity(Enum):
    """How much a finding matters: an error breaks a rule (exit 1); a warning or note does not."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True)
class Problem:
    """One finding, the one type every game reports with: a broken rule (a verify's refusal, a pattern's
    legality error) or a warning or note, with the rule's code and where it is.

    ``offending`` is what the finding is about when no place in a file says it (a pattern's light, ``1A``); a
    rule refusal's offending input otherwise. It is not in ``to_json()`` (a verify's problems keep their keys).
    """

    code: str
    message: str
    where: Location | None = None
    severity: Severity = Severity.ERROR
    offending: str | None = None

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    @classmethod
    def of(cls, broken: RuleBroken, severity: Severity = Severity.ERROR) -> Problem:
        """The problem a rule refusal reports: its code's slug, its message, where it was raised, what it refused."""
        offending = None if broken.offending is None else str(broken.offending)
        return cls(str(broken.code.value), broken.message, broken.where, severity, offending)

    def to_json(self) -> dict[str, Any]:
        """``code``, ``message``, ``severity``, ``file``, ``line``, ``col``; ``file`` is null for a text that came
        from no file (``<text>``, a web request's ``<request>``)."""
        where = self.where
        return {"code": self.code, "message": self.message, "severity": self.severity.value,
                "file": where.file if where and not from_no_file(where.file) else None,
                "line": where.line if where else None, "col": where.col if where else None}
