"""A game made by copying kitgen/games/_template shows up everywhere with no edit outside its package.

The test copies the package tree to a temporary directory, copies ``_template``
to ``mygame`` there, and runs the copy (PYTHONPATH first, so it shadows the
installed kitgen): ``kitgen --help``, ``kitgen kit mygame``, the generated
deal/verify/sheet commands and the API all see the new game.
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


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("kitgen-copy")
    shutil.copytree(ROOT / "kitgen", root / "kitgen", ignore=shutil.ignore_patterns("__pycache__", "data"))
    (root / "kitgen" / "data").symlink_to(ROOT / "kitgen" / "data")
    for shared in ("templates", "fonts"):
        (root / shared).symlink_to(ROOT / shared)
    shutil.copytree(root / "kitgen" / "games" / "_template", root / "kitgen" / "games" / "mygame")
    return root


def run(copy: Path, *args: str, code: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(copy)}
    command = [sys.executable, "-c", code] if code else [sys.executable, "-m", "kitgen", *args]
    return subprocess.run(command, cwd=copy, env=env, capture_output=True, text=True, timeout=120)


def test_the_copy_runs_from_the_copy_not_the_installed_package(copy: Path) -> None:
    done = run(copy, code="import kitgen; print(kitgen.__file__)")
    assert done.stdout.strip() == str(copy / "kitgen" / "__init__.py")


def test_the_new_game_is_in_help_deal_and_verify(copy: Path) -> None:
    assert "sheet-mygame" in run(copy, "--help").stdout
    assert "mygame" in run(copy, "deal", "--help").stdout
    assert "mygame" in run(copy, "verify", "--help").stdout
    dealt = json.loads(run(copy, "deal", "mygame", "--seed", "3", "--json").stdout)
    assert dealt["game"] == "mygame" and dealt["seed"] == 3 and len(dealt["letters"]) == 7
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
    assert "mygame" in names and names[:4] == ["crossword", "wordsearch", "game-of-words", "3dxword"]
    assert dealt["game"] == "mygame" and exit_code == 1 and magic == "%PDF"
