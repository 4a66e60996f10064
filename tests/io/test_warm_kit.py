"""What a warm kit no longer does (issue 32: a warm kit <= 0.7 s CPU, benchmarks/bench_kit.py): it reads only the
fonts it draws with, builds no scoring tables, imports neither weasyprint nor importlib.metadata to name a cached
document, and the bytes stay what they were."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

from kitgen.io.documents import weasyprint_version

PROBE = """
import sys
from reportlab.pdfbase import pdfmetrics
from kitgen.games import registry
from kitgen.games.kit import build_kit
from kitgen.games.wordsearch.rules.scoring import outcome_tables
from kitgen.io.pdf import Paper
build_kit(registry.get("wordsearch"), Paper.a4, 5)
kitgen = sorted(name for name in pdfmetrics._fonts if name.startswith("Kitgen"))
print("FONTS", ",".join(kitgen))
print("TABLES", outcome_tables.cache_info().currsize)
print("MODULES", ",".join(m for m in ("weasyprint", "importlib.metadata") if m in sys.modules))
print("WIDTH", pdfmetrics.stringWidth("W", "KitgenSansCondensed-Bold", 10))
"""


def test_a_wordsearch_kit_reads_few_fonts_and_scores_nothing(tmp_path: Path) -> None:
    """Eight fonts were parsed for every kit (~80 ms); now each the first time reportlab asks for it by name, and
    a font no kit had used is still found when asked for (its width measured)."""
    import os

    env = {**os.environ, "KITGEN_CACHE_DIR": str(tmp_path)}
    subprocess.run([sys.executable, "-c", PROBE], env=env, check=True, capture_output=True)  # fills the cache
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, check=True, capture_output=True, text=True).stdout
    lines = dict(line.split(" ", 1) for line in out.splitlines() if " " in line)
    fonts = lines["FONTS"].split(",")
    assert "KitgenSans" in fonts and len(fonts) <= 3 and "KitgenSansCondensed-Bold" not in fonts
    assert lines["TABLES"] == "0"
    assert lines["MODULES"] == ""
    assert float(lines["WIDTH"]) > 5


def test_the_cache_names_weasyprint_by_its_installed_version() -> None:
    """The document cache's key names weasyprint's version, read from its source without importing it: the same
    as the installed distribution's, so shipped and cached documents keep their keys."""
    assert weasyprint_version() == version("weasyprint")


def test_scoring_still_builds_its_tables_when_it_scores() -> None:
    from kitgen.core.lexicon import Lexicon
    from kitgen.games.wordsearch.rules.scoring import index_for, outcome_tables

    index = index_for(Lexicon.from_entries([("cat", 10)]))
    assert index.quick_score("CATXX" + "X" * 20) == 3
    assert outcome_tables.cache_info().currsize == 1


def _libc_lookups() -> dict[str, int]:
    """In a worker: how often the C library was looked up (``_libc``'s cache, as forked from the parent)."""
    from kitgen.io.processes import _libc

    info = _libc.cache_info()
    _libc()
    return {"misses": _libc.cache_info().misses, "before": info.misses}


def test_workers_do_not_look_up_the_c_library_again() -> None:
    """Each kit worker imported ctypes and ran ``find_library`` (~20 ms of CPU) to ask for SIGKILL when its parent
    dies; the parent looks it up once before it forks them, and a worker finds it looked up."""
    from kitgen.io.processes import _libc, worker_pool

    with worker_pool(2) as pool:
        assert _libc.cache_info().currsize == 1
        seen = pool.apply(_libc_lookups)
    assert seen == {"misses": 1, "before": 1}
