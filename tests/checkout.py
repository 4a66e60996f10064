"""What a test run must leave alone in the checkout (tests/conftest.py checks it when the run ends): a test writes in
its own temporary folder, never in ``output/`` (kitgen's default ``--out``) or anywhere else git would show. Two
Dutch tests wrote ``output/pattern-plus.pdf`` into the checkout, found only in a fresh clone after ``make test``."""

from __future__ import annotations

import subprocess
from pathlib import Path

Snapshot = dict[str, int]
"""Each file's path in the checkout and its modification time (ns)."""


def snapshot(root: Path) -> Snapshot:
    """Every file under ``output/`` (but its ``.gitkeep``) and every file git neither tracks nor ignores."""
    found = [p for p in (root / "output").rglob("*") if p.name != ".gitkeep"]
    try:
        listed = subprocess.run(["git", "ls-files", "--others", "--exclude-standard", "-z"], cwd=root,
                                capture_output=True, check=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        listed = b""  # not a git checkout: output/ alone
    found += [root / name for name in listed.decode("utf-8", "replace").split("\0") if name]
    out = {}
    for path in found:
        try:
            if path.is_file():
                out[path.relative_to(root).as_posix()] = path.stat().st_mtime_ns
        except OSError:
            continue  # gone while looked at
    return out


def written(before: Snapshot, after: Snapshot) -> list[str]:
    """The files that are new in ``after``, and those under ``output/`` changed since ``before`` (a new file of
    one's own, not yet added to git, may well be edited while its tests run)."""
    return sorted(path for path, mtime in after.items()
                  if path not in before or path.startswith("output/") and before[path] != mtime)
