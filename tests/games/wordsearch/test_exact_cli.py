"""``kitgen deal wordsearch --par --exact SECONDS`` (issue 30; docs/wordsearch.md, "The exact model"): the exact
CP-SAT model on the command line, improving and proving the par sheet, and refused clearly without OR-Tools (the
``par`` extra), without ``--par`` and over a ``--range``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from wordsearch_small import DEALS, SMALL_WORDS, optimum

from kitgen.games.wordsearch.rules import exact
from kitgen.games.wordsearch.rules.scoring import WordIndex

MORE_WORDS = SMALL_WORDS + ["seas", "teat", "tate", "stat", "tats", "asea", "tees", "sees", "sett"]


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    book = tmp_path / "mixed.txt"
    book.write_text("\n".join(DEALS["mixed"]) + "\n", encoding="utf-8")
    words = tmp_path / "words.txt"
    words.write_text("\n".join(MORE_WORDS) + "\n", encoding="utf-8")
    return book, words


def test_exact_proves_the_best_sheet_a_short_search_missed(invoke, files: tuple[Path, Path]) -> None:
    pytest.importorskip("ortools")
    book, words = files
    best = optimum(DEALS["mixed"], WordIndex(MORE_WORDS))
    plain = invoke("deal", "wordsearch", "--book", book, "--par", "--budget", "50", "--words", words, "--json")
    before = json.loads(plain.stdout)["par"]
    assert before["par"] < best and not before["proven"] and before["exact_seconds"] == 0
    result = invoke("deal", "wordsearch", "--book", book, "--par", "--budget", "50", "--words", words,
                    "--exact", "20", "--json")
    assert result.exit_code == 0, result.stderr
    par = json.loads(result.stdout)["par"]
    assert (par["par"], par["bound"], par["proven"], par["exact_seconds"]) == (best, best, True, 20.0)
    text = invoke("deal", "wordsearch", "--book", book, "--par", "--budget", "50", "--words", words,
                  "--exact", "20").stdout
    assert f"par {best}, proven best (budget 50 steps, then up to 20.0 s of the exact model" in text


def test_exact_without_ortools_is_refused_before_any_search(invoke, files: tuple[Path, Path],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> object:
        raise exact.NoSolver("no OR-Tools")

    monkeypatch.setattr(exact, "cp_model", missing)
    book, words = files
    result = invoke("deal", "wordsearch", "--book", book, "--par", "--words", words, "--exact", "20")
    assert result.exit_code == 2
    assert "--exact needs the exact model's solver, OR-Tools" in result.stderr
    assert "pip install 'kitgen[par]'" in result.stderr and "Traceback" not in result.stderr
    assert "Par sheet" not in result.stdout  # refused before the search, not after it


def test_exact_needs_par_and_one_deal(invoke, files: tuple[Path, Path]) -> None:
    book, words = files
    alone = invoke("deal", "wordsearch", "--book", book, "--words", words, "--exact", "20")
    assert alone.exit_code == 2 and "--exact goes with --par" in alone.stderr
    ranged = invoke("deal", "wordsearch", "--range", "1-2", "--par", "--words", words, "--exact", "20")
    assert ranged.exit_code == 2 and "--exact is one deal at a time" in ranged.stderr
    low = invoke("deal", "wordsearch", "--book", book, "--par", "--words", words, "--exact", "0.5")
    assert low.exit_code == 2 and "--exact" in low.stderr
