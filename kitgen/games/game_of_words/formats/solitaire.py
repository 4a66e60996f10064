"""Finished solitaires typed back in: a Word Solitaire solution, or a Crossword Solitaire grid.

Word Solitaire solution (``--game word-solitaire``): one word a line, in the
order played; optionally followed by the pile each letter came from, counted
from 1 as the deal sheet and ``kitgen deal word-solitaire`` count them (piles
1-17, 18 the extra card; ``--json`` indexes the same piles from 0)::

    # deal 1
    JOWL
    QUIT 4 4 4 10

Crossword Solitaire moves (``--game crossword-solitaire-a|b``), one a line,
replayed against the deal: a word from the square of its first letter (x to
the right, y downwards; the whole word along its line, letters already in the
crossword included; a lower-case letter is the face-up pile's top card) or
``turn`` (``draw`` reads the same): the blind pack's next card onto the
face-up pile::

    BoAT 0,0 across
    turn
    MOOR 1,-1 down

A finished grid (rows of letters, ``.`` or a space for an empty square) is
still read and checked as a finished crossword, without the deal's order::

    BEAM.
    ..R..
    ..NORTH

``#`` starts a comment in both. Errors read ``FILE:LINE:COL: why``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kitgen.core.errors import InputError, Location
from kitgen.core.i18n import gettext as _
from kitgen.core.language import ALL_LETTERS, ENGLISH, Language
from kitgen.core.text import Line, TextSource
from kitgen.games.game_of_words.formats.patience import parse_patience
from kitgen.games.game_of_words.formats.piles import no_pile_0, no_such_pile
from kitgen.games.game_of_words.rules.patience_replay import TypedMove
from kitgen.games.game_of_words.rules.solitaire_replay import SolitaireMove

MAX_WORDS = 200
MAX_GRID = 120


@dataclass(frozen=True)
class TypedWord:
    """A word of a typed solution, where it was typed, and the piles given (if any)."""

    word: str
    line: int
    col: int
    piles: tuple[int, ...] | None = None
    """The piles given, as indices (from 0: the record's pile 1 is index 0), or None."""
    pile_cols: tuple[int, ...] = ()
    """The column of each pile number, to point at one that is out of range."""


@dataclass(frozen=True)
class TypedGrid:
    """A typed crossword: letter cells ``(x, y)`` -> letter, and the line of each row."""

    cells: dict[tuple[int, int], str]
    row_lines: dict[int, int]
    name: str


def parse_solution(source: TextSource, lang: Language = ENGLISH) -> list[TypedWord]:
    """The words of a typed Word Solitaire solution, each in ``lang``'s letters (Turkish dişe is DİŞE)."""
    words: list[TypedWord] = []
    for line in source.content_lines():
        tokens = line.tokens()
        head = tokens[0]
        word = lang.normalize(head.text) if head.text.isalpha() else ""
        if not word:
            raise line.error(_("expected a word of letters {letters} (got {typed!r})").format(
                letters=lang.letters_name, typed=head.text), head.col)
        piles = None
        if len(tokens) > 1:
            nums = []
            for tok in tokens[1:]:
                if not re.fullmatch(r"[0-9]{1,2}", tok.text):
                    raise line.error(_("expected a pile number after the word, counted from 1 (got {typed!r})")
                                     .format(typed=tok.text), tok.col)
                if int(tok.text) == 0:
                    raise line.error(no_pile_0(), tok.col)
                nums.append(int(tok.text) - 1)
            if len(nums) != len(word):
                raise line.error(_("{word} has {letters} letters but {numbers} pile numbers").format(
                    word=word, letters=len(word), numbers=len(nums)), tokens[1].col)
            piles = tuple(nums)
        cols = tuple(tok.col for tok in tokens[1:]) if piles is not None else ()
        words.append(TypedWord(word, line.number, head.col, piles, cols))
        if len(words) > MAX_WORDS:
            raise line.error(_("more than {most} words").format(most=MAX_WORDS))
    if not words:
        raise InputError(_("no words: type the solution one word a line"), Location(source.name, 1, 1))
    return words


def parse_grid(source: TextSource) -> TypedGrid:
    cells: dict[tuple[int, int], str] = {}
    rows: dict[int, int] = {}
    y = 0
    for line in source.lines():
        if not line.text.strip():
            if cells:
                y += 1  # a blank line inside the grid is an empty row
            continue
        if len(line.text) > MAX_GRID:
            raise line.error(_("row longer than {most} squares").format(most=MAX_GRID), MAX_GRID + 1)
        for x, ch in enumerate(line.text):
            if ch in ". ":
                continue
            if ch.upper() not in ALL_LETTERS:
                raise line.error(_("expected a letter, '.' or a space (got {typed!r})").format(typed=ch), x + 1)
            cells[(x, y)] = ch.upper()
        rows[y] = line.number
        y += 1
        if y > MAX_GRID:
            raise line.error(_("more than {most} rows").format(most=MAX_GRID))
    if not cells:
        raise InputError(_("no letters: type the finished crossword, '.' for an empty square"),
                         Location(source.name, 1, 1))
    return TypedGrid(cells, rows, source.name)


def check_pile_numbers(name: str, typed: list[TypedWord], piles: int) -> None:
    """Every pile number typed names a pile of the deal (1 to ``piles``, as a person counts them); else
    ``InputError`` at the number."""
    for t in typed:
        for k, p in enumerate(t.piles or ()):
            if p >= piles:
                col = t.pile_cols[k] if k < len(t.pile_cols) else t.col
                raise InputError(no_such_pile(p + 1, piles), Location(name, t.line, col))


MOVE = re.compile(r"(-?[0-9]{1,3}),(-?[0-9]{1,3})")


def is_move_record(source: TextSource) -> bool:
    """Whether a Crossword Solitaire file holds moves (its first line a word at X,Y or a turn), not a grid."""
    for line in source.content_lines():
        tokens = line.tokens()
        return tokens[0].text.lower() in ("turn", "draw") or (len(tokens) > 1 and bool(MOVE.fullmatch(tokens[1].text)))
    return False


def parse_moves(source: TextSource) -> list[SolitaireMove]:
    """The moves of a typed Crossword Solitaire game (see the module docstring)."""
    moves: list[SolitaireMove] = []
    for line in source.content_lines():
        tokens = line.tokens()
        head = tokens[0]
        if head.text.lower() in ("turn", "draw") and len(tokens) == 1:
            moves.append(SolitaireMove("turn", line.number, head.col))
        else:
            moves.append(_move(line))
        if len(moves) > MAX_WORDS:
            raise line.error(_("more than {most} moves").format(most=MAX_WORDS))
    if not moves:
        raise InputError(_("no moves: one a line, 'WORD X,Y across|down' or 'turn'"), Location(source.name, 1, 1))
    return moves


def _move(line: Line) -> SolitaireMove:
    tokens = line.tokens()
    head = tokens[0]
    if not re.fullmatch(r"[A-Za-z]{1,40}", head.text):
        raise line.error(_("expected a word of letters or 'turn' (got {typed!r})").format(typed=head.text), head.col)
    if len(tokens) != 3:
        raise line.error(_("expected 'WORD X,Y across|down' or 'turn'"), head.col)
    xy = MOVE.fullmatch(tokens[1].text)
    if not xy:
        raise line.error(_("expected the first letter's square as X,Y (got {typed!r})").format(
            typed=tokens[1].text), tokens[1].col)
    direction = tokens[2].text.lower()
    if direction not in ("across", "down"):
        raise line.error(_("expected across or down (got {typed!r})").format(typed=tokens[2].text), tokens[2].col)
    marked = tuple(i for i, ch in enumerate(head.text) if ch.islower())
    return SolitaireMove("play", line.number, head.col, head.text.upper(), int(xy.group(1)), int(xy.group(2)),
                         direction == "across", marked)


@dataclass(frozen=True)
class SolitaireRecord:
    """A finished solitaire typed back in: its game and deal, and the words (Word Solitaire), the moves (Letter
    Patience, a Crossword Solitaire) or the finished grid (a Crossword Solitaire)."""

    game: str
    seed: int
    name: str
    words: tuple[TypedWord, ...] = ()
    grid: TypedGrid | None = None
    moves: tuple[TypedMove, ...] = ()
    plays: tuple[SolitaireMove, ...] = ()


def read_solitaire(source: TextSource, game: str, seed: int, lang: Language = ENGLISH) -> SolitaireRecord:
    """A Word Solitaire solution, Letter Patience moves, or Crossword Solitaire moves or grid, by ``game``
    (``FILE:LINE:COL`` errors); a solution's words are read in ``lang``'s letters."""
    if game == "word-solitaire":
        return SolitaireRecord(game, seed, source.name, words=tuple(parse_solution(source, lang)))
    if game == "letter-patience":
        return SolitaireRecord(game, seed, source.name, moves=tuple(parse_patience(source)))
    if is_move_record(source):
        return SolitaireRecord(game, seed, source.name, plays=tuple(parse_moves(source)))
    return SolitaireRecord(game, seed, source.name, grid=parse_grid(source))
