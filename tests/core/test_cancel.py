"""Cancellation reaches the long loops (issue 25): a face's ``Context.cancelled()`` is asked from inside a solver,
a par search and a fill through ``kitgen.core.cancel``, and the work stops with ``Cancelled`` (one clear message)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kitgen import api
from kitgen.core.cancel import Cancelled, cancelled, checkpoint, watching
from kitgen.games.wordsearch.declaration import DealOptions

ROOT = Path(__file__).resolve().parents[2]
SHEET = (ROOT / "samples" / "wordsearch" / "deal-1-grid-only.txt").read_text(encoding="utf-8")
"""A finished grid: scored against any deal's words (here ``UNTABLED``'s)."""
UNTABLED = 9_999
"""A deal kitgen's table of pars does not hold (it holds the first few hundred deals, growing to 1,000): its par is
searched for. A deal the table proves (deal 1 since stop 41) is answered at once, with no search to stop."""


class Asking(api.JsonContext):
    """A context that wants the work stopped from its ``after``-th question on, counting the questions."""

    def __init__(self, after: int) -> None:
        self.after = after
        self.asked = 0

    def cancelled(self) -> bool:
        self.asked += 1
        return self.asked >= self.after


def test_a_checkpoint_raises_only_while_a_face_that_cancels_watches() -> None:
    checkpoint()  # nothing watches: nothing happens
    assert not cancelled()
    with watching(lambda: False):
        checkpoint()
        with pytest.raises(Cancelled, match="cancelled: the work was stopped before it finished"):
            with watching(lambda: True):
                checkpoint()
        checkpoint()  # the inner block ended: the outer question again
    assert not cancelled()


def test_cancelled_is_a_kitgen_error_with_exit_2() -> None:
    assert issubclass(api.Cancelled, api.KitgenError) and api.Cancelled().exit_code == 2


LONG: dict[str, Callable[[api.Context], Any]] = {
    "wordsearch par deal": lambda c: api.deal("wordsearch", seed=UNTABLED, par=True, budget=2_000_000, context=c),
    "wordsearch par verify": lambda c: api.verify("wordsearch", SHEET, deal=UNTABLED, par=True, budget=2_000_000,
                                                  context=c),
    "wordsearch par command": lambda c: api.run(api.deal_command("wordsearch"), seed=UNTABLED, par=True,
                                                budget=2_000_000, context=c),
    "wordsearch typed deal": lambda c: api.deal_with(DealOptions(seed=UNTABLED, par=True, budget=2_000_000), c),
}


@pytest.mark.parametrize("call", LONG.values(), ids=list(LONG))
def test_a_long_search_asks_between_steps_and_stops_when_told(call: Callable[[api.Context], Any]) -> None:
    """The context is asked many times during the search (not once before it), and from its third question on the
    work stops with ``Cancelled``."""
    context = Asking(after=3)
    with pytest.raises(api.Cancelled):
        call(context)
    assert context.asked == 3


def test_a_context_that_never_cancels_changes_nothing() -> None:
    """(A deal past the shipped table of pars: its par is searched.)"""
    context = Asking(after=10**9)
    with_context = api.deal("wordsearch", seed=777_777, par=True, budget=3_000, context=context).to_json()
    assert context.asked > 10  # asked all along the search
    without = api.deal("wordsearch", seed=777_777, par=True, budget=3_000).to_json()
    for found in (with_context, without):
        del found["par"]["seconds"]  # the time it took
    assert with_context == without


def test_the_solitaire_solvers_and_the_fill_ask_too() -> None:
    """Word Solitaire's and Letter Patience's searches and the crossword fill ask every 64 steps: a context that
    says stop at once stops each of them at its first question (each deal or grid takes more than 64 steps)."""
    from kitgen.core.lexicon import get_lexicon
    from kitgen.games.crossword.rules.fill import FillIndex, fill
    from kitgen.games.crossword.rules.generate import generate
    from kitgen.games.game_of_words.formats.deck_spec import default_deck
    from kitgen.games.game_of_words.rules.deals import deal_letter_patience, deal_word_solitaire
    from kitgen.games.game_of_words.rules.patience_solver import PatienceSolver
    from kitgen.games.game_of_words.rules.solve_service import deck_letters, piles_of
    from kitgen.games.game_of_words.rules.word_solitaire import Search, WordIndex

    lexicon = get_lexicon(None).proposals()
    deck = default_deck()
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return True

    search = Search(WordIndex(lexicon, deck_letters(deck)), node_limit=10**6, split_cards=0)
    search.run(piles_of(deal_word_solitaire(deck, 8)))
    assert search.positions > 64
    patience = deal_letter_patience(deck, 6)
    grid, index = generate(21, 21, seed=1), FillIndex(lexicon)
    filled = fill(grid, index)
    assert filled is not None and filled.nodes > 64
    runs: list[Callable[[], Any]] = [
        lambda: search.run(piles_of(deal_word_solitaire(deck, 8))),
        lambda: PatienceSolver(lexicon, 10**6).solve(patience.piles, "".join(patience.stock), len(patience.aside)),
        lambda: fill(grid, index),
    ]
    for run in runs:
        asked.clear()
        with watching(stop), pytest.raises(Cancelled):
            run()
        assert asked == [1]


def test_a_survey_stops_between_chunks_when_told(tmp_path: Path) -> None:
    """A ``--range`` survey asks the context between chunks of deals: told to stop, it stops with ``Cancelled``
    and what it wrote to ``--out`` is whole lines only."""
    out = tmp_path / "ws.jsonl"
    outcome = api.run(api.deal_command("word-solitaire"), range="1-64", solve=True, out=str(out),
                      context=Asking(after=10**9))
    assert outcome.document["deals"] == 64  # the same survey, never told to stop, works every deal
    out.unlink()
    context = Asking(after=3)
    with pytest.raises(api.Cancelled):
        api.run(api.deal_command("word-solitaire"), range="1-64", solve=True, out=str(out), context=context)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert context.asked == 3 and len(lines) < 64
    assert all(json.loads(line)["game"] == "word-solitaire" for line in lines)
