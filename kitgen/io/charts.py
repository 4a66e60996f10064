"""Charts of surveys as SVG files (``--plot FILE.svg``; docs/surveys.md, docs/wordsearch.md "The table of pars").

Drawn with matplotlib, an optional extra (``pip install 'kitgen[charts]'``): without it ``--plot`` is refused
with that sentence, before any work. The SVG is the same bytes for the same points (no date, fixed ids), and
is written whole (a ``.part`` file renamed) beside the JSON Lines.

* ``par_chart``: Make a Wordsearch, each deal's par and the bound beside it, proven deals marked;
* ``share_chart``: a solitaire survey, the share of winnable deals along the range (in bins of deals), with the
  share over the whole range as a line;
* ``time_chart``: how long each deal took to solve, a histogram with its median and 95th percentile
  (``benchmarks/bench_solvers.py word-solitaire --plot FILE.svg``; docs/game-of-words.md).
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kitgen.core.errors import InputError

NEEDS = "--plot needs matplotlib: pip install 'kitgen[charts]'"


class ChartsMissing(InputError):
    """matplotlib is not installed (the charts extra)."""


def check_charts() -> None:
    """Refuse ``--plot`` at once when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError as exc:
        raise ChartsMissing(NEEDS) from exc


def _pyplot() -> Any:
    check_charts()
    import matplotlib

    matplotlib.use("svg", force=True)
    import matplotlib.pyplot as plt

    matplotlib.rcParams["svg.hashsalt"] = "kitgen"
    matplotlib.rcParams["svg.fonttype"] = "none"
    return plt


def _save(figure: Any, path: Path) -> None:
    out = io.BytesIO()
    figure.savefig(out, format="svg", metadata={"Date": None, "Creator": "kitgen"}, bbox_inches="tight")
    part = path.with_name(path.name + ".part")
    part.write_bytes(out.getvalue())
    os.replace(part, path)


def _whole_deals(axes: Any) -> None:
    from matplotlib.ticker import MaxNLocator

    axes.xaxis.set_major_locator(MaxNLocator(integer=True))


def par_chart(points: Sequence[tuple[int, int, int]], path: Path, title: str = "Make a Wordsearch pars") -> None:
    """Each deal's par and bound (``(seed, par, bound)``), proven deals (par = bound) marked, as an SVG."""
    plt = _pyplot()
    points = sorted(points)
    seeds = [p[0] for p in points]
    figure, axes = plt.subplots(figsize=(9, 3.6))
    try:
        axes.vlines(seeds, [p[1] for p in points], [p[2] for p in points], colors="#bbbbbb", linewidth=1,
                    label="gap: no sheet found there, none proven impossible")
        axes.plot(seeds, [p[2] for p in points], "v", color="#b2182b", markersize=3,
                  label="bound (no sheet scores more)")
        axes.plot(seeds, [p[1] for p in points], "^", color="#2166ac", markersize=3, label="par (best sheet found)")
        proven = [p for p in points if p[1] >= p[2]]
        if proven:
            axes.plot([p[0] for p in proven], [p[1] for p in proven], "o", color="#1b7837", markersize=5,
                      fillstyle="none", label=f"proven best ({len(proven)} of {len(points)})")
        _whole_deals(axes)
        axes.set_xlabel("deal")
        axes.set_ylabel("points")
        axes.set_title(title)
        axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2, fontsize="small")  # off the points
        _save(figure, path)
    finally:
        plt.close(figure)


def share_chart(points: Sequence[tuple[int, bool | None]], path: Path, title: str, bins: int = 50) -> None:
    """The share of winnable deals (``(seed, winnable)``; None: undecided) along the range, ``bins`` bins of
    deals, as an SVG."""
    plt = _pyplot()
    points = sorted(points)
    size = max(1, -(-len(points) // bins))
    centres, shares = [], []
    for start in range(0, len(points), size):
        chunk = points[start:start + size]
        centres.append((chunk[0][0] + chunk[-1][0]) / 2)
        shares.append(100 * sum(1 for _, won in chunk if won) / len(chunk))
    overall = 100 * sum(1 for _, won in points if won) / max(len(points), 1)
    figure, axes = plt.subplots(figsize=(9, 3.6))
    try:
        axes.step(centres, shares, where="mid", color="#2166ac", label=f"winnable, {size} deals a step")
        axes.axhline(overall, color="#b2182b", linestyle="--", linewidth=1, label=f"all deals: {overall:.1f}%")
        axes.set_ylim(0, 100)
        _whole_deals(axes)
        axes.set_xlabel("deal")
        axes.set_ylabel("winnable deals (%)")
        axes.set_title(title)
        axes.legend(loc="lower right", fontsize="small")
        _save(figure, path)
    finally:
        plt.close(figure)


def time_chart(seconds: Sequence[float], path: Path, title: str, bins: int = 40) -> None:
    """How long each deal took to solve (``seconds``, one a deal): a histogram over milliseconds on a log scale,
    the median and the 95th percentile marked, as an SVG."""
    import math
    import statistics

    plt = _pyplot()
    from matplotlib.ticker import FuncFormatter

    ms = sorted(max(s * 1000, 0.01) for s in seconds)
    median = statistics.median(ms)
    p95 = ms[min(len(ms) - 1, math.ceil(0.95 * len(ms)) - 1)]
    low, high = math.log10(ms[0]), math.log10(ms[-1]) + 1e-9
    edges = [10 ** (low + (high - low) * k / bins) for k in range(bins + 1)]
    figure, axes = plt.subplots(figsize=(9, 3.6))
    try:
        axes.hist(ms, bins=edges, color="#2166ac", label=f"{len(ms)} deals")
        axes.axvline(median, color="#1b7837", linestyle="--", linewidth=1, label=f"median {median:.1f} ms")
        axes.axvline(p95, color="#b2182b", linestyle=":", linewidth=1, label=f"p95 {p95:.1f} ms")
        axes.set_xscale("log")
        axes.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
        axes.set_xlabel("CPU time a deal (ms, log scale)")
        axes.set_ylabel("deals")
        axes.set_title(title)
        axes.legend(loc="upper right", fontsize="small")
        _save(figure, path)
    finally:
        plt.close(figure)
