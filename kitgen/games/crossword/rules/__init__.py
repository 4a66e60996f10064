"""The Crossword game (issue 3): pattern legality, the two-player game, moves, pattern generation.

Pure Python: no I/O, no PDF, no CLI. See ``game`` for the rules and their sources.
"""

from kitgen.games.crossword.rules.game import (  # noqa: F401
    BadEntry,
    CrosswordGame,
    GameOver,
    IllegalEntry,
    LetterClash,
    LightTaken,
    Move,
    NoLink,
    NoNewLetter,
    NotAWord,
    NotShortestLight,
    OutOfTurn,
    UnknownLight,
    UnknownPlayer,
    WrongLength,
    ink_fit,
)
