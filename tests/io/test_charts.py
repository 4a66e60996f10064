"""Solve-time charts (issue 30; kitgen/io/charts.py ``time_chart``, drawn by ``benchmarks/bench_solvers.py
word-solitaire --plot``): an SVG naming the median and the 95th percentile, the same bytes for the same times."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("matplotlib")

from kitgen.io.charts import time_chart  # noqa: E402


def test_a_solve_time_chart_marks_the_median_and_p95(tmp_path: Path) -> None:
    seconds = [0.002] * 50 + [0.004] * 45 + [0.050] * 4 + [1.5]  # 100 deals: median 3 ms, p95 4 ms
    first, again = tmp_path / "a.svg", tmp_path / "b.svg"
    time_chart(seconds, first, "deals 1-100")
    time_chart(seconds, again, "deals 1-100")
    svg = first.read_text(encoding="utf-8")
    assert svg.startswith("<?xml") and "<svg" in svg
    assert "median 3.0 ms" in svg and "p95 4.0 ms" in svg and "100 deals" in svg and "deals 1-100" in svg
    assert first.read_bytes() == again.read_bytes()
    assert not list(tmp_path.glob("*.part"))
