"""Checking a finished sheet against the rules: its turn log, or whether the deal can make its grid.

docs/wordsearch.md ruling 7: with a turn log every turn is replayed
(``replay``); with the deal known and no log, a legal turn order is searched
for (``reconstruct``); with neither there is nothing to check.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from kitgen.core.errors import Location
from kitgen.core.i18n import gettext
from kitgen.core.language import ENGLISH, Language
from kitgen.games.wordsearch.rules.game import NoLegalOrder, Turn, WordsearchRuleBroken, reconstruct, replay


class Checked(Enum):
    """What checking a sheet established."""

    NOTHING = "nothing"
    """No turn log and no deal: only the score."""
    LOG_LEGAL = "log-legal"
    """The typed turn log keeps every rule."""
    ORDER_FOUND = "order-found"
    """No log; a legal turn order makes the grid from the deal."""
    UNDECIDED = "undecided"
    """No log; the search for a legal order ran out of budget."""
    BROKEN = "broken"
    """A rule is broken (``SheetCheck.broken``)."""


@dataclass(frozen=True)
class SheetCheck:
    """The answer of ``check_sheet``: what was established, the log (typed or found), the broken rule."""

    checked: Checked
    log: tuple[Turn, ...]
    broken: WordsearchRuleBroken | None = None

    @property
    def legal(self) -> bool | None:
        """True or False when a log or a deal was checked, None when there was nothing to check."""
        return None if self.checked is Checked.NOTHING else self.broken is None


def check_sheet(cells: str, turns: Sequence[Turn], deal: Sequence[str] | None, deal_name: str = "the deal",
                grid_where: Location | None = None, lang: Language = ENGLISH) -> SheetCheck:
    """Check a sheet's grid (25 letters) and turn log against the rules and, when known, the deal.

    ``deal_name`` ("deal 3", "book poem.txt") names the deal in a refusal; ``grid_where`` is where the grid was
    typed (a grid no order makes is refused there).
    """
    log = tuple(turns)
    try:
        if log:
            replay(cells, log, deal, lang)
            return SheetCheck(Checked.LOG_LEGAL, log)
        if deal is None:
            return SheetCheck(Checked.NOTHING, log)
        return _reconstructed(cells, deal, deal_name, grid_where, lang)
    except WordsearchRuleBroken as broken:
        return SheetCheck(Checked.BROKEN, log, broken)


def _reconstructed(cells: str, deal: Sequence[str], deal_name: str, grid_where: Location | None,
                   lang: Language) -> SheetCheck:
    found = reconstruct(cells, deal, lang=lang)
    if found.turns is not None:
        return SheetCheck(Checked.ORDER_FOUND, found.turns)
    if not found.decided:
        return SheetCheck(Checked.UNDECIDED, ())
    raise NoLegalOrder(gettext("no order of {deal}'s words makes this grid under the line rule").format(deal=deal_name),
                       cells, deal, grid_where)
