"""The two-player Crossword game: "length times links" (seed ``crossword-game.txt``).

Rules (the seed, with docs/crossword.md "Rulings" 1-6):

* The first entry goes in the shortest light, the lowest-numbered one (across
  before down at the same number), and scores 2 points a letter.
* Every later entry fills one light exactly, not entered before, agreeing with
  every letter already in it, writing at least one new letter, and linking at
  least once. Links are the letters of the light already in the grid; the
  score is length x links ("BALANCE into **L**** scores 7 ... *A*A*C* 21").
* Entries are normalised to A-Z (TAKE COVER fills a 9-light); phrases may not
  be split between lights.
* A pass scores nothing. Play ends when every player has passed in
  succession (or when no light can take an entry any more); whoever made the
  last entry adds 10. The highest total wins.
* Ink mode: a misspelt entry, or one that does not fit the light or its
  links, stands as written -- too short, its last letter repeats; too long,
  its tail is cut -- scores nothing and costs 10. Letters already in the grid
  stay (ink cannot be rubbed out), so only empty cells take the mistake.

Refusals are named exceptions (``IllegalEntry`` subclasses, exit 1) carrying
their rule's code, the light and the word, raised at the part of the turn they
refuse (``Spots``); a light that does not exist is bad input (exit 2).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from kitgen.core.errors import InputError, Location, RuleBroken
from kitgen.core.grid import Cell, Grid, Light
from kitgen.core.i18n import _
from kitgen.core.language import ENGLISH

if TYPE_CHECKING:
    from kitgen.core.lexicon import Lexicon

FIRST_ENTRY_POINTS = 2
"""Points a letter for the first entry."""
LAST_ENTRY_BONUS = 10
INK_PENALTY = 10


# -- refusals ------------------------------------------------------------------

class EntryRule(StrEnum):
    """The rule an entry breaks: a stable code (also in ``--json``), docs/crossword.md "Rulings"."""

    ILLEGAL = "illegal"
    NOT_SHORTEST_LIGHT = "not-shortest-light"
    WRONG_LENGTH = "wrong-length"
    LETTER_CLASH = "letter-clash"
    NO_LINK = "no-link"
    LIGHT_ENTERED = "light-entered"
    NO_NEW_LETTER = "no-new-letter"
    NOT_IN_LEXICON = "not-in-lexicon"
    OUT_OF_TURN = "out-of-turn"
    GAME_OVER = "game-over"


class Spots:
    """Where a turn's parts were written in its record (the player, the light, the word), so that a refusal is
    raised at the part it refuses (docs/crossword.md, "Rulings"); ``NOWHERE`` for a turn played from no record.

    Given as three ``Location``s, or (``on_line``) as the columns of one record line, whose ``Location``s are
    built when asked for: a refusal asks for the one it is raised at, a legal turn for none (a replayed record
    builds no ``Location`` for its legal turns, which kept issue 25's bench bar for the crossword replay)."""

    __slots__ = ("_given", "_where", "_cols")

    def __init__(self, player: Location | None = None, light: Location | None = None,
                 word: Location | None = None) -> None:
        self._given: tuple[Location | None, Location | None, Location | None] | None = (player, light, word)
        self._where: Callable[[int], Location] | None = None
        self._cols = (0, 0, 0)

    @classmethod
    def on_line(cls, where: Callable[[int], Location], player: int, light: int, word: int) -> Spots:
        """The parts of one line: ``where(col)`` is the ``Location`` of a column of it (``Line.where``)."""
        spots = cls.__new__(cls)
        spots._given, spots._where, spots._cols = None, where, (player, light, word)
        return spots

    def _at(self, part: int) -> Location | None:
        if self._given is not None:
            return self._given[part]
        assert self._where is not None  # on_line sets both
        return self._where(self._cols[part])

    @property
    def player(self) -> Location | None:
        return self._at(0)

    @property
    def light(self) -> Location | None:
        return self._at(1)

    @property
    def word(self) -> Location | None:
        return self._at(2)

    def parts(self) -> tuple[Location | None, Location | None, Location | None]:
        """The player's, the light's and the word's ``Location`` (all built)."""
        return self.player, self.light, self.word

    def __eq__(self, other: object) -> bool:  # equal when they name the same places, however given
        return isinstance(other, Spots) and self.parts() == other.parts()

    def __hash__(self) -> int:
        return hash(self.parts())

    def __repr__(self) -> str:
        return "Spots(player={!r}, light={!r}, word={!r})".format(*self.parts())


NOWHERE = Spots()


class IllegalEntry(RuleBroken):
    """An entry the rules refuse: ``code`` is its rule (an ``EntryRule``), ``offending`` the word (or the light,
    for a pass or a refused light), ``where`` the part of the turn refused."""

    code: EntryRule = EntryRule.ILLEGAL
    inkable = False
    """Whether ink mode lets the mistake stand (with a penalty) instead of refusing it."""

    def __init__(self, message: str, light: str | None = None, word: str | None = None,
                 where: Location | None = None) -> None:
        super().__init__(message, where, word if word is not None else light)
        self.light = light
        self.word = word


class NotShortestLight(IllegalEntry):
    code = EntryRule.NOT_SHORTEST_LIGHT


class WrongLength(IllegalEntry):
    code = EntryRule.WRONG_LENGTH
    inkable = True


class LetterClash(IllegalEntry):
    code = EntryRule.LETTER_CLASH
    inkable = True


class NoLink(IllegalEntry):
    code = EntryRule.NO_LINK
    inkable = True


class LightTaken(IllegalEntry):
    code = EntryRule.LIGHT_ENTERED


class NoNewLetter(IllegalEntry):
    code = EntryRule.NO_NEW_LETTER


class NotAWord(IllegalEntry):
    code = EntryRule.NOT_IN_LEXICON
    inkable = True


class OutOfTurn(IllegalEntry):
    code = EntryRule.OUT_OF_TURN


class GameOver(IllegalEntry):
    code = EntryRule.GAME_OVER


class UnknownLight(InputError):
    """A light name the pattern does not have (``99A``): bad input, exit 2."""

    def __init__(self, name: str, where: Location | None = None) -> None:
        super().__init__(_("the pattern has no light {name}").format(name=name), where)
        self.name = name


class UnknownPlayer(InputError):
    """A player not listed on the ``players:`` line: bad input, exit 2."""

    def __init__(self, name: str, players: Sequence[str], where: Location | None = None) -> None:
        super().__init__(_("unknown player {name!r} (players: {players})").format(name=name, players=" ".join(players)),
                         where)
        self.name = name


class BadEntry(InputError):
    """An entry with no fitting form (digits, symbols): bad input, exit 2."""

    def __init__(self, word: str, where: Location | None = None) -> None:
        super().__init__(_("{word!r} is not a word (letters, spaces, hyphens and apostrophes only)").format(word=word),
                         where)
        self.word = word


# -- moves -----------------------------------------------------------------------

@dataclass(frozen=True)
class Move:
    """One turn: an entry (``light`` and ``word``) or a pass (``light is None``)."""

    player: str
    light: str | None = None
    word: str = ""
    """The letters as they stand in the light (fitting form, ink-adjusted)."""
    shown: str = ""
    """The entry as the player gave it."""
    links: int = 0
    score: int = 0
    fault: str | None = None
    """Ink mode: the reason code of a mistake that stands (score is then -10)."""

    @property
    def is_pass(self) -> bool:
        return self.light is None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "light": self.light, "word": self.word if self.light else None,
                     "links": self.links, "score": self.score}
        if self.light and self.shown.upper() != self.word:  # a phrase or an ink mistake: as typed
            out["shown"] = self.shown
        if self.fault:
            out["fault"] = self.fault
        return out


def ink_fit(word: str, length: int) -> str:
    """How an ink entry stands in a light of ``length``: pad with its last letter, or cut its tail."""
    if not word:
        return word
    if len(word) >= length:
        return word[:length]
    return word + word[-1] * (length - len(word))


@dataclass
class Result:
    scores: dict[str, int]
    winner: str | None
    tied: list[str]
    finished: bool
    bonus_player: str | None


@dataclass
class CrosswordGame:
    """A game in progress: the pattern, the letters in it, who has entered what, the scores."""

    grid: Grid
    players: tuple[str, ...] = ("1", "2")
    lexicon: Lexicon | None = None
    ink: bool = False
    letters: dict[Cell, str] = field(default_factory=dict)
    entered: set[str] = field(default_factory=set)
    moves: list[Move] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    turn: int = 0
    passes_in_row: int = 0
    finished: bool = False
    last_entry_by: str | None = None
    bonus_player: str | None = None
    pattern_where: Location | None = field(default=None, compare=False)
    """Where the pattern was given (a record's ``pattern:`` line): a pattern with no light is refused there."""

    def __post_init__(self) -> None:
        self.grid = self.grid.blank()
        self.players = tuple(self.players)
        if not self.players:
            raise InputError(_("a game needs at least one player"))
        folded = [p.upper() for p in self.players]
        if len(set(folded)) != len(folded):
            raise InputError(_("a player is listed twice: {players}").format(players=" ".join(self.players)))
        self.scores = {p: 0 for p in self.players}
        if not self.grid.lights:
            raise InputError(_("the pattern has no light to play in"), self.pattern_where)

    # -- position -----------------------------------------------------------
    @property
    def to_play(self) -> str:
        return self.players[self.turn % len(self.players)]

    @property
    def first_light(self) -> Light:
        light = self.grid.shortest_first_light()
        assert light is not None
        return light

    @property
    def entries_made(self) -> int:
        return sum(1 for m in self.moves if not m.is_pass)

    def player(self, name: str, where: Location | None = None) -> str:
        """The listed player called ``name`` (any case), or ``UnknownPlayer`` at ``where``."""
        found = self._listed(name)
        if found is None:
            raise UnknownPlayer(name, self.players, where)
        return found

    def _listed(self, name: str) -> str | None:
        wanted = name.upper()
        for p in self.players:
            if p.upper() == wanted:
                return p
        return None

    def light(self, name: str, where: Location | None = None) -> Light:
        light = self.grid.light(name)
        if light is None:
            raise UnknownLight(name.upper(), where)
        return light

    def pattern_of(self, light: Light) -> str:
        """The light as a query: its letters, ``?`` where empty (``*A*A*C*`` in the seed's notation)."""
        get = self.letters.get
        return "".join(get(cell, "?") for cell in light.cells)

    def links(self, light: Light) -> int:
        """Letters of ``light`` already in the grid."""
        return sum(1 for cell in light.cells if cell in self.letters)

    def open_for_entry(self, light: Light) -> bool:
        """Whether ``light`` could take an entry at all: not entered, an empty cell, a link (after the first)."""
        if light.name in self.entered:
            return False
        known = self.links(light)
        if known == light.length:
            return False
        if not self.entered:
            return light == self.first_light
        return known > 0

    def can_continue(self) -> bool:
        return any(self.open_for_entry(light) for light in self.grid.lights)

    # -- checking -----------------------------------------------------------
    def check(self, light_name: str, word: str, player: str | None = None, at: Spots = NOWHERE) -> Move:
        """The move entering ``word`` in ``light_name`` would be, or the named refusal (nothing changes), raised at
        the part of the turn it refuses (``at``)."""
        who = self._check_turn(player, at)
        light = self.grid.light(light_name)
        if light is None:  # as light() does, but asking ``at`` for the light's place only when it is refused
            raise UnknownLight(light_name.upper(), at.light)
        fitting = (self.lexicon.language if self.lexicon is not None else ENGLISH).normalize(word)
        if not fitting:
            raise BadEntry(word, at.word)
        name = light.name
        if light.name in self.entered:
            raise LightTaken(_("{light} has already been entered").format(light=name), name, word, at.light)
        links = self.links(light)
        if links == light.length:
            raise NoNewLetter(_("{light} is already full ({pattern}): an entry must write a new letter").format(
                light=name, pattern=self.pattern_of(light)), name, word, at.light)
        first = not self.entered
        if first and light != self.first_light:
            f = self.first_light
            raise NotShortestLight(_("the first entry goes in the shortest light, the lowest-numbered: {first} "
                                     "({length} letters), not {light}").format(first=f.name, length=f.length,
                                                                              light=name), name, word, at.light)
        fault = self._fault(light, fitting, word, links, first, at)
        if fault is not None:
            if not (self.ink and fault.inkable):
                raise fault
            written = self._ink_letters(light, ink_fit(fitting, light.length))
            return Move(who, name, written, word, links, -INK_PENALTY, fault.code.value)
        score = FIRST_ENTRY_POINTS * light.length if first else light.length * links
        return Move(who, name, fitting, word, links, score)

    def _fault(self, light: Light, fitting: str, word: str, links: int, first: bool,
               at: Spots = NOWHERE) -> IllegalEntry | None:
        name = light.name
        if len(fitting) != light.length:
            return WrongLength(_("{word!r} has {length} letters; {light} has {light_length}").format(
                word=word, length=len(fitting), light=name, light_length=light.length), name, word, at.word)
        for i, cell in enumerate(light.cells):
            have = self.letters.get(cell)
            if have is not None and have != fitting[i]:
                return LetterClash(_("{word!r} clashes with {light} {pattern}: letter {n} is {have}, not {wrote}")
                                   .format(word=word, light=name, pattern=self.pattern_of(light), n=i + 1, have=have,
                                           wrote=fitting[i]), name, word, at.word)
        if not first and links == 0:
            return NoLink(_("{light} has no link: an entry must cross a letter already in the grid").format(
                light=name), name, word, at.light)
        if self.lexicon is not None and not self.lexicon.contains(fitting):
            return NotAWord(_("{word!r} is not in the lexicon").format(word=word), name, word, at.word)
        return None

    def _ink_letters(self, light: Light, written: str) -> str:
        """What the light reads after an ink mistake: existing letters stay, empty cells take the ink."""
        return "".join(self.letters.get(cell, written[i]) for i, cell in enumerate(light.cells))

    def _check_turn(self, player: str | None, at: Spots = NOWHERE) -> str:
        if self.finished:
            raise GameOver(_("the game is over: every player has passed in succession"), where=at.player)
        if player is None:
            return self.to_play
        who = self._listed(player)
        if who is None:  # as player() does, but asking ``at`` for the player's place only when it is refused
            raise UnknownPlayer(player, self.players, at.player)
        if who != self.to_play:
            raise OutOfTurn(_("it is {player}'s turn, not {who}'s").format(player=self.to_play, who=who),
                            where=at.player)
        return who

    # -- playing ------------------------------------------------------------
    def play(self, light_name: str, word: str, player: str | None = None, at: Spots = NOWHERE) -> Move:
        """Enter ``word`` in ``light_name`` (checked first; a refusal is raised ``at`` the part refused); returns
        the move made."""
        move = self.check(light_name, word, player, at)
        light = self.light(light_name)
        for cell, ch in zip(light.cells, move.word, strict=False):
            self.letters.setdefault(cell, ch)
        self.entered.add(light.name)
        self.scores[move.player] += move.score
        self.moves.append(move)
        self.passes_in_row = 0
        self.last_entry_by = move.player
        self.turn += 1
        return move

    def pass_turn(self, player: str | None = None, at: Spots = NOWHERE) -> Move:
        """Pass (scores nothing); the game ends once every player has passed in succession."""
        who = self._check_turn(player, at)
        move = Move(who)
        self.moves.append(move)
        self.passes_in_row += 1
        self.turn += 1
        if self.passes_in_row >= len(self.players):
            self._finish()
        return move

    def close(self) -> None:
        """End a record that stops when nothing can be entered any more (the passes are implied)."""
        if not self.finished and self.entered and not self.can_continue():
            self._finish()

    def _finish(self) -> None:
        self.finished = True
        if self.last_entry_by is not None:
            self.bonus_player = self.last_entry_by
            self.scores[self.last_entry_by] += LAST_ENTRY_BONUS

    def result(self) -> Result:
        """Scores, the winner (``None`` if tied or unfinished) and who tied for the lead."""
        best = max(self.scores.values())
        leaders = [p for p in self.players if self.scores[p] == best]
        winner = leaders[0] if self.finished and len(leaders) == 1 else None
        return Result(dict(self.scores), winner, leaders if len(leaders) > 1 else [], self.finished,
                      self.bonus_player)
