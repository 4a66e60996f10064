"""The exact CP-SAT model of a deal (issue 30; docs/wordsearch.md, "The exact model"): against exhaustive searches
of small deals, overflow included, and the proof over line sets."""

from __future__ import annotations

import functools
import itertools

import pytest
from wordsearch_small import DEALS, SMALL_WORDS, every_sheet, optimum

from kitgen.games.wordsearch.rules.game import reconstruct
from kitgen.games.wordsearch.rules.lines import SIZE, allowed_lines
from kitgen.games.wordsearch.rules.scoring import WordIndex

pytest.importorskip("ortools")

from kitgen.games.wordsearch.rules.exact import exact_par, polish, prove_line_sets  # noqa: E402

MORE_WORDS = SMALL_WORDS + ["seas", "teat", "tate", "stat", "tats", "asea", "tees", "sees", "tests", "sett"]

OVERFLOW = ["sss", "sss", "eee", "sss", "eee",  # row 3 is full after five turns...
            "ses", "ese",  # ...so these two words of line 3 go on row 2 or row 4 (the overflow), either way
            "s", "e", "s", "s", "e",
            "ss", "ee", "ss", "ee",
            "eeee", "ssss", "eeee", "ssss",
            "sssss", "eeeee", "sssss", "eeeee", "esses"]
"""A deal whose row 3 fills first: two turns of line 3 overflow to row 2 or 4, and row 2 or 4 overflows in turn
when both go the same way; every row's letters are S and E, so every legal sheet can be listed."""
OVERFLOW_WORDS = ["see", "sees", "ess", "esse", "esses", "ses"]


@functools.cache
def legal_sheets(deal: tuple[str, ...]) -> frozenset[str]:
    """Every grid some legal game of ``deal`` makes: each turn's line by the rule (overflow included), each
    row's letters in every order (listed once a worker: two tests look at the overflow deal's)."""
    rows_seen: set[tuple[str, ...]] = set()
    states: set[tuple[str, ...]] = {("",) * SIZE}
    for word in deal:
        after = set()
        for rows in states:
            filled = [len(r) for r in rows]
            for line in allowed_lines(len(word), filled):
                for ch in set(word.upper()):
                    grown = list(rows)
                    grown[line - 1] = "".join(sorted(grown[line - 1] + ch))
                    after.add(tuple(grown))
        states = after
    rows_seen = states
    sheets: set[str] = set()
    for rows in rows_seen:
        orders = [sorted({"".join(p) for p in itertools.permutations(r)}) for r in rows]
        sheets.update("".join(parts) for parts in itertools.product(*orders))
    return frozenset(sheets)


@pytest.mark.parametrize("words", [SMALL_WORDS, MORE_WORDS], ids=["small", "more"])
@pytest.mark.parametrize("name", sorted(DEALS))
def test_the_exact_model_proves_the_true_optimum_of_a_small_deal(name: str, words: list[str]) -> None:
    index = WordIndex(words)
    found = exact_par(DEALS[name], index, 0, seconds=60)
    assert found.optimal and found.cells is not None
    assert found.score == found.bound == optimum(DEALS[name], index)
    assert index.quick_score(found.cells) == found.score and reconstruct(found.cells, DEALS[name]).turns


def test_the_overflow_rule_is_modelled_exactly() -> None:
    """A deal whose row 1 overflows: the model's best is the best of every legal sheet listed by the rules, and
    a score above it is refuted."""
    index = WordIndex(OVERFLOW_WORDS)
    sheets = legal_sheets(tuple(OVERFLOW))
    assert all(reconstruct(s, OVERFLOW).turns for s in sorted(sheets)[::100_000])  # the listing is of legal games
    best = max(index.quick_score(s) for s in sheets)
    found = exact_par(OVERFLOW, index, 0, seconds=60)
    assert found.optimal and found.score == best and found.cells in sheets
    above = exact_par(OVERFLOW, index, best, seconds=60)
    assert above.optimal and above.cells is None and above.bound == best


def test_a_sheet_with_a_row_that_breaks_the_overflow_is_not_made() -> None:
    """Without the overflow a row-1 turn could not reach row 2: the model never puts a sixth S of line 1 there
    unless row 1 is full (every sheet it makes replays)."""
    index = WordIndex(OVERFLOW_WORDS)
    sheets = legal_sheets(tuple(OVERFLOW))
    for par in range(0, 48, 8):
        found = exact_par(OVERFLOW, index, par, seconds=30)
        assert found.cells in sheets


@pytest.mark.parametrize("name", sorted(DEALS))
def test_no_sheet_beats_a_par_the_line_sets_prove(name: str) -> None:
    index = WordIndex(MORE_WORDS)
    proof = prove_line_sets(DEALS[name], index, 0, seconds=30)
    assert proof.proven and proof.score == optimum(DEALS[name], index)
    assert max(index.quick_score(cells) for cells in every_sheet(DEALS[name])) <= proof.bound


def test_the_line_sets_refute_everything_above_the_optimum() -> None:
    index = WordIndex(MORE_WORDS)
    best = optimum(DEALS["choices"], index)
    proof = prove_line_sets(DEALS["choices"], index, best, seconds=30)
    assert proof.proven and proof.bound == best and proof.cells is None


def test_polish_never_loses_and_improves_a_weak_sheet() -> None:
    index = WordIndex(MORE_WORDS)
    deal = DEALS["mixed"]
    weak = every_sheet(deal)[0]
    cells, score = polish(deal, index, weak, index.quick_score(weak), seconds=30)
    assert score == optimum(deal, index) > index.quick_score(weak) and reconstruct(cells, deal).turns
    again, same = polish(deal, index, cells, score, seconds=30)
    assert (again, same) == (cells, score)
