"""Deciding Word Solitaire deals: one deal, the first winnable deal from a number, or a range of deals.

``Decision.to_json()`` gives the JSON keys ``winnable`` (true, false, or null
when the search gave up within its budget) and ``solution`` (steps, each
``{"word", "from": [pile of each letter]}``). ``RangeWorker`` decides deals by
number through the fast dealer (one JSON line a deal); ``RangeTally`` is the ``--range`` summary.
The caller builds the ``Solver`` once (it is costly) and holds it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from kitgen.core.errors import InputError
from kitgen.core.i18n import N_, decimal, gettext
from kitgen.core.random import MAX_SEED
from kitgen.games.game_of_words.rules.deals import (
    WordSolitaireDeal,
    deal_word_solitaire,
    solitaire_piles,
    word_solitaire_dealer,
)
from kitgen.games.game_of_words.rules.deck import Deck
from kitgen.games.game_of_words.rules.word_solitaire import Solver, Step, Undecided

WINNABLE_SEARCH = 100_000
"""``--winnable`` looks at most this many deals past the first."""


def deck_letters(deck: Deck) -> str:
    return "".join(c.letter for c in deck.letters)


@dataclass(frozen=True)
class Decision:
    """Whether a deal can be won (``None``: the search gave up) and a winning list of steps."""

    winnable: bool | None
    solution: tuple[Step, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"winnable": self.winnable, "solution": [s.to_json() for s in self.solution]}

    def lines(self) -> list[str]:
        """The verdict as ``kitgen deal word-solitaire --solve`` prints it under the deal."""
        lines = [winnable_line(self.winnable)]
        for n, step in enumerate(self.solution, start=1):
            takes = ", ".join(gettext("{letter} from {pile}").format(letter=ch, pile=p + 1)  # piles from 1
                              for ch, p in zip(step.word, step.takes, strict=True))
            lines.append(f"  {n:2d}. {step.word:<12} {takes}")
        return lines


WINNABLE: Mapping[bool | None, str] = MappingProxyType({
    True: N_("winnable: yes"), False: N_("winnable: no"), None: N_("winnable: undecided (the search gave up)")})
"""What ``--solve`` says of a deal (None: the search gave up), in English; ``winnable_line`` in the text language."""


def winnable_line(winnable: bool | None) -> str:
    return gettext(WINNABLE[winnable])


def piles_of(deal: WordSolitaireDeal) -> list[str]:
    """The deal's piles as strings, bottom to top, extra cards as one-card piles numbered after them."""
    return deal.pile_strings()


def decide_piles(solver: Solver, piles: list[str]) -> Decision:
    try:
        steps = solver.solve(piles)
    except Undecided:
        return Decision(None)
    if steps is None:
        return Decision(False)
    return Decision(True, tuple(steps))


def decide(solver: Solver, deal: WordSolitaireDeal) -> Decision:
    """Whether a Word Solitaire deal can be won, with a solution."""
    return decide_piles(solver, piles_of(deal))


def first_winnable(solver: Solver, deck: Deck, start: int) -> tuple[WordSolitaireDeal, Decision]:
    """The first winnable deal at or after ``start`` and its solution; ``InputError`` if none within the search."""
    current = start
    while True:
        dealt = deal_word_solitaire(deck, current)
        decision = decide(solver, dealt)
        if decision.winnable:
            return dealt, decision
        if current - start >= WINNABLE_SEARCH or current >= MAX_SEED:
            raise InputError(gettext("no winnable deal found in {count} deals from {start}").format(
                count=current - start + 1, start=start))
        current += 1


class RangeWorker:
    """Decides Word Solitaire deals by number for one solver and deck (dealt through the fast path): the per-deal
    work of ``kitgen deal word-solitaire --range A-B --solve`` (picklable, so forked processes and Dask workers
    run it)."""

    def __init__(self, solver: Solver, deck: Deck) -> None:
        self.solver = solver
        self.letters = deck_letters(deck)
        self.dealer = word_solitaire_dealer(len(self.letters), solitaire_piles(deck))

    def decide_seed(self, seed: int) -> tuple[int, Decision]:
        """(seed, the decision) for deal ``seed``."""
        piles, extra = self.dealer(self.letters, seed)
        return seed, decide_piles(self.solver, piles + list(extra))

    def __call__(self, seed: int) -> dict[str, Any]:
        """The deal's JSON line: ``{"game", "seed", "winnable", "words"}`` (the words of a solution, in order)."""
        _, decision = self.decide_seed(seed)
        return {"game": "word-solitaire", "seed": seed, "winnable": decision.winnable,
                "words": [step.word for step in decision.solution]}


LISTED = 100
"""Lost and undecided deals listed in a range's summary (every deal is in its JSON lines)."""


class RangeTally:
    """The ``--range`` summary of Word Solitaire deals, folded line by line: winnable, lost, undecided, the share
    of winnable deals and the first ``LISTED`` lost and undecided deal numbers (docs/game-of-words.md)."""

    def __init__(self) -> None:
        self.deals = self.winnable = 0
        self.lost: list[int] = []
        self.undecided: list[int] = []
        self.lost_count = self.undecided_count = 0

    def add(self, line: Mapping[str, Any]) -> None:
        self.deals += 1
        won, seed = line.get("winnable"), int(line["seed"])
        if won:
            self.winnable += 1
        elif won is False:
            self.lost_count += 1
            if len(self.lost) < LISTED:
                self.lost.append(seed)
        else:
            self.undecided_count += 1
            if len(self.undecided) < LISTED:
                self.undecided.append(seed)

    def to_json(self) -> dict[str, Any]:
        return {"winnable": self.winnable, "lost": self.lost_count, "undecided": self.undecided_count,
                "share": self.winnable / self.deals if self.deals else 0.0, "lost_seeds": sorted(self.lost),
                "undecided_seeds": sorted(self.undecided)}

    def lines(self, stats: bool) -> list[str]:
        """The report; without ``stats`` the first 100 lost deals are listed too."""
        share = 100 * self.winnable / self.deals if self.deals else 0.0
        lines = [gettext("{winnable} of {deals} winnable ({share}%), {lost} lost, {undecided} undecided").format(
            winnable=self.winnable, deals=self.deals, share=decimal(share), lost=self.lost_count,
            undecided=self.undecided_count)]
        if not stats and self.lost:
            lines.append(gettext("lost: {seeds}").format(seeds=" ".join(map(str, sorted(self.lost)))))
        return lines
