"""Reading a typed-back Make a Wordsearch sheet (docs/wordsearch.md, "The sheet format").

The format::

    # Ann's sheet, deal 42          (comments start with #)
    ETONE                           five lines of five letters: line 1 at the top
    B O A T S                       (letters may be spaced out; any case)
    CRISP
    HEARD
    LATER
    1 the T 3 2                     optional turn log: turn word letter row col
    2 playfully Y 4 2               (turns numbered 1, 2, 3 ... in order; row and col 1-5)

Anything malformed is an ``InputError`` (exit 2) reading ``FILE:LINE:COL: why``:
a line of the wrong length, a character that is not a letter, a blank box
(``.``, ``_``, ``?`` or ``-``), a missing line, a turn line without five
fields, a turn number out of order, a row or column outside 1-5. Whether the
turns obey the rules is for ``kitgen.games.wordsearch.rules.replay`` to say.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kitgen.core.errors import InputError, Location
from kitgen.core.i18n import N_
from kitgen.core.i18n import gettext as _
from kitgen.core.language import ENGLISH, Language
from kitgen.core.text import Line, TextSource
from kitgen.games.wordsearch.rules.game import Turn
from kitgen.games.wordsearch.rules.lines import SIZE, TURNS

BLANKS = set("._?-*")
"""Characters people type for an empty box."""


class MalformedSheet(InputError):
    """A typed sheet that cannot be read as a 5x5 grid plus an optional turn log."""


@dataclass(frozen=True)
class Sheet:
    """A typed sheet: the grid as 25 letters row by row, and the turn log (maybe empty)."""

    name: str
    cells: str
    turns: tuple[Turn, ...]
    grid_where: Location

    @property
    def rows(self) -> list[str]:
        return [self.cells[r * SIZE:(r + 1) * SIZE] for r in range(SIZE)]


def _error(line: Line, message: str, col: int) -> MalformedSheet:
    return MalformedSheet(message, line.where(col))


def _grid_row(line: Line, row: int, lang: Language) -> str:
    """Five letters from a grid line, written together (ETONE) or spaced (E T O N E)."""
    letters: list[tuple[str, int]] = []
    pairs = {pair for pair, _ in lang.digraphs}
    for tok in line.tokens():
        k = 0
        while k < len(tok.text):
            two = tok.text[k:k + 2]
            step = 2 if two.upper() in pairs else 1  # Dutch IJ typed together is one box, as Dutch grids write it
            letters.append((tok.text[k:k + step], tok.col + k))
            k += step
    out = []
    for n, (ch, col) in enumerate(letters):
        if n >= SIZE:
            raise _error(line, _("line {row} of the grid has {boxes} boxes; a line has {size}").format(
                row=row, boxes=len(letters), size=SIZE), col)
        if ch in BLANKS:
            raise _error(line, _("box {row},{col} is blank: a finished sheet has a letter in every box").format(
                row=row, col=n + 1), col)
        folded = lang.normalize(ch) if ch.isalpha() else ""  # a letter, or a digraph (IJ) in one box
        if len(folded) != 1:
            raise _error(line, _("{typed!r} is not a letter {letters}").format(typed=ch, letters=lang.letters_name),
                         col)
        out.append(folded)
    if len(out) < SIZE:
        col = letters[-1][1] + 1 if letters else 1
        raise _error(line, _("line {row} of the grid has {boxes} boxes; a line has {size}").format(
            row=row, boxes=len(out), size=SIZE), col)
    return "".join(out)


def _integer(line: Line, text: str, col: int, what: str, low: int, high: int) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 4:
        raise _error(line, _("{what} must be a number from {low} to {high} (got {text!r})").format(
            what=_(what), low=low, high=high, text=text), col)
    value = int(text)
    if not low <= value <= high:
        raise _error(line, _("{what} must be from {low} to {high} (got {value})").format(
            what=_(what), low=low, high=high, value=value), col)
    return value


def _turn(line: Line, expected: int, lang: Language) -> Turn:
    tokens = line.tokens()
    if len(tokens) != 5:
        col = tokens[5].col if len(tokens) > 5 else (tokens[-1].col if tokens else 1)
        raise _error(line, _("a turn is {form} (5 fields, got {fields})").format(
            form="'turn word letter row col'", fields=len(tokens)), col)
    number_t, word_t, letter_t, row_t, col_t = tokens
    number = _integer(line, number_t.text, number_t.col, N_("the turn number"), 1, TURNS)
    if number != expected:
        message = _("expected turn {expected} here (turns are numbered 1 to {turns} in order), got {number}")
        raise _error(line, message.format(expected=expected, turns=TURNS, number=number), number_t.col)
    if not lang.normalize(word_t.text):
        raise _error(line, _("{word!r} is not a word (letters, hyphens and apostrophes only)").format(word=word_t.text),
                     word_t.col)
    letter = lang.normalize(letter_t.text) if letter_t.text.isalpha() else ""
    if len(letter) != 1:
        raise _error(line, _("the letter written must be one letter {letters} (got {typed!r})").format(
            letters=lang.letters_name, typed=letter_t.text),
                     letter_t.col)
    row = _integer(line, row_t.text, row_t.col, N_("the row (line)"), 1, SIZE)
    col = _integer(line, col_t.text, col_t.col, N_("the column"), 1, SIZE)
    return Turn(number, word_t.text, letter, row, col, line.where(number_t.col), lang)


def parse_sheet(source: TextSource, lang: Language = ENGLISH) -> Sheet:
    """Read a sheet: the 5x5 grid, then the optional turn log (see the module docstring), in ``lang``'s letters
    (a Spanish grid may hold Ñ; a German turn word folds Ä to AE)."""
    rows: list[str] = []
    turns: list[Turn] = []
    first: Line | None = None
    last: Line | None = None
    for line in source.content_lines():
        last = line
        if len(rows) < SIZE:
            if first is None:
                first = line
            rows.append(_grid_row(line, len(rows) + 1, lang))
            continue
        if len(turns) >= TURNS:
            raise _error(line, _("a game has {turns} turns; this is a 26th").format(turns=TURNS), line.indent + 1)
        turns.append(_turn(line, len(turns) + 1, lang))
    if len(rows) < SIZE:
        where_line = last.number + 1 if last else 1
        raise MalformedSheet(_("the grid has {lines} lines; a sheet has {size} lines of {size} letters").format(
            lines=len(rows), size=SIZE),
                             Location(source.name, where_line, 1))
    assert first is not None
    return Sheet(source.name, "".join(rows), tuple(turns), first.where(first.indent + 1))


def read_sheet(path: str | Path, lang: Language = ENGLISH) -> Sheet:
    """Read a sheet file (missing, binary or non-UTF-8 files are ``InputError`` too)."""
    return parse_sheet(TextSource.from_path(path), lang)
