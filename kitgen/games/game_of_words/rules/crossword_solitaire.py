"""Crossword Solitaire A and B (seed ``game-of-words-1938.txt``, sections 4 and 5): the finished crossword.

"To win the game you must construct ... a Crossword using all the letters of
the pack. In constructing the Crossword, all the ordinary rules of the first
Crossword Game apply." A finished crossword typed back in wins when:

1. every card of the pack (the Sub Cards removed) is used exactly once: the
   grid's letters are the pack's letters, no more, no fewer;
2. every word is acceptable: each maximal run of two or more letters across
   or down is a word (``common.is_word``), as in any crossword;
3. it is one connected crossword: every letter joins the others edge to edge.

The order of play (A's row of six, B's hand of twelve) leaves no trace in a
finished grid, so the deal's seed fixes only which pack is checked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from kitgen.core.board import Board, Coord
from kitgen.core.errors import Location, Problem
from kitgen.core.i18n import N_
from kitgen.core.i18n import gettext as _
from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.rules.common import is_word

Cell = tuple[int, int]
"""A square of the grid: (x, y), x to the right, y downwards."""


Place = Callable[[Cell | None], Location | None]
"""Where a cell of the grid was typed (``None``: the grid as a whole), for a finding's ``Location``."""


FINDINGS = {
    "too-many": N_("The crossword has more {letter} than the pack has: the rules say you make “a Crossword using "
                   "all the letters of the pack”, each card once."),
    "not-used": N_("These cards of the pack are not in the crossword: {letters}. The rules say you make “a "
                   "Crossword using all the letters of the pack”."),
    "not-a-word": N_("{word} is not a word kitgen knows: “all the ordinary rules of the first Crossword Game "
                     "apply”, so every word across and down must be a real word."),
    "alone": N_("{letter} stands alone: every letter is part of a word across or down, as in any crossword."),
    "apart": N_("These letters do not join the rest of the crossword: everything joins into one crossword."),
}
"""A finished grid's findings in words a player reads, the rule quoted: the catalogue entries the web's check page
says them with (``kitgen.web.refusals.REFUSALS["solitaire"]``, the same text, so one translation serves the command
line and the page; tests/cli/test_reasons_language.py checks they stay the same)."""


def nowhere(cell: Cell | None) -> Location | None:
    """The place of a grid typed in no file: no location."""
    return None


@dataclass
class GridReport:
    """The verdict on a finished crossword: its words and its findings, each a ``Problem`` (the one finding type)
    with its rule's code: ``too-many`` and ``not-used`` (rule 1), ``not-a-word`` (rule 2), ``alone`` and ``apart``
    (rule 3), located at its cell where it has one, else at the grid; the one ``not-used`` finding's ``offending`` is
    every card left out, a letter a card in alphabetical order, a ``not-a-word``'s the word."""

    words: list[tuple[str, Cell, str]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def won(self) -> bool:
        return not self.problems


def grid_words(board: Board) -> list[tuple[str, Cell, str]]:
    """Every run of 2+ letters: (word, first cell, "across"|"down"), in reading order."""
    out: list[tuple[str, Cell, str]] = []
    for axis, name in ((0, "across"), (1, "down")):
        for c in sorted(board, key=lambda c: (c[1], c[0])):
            before = (c[0] - 1, c[1]) if axis == 0 else (c[0], c[1] - 1)
            if before in board:
                continue
            run = board.run_through(c, axis)
            if len(run) >= 2:
                out.append((run.word, (c[0], c[1]), name))
    out.sort(key=lambda t: (t[1][1], t[1][0], t[2]))
    return out


def components(board: Board) -> list[set[Coord]]:
    """The edge-connected groups of letters."""
    seen: set[Coord] = set()
    groups: list[set[Coord]] = []
    for start in board:
        if start in seen:
            continue
        group = {start}
        stack = [start]
        seen.add(start)
        while stack:
            c = stack.pop()
            for n in board.neighbours(c):
                if n in board and n not in seen:
                    seen.add(n)
                    group.add(n)
                    stack.append(n)
        groups.append(group)
    return groups


def check_crossword(cells: dict[Cell, str], pack: str, lexicon: Lexicon, place: Place = nowhere) -> GridReport:
    """Check a finished Crossword Solitaire grid against the pack's letters (see the module rules); ``place`` says
    where a cell was typed (each finding's ``Location``)."""

    def problem(code: str, message: str, cell: Cell | None = None, offending: str | None = None) -> Problem:
        return Problem(code, message, place(cell), offending=offending)

    board = Board(2, {c: ch for c, ch in cells.items()})
    report = GridReport(words=grid_words(board))
    have = Counter(cells.values())
    want = Counter(pack)
    unused = ""
    for letter in sorted(set(have) | set(want)):
        extra = have[letter] - want[letter]
        if extra > 0:
            cell = max((c for c, ch in cells.items() if ch == letter), key=lambda c: (c[1], c[0]))
            report.problems.append(problem("too-many", _(FINDINGS["too-many"]).format(letter=letter), cell))
        unused += letter * max(0, -extra)
    if unused:  # one rule broken once, naming every card left out (as the check page says it)
        report.problems.append(problem("not-used", _(FINDINGS["not-used"]).format(letters=" ".join(unused)),
                                       offending=unused))
    for word, cell, _direction in report.words:
        if not is_word(lexicon, word):
            report.problems.append(problem("not-a-word", _(FINDINGS["not-a-word"]).format(word=word), cell, word))
    for c in cells:
        if not any(n in board for n in board.neighbours(c)):
            report.problems.append(problem("alone", _(FINDINGS["alone"]).format(letter=cells[c]), c))
    groups = components(board)
    if len(groups) > 1:
        groups.sort(key=len, reverse=True)
        for g in groups[1:]:
            first = min(g, key=lambda c: (c[1], c[0]))
            report.problems.append(problem("apart", _(FINDINGS["apart"]), (first[0], first[1])))
    return report
