"""English proper nouns for the Free-for-All (kitgen.core.names; docs/game-of-words.md, ruling 10)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from kitgen.core.names import proper_nouns
from kitgen.core.normalize import normalize
from kitgen.core.resources import data_path


def test_names_of_people_places_days() -> None:
    assert all(normalize(w) in proper_nouns() for w in ("Alice", "paris", "MONDAY", "English", "Zeus"))
    assert not any(normalize(w) in proper_nouns() for w in ("USA", "table", "qzxv"))
    assert all(w.isalpha() and w.isupper() and w.isascii() for w in proper_nouns())


def test_build_script_rebuilds_the_shipped_names(tmp_path: Path) -> None:
    if not Path("/usr/share/dict/scowl/english-upper.10").exists():
        pytest.skip("SCOWL (Debian scowl) is not installed")
    script = Path(__file__).parents[2] / "scripts" / "build_names.py"
    spec = importlib.util.spec_from_file_location("build_names", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main([str(tmp_path)]) == 0
    assert (tmp_path / "names-en.txt").read_bytes() == data_path("names-en.txt").read_bytes()
