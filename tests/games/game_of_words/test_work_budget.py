"""Work budgets in work (issue 33): a legal 286-card spec deck made ``deal word-solitaire --solve`` run 213 s at
100,000 positions (a position of a big deck costs about the square of its size); the budget now shrinks with the
deck past the standard 54 cards, the standard deck's answers unchanged. ``--budget`` of the par search is capped,
the cap named."""

from __future__ import annotations

import re
from pathlib import Path

from kitgen.games.game_of_words.rules.word_solitaire import (
    NODE_LIMIT,
    SPLIT_STEPS,
    STANDARD_DECK,
    Solver,
    Undecided,
    scaled_limit,
)

ROOT = Path(__file__).resolve().parents[3]


def big_deck(tmp_path: Path) -> Path:
    """A legal spec deck of about 290 cards: the standard deck's letters about five times over."""
    text = (ROOT / "kitgen" / "data" / "decks" / "whitman-1938.toml").read_text()

    def more(m: re.Match[str]) -> str:
        count = int(m.group(1))
        return f"count = {min(20, count * 5 + (2 if count >= 3 else 1))}"

    text = re.sub(r"count = (\d+)", more, text).replace('name = "whitman-1938"', 'name = "big"')
    head, wild = text.split("[wild]")
    spec = tmp_path / "big.toml"
    spec.write_text(head + "[wild]" + re.sub(r"count = \d+", "count = 2", wild))
    return spec


def test_the_standard_deck_keeps_its_budget_and_a_bigger_one_gets_less() -> None:
    assert scaled_limit(NODE_LIMIT, STANDARD_DECK) == NODE_LIMIT
    assert scaled_limit(NODE_LIMIT, 40) == NODE_LIMIT
    sizes = [55, 80, 120, 200, 286, 300]
    limits = [scaled_limit(NODE_LIMIT, n) for n in sizes]
    assert limits == sorted(limits, reverse=True) and limits[0] < NODE_LIMIT
    assert scaled_limit(NODE_LIMIT, 286) <= 1_000
    # the work (positions x the square of the deck) never exceeds the standard deck's
    assert all(limit * n * n <= NODE_LIMIT * STANDARD_DECK ** 2 for limit, n in zip(limits, sizes, strict=True))


def test_a_286_card_deck_is_searched_within_its_scaled_budget(tmp_path: Path) -> None:
    from kitgen.core.lexicon import get_lexicon
    from kitgen.games.game_of_words.formats.deck_spec import load_spec
    from kitgen.games.game_of_words.rules.deals import deal_word_solitaire
    from kitgen.games.game_of_words.rules.solve_service import deck_letters, piles_of

    deck = load_spec(big_deck(tmp_path))
    letters = deck_letters(deck)
    assert 280 <= len(deck.cards) <= 300
    solver = Solver(get_lexicon(None).proposals(), letters)
    assert solver.full.node_limit == scaled_limit(NODE_LIMIT, len(letters)) <= 1_000
    assert solver.full.split_steps == scaled_limit(SPLIT_STEPS, len(letters)) < SPLIT_STEPS
    for seed in (1, 2):
        try:
            solver.full.run(piles_of(deal_word_solitaire(deck, seed)))
        except Undecided:
            pass
        assert solver.full.positions <= solver.full.node_limit


def test_a_budget_past_the_cap_is_refused_naming_the_cap(invoke) -> None:
    result = invoke("deal", "wordsearch", "--seed", "1", "--par", "--budget", "100000000")
    assert result.exit_code == 2
    assert "--budget must be between 1 and 10000000" in result.stderr and result.stderr.count("\n") == 1


def test_letter_patience_budgets_shrink_past_the_standard_deck() -> None:
    from kitgen.games.game_of_words.rules import patience_solver as lp

    assert lp.scaled_limit(lp.NODE_LIMIT, lp.STANDARD_DECK) == lp.NODE_LIMIT
    sizes = [55, 80, 120, 200, 290, 300]
    limits = [lp.scaled_limit(lp.NODE_LIMIT, n) for n in sizes]
    assert limits == sorted(limits, reverse=True) and limits[0] < lp.NODE_LIMIT
    assert lp.scaled_limit(lp.NODE_LIMIT, 290) <= 6_000  # about a second of CPU at 0.2 ms a position


def test_a_big_deck_letter_patience_solve_is_an_answer_not_a_recursion_error(invoke, tmp_path: Path) -> None:
    """A 290-card deck's search goes deeper than Python's default recursion limit (it gave ``internal error:
    RecursionError``); it now answers, within its scaled budget."""
    import json

    from kitgen.games.game_of_words.rules import patience_solver as lp

    spec = big_deck(tmp_path)
    seen = []

    class Counting(lp.PatienceSolver):
        def _solve(self, *args, **kwargs):
            seen.append(args[-1])
            return super()._solve(*args, **kwargs)

    import pytest

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lp, "PatienceSolver", Counting)
        result = invoke("deal", "letter-patience", "--spec", str(spec), "--seed", "1", "--solve", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["winnable"] in (True, False, None)
    assert seen and all(limit <= 6_000 for limit in seen)
