"""Inputs that cannot hurt (issue 17): FIFOs, devices and endless files are refused, never read without limit.

Each case runs the real ``kitgen`` in a child process with a timeout and a memory
limit, so a reader that blocks on a FIFO or reads /dev/zero fails the test
instead of hanging or exhausting the machine.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
KITGEN = [sys.executable, "-m", "kitgen"]


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))


def kitgen(*args: str | Path, cwd: Path | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*KITGEN, *map(str, args)], capture_output=True, text=True, timeout=timeout,
                          cwd=cwd, preexec_fn=_limit_memory, stdin=subprocess.DEVNULL)


def assert_refused(result: subprocess.CompletedProcess[str], where: str | Path, why: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"kitgen: {where}"), lines[0]
    assert why in lines[0], lines[0]
    assert "internal error" not in lines[0]


def _commands(bad: Path, tmp: Path) -> dict[str, list[str | Path]]:
    return {
        "record": ["verify", "crossword", bad],
        "log": ["verify", "3dxword", bad],
        "hand": ["verify", "crossword-hand", bad, "--seed", "3"],
        "solitaire": ["verify", "solitaire", bad, "--game", "word-solitaire", "--seed", "1"],
        "sheet": ["verify", "wordsearch", bad],
        "words": ["words", "check", "cat", "--words", bad],
        "spec": ["deal", "word-solitaire", "--spec", bad, "--seed", "1"],
        "pieces": ["bricks", "--spec", bad, "--out", f"{tmp}/out/"],
        "from": ["pattern", "--from", bad, "--out", f"{tmp}/out/"],
        "check": ["pattern", "--check", bad],
        "book": ["deal", "wordsearch", "--book", bad, "--seed", "1"],
        "words-for-record": ["verify", "crossword", SAMPLES / "crossword" / "inline.txt", "--words", bad],
    }


KINDS = ["record", "log", "hand", "solitaire", "sheet", "words", "spec", "pieces", "from", "check", "book"]


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.txt"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("kind", KINDS + ["words-for-record"])
def test_a_fifo_as_any_input_is_refused_at_once(kind: str, fifo: Path, tmp_path: Path):
    result = kitgen(*_commands(fifo, tmp_path)[kind], timeout=15)
    assert_refused(result, fifo, "not a regular file")


def test_a_fifo_named_by_pattern_inside_a_record_is_refused_at_the_line(tmp_path: Path):
    os.mkfifo(tmp_path / "grid.txt")
    record = tmp_path / "game.txt"
    shutil.copy(SAMPLES / "crossword" / "game.txt", record)
    line = next(i for i, text in enumerate(record.read_text().splitlines(), 1) if text.startswith("pattern:"))
    result = kitgen("verify", "crossword", record, timeout=15)
    assert_refused(result, f"{record}:{line}:10", "not a regular file")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize("kind", ["record", "words", "spec", "check"])
def test_a_device_is_refused(kind: str, device: str, tmp_path: Path):
    result = kitgen(*_commands(Path(device), tmp_path)[kind])
    assert_refused(result, device, "not a regular file")


def test_a_puz_symlink_to_a_device_is_refused(tmp_path: Path):
    link = tmp_path / "x.puz"
    link.symlink_to("/dev/zero")
    assert_refused(kitgen("pattern", "--check", link), link, "not a regular file")
