"""Score-keeping records of the Game of Words' table games: Anagrams, the O-U-T Game, Guess-O-Gram.

Each starts with ``players: NAME NAME ...`` (seat order, to the left; or a
number, seats P1..PN), then one line a turn, ``#`` comments (docs/game-of-words.md,
"Table-game records"). Errors read ``FILE:LINE:COL: why``.

Anagrams (``kitgen verify anagrams``)::

    players: ANN BOB CAT
    ANN T centre              # ANN holds T and puts it in the centre (ends her turn; she draws)
    CAT A form EAT            # CAT's A with the centre's E and T: EAT
    ANN S take CAT EAT SEAT   # ANN's S added to CAT's EAT: SEAT, now hers
    BOB - form TEA            # '-': letters from the centre alone (does not end the turn)
    CAT challenge             # CAT challenges the last word

The O-U-T Game (``kitgen verify out-game``)::

    players: ANN BOB CAT DAN
    ANN E                     # ANN starts a word with E (a lower-case letter: played with a Sub Card)
    BOB X
    CAT pass
    DAN shows C               # DAN points out CAT's play: CAT must add C, DAN gets an E
    DAN ask EXCELLENT         # DAN asks the preceding player his word: he names EXCELLENT ('-': none)

Guess-O-Gram (``kitgen verify guess-o-gram``)::

    players: ANN BOB CAT
    ANN thinks EDUCATION      # the Thinker sets out his word (two points a letter)
    BOB A                     # a letter guessed: a hit turns up every card of it, two points a card
    BOB Z                     # a miss: the turn passes left
    CAT word EDUCATION        # the whole word guessed: two points a hidden letter; CAT thinks next
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import Field, dataclass, field, replace
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from kitgen.core.errors import InputError, Location
from kitgen.core.i18n import N_
from kitgen.core.i18n import gettext as _
from kitgen.core.language import ENGLISH, Language
from kitgen.core.text import Line, TextSource, parse_count
from kitgen.games.game_of_words.rules.anagrams_replay import AnagramsTurn
from kitgen.games.game_of_words.rules.common import InRecord
from kitgen.games.game_of_words.rules.out_replay import OutTurn


@dataclass(frozen=True)
class GuessTurn(InRecord):
    """A Guess-O-Gram line: the player (seat from 0), ``thinks`` (``word``), ``letter`` or ``word`` (a guess of the
    whole word); where it was typed."""

    player: int
    action: str
    text: str
    line: int
    col: int
    file: str = field(default="", compare=False)
    """The record's name (its ``FILE`` in a ``FILE:LINE:COL``)."""


class Turn(Protocol):
    """A table game's turn, as the readers make it (a frozen dataclass): the record it is in is set once read."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def file(self) -> str: ...


T = TypeVar("T", bound=Turn)
MAX_TURNS = 2000
MAX_PLAYERS = 12
NAME = re.compile(r"[^\W\d_][\w-]{0,19}")
"""A player's name: a letter of any alphabet, then letters, digits, ``_`` or ``-`` (АНЯ, Zoé, ANN2)."""
WORD = re.compile(r"[^\W\d_]{1,40}")
"""A word as typed: letters only, of any alphabet; read in the record's language (``--lang``)."""
KEYWORDS = frozenset({"centre", "center", "form", "take", "challenge", "players:", "pass", "e", "ask", "out"})


@dataclass(frozen=True)
class Players:
    """The seats, in order to the left, by name, and the ``players:`` line."""

    names: tuple[str, ...]
    line: int

    def seat(self, line: Line, text: str, col: int) -> int:
        """The seat (from 0) of a player named on ``line``; ``InputError`` at ``col`` if there is none."""
        for i, name in enumerate(self.names):
            if name.lower() == text.lower():
                return i
        raise line.error(_("no player {name!r} ({players})").format(
            name=text, players=f"players: {' '.join(self.names)}"), col)


def read_players(line: Line, low: int, high: int, game: str) -> Players:
    """``players: ANN BOB`` (names, seat order) or ``players: 3`` (P1..P3), ``low`` to ``high`` of them."""
    tokens = line.tokens()
    if tokens[0].text.lower() != "players:":
        raise line.error(_("the record starts with {form} ({game}: {low} to {high} players)").format(
            form="'players: NAME NAME ...'", game=game, low=low, high=high),
                         tokens[0].col)
    if len(tokens) == 2 and tokens[1].text.isascii() and tokens[1].text.isdigit():
        count = parse_count(tokens[1].text, line.where(tokens[1].col), "players")
        names = tuple(f"P{i + 1}" for i in range(count))
    else:
        for token in tokens[1:]:
            if not NAME.fullmatch(token.text) or token.text.lower() in KEYWORDS:
                raise line.error(_("a player's name is letters and digits, not {typed!r}").format(
                    typed=token.text), token.col)
        names = tuple(t.text for t in tokens[1:])
        seen = [n.lower() for n in names]
        for i, name in enumerate(seen):
            if name in seen[:i]:
                raise line.error(_("{name} is named twice").format(name=names[i]), tokens[i + 1].col)
    if not low <= len(names) <= high:
        raise line.error(_("{game} is for {low} to {high} players (got {count})").format(
            game=game, low=low, high=high, count=len(names)), tokens[0].col)
    return Players(names, line.number)


def _word(line: Line, index: int, what: str, lang: Language = ENGLISH) -> str:
    """The word at token ``index``, in the language's letters (upper case as its cards are: Turkish i is İ)."""
    tokens = line.tokens()
    fitted = lang.normalize(tokens[index].text) if index < len(tokens) and WORD.fullmatch(tokens[index].text) else ""
    if not fitted:
        col = tokens[index].col if index < len(tokens) else tokens[-1].col
        raise line.error(_("expected {what}, a word of letters").format(what=_(what)), col)
    return fitted


def _anagrams_turn(line: Line, players: Players, lang: Language = ENGLISH) -> AnagramsTurn:
    tokens = line.tokens()
    player = players.seat(line, tokens[0].text, tokens[0].col)
    if len(tokens) == 2 and tokens[1].text.lower() == "challenge":
        return AnagramsTurn(player, "challenge", line.number, tokens[0].col)
    if len(tokens) < 3:
        raise line.error(_("expected 'NAME CARD centre|form WORD|take OWNER OLD NEW' or 'NAME challenge'"),
                         tokens[0].col)
    typed = tokens[1].text
    card = typed if typed in ("*", "-") else lang.one_letter(typed)
    if not card:
        raise line.error(_("expected the card held (a letter, * for a Sub Card, - for none), not {typed!r}").format(
            typed=typed),
                         tokens[1].col)
    card = "" if card == "-" else card
    action = tokens[2].text.lower()
    expected = {"centre": 3, "center": 3, "form": 4, "take": 6}
    if action not in expected or len(tokens) != expected[action]:
        raise line.error(_("expected 'centre', 'form WORD' or 'take OWNER OLD NEW' after the card"), tokens[2].col)
    if action in ("centre", "center"):
        if not card:
            raise line.error(_("a card put in the centre is named ('-' is for words from the centre alone)"),
                             tokens[1].col)
        return AnagramsTurn(player, "centre", line.number, tokens[0].col, card)
    if action == "form":
        return AnagramsTurn(player, "form", line.number, tokens[0].col, card,
                            new=_word(line, 3, N_("the word"), lang))
    owner = players.seat(line, tokens[3].text, tokens[3].col)
    return AnagramsTurn(player, "take", line.number, tokens[0].col, card, new=_word(line, 5, N_("the new word"), lang),
                        old=_word(line, 4, N_("the word taken"), lang), owner=owner)


def _parse_table(source: TextSource, low: int, high: int, game: str,
                 turn: Callable[[Line, Players, Language], T], lang: Language) -> tuple[Players, list[T]]:
    """A table game's record: the ``players:`` line (``low`` to ``high`` of them), then a turn a line, its letters
    and words read in ``lang``'s alphabet."""
    lines = list(source.content_lines())
    if not lines:
        raise InputError(_("an empty record: {form}, then one turn a line").format(form="'players: NAME NAME ...'"),
                         Location(source.name, 1, 1))
    players = read_players(lines[0], low, high, game)
    turns = []
    for line in lines[1:]:
        turns.append(replace(turn(line, players, lang), file=source.name))
        if len(turns) > MAX_TURNS:
            raise line.error(_("more than {most} turns").format(most=MAX_TURNS))
    if not turns:
        raise InputError(_("no turns after the players line"), Location(source.name, players.line, 1))
    return players, turns


def parse_anagrams(source: TextSource, lang: Language = ENGLISH) -> tuple[Players, list[AnagramsTurn]]:
    """An Anagrams record (see the module docstring): the players and the turns."""
    return _parse_table(source, 1, MAX_PLAYERS, "Anagrams", _anagrams_turn, lang)


def _out_turn(line: Line, players: Players, lang: Language = ENGLISH) -> OutTurn:
    tokens = line.tokens()
    player = players.seat(line, tokens[0].text, tokens[0].col)
    col = tokens[0].col
    what = tokens[1].text if len(tokens) > 1 else ""
    if len(tokens) == 2 and lang.one_letter(what):
        return OutTurn(player, "letter", line.number, col, lang.one_letter(what), what.islower())
    if len(tokens) == 2 and what.lower() == "pass":
        return OutTurn(player, "pass", line.number, col)
    if len(tokens) == 3 and what.lower() == "shows" and lang.one_letter(tokens[2].text):
        return OutTurn(player, "shows", line.number, col, lang.one_letter(tokens[2].text), tokens[2].text.islower())
    if len(tokens) == 3 and what.lower() == "ask":
        named = tokens[2].text
        word = "" if named == "-" else lang.normalize(named) if WORD.fullmatch(named) else None
        if word is None or (named != "-" and not word):
            raise line.error(_("expected the word named, or '-' for none (got {typed!r})").format(
                typed=named), tokens[2].col)
        return OutTurn(player, "ask", line.number, col, word=word)
    raise line.error(_("expected 'NAME LETTER', 'NAME pass', 'NAME shows LETTER' or 'NAME ask WORD|-'"),
                     tokens[1].col if len(tokens) > 1 else col)


def parse_out(source: TextSource, lang: Language = ENGLISH) -> tuple[Players, list[OutTurn]]:
    """An O-U-T Game record (see the module docstring): the players and the turns."""
    return _parse_table(source, 4, 8, "the O-U-T Game", _out_turn, lang)


def _guess_turn(line: Line, players: Players, lang: Language = ENGLISH) -> GuessTurn:
    tokens = line.tokens()
    player = players.seat(line, tokens[0].text, tokens[0].col)
    col = tokens[0].col
    if len(tokens) == 2 and lang.one_letter(tokens[1].text):
        return GuessTurn(player, "letter", lang.one_letter(tokens[1].text), line.number, col)
    if len(tokens) == 3 and tokens[1].text.lower() in ("thinks", "word"):
        return GuessTurn(player, tokens[1].text.lower(), _word(line, 2, N_("the word"), lang), line.number, col)
    raise line.error(_("expected 'NAME thinks WORD', 'NAME LETTER' or 'NAME word WORD'"),
                     tokens[1].col if len(tokens) > 1 else col)


def parse_guess(source: TextSource, lang: Language = ENGLISH) -> tuple[Players, list[GuessTurn]]:
    """A Guess-O-Gram record (see the module docstring): the players and the turns; the first is a Thinker's."""
    players, turns = _parse_table(source, 2, 99, "Guess-O-Gram", _guess_turn, lang)
    if turns[0].action != "thinks":
        raise InputError(_("the first turn is the Thinker's: {form}").format(form="'NAME thinks WORD'"),
                         Location(source.name, turns[0].line, turns[0].col))
    return players, turns


@dataclass(frozen=True)
class TableRecord(Generic[T]):
    """A typed table-game record (Anagrams, O-U-T, Guess-O-Gram): its file name, the players, the turns."""

    name: str
    players: Players
    turns: tuple[T, ...]

    @classmethod
    def read(cls, parse: Callable[[TextSource, Language], tuple[Players, list[T]]], source: TextSource,
             lang: Language = ENGLISH) -> TableRecord[T]:
        """The record ``parse`` reads from ``source`` in ``lang``'s letters (``FILE:LINE:COL`` errors)."""
        players, turns = parse(source, lang)
        return cls(source.name, players, tuple(turns))
