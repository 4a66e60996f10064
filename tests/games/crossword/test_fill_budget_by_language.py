"""A fill's budget by language (issue 26, docs/languages.md "Why Italian and Greek fill fewer American 9x9s"):
Greek's search gave up on American 9x9 patterns it can fill (12 of seeded patterns 1-20 with 3,000 words tried,
18 with 10,000), so a Greek pattern of a daily's lights or fewer gets 10,000; every other language keeps 3,000,
so its fills are unchanged."""

from __future__ import annotations

import pytest

from kitgen.core.language import CODES
from kitgen.games.base import proposals_for
from kitgen.games.crossword.rules.fill import DEFAULT_BUDGET, FillIndex, default_budget, fill
from kitgen.games.crossword.rules.generate import generate, generate_many


@pytest.mark.parametrize("code", CODES)
def test_greek_alone_gets_a_larger_budget_for_a_daily(code):
    daily = generate(9, 9, "american", "rotational", 1)
    assert default_budget(daily, code) == (10_000 if code == "el" else DEFAULT_BUDGET)
    assert default_budget(daily) == DEFAULT_BUDGET   # no language: English's


def test_a_sunday_grows_past_greeks_budget_as_in_every_language():
    """The language's budget is the least a pattern gets: a 21x21 Sunday's, grown with the cube of its lights
    (over 17,000), is the same in Greek as in English."""
    sunday = generate(21, 21, "american", "rotational", 1)
    assert default_budget(sunday, "el") == default_budget(sunday, "en") > 10_000


@pytest.mark.slow
def test_greek_fills_a_pattern_its_search_gave_up_on():
    """Seeded American 9x9 pattern 5 (``kitgen pattern --seed 1 --count 5 --size 9 --style american --fill
    --lang el``'s last): no fill of Greek's proposals within 3,000 words tried, one within Greek's 10,000
    (about 2 s of CPU each way)."""
    lexicon = proposals_for(None, "el", False, cells=True)
    index = FillIndex(lexicon)
    grid = generate_many(9, 9, "american", "rotational", 1, 5)[-1]
    assert fill(grid, index, DEFAULT_BUDGET) is None
    found = fill(grid, index)
    assert found is not None and DEFAULT_BUDGET < found.nodes <= 10_000 * 4 // 3
    for light in grid.lights:
        word = "".join(found.letters[cell] for cell in light.cells)
        assert word == found.words[light.name] and lexicon.contains(word)
    assert len(set(found.words.values())) == len(found.words)
