"""Survey files kitgen owns (issue 33): ``--range --out FILE.jsonl`` resumes only a file of this survey's lines,
never cuts or appends to anything else (a user's notes without a final newline, a file behind a symbolic link),
checks every resumed line against the survey's line schema with a located error, parses with a depth cap, and
locks the file so a second run on it is refused."""

from __future__ import annotations

import fcntl
import json
import os
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from kitgen import api
from kitgen.cli.app import KitgenCommand, KitgenGroup
from kitgen.cli.build import add


class Squares:
    def __call__(self, seed: int) -> dict[str, Any]:
        return {"game": "toy", "seed": seed, "square": seed * seed, "odd": seed % 2 == 1}


class SquareTally:
    def __init__(self) -> None:
        self.total = 0

    def add(self, line: Any) -> None:
        self.total += line["square"]

    def to_json(self) -> dict[str, Any]:
        return {"sum": self.total}

    def lines(self, stats: bool) -> list[str]:
        return [f"squares summing to {self.total}"]


SOLVE = api.Option("solve", bool, False, "Work the deal.")


class ToyOptions(api.Options):
    """The toy deal command's options, which its survey work is given (and reads none of)."""

    seed: int | None = api.opt(api.SEED)
    solve: bool = api.opt(SOLVE)


def squares(opts: ToyOptions) -> Squares:
    return Squares()


def toy_app() -> typer.Typer:
    survey = api.Survey("solve", api.typed(ToyOptions, squares), SquareTally, line=(("square", "int"), ("odd", "bool")))
    def no_deal(values: api.OptionValues, context: api.Context) -> api.Deal:
        raise AssertionError("the toy's survey never deals")

    variant = api.DealVariant("toy", "A toy.", (api.SEED,), no_deal, survey)
    command = api.Command("toy", api.Group.DEAL, "A toy deal.", ToyOptions.declared(),
                          api.typed(ToyOptions, lambda opts, context: api.Outcome(lines=["one deal"])), result=True)
    app = typer.Typer(cls=KitgenGroup)
    add(app, api.surveyed(command, variant), KitgenCommand)
    app.command("other")(lambda: None)
    return app


def run(*args: str) -> Any:
    return CliRunner().invoke(toy_app(), ["toy", "--solve", *args])


def made(tmp_path: Path, last: int = 5) -> Path:
    out = tmp_path / "survey.jsonl"
    result = run("--range", f"1-{last}", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.parametrize("content", [b"remember: call the printer", b"x" * 100_000,
                                     b'{"game": "toy", "seed": 1, "square": 1', b"\n"])
def test_a_users_file_without_a_final_newline_is_refused_and_left_whole(tmp_path: Path, content: bytes) -> None:
    notes = tmp_path / "notes.jsonl"
    notes.write_bytes(content)
    result = run("--range", "1-3", "--out", str(notes))
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"kitgen: {notes}:1:1: ") and result.stderr.count("\n") == 1, result.stderr
    assert notes.read_bytes() == content


def test_a_survey_behind_a_symbolic_link_is_refused_even_with_force(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_bytes(b"my own notes, no newline")
    link = tmp_path / "link.jsonl"
    link.symlink_to(notes)
    for extra in ([], ["--force"]):
        result = run("--range", "1-3", "--out", str(link), *extra)
        assert result.exit_code == 2, result.output
        assert "symbolic link" in result.stderr and result.stderr.count("\n") == 1
    assert notes.read_bytes() == b"my own notes, no newline"


def test_a_survey_file_is_still_resumed_and_its_torn_tail_cut(tmp_path: Path) -> None:
    out = made(tmp_path, 6)
    whole = out.read_bytes()
    lines = whole.splitlines(keepends=True)
    out.write_bytes(b"".join(lines[:4]) + lines[4][:7])
    result = run("--range", "1-6", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == whole and "2 deals worked, 4 already there" in result.stdout


@pytest.mark.parametrize(("change", "said"), [
    ({"square": "big"}, "'square' is a whole number"),
    ({"odd": "yes"}, "'odd' is true or false"),
    ({"seed": True}, 'a deal number ("seed")'),
    ({"extra": 1}, "no key 'extra'"),
])
def test_a_tampered_line_is_a_located_error(tmp_path: Path, change: dict[str, Any], said: str) -> None:
    out = made(tmp_path)
    lines = out.read_text().splitlines()
    line = json.loads(lines[2])
    line.update(change)
    lines[2] = json.dumps(line)
    out.write_text("\n".join(lines) + "\n")
    before = out.read_bytes()
    result = run("--range", "1-8", "--out", str(out))
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith(f"kitgen: {out}:3:1: ") and said in result.stderr, result.stderr
    assert out.read_bytes() == before


def test_a_missing_key_is_a_located_error(tmp_path: Path) -> None:
    out = made(tmp_path)
    lines = out.read_text().splitlines()
    line = json.loads(lines[1])
    del line["odd"]
    lines[1] = json.dumps(line)
    out.write_text("\n".join(lines) + "\n")
    result = run("--range", "1-8", "--out", str(out))
    assert result.exit_code == 2 and f"{out}:2:1: " in result.stderr and "'odd'" in result.stderr


@pytest.mark.parametrize("depth", [17, 100_000])
def test_a_deeply_nested_line_is_a_located_error_not_a_recursion_error(tmp_path: Path, depth: int) -> None:
    out = made(tmp_path)
    key = json.loads(out.read_text().splitlines()[0])["survey"]
    deep = "[" * depth + "]" * depth
    with out.open("a") as f:
        f.write(f'{{"game": "toy", "seed": 9, "survey": "{key}", "square": {deep}}}\n')
    result = run("--range", "1-8", "--out", str(out))
    assert result.exit_code == 2, result.output
    assert f"{out}:6:1: " in result.stderr and "nested deeper than 16" in result.stderr
    assert "internal error" not in result.stderr


def test_a_second_run_on_the_same_file_is_refused(tmp_path: Path) -> None:
    out = made(tmp_path)
    before = out.read_bytes()
    with out.open("rb") as held:  # as a first run would hold it
        fcntl.flock(held.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        result = run("--range", "1-8", "--out", str(out))
    assert result.exit_code == 2, result.output
    assert "another kitgen run is writing this file" in result.stderr
    assert out.read_bytes() == before
    assert run("--range", "1-8", "--out", str(out)).exit_code == 0  # once the first run is done


def test_a_fifo_as_out_is_refused_without_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    result = run("--range", "1-3", "--out", str(fifo))
    assert result.exit_code == 2 and "not a regular file" in result.stderr


def test_a_word_solitaire_line_saying_winnable_yes_is_not_trusted(invoke, word_file, tmp_path: Path) -> None:
    words = word_file("bold", "cold", "gold", "hold", "mold", "told", "scold", "fold")
    out = tmp_path / "ws.jsonl"
    result = invoke("deal", "word-solitaire", "--range", "1-2", "--solve", "--out", out, "--words", words)
    assert result.exit_code == 0, result.output
    lines = out.read_text().splitlines()
    tampered = json.loads(lines[1])
    tampered["winnable"] = "yes"
    out.write_text(lines[0] + "\n" + json.dumps(tampered) + "\n")
    result = invoke("deal", "word-solitaire", "--range", "1-3", "--solve", "--out", out, "--words", words)
    assert result.exit_code == 2, result.output
    assert result.stderr == f"kitgen: {out}:2:1: 'winnable' is true or false or null (got \"yes\")\n"
