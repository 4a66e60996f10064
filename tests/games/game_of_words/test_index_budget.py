"""Work budgets of the solvers' index and fits (issue 33): a ``--words`` list past the index build's budget is
refused before any work, naming the list and the budget; a long word of a list over a big deck, whose ways of
fitting the pile tops are beyond counting (54 million partial ways in one position: the search ran for minutes),
now makes the deal undecided within its work budget."""

from __future__ import annotations

import json
import random
import time
import tomllib
from pathlib import Path

import pytest

from kitgen.games.game_of_words.rules import word_solitaire, word_table

from .test_work_budget import big_deck


def test_a_word_list_past_the_index_budget_is_refused_naming_list_and_budget(invoke, word_file,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(word_table, "MAX_INDEX_LETTERS", 30)
    words = word_file("stone", "notes", "tones", "onset", "seton", "steno", "quiet", "quite", "train")
    result = invoke("deal", "word-solitaire", "--seed", "1", "--solve", "--words", words)
    assert result.exit_code == 2, result.output
    assert result.stderr.strip() == (f"kitgen: {words}: the word list is too large for a solver's index: 45 letters "
                                     "in its words (the index build's work budget is 30 letters)")


def test_a_word_list_within_the_budget_is_indexed(invoke, word_file) -> None:
    words = word_file("stone", "notes", "quiet", "train")
    result = invoke("deal", "word-solitaire", "--seed", "1", "--solve", "--words", words, "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["winnable"] in (True, False, None)


def test_long_words_on_a_big_deck_are_undecided_within_the_fit_budget(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Before, ``fits`` was not counted: 300 words of 150-280 letters over a 291-card deck ran 296 s in one deal."""
    from kitgen.core.lexicon import load_word_list
    from kitgen.games.game_of_words.formats.deck_spec import load_spec
    from kitgen.games.game_of_words.rules.deals import deal_word_solitaire
    from kitgen.games.game_of_words.rules.solve_service import deck_letters, piles_of

    spec = big_deck(tmp_path)
    table = tomllib.loads(spec.read_text())["letters"]
    pool = [letter for letter, card in table.items() for _ in range(card["count"])]
    rng = random.Random(2)
    lines = []
    for _ in range(40):
        rng.shuffle(pool)
        lines.append("".join(pool[:rng.randint(150, 280)]))
    words = tmp_path / "long.txt"
    words.write_text("\n".join(lines) + "\n")
    deck = load_spec(spec)
    letters = deck_letters(deck)
    solver = word_solitaire.Solver(load_word_list(words), letters, common_rank=None)
    spent = []
    real_fits = word_solitaire.fits

    def counting(word, piles, heights, steps=None):
        spent.append(steps)
        return real_fits(word, piles, heights, steps)

    monkeypatch.setattr(word_solitaire, "fits", counting)
    began = time.process_time()
    with pytest.raises(word_solitaire.Undecided):
        solver.full.run(piles_of(deal_word_solitaire(deck, 1)))
    assert spent and all(steps is not None and steps[0] <= 0 for steps in spent[-1:])
    assert time.process_time() - began < 30


def test_a_record_with_a_word_of_too_many_ways_is_refused_within_the_fit_budget(invoke, tmp_path: Path) -> None:
    """A 60-letter word of a ``--words`` list, made of the pile tops of a 291-card deal, has more ways to take its
    letters than can be counted: verify tried them for minutes; it is now refused, located, naming the budget."""
    spec = big_deck(tmp_path)
    dealt = invoke("deal", "word-solitaire", "--spec", spec, "--seed", "1", "--json")
    word = "".join(pile[-1] for pile in json.loads(dealt.stdout)["piles"] if pile)[:60]
    words = tmp_path / "long.txt"
    words.write_text(word.lower() + "\n")
    record = tmp_path / "record.txt"
    record.write_text(word + "\n")
    began = time.process_time()
    result = invoke("verify", "solitaire", record, "--game", "word-solitaire", "--spec", spec, "--seed", "1",
                    "--words", words)
    assert time.process_time() - began < 60
    assert result.exit_code == 1, result.output
    assert f"{record}:1:1: {word}: its letters can be taken from the pile tops in more ways than kitgen tries " \
           f"({word_solitaire.FIT_WORK:,} steps a record)" in result.stderr + result.stdout
