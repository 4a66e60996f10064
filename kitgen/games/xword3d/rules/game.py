"""3DXWORD plays, words and scores: the table version and the 3-D version (seed ``3dxword.txt``).

Built on the shared free-form board (``kitgen.core.board``), always in three
dimensions: x across (+x), y down (+y, towards the player), z up; the table
is z = 0. A play is a whole word read along a direction from its first
letter: ``across`` (+x), ``down`` (+y), ``up`` (+z) or ``drop`` (-z, read
downwards). Letters already on the table may be part of it.

Table version (every rule applies to the 3-D version too):

* Play goes round in seating order (rule 5); a player plays or passes (7).
* The first word lies flat on the table (6); every later play joins the
  words already there (8).
* The letters played lie in a single line (10), at least one of them new.
  The word given must be the whole line: BRAND cannot be claimed where the
  line reads BRANDS.
* Every word formed counts in full (rules 9, 10): extending BRAND to BRANDS
  scores 6, to BRANDED 7; a Y that turns TO into TOY and N into NO scores
  both (3 + 2). Score = letters in the words made (12). Every word formed
  (two letters or more) must be in the dictionary (3).
* The game ends when no player can make a new word, which kitgen takes as a
  full round of passes (every player passing in turn); one point comes off
  for each unused letter (12).

3-D version (the additions):

* Words run along x, y and z; a vertical word reads up or down (rule 4). A
  vertical word formed in passing (not the word played) counts if it reads
  as a word upwards or, failing that, downwards.
* No 3-D building (a letter above the table) until 4 words have been played;
  with more than 4 players, until every player has had a turn (rule 1).
* Joiners (rule 3): red trebles, blue doubles the play's score (the letters
  played that turn, i.e. every word the play forms). A Joiner is used only
  to make a right-angle or T-shaped turn joined on matching letters: the new
  word meets a word already on the table, on another axis, at a shared
  letter that ends at least one of the two words (a cross through the middle
  of both is not a turn). At most 2 of each colour per player per game, and
  2P - 2 of each colour in the game.
* Legs (rule 7): a vertical word whose bottom letter stands on the table
  touching no other piece there scores double (that word's score).
* The way up (rules 4, 5): every brick's letter stands upright, upside down,
  or turned a quarter (on its side, its top to the left or to the right). The
  first word sets which way is up; a play's letters stand the same way as the
  words they join (every word it forms), unless the play uses an X piece or a
  Joiner; so a word upside down or on its side comes only through one of
  them, or joined to a word standing that way already.
* X pieces (rules 4 to 6): a play may use one (the standard set has one a
  player); it lets the play's letters stand another way up than the word they
  join, at any letter of it (a Joiner only at a turn). It holds no letter and
  scores nothing. The first word joins nothing, so it uses none.
* Balance (rule 8) is physical: kitgen does not model it; players remove a
  play that topples the structure before it is recorded.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from kitgen.core.board import BadPlacement, Board, Coord, Run, placement_along
from kitgen.core.errors import Location, RuleBroken
from kitgen.core.i18n import N_, ngettext
from kitgen.core.i18n import gettext as _

if TYPE_CHECKING:
    from kitgen.core.lexicon import Lexicon

DIRECTIONS: dict[str, tuple[int, int]] = {"across": (0, 1), "down": (1, 1), "up": (2, 1), "drop": (2, -1)}
"""Direction name -> (axis, step)."""
JOINERS: dict[str, int] = {"red": 3, "blue": 2}
"""Joiner colour -> score multiplier."""
JOINERS_PER_PLAYER = 2
X_PIECES_PER_PLAYER = 1
"""X pieces in the game for each player: the standard piece set's (kitgen/data/pieces/standard.toml)."""
WORDS_BEFORE_3D = 4
VERSIONS = ("table", "3d")
UPRIGHT = "upright"
WAYS = (UPRIGHT, "upside-down", "turned-left", "turned-right")
"""How a brick's letter stands (3-D rules 4, 5), as the log writes it: upright, upside down, or turned a quarter
(on its side) with its top to the left or to the right."""
BALANCE_NOTE = N_("balance is physical and not modelled: a play that topples or twists the structure is taken "
                   "back at the table before it is recorded (3-D rule 8)")


class PlayCode(Enum):
    """The rules of 3DXWORD a play (or the draw) can break: the ``code`` of a refusal (stable slugs, in ``--json``)."""

    ILLEGAL = "illegal"
    OUT_OF_TURN = "out-of-turn"
    GAME_OVER = "game-over"
    TOO_SHORT = "too-short"
    CLASH = "clash"
    NO_NEW_LETTER = "no-new-letter"
    FIRST_WORD_OFF_TABLE = "first-word-off-table"
    NOT_JOINED = "not-joined"
    RUNS_ON = "runs-on"
    NOT_A_WORD = "not-a-word"
    BELOW_TABLE = "below-table"
    TABLE_VERSION = "table-version"
    TOO_EARLY_FOR_3D = "too-early-for-3d"
    JOINER_NOT_AT_TURN = "joiner-not-at-turn"
    JOINER_LIMIT = "joiner-limit"
    NO_JOINERS_LEFT = "no-joiners-left"
    WAY_UP = "way-up"
    """A play's letters stand another way up than a word they join, with no X piece or Joiner (3-D rules 4, 5)."""
    NO_X_PIECES_LEFT = "no-x-pieces-left"
    X_PIECE_NOT_JOINED = "x-piece-not-joined"
    """An X piece on the first word, which joins nothing (3-D rule 6: it joins a play to a word)."""
    DRAW = "draw"
    """A draw: line that is not for the players still drawing, or one too many."""
    DRAW_TIE = "draw-tie"
    """The last draw: line ties: they draw again."""


@dataclass(frozen=True)
class Spots:
    """Where a turn was written in its log (the player, the word) and how a refusal names it (``ANN CAT``), so
    that a refusal is raised located at the part of the turn it refuses; ``NOWHERE`` for a play made from no log
    (a test, a program using the rules)."""

    player: Location | None = None
    word: Location | None = None
    turn: str = ""

    def refusing(self, offending: str) -> Refusing:
        """What a refusal of the turn's word (or a part of the play: its direction, its Joiner) takes after its
        message and cell: ``(where, turn, offending)``, ``where`` the word's place in the log."""
        return self.word, self.turn, offending


NOWHERE = Spots()
Refusing = tuple[()] | tuple[Location | None, str, str]
"""``Spots.refusing``: the location, turn and offending input a refusal is raised with (none: a play from no log)."""


class IllegalPlay(RuleBroken):
    """A play (or a draw) the rules refuse (exit 1), the one rule-error model (``kitgen.core.errors.RuleBroken``):
    ``code`` names the rule (a ``PlayCode``), ``offending`` the input refused (the word played; its direction or
    Joiner for the table version, the player for a turn out of order, the ``draw:`` line for the draw), ``where``
    the part of its log line refused, given where it is raised; ``cell`` is where on the board, when one cell is at
    fault.
    Raised for a turn of a log (``turn``: ``ANN CAT``), the message names the turn and ends with the code."""

    code: PlayCode = PlayCode.ILLEGAL

    def __init__(self, message: str, cell: Coord | None = None, where: Location | None = None, turn: str = "",
                 offending: object = None) -> None:
        super().__init__(f"{turn}: {message} [{self.code.value}]" if turn else message, where, offending)
        self.cell = cell

    @property
    def reason(self) -> str:
        """The rule's stable slug (``code.value``)."""
        return self.code.value


class OutOfTurn(IllegalPlay):
    code = PlayCode.OUT_OF_TURN


class GameOver(IllegalPlay):
    code = PlayCode.GAME_OVER


class TooShort(IllegalPlay):
    code = PlayCode.TOO_SHORT


class Clash(IllegalPlay):
    code = PlayCode.CLASH


class NoNewLetter(IllegalPlay):
    code = PlayCode.NO_NEW_LETTER


class FirstWordOffTable(IllegalPlay):
    code = PlayCode.FIRST_WORD_OFF_TABLE


class NotJoined(IllegalPlay):
    code = PlayCode.NOT_JOINED


class RunsOn(IllegalPlay):
    code = PlayCode.RUNS_ON


class NotAWord(IllegalPlay):
    """A word the play forms is not in the dictionary: ``word`` is that word (the one played, or one formed in
    passing)."""

    code = PlayCode.NOT_A_WORD
    word: str = ""


class BelowTable(IllegalPlay):
    code = PlayCode.BELOW_TABLE


class TableVersionOnly(IllegalPlay):
    code = PlayCode.TABLE_VERSION


class TooEarlyFor3D(IllegalPlay):
    code = PlayCode.TOO_EARLY_FOR_3D


class JoinerNotAtTurn(IllegalPlay):
    code = PlayCode.JOINER_NOT_AT_TURN


class JoinerLimit(IllegalPlay):
    code = PlayCode.JOINER_LIMIT


class NoJoinersLeft(IllegalPlay):
    code = PlayCode.NO_JOINERS_LEFT


class WayUp(IllegalPlay):
    code = PlayCode.WAY_UP


class NoXPiecesLeft(IllegalPlay):
    code = PlayCode.NO_X_PIECES_LEFT


class XPieceNotJoined(IllegalPlay):
    code = PlayCode.X_PIECE_NOT_JOINED


class BadPlayer(ValueError):
    """A player name not in the game."""

    def __init__(self, player: str, players: Iterable[str]) -> None:
        super().__init__(f"unknown player {player!r} (players: {' '.join(players)})")
        self.player = player


@dataclass(frozen=True)
class WordMade:
    """One word a play formed: as read, its cells (in reading order), whether a leg, and its score."""

    word: str
    cells: tuple[Coord, ...]
    axis: int
    leg: bool
    score: int


@dataclass(frozen=True)
class PlayResult:
    """A play accepted: who, the words formed (the word played first), the joiner, the X piece, whether its
    letters stand upside down, and the turn's score."""

    player: str
    words: tuple[WordMade, ...]
    score: int
    new_cells: tuple[Coord, ...] = ()
    joiner: str | None = None
    passed: bool = False
    x_piece: bool = False
    way: str = UPRIGHT
    """How the play's new letters stand (``WAYS``)."""

    @property
    def upside_down(self) -> bool:
        return self.way == "upside-down"

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "words": [w.word for w in self.words], "score": self.score}
        if self.passed:
            out["pass"] = True
        if self.joiner:
            out["joiner"] = self.joiner
        if self.x_piece:
            out["x_piece"] = True
        if self.upside_down:
            out["upside_down"] = True
        if self.way != UPRIGHT:
            out["way"] = self.way
        legs = [w.word for w in self.words if w.leg]
        if legs:
            out["legs"] = legs
        return out


@dataclass
class Game:
    """A 3DXWORD game in progress: the board, whose turn it is, scores and Joiners used."""

    players: list[str]
    lexicon: Lexicon
    version: str = "3d"
    first: str | None = None
    board: Board = field(default_factory=lambda: Board(3))
    scores: dict[str, int] = field(default_factory=dict)
    plays_made: int = 0
    turns_taken: int = 0
    passes_in_a_row: int = 0
    joiners_used: dict[str, dict[str, int]] = field(default_factory=dict)
    history: list[PlayResult] = field(default_factory=list)
    ways: dict[Coord, str] = field(default_factory=dict)
    """How each brick's letter stands when not upright (3-D rules 4, 5): ``upside-down``, ``turned-left`` or
    ``turned-right``; every other brick's stands upright."""
    x_pieces_used: int = 0

    def __post_init__(self) -> None:
        if len(self.players) < 2:
            raise ValueError("3DXWORD is for 2 or more players")
        if len(set(self.players)) != len(self.players):
            raise ValueError("a player is named twice")
        if self.version not in VERSIONS:
            raise ValueError(f"version must be one of {', '.join(VERSIONS)} (got {self.version!r})")
        start = self.first or self.players[0]
        if start not in self.players:
            raise BadPlayer(start, self.players)
        self._turn = self.players.index(start)
        self.scores = {p: 0 for p in self.players}
        self.joiners_used = {p: {c: 0 for c in JOINERS} for p in self.players}

    # -- state ------------------------------------------------------------------
    @property
    def upside_down(self) -> set[Coord]:
        """The bricks whose letters stand upside down."""
        return {c for c, way in self.ways.items() if way == "upside-down"}

    def bricks(self) -> list[tuple[Coord, str, str]]:
        """Every brick on the table in the order played: its cell, its letter and how the letter stands."""
        return [(c, letter, self.ways.get(c, UPRIGHT)) for c, letter in self.board.items()]

    @property
    def to_play(self) -> str:
        return self.players[self._turn]

    @property
    def over(self) -> bool:
        """A full round of passes: no player could make a new word (table rule 12)."""
        return self.passes_in_a_row >= len(self.players)

    @property
    def joiner_supply(self) -> int:
        """Joiners of each colour issued: two less than double the players (3-D rule 3)."""
        return 2 * len(self.players) - 2

    @property
    def x_piece_supply(self) -> int:
        """X pieces in the game: one a player, as the standard set prints them."""
        return X_PIECES_PER_PLAYER * len(self.players)

    def joiners_left(self, colour: str) -> int:
        return self.joiner_supply - sum(used[colour] for used in self.joiners_used.values())

    def three_d_allowed(self) -> bool:
        """3-D rule 1: after 4 words; with more than 4 players, once every player has had a turn."""
        if len(self.players) > WORDS_BEFORE_3D:
            return self.turns_taken >= len(self.players)
        return self.plays_made >= WORDS_BEFORE_3D

    def _check_turn(self, player: str, at: Spots = NOWHERE) -> None:
        if player not in self.players:
            raise BadPlayer(player, self.players)
        if self.over:
            raise GameOver(_("the game is over: every player passed in turn, so no one can make a new word"),
                           where=at.player, turn=at.turn, offending=player)
        if player != self.to_play:
            raise OutOfTurn(_("it is {player}'s turn, not {other}'s (play goes round in seating order)").format(
                player=self.to_play, other=player),
                            where=at.player, turn=at.turn, offending=player)

    def _advance(self) -> None:
        self._turn = (self._turn + 1) % len(self.players)
        self.turns_taken += 1

    # -- turns --------------------------------------------------------------------
    def pass_turn(self, player: str, at: Spots = NOWHERE) -> PlayResult:
        """A pass (with or without an exchange, which the board never sees): scores 0; a refusal is raised ``at``
        the turn's player."""
        self._check_turn(player, at)
        self.passes_in_a_row += 1
        self._advance()
        result = PlayResult(player, (), 0, passed=True)
        self.history.append(result)
        return result

    def check(self, player: str, word: str, start: Coord, direction: str, joiner: str | None = None,
              at: Spots = NOWHERE, *, x_piece: bool = False, upside_down: bool = False,
              way: str = UPRIGHT) -> tuple[dict[Coord, str], PlayResult]:
        """Every rule for one play, without changing the game: the new letters and the result, or the named
        refusal raised ``at`` the part of the turn it refuses (the player for a turn out of order, else the word).
        ``x_piece``: the play uses an X piece; ``way``: how its new letters stand (``WAYS``; ``upside_down`` is
        ``way="upside-down"``)."""
        self._check_turn(player, at)
        way = "upside-down" if upside_down else way
        if way not in WAYS:
            raise ValueError(f"unknown way {way!r}")
        if direction not in DIRECTIONS:
            raise ValueError(f"unknown direction {direction!r}")
        if joiner is not None and joiner not in JOINERS:
            raise ValueError(f"unknown Joiner colour {joiner!r}")
        word = word.upper()
        if len(word) < 2:
            raise TooShort(_("{word} is one letter: a word has two letters or more").format(word=word),
                           None, *at.refusing(word))
        axis, step = DIRECTIONS[direction]
        if len(start) == 2:
            start = (start[0], start[1], 0)
        self._check_version(direction, start, axis, joiner, at)
        if self.version == "table" and (x_piece or way != UPRIGHT):
            what = "x" if x_piece else way
            raise TableVersionOnly(_("X pieces and letters upside down or on their side belong to the 3-D version"),
                                   start, *at.refusing(what))
        cells = [start[:axis] + (start[axis] + i * step,) + start[axis + 1:] for i in range(len(word))]
        placement = self._placement(word, start, direction, axis, step, cells, at)
        self._check_height(start, cells, at.refusing(word))
        made = self._words_made(word, axis, step, cells, placement, at.refusing(word))
        if joiner:
            self._check_joiner(player, joiner, word, axis, cells, placement, at.refusing(word))
        if x_piece:
            self._check_x_piece(word, start, at.refusing(word))
        self._check_way_up(word, made, placement, way, bool(x_piece or joiner), at.refusing(word))
        total = sum(w.score for w in made) * (JOINERS[joiner] if joiner else 1)
        return placement, PlayResult(player, tuple(made), total, tuple(placement), joiner, x_piece=x_piece, way=way)

    def _check_x_piece(self, word: str, start: Coord, refused: Refusing = ()) -> None:
        """3-D rule 6: an X piece joins a play to a word on the table; the game has one a player."""
        if not len(self.board):
            said = _("an X piece joins a play to a word on the table; {word}, the first word, joins none (3-D "
                     "rule 6)")
            raise XPieceNotJoined(said.format(word=word), start, *refused)
        if self.x_pieces_used >= self.x_piece_supply:
            said = _("no X pieces left: the {supply} of a game of {players} players (one a player) are all "
                     "used")
            raise NoXPiecesLeft(said.format(supply=self.x_piece_supply, players=len(self.players)), start, *refused)

    def _check_way_up(self, word: str, made: list[WordMade], placement: dict[Coord, str], way: str,
                      freed: bool, refused: Refusing = ()) -> None:
        """3-D rules 4 and 5: the first word sets which way is up (it stands upright); a play's letters stand the
        same way as every word they join (upright, upside down or turned a quarter), unless an X piece or a
        Joiner is used (``freed``)."""
        if not len(self.board):
            if way != UPRIGHT:
                said = _("the first word sets which way is up: {word} stands upright, not {way}")
                raise WayUp(said.format(word=word, way=_(_WAY[way])), None, *refused)
            return
        if freed:
            return
        for made_word in made:
            for cell in made_word.cells:
                there = self.ways.get(cell, UPRIGHT)
                if cell not in placement and there != way:
                    joined = next((run.letters for run in (self.board.run_through(cell, n) for n in range(3))
                                   if len(run) > 1), made_word.word)
                    said = _("{word}'s letters stand {way} but the {letter} of {joined} at {cell} stands "
                             "{other_way}: a play's letters stand the same way up as the word they join, "
                             "unless an X piece or a Joiner is used (3-D rules 4, 5)")
                    raise WayUp(said.format(word=word, way=_(_WAY[way]), letter=self.board.letter(cell),
                                            joined=joined, cell=_fmt(cell), other_way=_(_WAY[there])),
                                cell, *refused)

    def _check_version(self, direction: str, start: Coord, axis: int, joiner: str | None, at: Spots) -> None:
        """The table version is flat and has no Joiners."""
        if self.version != "table":
            return
        if axis == 2 or start[2] != 0:
            said = _("{direction} at height {height}: the table version is flat (words across and down on the "
                     "table only)")
            raise TableVersionOnly(said.format(direction=direction, height=start[2]), start, *at.refusing(direction))
        if joiner:
            raise TableVersionOnly(_("Joiners belong to the 3-D version"), start, *at.refusing(joiner))

    def _placement(self, word: str, start: Coord, direction: str, axis: int, step: int,
                   cells: list[Coord], at: Spots) -> dict[Coord, str]:
        """The new letters: above the table, agreeing with the letters there, joined, the whole word."""
        board = self.board
        refused = at.refusing(word)
        low = min(cells, key=lambda c: c[2])
        if low[2] < 0:
            raise BelowTable(_("{word} would go below the table (height {height} at {cell})").format(
                word=word, height=low[2], cell=_fmt(low)), low, *refused)
        try:
            placement = placement_along(start, axis, word, board, step)
        except BadPlacement as exc:
            c = exc.cell
            assert c is not None
            raise Clash(_("{cell} already holds {held}, not the {letter} of {word}").format(
                cell=_fmt(c), held=board.letter(c), letter=word[cells.index(c)], word=word),
                        c, *refused) from None
        if not placement:
            raise NoNewLetter(_("{word} is already on the table: a play puts down at least one new letter").format(
                word=word),
                              start,
                              *refused)
        if not len(board):
            if axis == 2 or start[2] != 0:
                said = _("the first word lies flat on the table (across or down at height 0), not {direction} "
                         "at height {height}")
                raise FirstWordOffTable(said.format(direction=direction, height=start[2]), start, *refused)
        elif not board.joins(placement):
            raise NotJoined(_("{word} does not join the words on the table").format(word=word), start, *refused)
        main = board.run_through(next(iter(placement)), axis, placement)
        if set(main.cells) != set(cells):
            read = main.letters[::-1] if step < 0 else main.letters
            raise RunsOn(_("the line reads {read} here, not {word}: give the whole word").format(read=read, word=word),
                         start, *refused)
        return placement

    def _check_height(self, start: Coord, cells: list[Coord], refused: Refusing = ()) -> None:
        """3-D rule 1: no building upwards before enough words are on the table."""
        if self.version == "3d" and any(c[2] > 0 for c in cells) and not self.three_d_allowed():
            if len(self.players) > WORDS_BEFORE_3D:
                why = _("with {players} players, every player must have had a turn first").format(
                    players=len(self.players))
            else:
                why = ngettext("{made} word played, {needed} needed", "{made} words played, {needed} needed",
                               self.plays_made).format(made=self.plays_made, needed=WORDS_BEFORE_3D)
            raise TooEarlyFor3D(_("no 3-D building yet: {why} (3-D rule 1)").format(why=why), start, *refused)

    def _words_made(self, word: str, axis: int, step: int, cells: list[Coord],
                    placement: dict[Coord, str], refused: Refusing = ()) -> list[WordMade]:
        """Every word the play forms, each in the dictionary, the played word first; legs score double."""
        made: list[WordMade] = []
        for run in self.board.words_formed(placement):
            is_main = run.axis == axis and set(run.cells) == set(cells)
            text, ordered = self._read(run, is_main, step)
            if not self.lexicon.contains(text):
                what = "" if is_main else _(" (formed {axis} by {word})").format(axis=_AXIS_WORD[run.axis], word=word)
                refusal = NotAWord(_("{word} is not in the dictionary{formed}").format(word=text, formed=what),
                                   ordered[0], *refused)
                refusal.word = text
                raise refusal
            leg = run.axis == 2 and self._is_leg(run, placement)
            made.append(WordMade(text, ordered, run.axis, leg, len(text) * (2 if leg else 1)))
        made.sort(key=lambda w: not (w.axis == axis and set(w.cells) == set(cells)))
        return made

    def play(self, player: str, word: str, start: Coord, direction: str, joiner: str | None = None,
             at: Spots = NOWHERE, *, x_piece: bool = False, upside_down: bool = False,
             way: str = UPRIGHT) -> PlayResult:
        """Check and make a play; raises an ``IllegalPlay`` subclass naming the rule broken, ``at`` the part of
        the turn it refuses."""
        placement, result = self.check(player, word, start, direction, joiner, at, x_piece=x_piece,
                                       upside_down=upside_down, way=way)
        self.board.place(placement)
        self.scores[player] += result.score
        if joiner:
            self.joiners_used[player][joiner] += 1
        if result.way != UPRIGHT:
            self.ways.update(dict.fromkeys(placement, result.way))
        self.x_pieces_used += x_piece
        self.plays_made += 1
        self.passes_in_a_row = 0
        self._advance()
        self.history.append(result)
        return result

    def final_scores(self, unused: dict[str, int] | None = None) -> dict[str, int]:
        """Scores less one point for each unused letter (table rule 12, 3-D rule 11)."""
        unused = unused or {}
        for p in unused:
            if p not in self.scores:
                raise BadPlayer(p, self.players)
        return {p: s - unused.get(p, 0) for p, s in self.scores.items()}

    # -- helpers --------------------------------------------------------------------
    def _read(self, run: Run, is_main: bool, step: int) -> tuple[str, tuple[Coord, ...]]:
        """How a run reads: +axis, except a ``drop`` word and a vertical word that only reads downwards."""
        if run.axis != 2:
            return run.letters, run.cells
        if is_main:
            return (run.letters[::-1], run.cells[::-1]) if step < 0 else (run.letters, run.cells)
        if self.lexicon.contains(run.letters) or not self.lexicon.contains(run.letters[::-1]):
            return run.letters, run.cells
        return run.letters[::-1], run.cells[::-1]

    def _is_leg(self, run: Run, placement: dict[Coord, str]) -> bool:
        """3-D rule 7: the vertical word's bottom letter stands on the table touching no other piece there."""
        bottom = min(run.cells, key=lambda c: c[2])
        if bottom[2] != 0:
            return False
        x, y, _height = bottom
        for n in ((x - 1, y, 0), (x + 1, y, 0), (x, y - 1, 0), (x, y + 1, 0)):
            if n in placement or n in self.board:
                return False
        return True

    def _check_joiner(self, player: str, colour: str, word: str, axis: int, cells: list[Coord],
                      placement: dict[Coord, str], refused: Refusing = ()) -> None:
        if self.joiners_used[player][colour] >= JOINERS_PER_PLAYER:
            said = _(_JOINER_SAID[colour][0])
            raise JoinerLimit(said.format(player=player, most=JOINERS_PER_PLAYER), cells[0], *refused)
        if self.joiners_left(colour) <= 0:
            said = _(_JOINER_SAID[colour][1])
            raise NoJoinersLeft(said.format(supply=self.joiner_supply, players=len(self.players)), cells[0], *refused)
        crossed = False
        for i, c in enumerate(cells):
            if c in placement:
                continue
            at_end_new = i in (0, len(cells) - 1)
            for other in range(3):
                if other == axis:
                    continue
                run = self.board.run_through(c, other)
                if len(run) < 2:
                    continue
                crossed = True
                if at_end_new or c in (run.cells[0], run.cells[-1]):
                    return
        said = _(_JOINER_SAID[colour][2 if crossed else 3])
        raise JoinerNotAtTurn(said.format(word=word), cells[0], *refused)


_AXIS_WORD = {0: "across", 1: "down", 2: "vertically"}
_JOINER_SAID = {
    "red": (N_("{player} has used {most} red Joiners already (at most {most} of each colour a player a game)"),
            N_("no red Joiners left: {supply} of each colour for {players} players are all used"),
            N_("a red Joiner makes a right-angle or T turn; {word} crosses through the middle of the word it joins"),
            N_("a red Joiner makes a right-angle or T turn joined on a matching letter; {word} shares no letter with "
               "a word on another axis")),
    "blue": (N_("{player} has used {most} blue Joiners already (at most {most} of each colour a player a game)"),
             N_("no blue Joiners left: {supply} of each colour for {players} players are all used"),
             N_("a blue Joiner makes a right-angle or T turn; {word} crosses through the middle of the word it "
                "joins"),
             N_("a blue Joiner makes a right-angle or T turn joined on a matching letter; {word} shares no letter "
                "with a word on another axis")),
}
"""The Joiner refusals, one message a colour so that a translation names the Joiner as the score pad prints it
(roter Verbinder, czerwone Łączniki), the colour inflected; the record's keyword (red, blue) is not a word of the
text language."""

_WAY = {UPRIGHT: N_("upright"), "upside-down": N_("upside down"), "turned-left": N_("turned a quarter to the left"),
        "turned-right": N_("turned a quarter to the right")}


def _fmt(c: Coord) -> str:
    return ",".join(str(v) for v in c)
