"""Deciding Word Solitaire deals one at a time or over a range of seeds (pure computation).

``decide`` gives the JSON keys ``winnable`` (true, false, or null when the
search gave up within its budget) and ``solution`` (steps, each ``{"word",
"from": [pile of each letter]}``). ``solve_seeds`` is what worker processes
run for ``--range``: a solver is built once per process and reused.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kitgen.games.game_of_words.rules.deck import Deck
from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.rules.deals import WordSolitaireDeal, deal_word_solitaire, solitaire_piles, word_solitaire_letters
from kitgen.games.game_of_words.rules.word_solitaire import Solver, Undecided

_solvers: dict[tuple[Lexicon, str], Solver] = {}
"""Solvers by (lexicon object, deck letters); holding the lexicon keeps its identity from being reused."""


def deck_letters(deck: Deck) -> str:
    return "".join(c.letter for c in deck.letters)


def solver_for(lexicon: Lexicon, deck: Deck) -> Solver:
    """A solver for this lexicon and deck, built once per process."""
    key = (lexicon, deck_letters(deck))
    s = _solvers.get(key)
    if s is None:
        s = _solvers[key] = Solver(lexicon, key[1])
    return s


def piles_of(deal: WordSolitaireDeal) -> list[str]:
    """The deal's piles as strings, bottom to top, extra cards as one-card piles numbered after them."""
    return deal.pile_strings()


def decide_piles(solver: Solver, piles: list[str]) -> dict[str, Any]:
    try:
        steps = solver.solve(piles)
    except Undecided:
        return {"winnable": None, "solution": []}
    if steps is None:
        return {"winnable": False, "solution": []}
    return {"winnable": True, "solution": [s.to_json() for s in steps]}


def decide(solver: Solver, deal: WordSolitaireDeal) -> dict[str, Any]:
    """``{"winnable": bool|None, "solution": [...]}`` for a Word Solitaire deal."""
    return decide_piles(solver, piles_of(deal))


# -- worker processes for --range ----------------------------------------------
_worker: dict[str, Any] = {}


def init_worker(words: str | None, deck: Deck) -> None:
    from kitgen.core.lexicon import get_lexicon

    lex = get_lexicon(Path(words) if words else None)
    _worker["solver"] = solver_for(lex, deck)
    _worker["letters"] = deck_letters(deck)
    _worker["piles"] = solitaire_piles(deck)


def solve_seed(seed: int) -> tuple[int, bool | None, list[dict]]:
    """Decide one deal in a worker (after ``init_worker``): (seed, winnable, solution)."""
    piles, extra = word_solitaire_letters(_worker["letters"], seed, _worker["piles"])
    result = decide_piles(_worker["solver"], piles + list(extra))
    return seed, result["winnable"], result["solution"]


def check_deal_fast_path(deck: Deck, seed: int) -> bool:
    """The fast deal path agrees with ``deal_word_solitaire`` (used by tests)."""
    piles, extra = word_solitaire_letters(deck_letters(deck), seed, solitaire_piles(deck))
    return piles + list(extra) == piles_of(deal_word_solitaire(deck, seed))
