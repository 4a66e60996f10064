"""The suite fails when it writes into the checkout (tests/checkout.py, checked by tests/conftest.py when a run ends):
a new or changed file under ``output/``, or a new file git would show; what git ignores elsewhere is not looked at,
nor a file not yet added to git that is edited while the tests run."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import checkout
from conftest import ROOT


def test_a_file_written_under_output_or_beside_the_code_is_found(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / ".gitignore").write_text("output/*\n!output/.gitkeep\nignored/\n", encoding="utf-8")
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / ".gitkeep").write_text("", encoding="utf-8")
    (tmp_path / "output" / "old.pdf").write_bytes(b"%PDF old")
    before = checkout.snapshot(tmp_path)
    assert checkout.written(before, checkout.snapshot(tmp_path)) == []
    (tmp_path / "output" / "pattern-plus.pdf").write_bytes(b"%PDF")
    (tmp_path / "stray.txt").write_text("x", encoding="utf-8")
    (tmp_path / "ignored").mkdir()
    (tmp_path / "ignored" / "cache.bin").write_bytes(b"x")  # ignored by git, not under output/: not the suite's
    os.utime(tmp_path / "output" / "old.pdf", ns=(1, 1))  # written over
    os.utime(tmp_path / ".gitignore", ns=(1, 1))  # a file not yet added to git, edited while the tests run: not theirs
    assert checkout.written(before, checkout.snapshot(tmp_path)) == ["output/old.pdf", "output/pattern-plus.pdf",
                                                                      "stray.txt"]


def test_the_checkout_is_looked_at_without_git_too(tmp_path: Path) -> None:
    before = checkout.snapshot(tmp_path)  # no output/ yet, as in a fresh clone
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "kit.pdf").write_bytes(b"%PDF")
    assert checkout.written(before, checkout.snapshot(tmp_path)) == ["output/kit.pdf"]


def test_what_git_ignores_in_the_repository_is_not_looked_at() -> None:
    found = checkout.snapshot(ROOT)
    assert not [path for path in found if path.startswith((".venv/", "kitgen/typeset/")) or "__pycache__" in path]
