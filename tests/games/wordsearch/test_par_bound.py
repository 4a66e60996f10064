"""The par (a search driven by a budget of steps) and its proven bound (issue 18; docs/wordsearch.md, "Par and its
bound"), checked against exhaustive searches of small deals where every sheet can be scored.

Small deals: five words a line, each line's words of the line's length (so the overflow never comes into play:
every row takes exactly its five turns), each word of one or two distinct letters, so a row has few possible
strings and every sheet of the deal can be listed and scored.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from wordsearch_small import DEALS, SMALL_WORDS, every_sheet, optimum

from kitgen.core.lexicon import Lexicon
from kitgen.games.wordsearch.rules.book import deal_words
from kitgen.games.wordsearch.rules.bound import perfect_matching, upper_bound
from kitgen.games.wordsearch.rules.game import replay
from kitgen.games.wordsearch.rules.par import DEFAULT_BUDGET, par_and_bound, search_par
from kitgen.games.wordsearch.rules.scoring import WordIndex, index_for


@pytest.fixture(scope="module")
def small_index() -> WordIndex:
    return WordIndex(SMALL_WORDS)


@pytest.mark.parametrize("name", sorted(DEALS))
def test_par_and_bound_against_every_sheet_of_a_small_deal(name: str, small_index: WordIndex) -> None:
    deal = DEALS[name]
    sheets = every_sheet(deal)
    assert 1_000 < len(sheets) < 200_000  # small enough to list, large enough to search
    best = optimum(deal, small_index)
    found = par_and_bound(deal, small_index, budget=DEFAULT_BUDGET, seed=1)
    assert found.par.score <= best <= found.bound.score
    assert found.par.score == best  # the search finds the best sheet of a small deal
    assert replay(found.par.cells, list(found.par.turns), deal) == [5] * 5  # and it is a legal game
    assert found.bound.score < 65  # the words the deal's letters can form limit it below the 12-line maximum


def test_a_bound_met_by_the_par_is_proven_optimal(invoke, tmp_path: Path) -> None:
    """Only SSS is a word and every box can be S: 25 boxes, no 4- or 5-letter word, so 25 is the bound and the
    par; the CLI says it is proven."""
    deal = ["s"] * 5 + ["ss"] * 5 + ["sst"] * 5 + ["ssss"] * 5 + ["sssss"] * 5
    index = WordIndex(["sss"])
    assert optimum(deal, index) == 25
    found = par_and_bound(deal, index, budget=2_000)
    assert found.proven and found.par.score == found.bound.score == 25
    book = tmp_path / "book.txt"
    book.write_text("\n".join(deal) + "\n")
    words = tmp_path / "words.txt"
    words.write_text("sss\n")
    result = invoke("deal", "wordsearch", "--book", book, "--par", "--budget", "2000", "--words", words, "--json")
    par = json.loads(result.stdout)["par"]
    assert (par["par"], par["bound"], par["proven"], par["budget"]) == (25, 25, True, 2000)
    text = invoke("deal", "wordsearch", "--book", book, "--par", "--budget", "2000", "--words", words).stdout
    assert "par 25, proven best" in text


def test_the_bound_refutes_what_the_letters_cannot_make(small_index: WordIndex) -> None:
    """No row of 'mixed' can hold a 5-letter word of the list with its letters, and the bound knows it."""
    deal = DEALS["mixed"]
    bound = upper_bound([w.upper() for w in deal], small_index, nodes=400)
    assert bound.score >= optimum(deal, small_index)
    assert bound.five_lines < 12


def test_perfect_matching_is_hall_s_condition() -> None:
    assert perfect_matching([0b01, 0b10]) and perfect_matching([0b11, 0b01])
    assert not perfect_matching([0b01, 0b01]) and not perfect_matching([0b011, 0b011, 0b011])
    for options in itertools.product(range(8), repeat=3):
        hall = all(len({t for b in boxes for t in range(3) if options[b] >> t & 1}) >= len(boxes)
                   for n in range(1, 4) for boxes in itertools.combinations(range(3), n))
        assert perfect_matching(list(options)) == hall, options


# -- the budget: one par a deal, whatever the machine --------------------------------------------------------

@pytest.fixture(scope="module")
def deal_one() -> tuple[list[str], WordIndex]:
    words = [w for w in deal_words(1)]
    lexicon = Lexicon.from_entries((w, 10) for w in SMALL_WORDS + ["sore", "sores", "nose", "rose", "tones", "stone",
                                                                    "notes", "onset", "note", "tone", "ones", "eons"])
    return words, index_for(lexicon)


def test_the_same_budget_gives_the_same_par_and_a_time_cap_changes_nothing_when_the_budget_ends_first(
        deal_one: tuple[list[str], WordIndex]) -> None:
    words, index = deal_one
    first = search_par(words, index, budget=30_000, seed=1)
    again = search_par(words, index, budget=30_000, seed=1)
    capped_late = search_par(words, index, budget=30_000, seed=1, seconds=600)
    assert (first.cells, first.turns, first.score) == (again.cells, again.turns, again.score)
    assert (capped_late.cells, capped_late.score, capped_late.capped) == (first.cells, first.score, False)
    assert first.steps == first.budget == 30_000


def test_a_larger_budget_extends_the_smaller_search(deal_one: tuple[list[str], WordIndex]) -> None:
    words, index = deal_one
    scores = [search_par(words, index, budget=b, seed=1).score for b in (500, 2_000, 8_000, 20_000, 45_000, 90_000)]
    assert scores == sorted(scores) and scores[-1] > scores[0]


def test_a_search_cut_by_the_clock_says_so_and_its_steps_reproduce_it(deal_one: tuple[list[str], WordIndex]) -> None:
    words, index = deal_one
    cut = search_par(words, index, budget=10_000_000, seed=1, seconds=0.3)
    assert cut.capped and cut.steps < cut.budget
    again = search_par(words, index, budget=cut.steps, seed=1)
    assert (again.cells, again.score, again.capped) == (cut.cells, cut.score, False)


def test_a_search_within_its_first_phase_builds_no_exact_polisher(monkeypatch: pytest.MonkeyPatch) -> None:
    """The exact polish runs past the first ``FIRST_PHASE`` steps only, so a shorter search builds no ``Polisher``
    (its model cost ~0.35 s CPU a deal: 100 searches of 300 steps took 35 s in bench_wordsearch, issue 25's bench
    bar) and finds what it found with ``exact=False``, a longer one still builds it."""
    from kitgen.core.lexicon import default_lexicon
    from kitgen.games.wordsearch.rules import index_for, par
    from kitgen.games.wordsearch.rules.book import deal_words

    built: list[int] = []
    real = par.Polisher

    def counted(words: list[str], index: object, tutorial: bool = False) -> object:
        built.append(len(words))
        return real(words, index, tutorial)  # type: ignore[arg-type]

    monkeypatch.setattr(par, "Polisher", counted)
    index = index_for(default_lexicon())
    for seed in (1, 2):
        short = par.search_par(deal_words(seed), index, budget=300, seed=seed)
        plain = par.search_par(deal_words(seed), index, budget=300, seed=seed, exact=False)
        assert built == [] and (short.cells, short.score, short.evaluations, short.steps) == (
            plain.cells, plain.score, plain.evaluations, plain.steps)
    par.search_par(deal_words(1), index, budget=par.FIRST_PHASE + 1, seed=1)
    assert built == [25]
