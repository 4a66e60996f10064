"""Make a Wordsearch (Crissing-and-a-crossing, seed ``make-a-wordsearch.txt``): pure rules.

* ``lines``: which line a turn's letter goes on (length rule, full-line overflow);
* ``game``: replaying a turn log, checking each placement; finding a legal order;
* ``scoring``: words in a finished grid, boxes, bonuses, tutorial scoring;
* ``par``: searching for the best sheet a player could make from a deal.

No I/O, no PDF, no CLI here (DESIGN.md, "Shape of the code").
"""

from kitgen.games.wordsearch.rules.game import (
                                          BoxTaken,
                                          GameIncomplete,
                                          LetterMismatch,
                                          LetterNotInWord,
                                          NotTheDealtWord,
                                          Reconstruction,
                                          Turn,
                                          TurnRuleBroken,
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
    "BONUS", "LINES", "MIN_WORD", "SIZE", "SUPER_GREAT", "TURNS", "BoxTaken", "Found", "GameIncomplete",
    "LetterMismatch", "LetterNotInWord", "NotTheDealtWord", "Reconstruction", "Score", "Turn", "TurnRuleBroken",
    "WordIndex", "WrongLine", "allowed_lines", "grid_cells", "index_for", "lengths_for_line", "reconstruct",
    "replay", "target_line",
]
