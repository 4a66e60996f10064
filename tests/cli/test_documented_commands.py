"""Every command line the README and the docs pages show still parses: its command exists, every flag is
known and every value converts (users' scripts are written from these pages).

Lines are parsed, not run (the README's ``$ kitgen`` samples are run by tests/test_readme.py); lines with
placeholders in brackets or an ellipsis are skipped.
"""

from __future__ import annotations

import re
import shlex
from typing import Any

import pytest
import typer
from conftest import ROOT

from kitgen.api import SURVEY_OPTIONS
from kitgen.cli.app import app
from kitgen.cli.build import fill_flag_values

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def documented_lines() -> list[tuple[str, str]]:
    """``(page, command line)`` for every ``kitgen ...`` line inside a fenced code block."""
    found: list[tuple[str, str]] = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.S):
            lines = block.splitlines()
            for k, raw in enumerate(lines):
                line = raw.strip().removeprefix("$ ")
                if not line.startswith("kitgen "):
                    continue
                while line.split(" #")[0].rstrip().endswith("\\") and k + 1 < len(lines):
                    k += 1
                    line = line.split(" #")[0].rstrip()[:-1] + " " + lines[k].strip()
                command = line.split("  #")[0].split(" # ")[0].strip()
                if "[" in command or "..." in command or "|" in command:
                    continue
                found.append((page.name, command))
    return found


LINES = documented_lines()


def parse(args: list[str]) -> None:
    """Parse ``args`` as the kitgen command line does, down to the leaf command, without running it."""
    command: Any = typer.main.get_command(app)
    ctx = command.make_context("kitgen", fill_flag_values(list(args), SURVEY_OPTIONS))  # as KitgenGroup.main does
    while hasattr(command, "resolve_command") and _rest(ctx):
        rest = _rest(ctx)
        _, command, remaining = command.resolve_command(ctx, rest)
        ctx = command.make_context(command.name, remaining, parent=ctx)


def _rest(ctx: Any) -> list[str]:
    return list(getattr(ctx, "_protected_args", []) or getattr(ctx, "protected_args", [])) + list(ctx.args)


def test_the_pages_show_commands_of_every_kind() -> None:
    shown = " ".join(c for _, c in LINES)
    assert len(LINES) > 60
    for verb in ("kitgen kit", "kitgen pattern", "kitgen sheet", "kitgen deck", "kitgen bricks", "kitgen deal",
                 "kitgen verify", "kitgen words"):
        assert verb in shown


@pytest.mark.parametrize("page, line", LINES, ids=[f"{p}: {c}" for p, c in LINES])
def test_documented_command_parses(page: str, line: str) -> None:
    args = ["1" if a == "N" else a for a in shlex.split(line)[1:]]  # the placeholder for a deal number
    try:
        parse(args)
    except Exception as exc:  # click's Exit for --help is fine; usage errors are what this test catches
        if type(exc).__name__ == "Exit" and getattr(exc, "exit_code", 1) == 0:
            return
        pytest.fail(f"{page}: `{line}` no longer parses: {type(exc).__name__}: {exc}")
