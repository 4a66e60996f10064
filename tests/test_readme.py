"""The README's sample commands run as shown: exit 0, or exit 1 where the README says `# exit 1` (issue 7)."""

from __future__ import annotations

import os
import shlex

import pytest
from conftest import ROOT


def readme_commands() -> list[tuple[str, int]]:
    """Every ``$ kitgen ...`` line of the README (continuations joined) with the exit code it promises."""
    out: list[tuple[str, int]] = []
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    k = 0
    while k < len(lines):
        line = lines[k].strip()
        if line.startswith("$ kitgen "):
            while line.split("#")[0].rstrip().endswith("\\"):
                k += 1
                line = line.split("#")[0].rstrip()[:-1] + " " + lines[k].strip()
            command, _, comment = line[2:].partition("#")
            out.append((command.strip(), 1 if "exit 1" in comment else 0))
        k += 1
    return out


COMMANDS = readme_commands()


def test_the_readme_shows_every_game_checked():
    shown = " ".join(c for c, _ in COMMANDS)
    for verb in ("verify crossword", "verify wordsearch", "verify solitaire", "verify crossword-hand",
                 "verify 3dxword"):
        assert verb in shown
    assert any(code == 1 for _, code in COMMANDS) and any(code == 0 for _, code in COMMANDS)


@pytest.mark.parametrize("command, code", COMMANDS, ids=[c for c, _ in COMMANDS])
def test_readme_command_runs_as_shown(invoke, command, code, monkeypatch):
    monkeypatch.chdir(ROOT)
    args = shlex.split(command)[1:]
    result = invoke(*args)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert os.getcwd() == str(ROOT)
