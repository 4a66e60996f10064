"""A refusal a person reads comes from the catalogue (issue 28; docs/languages.md, "What a person reads and what a
developer reads"): no ``raise`` of one of kitgen's errors gives it an English literal. The scan reads every module of
``kitgen/``: a ``raise`` whose first argument is a string literal or an f-string with an English word outside its
placeholders and flags, of any exception but Python's own (a ``ValueError``, ``TypeError`` or ``AssertionError`` is
a bug's report, never a person's refusal: the command line says "internal error"), or of a located error's helper
(``line.error(...)``, ``source.error(...)``, ``where.bad(...)``). Each one left is listed below with why, so a new
English refusal fails here, and so does an entry no longer in the code (the lists stay exact).

Then what the scan cannot see: some of the refusals it found, said in German, Russian and Greek."""

from __future__ import annotations

import ast
import builtins
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]

DEVELOPER_ONLY = {
    ("kitgen/api.py", "no command takes {type(options).__name__}"):
        "the typed Python API given an options class of no command: a programmer's mistake",
    ("kitgen/api.py", "no component takes {type(options).__name__}"): "the same, for a component",
    ("kitgen/api.py", "no deal variant takes {type(options).__name__}"): "the same, for a deal variant",
    ("kitgen/api.py", "no record kind takes {type(options).__name__}"): "the same, for a record kind",
    ("kitgen/api.py", "{game_name} has no {kind or 'component, deal or record'} called {what!"):
        "api.options() asked for a name no face offers: the faces list the names from the registry",
    ("kitgen/games/base.py", "cannot assign to field {name!r}"): "a frozen options object assigned to in code",
    ("kitgen/games/base.py", "cannot delete field {name!r}"): "the same, deleted",
    ("kitgen/games/_template/formats/__init__.py", "'seed:' needs a deal number, not {value!r}"):
        "the template a new game is copied from, not a game kitgen plays",
    ("kitgen/games/_template/formats/__init__.py", "the record starts with 'seed: N'"): "the template, the same",
    ("kitgen/games/wordsearch/rules/table.py", "{TABLE_DATA}:{number}: a bad grid or a par above its bound"):
        "the shipped table of pars damaged: a broken installation, which its tests catch",
    ("kitgen/games/wordsearch/rules/table.py", "{TABLE_DATA}:{number}: not seed, par, bound, budget, nodes, grid"):
        "the same",
    ("kitgen/io/documents.py", "refused to fetch {url!r}"):
        "a template asking WeasyPrint for an outside address: kitgen's own templates never do",
    ("kitgen/io/workers.py", "a Dask worker started without the survey's work"):
        "never: the pool checks every worker holds the work before it sends a task",
}
"""Raised only by a programmer's mistake or a state kitgen never reaches: no teacher or child reads them."""

SAID_ELSEWHERE = {
    ("kitgen/cli/coerce.py", "{text!r} is not one of {listed}."):
        "Typer's usage error, said in the text language by kitgen.cli.usage (tests/cli/test_usage_language.py)",
    ("kitgen/cli/coerce.py", "{value!r} is not a boolean."): "the same",
    ("kitgen/cli/coerce.py", "{value!r} is not {name}."): "the same",
    ("kitgen/web/workers.py", "a worker did not start within {STARTUP_SECONDS:g} s"):
        "the web answers a TooLong, Busy or Stopped with its own translated words (endpoints.work_answer)",
    ("kitgen/web/workers.py", "called off before it started"): "the same",
    ("kitgen/web/workers.py", "called off while it waited for a worker"): "the same",
    ("kitgen/web/workers.py", "every worker stayed busy for {patience:g} s"): "the same",
    ("kitgen/web/workers.py", "stopped after {seconds:g} s"): "the same",
    ("kitgen/web/workers.py", "stopped after {self.limits.seconds:g} s"): "the same",
}
"""Raised in English and said in the text language where a person reads them."""

NOT_YET: dict[tuple[str, str], str] = {}
"""English refusals a person can meet that are not in the catalogue yet (docs/languages.md, "What is not translated
yet"): each to be said through it, and taken off this list."""

HELPERS = {"error", "bad"}
"""Methods that make a located error from a message (``Line.error``, ``TextSource.error``, the piece spec's ``bad``)."""
KEY = 70
"""How much of a literal names it here (its start, placeholders as written)."""


def _literal(node: ast.expr, source: str) -> str | None:
    """The literal's text as written (an f-string's placeholders in braces), or None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        text = ast.get_source_segment(source, node) or ""
        return "".join(re.findall(r'f?"((?:[^"\\]|\\.)*)"', text)) or None
    return None


def _english(text: str) -> bool:
    """A word a person would read: three letters or more outside placeholders, flags and file names."""
    text = re.sub(r"\{[^{}]*\}|--[\w-]+|\S+\.\w+", " ", text)
    return re.search(r"[A-Za-z]{3,}", text) is not None


def _python_own(name: str) -> bool:
    found = getattr(builtins, name, None)
    return isinstance(found, type) and issubclass(found, BaseException)


def bare_refusals() -> set[tuple[str, str]]:
    """``(path, the literal's start)`` of every raise with an English literal a person could read."""
    found = set()
    for path in sorted((ROOT / "kitgen").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args):
                continue
            func = node.exc.func
            if isinstance(func, ast.Name) and _python_own(func.id):
                continue
            if isinstance(func, ast.Attribute) and func.attr not in HELPERS:
                continue
            text = _literal(node.exc.args[0], source)
            if text is not None and _english(text):
                found.add((path.relative_to(ROOT).as_posix(), text[:KEY]))
    return found


def test_no_new_english_refusal() -> None:
    listed = set(DEVELOPER_ONLY) | set(SAID_ELSEWHERE) | set(NOT_YET)
    found = bare_refusals()
    assert sorted(found - listed) == [], "an English literal in a raise: say it through the catalogue (_(...))"
    assert sorted(listed - found) == [], "listed but no longer in the code: take it off the list"


def test_the_scan_finds_what_it_should() -> None:
    """The scan is no vacuous pass: it finds a literal and an f-string, and skips Python's own and translated ones."""
    source = ('raise InputError("the word list is empty")\nraise KitgenError(f"a {x} did not start")\n'
              'raise ValueError("not an index")\nraise InputError(_("the word list is empty"))\n'
              'raise line.error(f"{x!r} is not a word")\nraise InputError(f"--puz: {why}")\n')
    tree = ast.parse(source)
    kept = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            func = node.exc.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            text = _literal(node.exc.args[0], source)
            if not _python_own(name) and text is not None and _english(text):
                kept.append(text)
    assert kept == ["the word list is empty", "a {x} did not start", "{x!r} is not a word"]


# -- said in the text language --------------------------------------------------------------------------------------

LANGUAGES = ("de", "ru", "el")
SCRIPT = {"de": "[äöüß]|[a-z]", "ru": "[а-яё]", "el": "[α-ω]"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_word_list_refusal_speaks_the_language(tmp_path: Path, lang: str) -> None:
    from kitgen.cli.app import app

    empty, broken = tmp_path / "empty.txt", tmp_path / "broken.txt"
    empty.write_text("", encoding="utf-8")
    broken.write_text("katze;x\n", encoding="utf-8")
    for words, english in ((empty, "the word list is empty"), (broken, "is not a score")):
        result = CliRunner().invoke(app, ["words", "match", "K?TZE", "--words", str(words), "--lang", lang])
        assert result.exit_code == 2, result.output
        said = result.stderr.strip()
        assert said.startswith(f"kitgen: {words}") and english not in said, said
        assert re.search(SCRIPT[lang], said.split(": ", 2)[-1].lower()), said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_piece_spec_refusal_speaks_the_language(tmp_path: Path, lang: str) -> None:
    """A teacher's own 3DXWORD piece set (``kitgen bricks --spec FILE``): its refusals, at the key's line."""
    from kitgen.cli.app import app

    spec = tmp_path / "pieces.toml"
    spec.write_text('name = "ours"\nletters_per_player = 5\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["bricks", "--spec", str(spec), "--lang", lang, "--out", f"{tmp_path}/"])
    assert result.exit_code == 2, result.output
    said = result.stderr.strip()
    assert said.startswith(f"kitgen: {spec}:2:1: ") and "letters_per_player" in said, said
    assert "whole number" not in said, said
    assert re.search(SCRIPT[lang], said.split("letters_per_player", 1)[1].lower()), said


@pytest.fixture(scope="module")
def client() -> TestClient:
    from kitgen.web.app import create_app

    return TestClient(create_app(), raise_server_exceptions=False)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("address", "english"), [
    ("/api/pdf/pattern?style=british&size=8", "british patterns have odd sizes"),
    ("/api/pdf/sheet?per_page=4&paper=a4", "needs A3 or Tabloid paper"),
    ("/api/pdf/sheet?large_print=1&paper=a5", "is too small for 16 pt rows"),
    ("/api/pdf/bricks?size=60&paper=a5", "brick net does not fit"),
    ("/api/preview/sheet/99.png", "-page document"),
])
def test_a_web_refusal_met_while_printing_speaks_the_language(client: TestClient, address: str, english: str,
                                                              lang: str) -> None:
    answer = client.get(address, headers={"Accept-Language": lang})
    assert answer.status_code in (400, 404)
    said = answer.json()["error"]
    assert english not in said and re.search(SCRIPT[lang], said.lower()), said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_board_refusal_speaks_the_language(lang: str) -> None:
    """The Game of Words' table: a card laid where one lies already (a play's refusal passes these words on)."""
    from kitgen.core.board import BadPlacement, Board
    from kitgen.core.i18n import speaking

    board = Board(2, {(0, 0): "A"})
    with speaking(lang), pytest.raises(BadPlacement) as refused:
        board.place({(0, 0): "B"})
    said = str(refused.value)
    assert "already holds" not in said and re.search(SCRIPT[lang], said.lower()), said
