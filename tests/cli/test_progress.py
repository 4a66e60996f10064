"""Progress bars (issue 7): on a terminal only (stderr, so stdout stays the result's, --json included), never with
--quiet, and they never change results."""

from __future__ import annotations

import io

from kitgen.cli import progress as progress_module


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_no_bar_off_a_terminal_or_when_quiet(monkeypatch):
    monkeypatch.setattr("sys.stderr", io.StringIO())
    monkeypatch.setattr("sys.stdout", _Tty())  # a terminal on stdout alone is not enough: the bar is drawn on stderr
    with progress_module.progress("x", 10) as update:
        assert update is None
    monkeypatch.setattr("sys.stderr", _Tty())
    assert progress_module.wanted() is True
    with progress_module.progress("x", 10, quiet=True) as update:
        assert update is None


def test_a_bar_on_a_terminal_takes_updates_and_draws_on_stderr_only(monkeypatch):
    out, err = _Tty(), _Tty()
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    with progress_module.progress("x", 10, unit="s") as update:
        assert update is not None
        update(5, "halfway")
        update(10)
    assert out.getvalue() == ""


def test_par_search_reports_progress_and_gives_the_same_result():
    from kitgen.core.lexicon import Lexicon
    from kitgen.games.wordsearch.rules import index_for
    from kitgen.games.wordsearch.rules.par import search_par

    words = ["tone", "note", "boats", "oat", "ten", "ants", "stone", "notes", "set", "east"] * 3
    idx = index_for(Lexicon.from_entries((w, 10) for w in words))
    seen: list[tuple[float, int]] = []
    quiet = search_par(words[:25], idx, budget=30_000, seed=3)
    loud = search_par(words[:25], idx, budget=30_000, seed=3,
                      progress=lambda t, best: seen.append((t, best)))
    assert loud.cells == quiet.cells and loud.score == quiet.score
    assert seen and all(b <= loud.score for _, b in seen)
