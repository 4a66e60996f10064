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
from kitgen.core.i18n import N_, decimal, gettext, ngettext, number

NEEDS = N_("--plot draws a chart with matplotlib, which is not installed: pip install 'kitgen[charts]'")
"""The refusal of ``--plot`` without matplotlib (a command line's: the web has no ``--plot``), in the text language."""


class ChartsMissing(InputError):
    """matplotlib is not installed (the charts extra)."""


def check_charts() -> None:
    """Refuse ``--plot`` at once when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError as exc:
        raise ChartsMissing(gettext(NEEDS)) from exc


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


def _whole_deals(axes: Any, points: bool = False) -> None:
    """Whole numbers on the deals' axis (and with ``points``, on the points' axis: a score is whole, so its ticks
    never need a decimal point the text language would write otherwise)."""
    from matplotlib.ticker import MaxNLocator

    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    if points:
        axes.yaxis.set_major_locator(MaxNLocator(integer=True))


def par_chart(points: Sequence[tuple[int, int, int]], path: Path, title: str | None = None) -> None:
    """Each deal's par and bound (``(seed, par, bound)``), proven deals (par = bound) marked, as an SVG; its axes
    and legend in the text language (docs/languages.md)."""
    plt = _pyplot()
    points = sorted(points)
    seeds = [p[0] for p in points]
    figure, axes = plt.subplots(figsize=(9, 3.6))
    try:
        axes.vlines(seeds, [p[1] for p in points], [p[2] for p in points], colors="#bbbbbb", linewidth=1,
                    label=gettext("gap: no sheet found there, none proven impossible"))
        axes.plot(seeds, [p[2] for p in points], "v", color="#b2182b", markersize=3,
                  label=gettext("bound (no sheet scores more)"))
        axes.plot(seeds, [p[1] for p in points], "^", color="#2166ac", markersize=3,
                  label=gettext("par (best sheet found)"))
        proven = [p for p in points if p[1] >= p[2]]
        if proven:
            axes.plot([p[0] for p in proven], [p[1] for p in proven], "o", color="#1b7837", markersize=5,
                      fillstyle="none", label=gettext("proven best ({proven} of {deals})").format(
                          proven=len(proven), deals=len(points)))
        _whole_deals(axes, points=True)
        axes.set_xlabel(gettext("deal number"))
        axes.set_ylabel(gettext("score (points)"))
        axes.set_title(title if title is not None else gettext("Make a Wordsearch pars"))
        axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2, fontsize="small")  # off the points
        _save(figure, path)
    finally:
        plt.close(figure)


def share_chart(points: Sequence[tuple[int, bool | None]], path: Path, title: str, bins: int = 50) -> None:
    """The share of winnable deals (``(seed, winnable)``; None: undecided) along the range, ``bins`` bins of
    deals, as an SVG; its axes and legend in the text language, a bin of one deal said in the singular."""
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
        axes.step(centres, shares, where="mid", color="#2166ac", label=ngettext(
            "winnable, {size} deal a step", "winnable, {size} deals a step", size).format(size=size))
        axes.axhline(overall, color="#b2182b", linestyle="--", linewidth=1,
                     label=gettext("all deals: {share}%").format(share=decimal(overall)))
        axes.set_ylim(0, 100)
        _whole_deals(axes)
        axes.set_xlabel(gettext("deal number"))
        axes.set_ylabel(gettext("winnable deals (%)"))
        axes.set_title(title)
        axes.legend(loc="lower right", fontsize="small")
        _save(figure, path)
    finally:
        plt.close(figure)


def time_chart(seconds: Sequence[float], path: Path, title: str, bins: int = 40) -> None:
    """How long each deal took to solve (``seconds``, one a deal): a histogram over milliseconds on a log scale,
    the median and the 95th percentile marked, as an SVG; its axes and legend in the text language."""
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
        axes.hist(ms, bins=edges, color="#2166ac",
                  label=ngettext("{count} deal", "{count} deals", len(ms)).format(count=len(ms)))
        axes.axvline(median, color="#1b7837", linestyle="--", linewidth=1,
                     label=gettext("median {ms} ms").format(ms=decimal(median)))
        axes.axvline(p95, color="#b2182b", linestyle=":", linewidth=1,
                     label=gettext("p95 {ms} ms").format(ms=decimal(p95)))
        axes.set_xscale("log")
        axes.xaxis.set_major_formatter(FuncFormatter(lambda value, _: number(value)))
        axes.set_xlabel(gettext("CPU time a deal (ms, log scale)"))
        axes.set_ylabel(gettext("number of deals"))
        axes.set_title(title)
        axes.legend(loc="upper right", fontsize="small")
        _save(figure, path)
    finally:
        plt.close(figure)
