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


def _texts(path: Path) -> list[str]:
    """Every text the SVG writes (its title, axis labels, legend, tick labels: matplotlib keeps them as text)."""
    import xml.etree.ElementTree as ET

    return [" ".join(node.itertext()).strip() for node in ET.parse(path).iter("{http://www.w3.org/2000/svg}text")]


def _par_and_share(tmp_path: Path, lang: str) -> list[str]:
    from kitgen.core.i18n import speaking
    from kitgen.io.charts import par_chart, share_chart

    with speaking(lang):
        par_chart([(1, 20, 24), (2, 22, 22), (3, 19, 25)], tmp_path / f"par-{lang}.svg")
        share_chart([(seed, seed % 3 != 0) for seed in range(1, 151)], tmp_path / f"share-{lang}.svg", "t")
        time_chart([0.002, 0.004, 0.003], tmp_path / f"time-{lang}.svg", "t")
    return [text for name in ("par", "share", "time") for text in _texts(tmp_path / f"{name}-{lang}.svg")]


def test_a_chart_made_in_german_has_german_axes_and_legend(tmp_path: Path) -> None:
    """Issue 28: a survey's chart speaks the text language: its axis labels and legend are the catalogue's German
    (read back from the SVG's text), its numbers written with a decimal comma, and none of the English chart's words
    is left."""
    german = _par_and_share(tmp_path, "de")
    for said in ("Nummer der Partie", "Punkte", "Schranke (kein Bogen erzielt mehr)", "Par (bester gefundener Bogen)",
                 "Lücke: dort kein Bogen gefunden, keiner als unmöglich bewiesen", "als bestes bewiesen (1 von 3)",
                 "Pars von „Bau dein Wortgitter“", "gewinnbare Partien (%)", "gewinnbar, 3 Partien je Stufe",
                 "alle Partien: 66,7\u00a0%", "CPU-Zeit je Partie (ms, logarithmische Skala)", "Anzahl der Partien",
                 "3 Partien", "Median 3,0 ms", "95. Perzentil 4,0 ms"):
        assert said in german, (said, german)
    english = {text for text in _par_and_share(tmp_path, "en") if any(c.isalpha() for c in text)} - {"t"}
    assert english and not english & set(german), english & set(german)


@pytest.mark.parametrize(("lang", "deals", "said"), [
    ("en", 50, "winnable, 1 deal a step"), ("en", 150, "winnable, 3 deals a step"),
    ("ru", 50, "выигрышные, 1 раздача на ступень"), ("ru", 150, "выигрышные, 3 раздачи на ступень"),
    ("ru", 250, "выигрышные, 5 раздач на ступень"), ("ru", 1050, "выигрышные, 21 раздача на ступень"),
    ("pl", 50, "do wygrania, 1 rozdanie na stopień"), ("pl", 150, "do wygrania, 3 rozdania na stopień"),
    ("pl", 250, "do wygrania, 5 rozdań na stopień"), ("pl", 1100, "do wygrania, 22 rozdania na stopień"),
    ("pl", 600, "do wygrania, 12 rozdań na stopień"),
])
def test_a_share_chart_s_step_takes_the_plural_form_of_its_count(tmp_path: Path, lang: str, deals: int,
                                                                said: str) -> None:
    """'1 deals a step' was English-only and had no singular: the legend takes the catalogue's form for its count,
    three of them in Russian and Polish (1, 3 and 21 or 22, but 5 and 12 the genitive plural)."""
    from kitgen.core.i18n import speaking
    from kitgen.io.charts import share_chart

    with speaking(lang):
        share_chart([(seed, seed % 2 == 0) for seed in range(1, deals + 1)], tmp_path / "share.svg", "t")
    assert said in _texts(tmp_path / "share.svg")


def test_the_refusal_without_matplotlib_speaks_the_text_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--plot`` without matplotlib is refused in the text language, the install line kept as typed."""
    import sys

    from kitgen.core.i18n import speaking
    from kitgen.io.charts import ChartsMissing, check_charts

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with speaking("fr"), pytest.raises(ChartsMissing) as refused:
        check_charts()
    assert str(refused.value) == ("--plot dessine un graphique avec matplotlib, qui n’est pas installé\u00a0: "
                                  "pip install 'kitgen[charts]'")
