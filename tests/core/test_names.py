"""English proper nouns for the Free-for-All (kitgen.core.names; docs/game-of-words.md, ruling 10)."""

from __future__ import annotations

from pathlib import Path

import pytest
from script_module import load_script

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
    module = load_script("build_names")
    assert module.main([str(tmp_path)]) == 0
    assert (tmp_path / "names-en.txt").read_bytes() == data_path("names-en.txt").read_bytes()
