"""A Letter Patience game typed back in (``kitgen verify solitaire FILE --game letter-patience --seed N``).

One move a line, in the order played (docs/game-of-words.md, "Typed-back files")::

    # Letter Patience, deal 2
    GAME 1 2 3 4        # a word; optionally the source of each letter: a pile 1-7, W the face-up pile, * a Sub Card
    fill 5 from 3       # move the vowel on pile 3 into the space at pile 5 ("from" may be left out; W the face-up pile)
    turn                # turn the stock's next card onto the face-up pile (optionally the letter: turn K)

Piles are counted from 1, as the deal sheet, ``kitgen deal letter-patience`` and the web count them (``--json``
indexes the same piles from 0); a ``TypedMove`` holds the index (the record's pile 1 is pile 0). The words FILL and
TURN are typed with their four sources (``TURN 1 2 3 W``). ``#`` starts a comment.
Errors read ``FILE:LINE:COL: why``.
"""

from __future__ import annotations

import re

from kitgen.core.errors import InputError, Location
from kitgen.core.i18n import gettext as _
from kitgen.core.text import Line, TextSource
from kitgen.games.game_of_words.formats.piles import no_pile_0, no_such_pile
from kitgen.games.game_of_words.rules.patience_replay import TypedMove

MAX_MOVES = 500
PILES = 7
SOURCE = re.compile(r"[0-9]|[Ww*]")


def _pile(line: Line, text: str, col: int) -> str:
    """The index (from 0) of the pile a record names by its number (from 1, as people count them)."""
    if text == "0":
        raise line.error(no_pile_0(), col)
    if int(text) > PILES:
        raise line.error(no_such_pile(int(text), PILES), col)
    return str(int(text) - 1)


def _source(line: Line, text: str, col: int, fill: bool) -> str:
    if not (re.fullmatch(r"[0-9W]|w", text) if fill else SOURCE.fullmatch(text)):
        what = (_("a pile 1-7 or W (the face-up pile)") if fill
                else _("a pile 1-7, W (the face-up pile) or * (a Sub Card)"))
        raise line.error(_("expected {what} (got {typed!r})").format(what=what, typed=text), col)
    return _pile(line, text, col) if text.isdigit() else text.upper()


def _fill(line: Line) -> TypedMove:
    tokens = line.tokens()
    rest = [t for t in tokens[1:] if t.text.lower() != "from"]
    if len(rest) != 2:
        raise line.error(_("expected 'fill SPACE from SOURCE' (a pile 1-7; a pile 1-7 or W)"), tokens[0].col)
    space, source = rest
    if not re.fullmatch(r"[0-9]", space.text):
        raise line.error(_("expected the space, a pile 1-7 (got {typed!r})").format(typed=space.text), space.col)
    return TypedMove("fill", line.number, tokens[0].col, space=int(_pile(line, space.text, space.col)),
                     source=_source(line, source.text, source.col, fill=True))


def _turn(line: Line) -> TypedMove:
    tokens = line.tokens()
    if len(tokens) > 2 or (len(tokens) == 2 and not re.fullmatch(r"[A-Za-z]", tokens[1].text)):
        raise line.error(_("expected 'turn' or 'turn LETTER' (the card that came up)"), tokens[0].col)
    card = tokens[1].text.upper() if len(tokens) == 2 else ""
    return TypedMove("turn", line.number, tokens[0].col, card=card)


def _word(line: Line) -> TypedMove:
    tokens = line.tokens()
    head = tokens[0]
    if not re.fullmatch(r"[A-Za-z]{1,40}", head.text):
        raise line.error(_("expected a word of letters A-Z, 'fill' or 'turn' (got {typed!r})").format(
            typed=head.text), head.col)
    word = head.text.upper()
    sources = None
    if len(tokens) > 1:
        sources = tuple(_source(line, t.text, t.col, fill=False) for t in tokens[1:])
        if len(sources) != len(word):
            raise line.error(_("{word} has {letters} letters but {sources} sources").format(
                word=word, letters=len(word), sources=len(sources)), tokens[1].col)
    return TypedMove("word", line.number, head.col, word=word, sources=sources)


def parse_patience(source: TextSource) -> list[TypedMove]:
    """The moves of a typed Letter Patience game (see the module docstring)."""
    moves = []
    for line in source.content_lines():
        tokens = line.tokens()
        head = tokens[0].text.lower()
        if head in ("fill", "turn") and len(tokens) != 5:  # FILL and TURN the words come with their four sources
            moves.append(_fill(line) if head == "fill" else _turn(line))
        else:
            moves.append(_word(line))
        if len(moves) > MAX_MOVES:
            raise line.error(_("more than {most} moves").format(most=MAX_MOVES))
    if not moves:
        raise InputError(_("no moves: type the game one move a line (a word, 'fill S from P' or 'turn')"),
                         Location(source.name, 1, 1))
    return moves
