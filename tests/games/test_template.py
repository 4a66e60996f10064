"""A game made by copying kitgen/games/_template shows up everywhere with no edit outside its package.

The test copies the package tree to a temporary directory, copies ``_template``
to ``mygame`` there, and runs the copy (PYTHONPATH first, so it shadows the
installed kitgen): ``kitgen --help``, ``kitgen kit mygame``, the generated
deal/verify/sheet commands and the API all see the new game; the suite's tests of
every game (parametrised from the registry) pass for it, and ``lint-imports``
keeps its contracts, catching a copy that imports another game.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

HAND = 6
"""The copy deals hands of six, where the template deals seven: what the copy runs is its own rules."""

GENERIC_TESTS = ("tests/test_api.py", "tests/games/test_kit.py", "tests/test_print.py", "tests/web/test_api_http.py")
"""Suite modules whose tests of every game are parametrised from the registry (their ids name the game)."""


def _copied(root: Path) -> Path:
    """The kitgen tree (data, templates and fonts linked) under ``root``, with ``_template`` copied to ``mygame``."""
    shutil.copytree(ROOT / "kitgen", root / "kitgen", ignore=shutil.ignore_patterns("__pycache__", "data"))
    (root / "kitgen" / "data").symlink_to(ROOT / "kitgen" / "data")
    for shared in ("templates", "fonts"):
        (root / shared).symlink_to(ROOT / shared)
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    game = root / "kitgen" / "games" / "mygame"
    shutil.copytree(root / "kitgen" / "games" / "_template", game)
    rules = game / "rules" / "__init__.py"
    rules.write_text(rules.read_text(encoding="utf-8").replace("\nHAND = 7\n", f"\nHAND = {HAND}\n"), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _copied(tmp_path_factory.mktemp("kitgen-copy"))


def run(copy: Path, *args: str, code: str | None = None, module: str = "kitgen",
        timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(copy)}
    command = [sys.executable, "-c", code] if code else [sys.executable, "-m", module, *args]
    return subprocess.run(command, cwd=copy, env=env, capture_output=True, text=True, timeout=timeout)


def lint_imports(copy: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` over the copy, with the repository's contracts."""
    env = {**os.environ, "PYTHONPATH": str(copy)}
    command = [str(Path(sys.executable).parent / "lint-imports"), "--no-cache"]
    return subprocess.run(command, cwd=copy, env=env, capture_output=True, text=True, timeout=300)


def test_the_copy_runs_from_the_copy_not_the_installed_package(copy: Path) -> None:
    done = run(copy, code="import kitgen; print(kitgen.__file__)")
    assert done.stdout.strip() == str(copy / "kitgen" / "__init__.py")


def test_the_new_game_is_in_help_deal_and_verify(copy: Path) -> None:
    assert "sheet-mygame" in run(copy, "--help").stdout
    assert "mygame" in run(copy, "deal", "--help").stdout
    assert "mygame" in run(copy, "verify", "--help").stdout
    dealt = json.loads(run(copy, "deal", "mygame", "--seed", "3", "--json").stdout)
    assert dealt["game"] == "mygame" and dealt["seed"] == 3 and len(dealt["letters"]) == HAND
    record = copy / "record.txt"
    letters = "".join(dealt["letters"][:3])
    record.write_text(f"seed: 3\n{letters}\nQQQQQQQQ\n", encoding="utf-8")
    verdict = run(copy, "verify", "mygame", str(record), "--json")
    assert verdict.returncode == 1, verdict.stderr
    assert json.loads(verdict.stdout)["score"] == 3
    assert "record.txt:3:1: QQQQQQQQ uses letters the hand does not hold" in verdict.stderr


def test_the_new_game_gets_a_kit_and_a_sheet(copy: Path) -> None:
    out = copy / "out"
    done = run(copy, "kit", "mygame", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert (out / "mygame-kit.pdf").read_bytes().startswith(b"%PDF")
    assert run(copy, "sheet-mygame", "--seed", "2", "--out", f"{out}/").returncode == 0
    assert (out / "mygame-sheet-2-a4.pdf").exists()


def test_the_new_game_is_in_the_api(copy: Path) -> None:
    code = ("from kitgen import api; import json; "
            "print(json.dumps([[g.name for g in api.games()], api.deal('mygame', seed=3).to_json(), "
            "api.verify('mygame', 'seed: 3\\nZZZZZZZZ\\n').exit_code, "
            "api.render('mygame', 'sheet', seed=3)[:4].decode()]))")
    done = run(copy, code=code)
    names, dealt, exit_code, magic = json.loads(done.stdout)
    assert names[-1] == "mygame" and {"crossword", "wordsearch", "game-of-words", "3dxword"} <= set(names)
    assert dealt["game"] == "mygame" and exit_code == 1 and magic == "%PDF"


def test_the_copy_imports_nothing_of_the_template(copy: Path) -> None:
    code = "import kitgen.games.mygame, sys; print(sorted(m for m in sys.modules if '_template' in m))"
    done = run(copy, code=code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.slow  # a run of pytest in a child process, typesetting the copy's kits: started first
def test_the_copy_passes_the_suite_s_tests_of_every_game(copy: Path) -> None:
    """Every test parametrised over the registry's games, run for the copy: its components render, deal and print on
    every paper, its kit has a cover, rules and components with fonts embedded, the web serves its sheet."""
    done = run(copy, *(str(ROOT / t) for t in GENERIC_TESTS), "-k", "mygame", "-p", "no:cacheprovider",
               "-x", module="pytest", timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    passed = int(done.stdout.rsplit(" passed", 1)[0].rsplit(None, 1)[-1])
    assert passed >= 10, done.stdout[-1000:]


def test_the_copy_keeps_the_import_contracts(copy: Path) -> None:
    done = lint_imports(copy)
    assert done.returncode == 0, done.stdout[-3000:]
    assert "Games are independent vertical slices KEPT" in done.stdout


def test_a_copy_that_imports_another_game_breaks_the_independence_contract(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    """Even hidden inside a function, as a lazy import would be."""
    root = _copied(tmp_path_factory.mktemp("kitgen-sneaky"))
    declaration = root / "kitgen" / "games" / "mygame" / "declaration.py"
    declaration.write_text(declaration.read_text(encoding="utf-8") + (
        "\n\ndef _borrowed() -> object:\n"
        "    from kitgen.games.crossword.rules.pattern import Pattern\n\n"
        "    return Pattern\n"), encoding="utf-8")
    done = lint_imports(root)
    assert done.returncode == 1, done.stdout[-3000:]
    assert "Games are independent vertical slices BROKEN" in done.stdout
    assert "kitgen.games.mygame.declaration -> kitgen.games.crossword.rules.pattern" in done.stdout
