"""Typer's (Click's) own words in the text language: its usage errors and the ``Usage:`` of a help page.

Typer 0.29 writes its usage errors in English f-strings, with no catalogue to hook. kitgen says each of them in one
line (``kitgen.cli.app``), so it reads Typer's English message back against the forms Typer writes
(``USAGE_ERRORS``) and says it again in the text language, keeping what was typed (option names, values) as typed.
A message of no known form (kitgen's own, already translated) is left as it is. English is unchanged.
"""

from __future__ import annotations

import re
from typing import Any

from kitgen.api import N_, gettext

_NAMES = r"'[^']*'(?: / '[^']*')*"

_FORMS = (
    (r"No such option: (?P<option>\S+) \(Possible options: (?P<options>.+)\)",
     N_("No such option: {option} (Possible options: {options})")),
    (r"No such option: (?P<option>\S+)", N_("No such option: {option}")),
    (r"No such command (?P<name>'.*')\.", N_("No such command {name}.")),
    (r"Missing command\.", N_("Missing command.")),
    (rf"(?P<head>Missing (?:option|argument|parameter) {_NAMES}\.) Choose from:(?P<choices>.*)",
     N_("{head} Choose from:{choices}")),
    (rf"Missing option (?P<name>{_NAMES})\.", N_("Missing option {name}.")),
    (rf"Missing argument (?P<name>{_NAMES})\.", N_("Missing argument {name}.")),
    (rf"Missing parameter (?P<name>{_NAMES})\.", N_("Missing parameter {name}.")),
    (rf"Invalid value for (?P<name>{_NAMES}): (?P<why>.*)", N_("Invalid value for {name}: {why}")),
    (r"Invalid value: (?P<why>.*)", N_("Invalid value: {why}")),
    (r"Got unexpected extra argument\(s\) \((?P<extra>.*)\)", N_("Got unexpected extra argument(s) ({extra})")),
    (r"Option (?P<option>'.*') does not take a value\.", N_("Option {option} does not take a value.")),
    (r"Option (?P<option>'.*') requires an argument\.", N_("Option {option} requires an argument.")),
    (r"Option (?P<option>'.*') requires (?P<count>\d+) arguments\.",
     N_("Option {option} requires {count} arguments.")),
    (r"Argument (?P<name>'.*') takes (?P<count>\d+) values\.", N_("Argument {name} takes {count} values.")),
    (r"(?P<value>'.*') is not an integer\.", N_("{value} is not an integer.")),
    (r"(?P<value>'.*') is not a number\.", N_("{value} is not a number.")),
    (r"(?P<value>'.*') is not a boolean\.", N_("{value} is not a boolean.")),
    (r"(?P<value>'.*') is not one of (?P<choices>.*)\.", N_("{value} is not one of {choices}.")),
)

USAGE_ERRORS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(pattern, re.DOTALL), msgid)
                                                              for pattern, msgid in _FORMS)
"""Each English form of Typer's usage errors (and of ``kitgen.cli.coerce``'s), with its catalogue message: a group
named ``head`` or ``why`` is itself a message, said again in turn."""

NESTED = ("head", "why")

SEE_HELP = N_("(see: {command} --help)")
"""What follows a usage error that names its command."""

USAGE = N_("Usage: ")
"""The first word of a help page's usage line (Click's, with its space)."""


def in_text_language(message: str) -> str:
    """Typer's English ``message`` in the text language (``USAGE_ERRORS``); as it is when of no known form."""
    for pattern, msgid in USAGE_ERRORS:
        found = pattern.fullmatch(message)
        if found is not None:
            parts = {name: in_text_language(value) if name in NESTED else value
                     for name, value in found.groupdict(default="").items()}
            return gettext(msgid).format(**parts)
    return message


def usage_error_line(exc: Any) -> str:
    """A Click usage error as kitgen says it, after ``kitgen: ``, in one line: ``No such option: --x (see: kitgen deal
    wordsearch --help)``."""
    ctx = getattr(exc, "ctx", None)
    where = " " + gettext(SEE_HELP).format(command=ctx.command_path) if ctx is not None else ""
    return in_text_language(" ".join(exc.format_message().split())) + where


def write_usage(command: Any, ctx: Any, formatter: Any) -> None:
    """A command's usage line with ``Usage:`` in the text language (``format_usage`` of kitgen's commands)."""
    pieces = command.collect_usage_pieces(ctx)
    formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=gettext(USAGE))
