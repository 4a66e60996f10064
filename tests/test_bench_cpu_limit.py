"""The benchmarks' CPU-time limit (``_common.cpu_limited``, issue 31): bench_blacksquare gives blacksquare a limit
of CPU time, not of wall-clock time, so its figures do not shrink with the machine's load."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.fixture
def common(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    import _common  # type: ignore[import-not-found]

    return _common


def spin() -> int:
    """Busy for 30 s of CPU time (far past any limit below)."""
    end = time.process_time() + 30
    n = 0
    while time.process_time() < end:
        n += 1
    return n


def test_a_child_past_its_cpu_limit_is_stopped_and_its_cpu_counted(common) -> None:
    found, cpu = common.cpu_limited(spin, 1)
    assert found is None
    # stopped near its 1 s (not run to its 30 s) and counted (not 0): the kernel stops it at 1 s of its CPU clock,
    # while getrusage's user + system split is sampled at the scheduler's ticks and read 0.888 s once under load
    assert 0.5 <= cpu < 5


def test_a_child_within_its_limit_gives_its_result(common) -> None:
    found, cpu = common.cpu_limited(lambda: ["ABC", "DEF"], 5)
    assert found == ["ABC", "DEF"]
    assert 0 <= cpu < 1


def test_a_child_that_raises_gives_none(common, capfd: pytest.CaptureFixture[str]) -> None:
    def broken() -> int:
        raise ValueError("no fill")

    assert common.cpu_limited(broken, 5)[0] is None
    assert "ValueError: no fill" in capfd.readouterr().err


def test_bench_blacksquare_limits_blacksquare_by_cpu(common, monkeypatch: pytest.MonkeyPatch) -> None:
    """blacksquare's fill runs under the CPU limit with no wall-clock timeout of its own."""
    import bench_blacksquare  # type: ignore[import-not-found]

    from kitgen.games.crossword.rules.generate import generate

    bs = pytest.importorskip("blacksquare")
    seen: dict[str, object] = {}

    def limited(fn, seconds):
        seen["seconds"] = seconds
        return fn(), 0.5

    class Crossword:
        def __init__(self, grid: list[list[str]], word_list: object) -> None:
            seen["rows"] = len(grid)

        def fill(self, timeout: float | None, show_progress: bool) -> None:
            seen["timeout"] = timeout

    monkeypatch.setattr(bench_blacksquare, "cpu_limited", limited)
    monkeypatch.setattr(bs, "Crossword", Crossword)
    words, cpu, _wall = bench_blacksquare.blacksquare_fill(bs, generate(15, 15, "american", "rotational", 1), None)
    assert (words, cpu) == (None, 0.5)
    assert seen == {"seconds": bench_blacksquare.TIMEOUT, "rows": 15, "timeout": None}


def test_a_child_that_sleeps_is_killed_by_the_wall_safety_net(common, monkeypatch) -> None:
    """A child that waits uses no CPU and would never meet its CPU limit (a forked child once sat in a lock taken
    by another thread of a pytest-xdist worker and the whole CI run waited): the parent kills it after its wall
    safety net and gets None, without hanging."""
    monkeypatch.setattr(common, "WALL_SAFETY", 0)
    monkeypatch.setattr(common, "WALL_GRACE", 0.5)
    started = time.monotonic()
    assert common.cpu_limited(lambda: time.sleep(60), 5)[0] is None
    assert time.monotonic() - started < 30
