"""`make bench-compare`'s like-for-like mode (issue 25's bench bar, benchmarks/compare.py): a script that reads
``_common.LIKE_FOR_LIKE`` does the work of the revision before issue 25 (1ec0211) where kitgen has added work on
purpose since, so its CPU time is compared with that revision's and gated."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.fixture
def benchmarks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))


def test_the_crossword_benchmark_as_before_draws_the_patterns_1ec0211_drew(benchmarks: None) -> None:
    """Under ``as_before()`` the generator draws, for the same seeds, the patterns it drew at 1ec0211 (the hash is
    of 1ec0211's own patterns: American 15x15 seeds 0-11, 21x21 seed 5), and the stricter rules come back after."""
    import bench_crossword  # type: ignore[import-not-found]

    from kitgen.games.crossword.rules import generate as gen

    def patterns() -> str:
        h = hashlib.sha256()
        for s in range(12):
            h.update("\n".join(gen.generate(15, 15, "american", "rotational", s).text_rows).encode())
        h.update("\n".join(gen.generate(21, 21, "american", "rotational", 5).text_rows).encode())
        return h.hexdigest()

    then = "5ccbf6180c1460eec0365f239ff3a67d999cb5e73c4a2bef217a36c5c47fb5b4"
    now = patterns()
    assert now != then  # issue 31 draws other American patterns now
    with bench_crossword.as_before():
        assert patterns() == then
    assert (gen.STACKED, gen.SUNDAY_RUN) == (8, 15) and patterns() == now


def test_compare_runs_a_like_for_like_script_gated_with_its_mode(benchmarks: None, tmp_path: Path) -> None:
    import compare  # type: ignore[import-not-found]

    trees = {side: tmp_path / side / "benchmarks" for side in ("before", "after")}
    for folder in trees.values():
        folder.mkdir(parents=True)
    (trees["before"] / "bench_x.py").write_text("print('old')\n")
    (trees["after"] / "bench_x.py").write_text("from _common import LIKE_FOR_LIKE\nprint(LIKE_FOR_LIKE)\n")
    (trees["before"] / "bench_y.py").write_text("print('old')\n")
    (trees["after"] / "bench_y.py").write_text("print('new')\n")
    roots = {side: folder.parent for side, folder in trees.items()}
    x, y = compare.units(roots, 1, {}, [], [])
    assert (x.name, x.like, x.changed) == ("x", True, False)  # gated, run like for like
    assert (y.name, y.like, y.changed) == ("y", False, True)  # a changed script without the mode: not gated
    x, _ = compare.units(roots, 1, {}, [], [], current=True)
    assert (x.like, x.changed) == (False, True)


def test_the_like_for_like_mode_is_read_from_the_environment(benchmarks: None, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    import _common  # type: ignore[import-not-found]

    monkeypatch.setenv("KITGEN_BENCH_LIKE_FOR_LIKE", "1")
    assert importlib.reload(_common).LIKE_FOR_LIKE is True
    monkeypatch.delenv("KITGEN_BENCH_LIKE_FOR_LIKE")
    assert importlib.reload(_common).LIKE_FOR_LIKE is False
