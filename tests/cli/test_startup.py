"""A command imports only what it needs (issue 30): the group it names, no pydantic, and the same values as
Typer's own coercion."""

from __future__ import annotations

import subprocess
import sys
from enum import Enum
from pathlib import Path
from typing import Any

import pytest
from typer._click.exceptions import BadParameter
from typer._coercion import build_runtime_param
from typer.main import get_command

from kitgen.cli.app import TOP, build_app, group_named
from kitgen.cli.coerce import plain_value

LOADED = ("import sys\nfrom kitgen.cli import app\nsys.argv = ['kitgen', *sys.argv[1:]]\n"
          "try:\n    app.main()\nexcept SystemExit:\n    pass\n"
          "names = ('pydantic', 'kitgen.games.crossword.declaration', 'kitgen.cli.words', 'kitgen.cli.serve', 'rich')\n"
          "print('LOADED', ','.join(n for n in names if n in sys.modules))")


def loaded_by(*args: str) -> set[str]:
    result = subprocess.run([sys.executable, "-c", LOADED, *args], capture_output=True, text=True, check=True)
    line = [ln for ln in result.stdout.splitlines() if ln.startswith("LOADED")][-1]
    return set(line.split(" ", 1)[1].split(",")) - {""}


def test_a_deal_imports_neither_pydantic_nor_the_other_groups(word_file: Any) -> None:
    words = word_file("cat", "dog", "tac")
    loaded = loaded_by("deal", "wordsearch", "--seed", "3", "--words", str(words))
    assert "pydantic" not in loaded
    assert "kitgen.cli.words" not in loaded and "kitgen.cli.serve" not in loaded


def test_only_a_help_page_imports_typers_help_writer(word_file: Any) -> None:
    """rich (Typer's help and error writer) costs a command ~50 ms to import (issue 32, the warm kit): a command
    that shows no help leaves it alone, and a help page still has its panels in the text language
    (tests/cli/test_help_language.py)."""
    words = word_file("cat", "dog", "tac")
    assert "rich" not in loaded_by("deal", "wordsearch", "--seed", "3", "--words", str(words))
    assert "rich" in loaded_by("deal", "wordsearch", "--help")


def test_a_words_query_imports_no_game() -> None:
    loaded = loaded_by("words", "check", "balance")
    assert "kitgen.games.crossword.declaration" not in loaded and "pydantic" not in loaded


def test_the_group_a_command_line_names() -> None:
    assert group_named(["deal", "wordsearch", "--seed", "1"]) == "deal"
    assert group_named(["--debug", "verify", "wordsearch"]) == "verify"
    assert group_named(["sheet", "--seed", "4"]) == TOP
    assert group_named(["poker"]) == TOP
    assert group_named(["--help"]) is None
    assert group_named([]) is None


def test_shell_completion_builds_every_command(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("_KITGEN_COMPLETE", "complete_bash")
    assert group_named(["deal", "wordsearch"]) is None


def test_a_group_alone_has_its_commands_and_no_other() -> None:
    deal = get_command(build_app("deal"))
    assert set(deal.commands) == {"deal"}  # type: ignore[attr-defined]
    full = get_command(build_app())
    assert set(deal.commands["deal"].commands) == set(full.commands["deal"].commands)  # type: ignore[attr-defined]
    top = get_command(build_app(TOP))
    assert {"sheet", "kit", "serve"} <= set(top.commands) and "deal" not in top.commands  # type: ignore[attr-defined]


def test_unknown_command_is_still_one_line() -> None:
    result = subprocess.run([sys.executable, "-m", "kitgen", "poker"], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.startswith("kitgen: No such command 'poker'") and "Traceback" not in result.stderr


def test_a_bad_number_is_one_located_line() -> None:
    result = subprocess.run([sys.executable, "-m", "kitgen", "deal", "word-solitaire", "--seed", "abc"],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.strip() == ("kitgen: Invalid value for '--seed': 'abc' is not an integer. "
                                     "(see: kitgen deal word-solitaire --help)")


SAMPLES = ["7", "-3", "0", "1.5", "abc", "", "a4", "LETTER", "fr", "x/y.txt", "true", "no", "1e3"]


def _typer_params() -> list[Any]:
    from typer._click import Context

    root = get_command(build_app())
    found = []
    stack = [root]
    while stack:
        command = stack.pop()
        subs = getattr(command, "commands", None)
        if subs:
            stack.extend(subs.values())
            continue
        ctx = Context(command)
        found += [(ctx, p) for p in command.get_params(ctx) if hasattr(p, "type_descriptor")]
    return found


def _coerced(coerce: Any, value: Any, param: Any, ctx: Any) -> Any:
    try:
        got = coerce(value, param=param, ctx=ctx)
    except BadParameter:
        return "refused"
    return got.value if isinstance(got, Enum) else str(got) if isinstance(got, Path) else got


def test_plain_coercion_gives_what_typers_gives_for_every_option() -> None:
    """Every option of every command, on values of every kind: the same value, or refused by both."""
    checked = 0
    for ctx, param in _typer_params():
        plain = plain_value(param.type_descriptor.annotation)
        if plain is None:
            continue
        theirs = build_runtime_param(param.type_descriptor)
        many = param.multiple or param.nargs == -1
        for sample in SAMPLES:
            value: Any = (sample, "2") if many else sample
            if param.type_descriptor.annotation is bool:
                continue  # flags arrive as bools, which neither coerces
            assert _coerced(plain.coerce, value, param, ctx) == _coerced(theirs.coerce, value, param, ctx), \
                (param.name, value)
            checked += 1
    assert checked > 500
