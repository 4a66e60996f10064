"""Replaying a Make a Wordsearch game turn by turn, checking every placement.

Seed (``make-a-wordsearch.txt``, "Each turn") and docs/wordsearch.md rulings 1-2:

* each turn writes one of the turn word's letters (the letter-in-word rule);
* on the line its length gives, or, if that line is full, on the nearest
  non-full line either side of the block of full lines (``allowed_lines``);
* in a box that is still empty; after 25 turns the grid is full and the game
  is over.

``replay`` checks a typed turn log against the grid it produced (and against
the dealt words when the deal is known). ``reconstruct`` finds a legal turn
order for a finished grid when only the deal is known (no log typed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from kitgen.core.errors import Location, RuleBroken
from kitgen.core.i18n import _, either
from kitgen.core.language import ENGLISH, Language
from kitgen.games.wordsearch.rules.lines import SIZE, TURNS, allowed_lines, full_lines, target_line


@dataclass(frozen=True)
class Turn:
    """One turn: the turn word, the letter written and its box (row = line, col; both 1-5)."""

    number: int
    word: str
    letter: str
    row: int
    col: int
    where: Location | None = field(default=None, compare=False)
    """Where the turn was typed (so a broken rule names FILE:LINE:COL)."""
    lang: Language = field(default=ENGLISH, compare=False, repr=False)
    """The language played: how the word folds to its letters (German Straße is 7 letters)."""

    @property
    def fitting(self) -> str:
        """The word in its language's letters (its length decides the line)."""
        return self.lang.normalize(self.word)


class RuleCode(Enum):
    """The rules of Make a Wordsearch a sheet can break (the ``code`` of a verdict's problem)."""

    NOT_THE_DEALT_WORD = "not-the-dealt-word"
    LETTER_NOT_IN_WORD = "letter-not-in-word"
    BOX_TAKEN = "box-taken"
    WRONG_LINE = "wrong-line"
    LETTER_MISMATCH = "letter-mismatch"
    GAME_INCOMPLETE = "game-incomplete"
    NO_LEGAL_ORDER = "no-legal-order"


class WordsearchRuleBroken(RuleBroken):
    """A Make a Wordsearch rule a sheet breaks; ``code`` names the rule."""

    code: RuleCode


class TurnRuleBroken(WordsearchRuleBroken):
    """A turn of the log breaks a rule; carries the turn."""

    def __init__(self, message: str, turn: Turn, where: Location | None = None) -> None:
        super().__init__(_("turn {number}: {message}").format(number=turn.number, message=message),
                         where if where is not None else turn.where)
        self.turn = turn


class LetterNotInWord(TurnRuleBroken):
    """The letter written is not one of the turn word's letters."""

    code = RuleCode.LETTER_NOT_IN_WORD


class WrongLine(TurnRuleBroken):
    """The box is not on a line the word's length allows (given which lines were full)."""

    code = RuleCode.WRONG_LINE


class BoxTaken(TurnRuleBroken):
    """The box was already filled on an earlier turn."""

    code = RuleCode.BOX_TAKEN


class LetterMismatch(TurnRuleBroken):
    """The log says one letter went in a box; the grid shows another."""

    code = RuleCode.LETTER_MISMATCH


class NotTheDealtWord(TurnRuleBroken):
    """The turn word is not the word the deal gave for that turn."""

    code = RuleCode.NOT_THE_DEALT_WORD


class GameIncomplete(WordsearchRuleBroken):
    """The game ends after 25 turns with every box filled; the log stops short. Carries the turns played."""

    code = RuleCode.GAME_INCOMPLETE

    def __init__(self, message: str, played: int, where: Location | None = None) -> None:
        super().__init__(message, where)
        self.played = played


class NoLegalOrder(WordsearchRuleBroken):
    """No order of the deal's words makes the grid under the line rule. Carries the grid and the deal."""

    code = RuleCode.NO_LEGAL_ORDER

    def __init__(self, message: str, cells: str, deal: Sequence[str], where: Location | None = None) -> None:
        super().__init__(message, where)
        self.cells = cells
        self.deal = tuple(deal)


def replay(cells: str, turns: Sequence[Turn], deal: Sequence[str] | None = None, lang: Language = ENGLISH) -> list[int]:
    """Check every turn of a log against the rules and the finished grid (25 letters, row by row).

    Returns the fill counts per line after the last turn. Raises the first
    broken rule (a ``TurnRuleBroken`` subclass), or ``GameIncomplete`` when
    the log has fewer than 25 turns.
    """
    filled = [0] * SIZE
    taken: dict[tuple[int, int], Turn] = {}
    for turn in turns:
        fitting = turn.fitting
        if deal is not None and turn.number <= len(deal):
            dealt = lang.normalize(deal[turn.number - 1])
            if fitting != dealt:
                raise NotTheDealtWord(_("the deal's word is {dealt!r}, not {word!r}").format(
                    dealt=deal[turn.number - 1], word=turn.word), turn)
        letter = turn.letter.upper()
        if letter not in fitting:
            raise LetterNotInWord(_("{letter} is not a letter of {word!r}").format(letter=letter, word=turn.word), turn)
        box = (turn.row, turn.col)
        if box in taken:
            raise BoxTaken(_("box {row},{col} was already filled on turn {number}").format(
                row=turn.row, col=turn.col, number=taken[box].number), turn)
        lines = allowed_lines(len(fitting), filled)
        if turn.row not in lines:
            raise WrongLine(_wrong_line(len(fitting), lines, filled, turn.row), turn)
        shown = cells[(turn.row - 1) * SIZE + turn.col - 1]
        if shown != letter:
            raise LetterMismatch(_("the log writes {letter} in box {row},{col} but the grid has {shown}").format(
                letter=letter, row=turn.row, col=turn.col, shown=shown), turn)
        taken[box] = turn
        filled[turn.row - 1] += 1
    if len(turns) < TURNS:
        last = turns[-1] if turns else None
        raise GameIncomplete(_("the log stops after {played} turns; a game is {turns} turns, one a box").format(
            played=len(turns), turns=TURNS), len(turns), last.where if last else None)
    return filled


def _wrong_line(n: int, lines: Sequence[int], filled: list[int], row: int) -> str:
    """Why a word of ``n`` letters may not go on line ``row``: the line its length goes to, and the lines it may go
    on when that one is full."""
    line = target_line(n)
    article = _("an {n}-letter word goes on line {line}") if n in (8, 11, 18) or 80 <= n < 90 else \
        _("a {n}-letter word goes on line {line}")
    why = article.format(n=n, line=line)
    if line not in lines:
        full = ", ".join(str(k) for k in full_lines(filled))
        why += _("; with line(s) {full} full it may go on line {lines}").format(
            full=full, lines=either([str(k) for k in lines]))
    return _("{why}, not line {row}").format(why=why, row=row)


@dataclass(frozen=True)
class Reconstruction:
    """The answer of ``reconstruct``: a legal log, or proof there is none, or undecided."""

    turns: tuple[Turn, ...] | None
    decided: bool = True


def reconstruct(cells: str, deal: Sequence[str], budget: int = 200_000, lang: Language = ENGLISH) -> Reconstruction:
    """A turn order that makes the grid from the dealt words under the line rule, if one exists.

    Depth-first over turns: each turn picks an allowed line and a free box
    there holding one of the word's letters (boxes on a line holding the same
    letter are interchangeable, so only the first is tried). Sets of filled
    boxes that cannot be completed are remembered. Gives up (``decided`` False)
    after ``budget`` steps.
    """
    words = [lang.normalize(w) for w in deal[:TURNS]]
    if len(words) < TURNS:
        raise ValueError(f"a deal has {TURNS} words (got {len(words)})")
    dead: set[int] = set()
    steps = 0
    path: list[tuple[int, int]] = []  # (turn index, cell)

    def search(mask: int, filled: list[int]) -> bool | None:
        nonlocal steps
        t = len(path)
        if t == TURNS:
            return True
        if mask in dead:
            return False
        steps += 1
        if steps > budget:
            return None
        word = words[t]
        for line in allowed_lines(len(word), filled):
            seen: set[str] = set()
            for c in range(SIZE):
                k = (line - 1) * SIZE + c
                ch = cells[k]
                if mask >> k & 1 or ch in seen or ch not in word:
                    continue
                seen.add(ch)
                path.append((t, k))
                filled[line - 1] += 1
                got = search(mask | 1 << k, filled)
                filled[line - 1] -= 1
                if got is None:
                    return None
                if got:
                    return True
                path.pop()
        dead.add(mask)
        return False

    result = search(0, [0] * SIZE)
    if result is None:
        return Reconstruction(None, decided=False)
    if not result:
        return Reconstruction(None)
    turns = tuple(Turn(t + 1, deal[t], cells[k], k // SIZE + 1, k % SIZE + 1, lang=lang) for t, k in path)
    return Reconstruction(turns)
