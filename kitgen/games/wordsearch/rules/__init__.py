"""Make a Wordsearch (Crissing-and-a-crossing, seed ``make-a-wordsearch.txt``): pure rules.

* ``lines``: which line a turn's letter goes on (length rule, full-line overflow);
* ``game``: replaying a turn log, checking each placement (named refusals, ``RuleCode``); finding a legal order;
* ``check``: checking a finished sheet (its log, or whether the deal makes its grid);
* ``scoring``: words in a finished grid, boxes, bonuses, tutorial scoring;
* ``book``: the 25 words of a deal (the seeded default book, or a book's pages);
* ``par``: searching for the best sheet a player could make from a deal.

No I/O, no PDF, no CLI here: they import only ``kitgen.core`` (rulings in docs/wordsearch.md).
"""

from kitgen.games.wordsearch.rules.check import Checked, SheetCheck, check_sheet
from kitgen.games.wordsearch.rules.game import (
    BoxTaken,
    GameIncomplete,
    LetterMismatch,
    LetterNotInWord,
    NoLegalOrder,
    NotTheDealtWord,
    Reconstruction,
    RuleCode,
    Turn,
    TurnRuleBroken,
    WordsearchRuleBroken,
    WrongLine,
    reconstruct,
    replay,
)
from kitgen.games.wordsearch.rules.lines import SIZE, TURNS, allowed_lines, lengths_for_line, target_line
from kitgen.games.wordsearch.rules.scoring import (
    BONUS,
    LINES,
    MIN_WORD,
    SUPER_GREAT,
    Found,
    Score,
    WordIndex,
    grid_cells,
    index_for,
)

__all__ = [
    "BONUS", "LINES", "MIN_WORD", "SIZE", "SUPER_GREAT", "TURNS", "BoxTaken", "Checked", "Found", "GameIncomplete",
    "LetterMismatch", "LetterNotInWord", "NoLegalOrder", "NotTheDealtWord", "Reconstruction", "RuleCode", "Score",
    "SheetCheck", "Turn", "TurnRuleBroken", "WordIndex", "WordsearchRuleBroken", "WrongLine", "allowed_lines",
    "check_sheet", "grid_cells", "index_for", "lengths_for_line", "reconstruct", "replay", "target_line",
]
