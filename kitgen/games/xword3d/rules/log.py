"""A 3DXWORD game record and its replay: who plays first, then every turn under the rules (pure).

The record is what ``kitgen.games.xword3d.formats.log`` reads from a typed
game log (docs/3dxword.md); ``replay`` plays it through ``Game`` and names the
first rule broken (an ``IllegalPlay``, with its ``PlayCode``), raised at its log line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kitgen.core.board import Coord
from kitgen.core.errors import Location
from kitgen.core.i18n import _
from kitgen.core.text import Line
from kitgen.games.xword3d.rules.draw import first_player
from kitgen.games.xword3d.rules.game import (
    BALANCE_NOTE,
    UPRIGHT,
    Game,
    IllegalPlay,
    NotAWord,
    PlayCode,
    PlayResult,
    Spots,
)

if TYPE_CHECKING:
    from kitgen.core.lexicon import Lexicon


class WrongDraw(IllegalPlay):
    """A ``draw:`` line that is not for the players still drawing, or one too many (table rule 2)."""

    code = PlayCode.DRAW


class DrawTied(IllegalPlay):
    """The last ``draw:`` line ties: those players draw again (table rule 2)."""

    code = PlayCode.DRAW_TIE


@dataclass(frozen=True)
class Turn:
    """One turn line: a pass, or a play of WORD from START along DIRECTION with an optional Joiner, X piece, and
    the way its new letters stand (upright, upside down, or turned a quarter to the left or the right)."""

    line: Line
    player: str
    passed: bool = False
    word: str = ""
    start: tuple[int, int, int] = (0, 0, 0)
    direction: str = ""
    joiner: str | None = None
    x_piece: bool = False
    way: str = UPRIGHT
    exchanged: str = ""
    text: str = ""

    @property
    def upside_down(self) -> bool:
        return self.way == "upside-down"

    @property
    def where(self) -> Location:
        return self.line.where(1)

    @property
    def spots(self) -> Spots:
        """Where a refusal of this turn is raised: at its player (a turn out of order) or its word (or ``pass``),
        named ``ANN CAT`` (``ANN pass``)."""
        tokens = self.line.tokens()
        word = self.line.where(tokens[1].col) if len(tokens) > 1 else self.where
        return Spots(self.where, word, f"{self.player} {self.word or 'pass'}")


@dataclass(frozen=True)
class Draw:
    """A ``draw:`` line: the letter each player drew (nearest X plays first)."""

    line: Line
    letters: dict[str, str]


@dataclass
class Log:
    """A game log: its players in seating order, the version, the draws, the turns, the unused letters."""

    name: str
    players: list[str]
    version: str = "3d"
    draws: list[Draw] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)
    unused: dict[str, int] = field(default_factory=dict)
    version_given: bool = False
    """Whether a ``version:`` line set the version (it may come once)."""
    alphabet: str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    """The letters of the log's language, in order: what a draw is read in (nearest its X plays first)."""


@dataclass(frozen=True)
class Replay:
    """A log replayed, whole up to its first broken turn: each turn with its result, the totals before and after
    the deduction, and the refusal that stopped it (``broken``). Its ``to_json()`` is the ``kitgen verify 3dxword
    --json`` document (docs/3dxword.md): the same keys whether a play broke a rule or not."""

    log: Log
    first: str | None
    """The first player (``None`` when the draw itself breaks a rule)."""
    results: list[tuple[Turn, PlayResult]]
    scores: dict[str, int]
    final: dict[str, int]
    broken: IllegalPlay | None = None
    bricks: tuple[tuple[Coord, str, str], ...] = ()
    """Every brick on the table, in the order played: its cell, its letter and how the letter stands."""
    finished: bool = False
    """Whether the game ended: every player passed in turn (docs/3dxword.md, "The end")."""

    @property
    def winners(self) -> list[str]:
        if self.broken is not None:
            return []
        best = max(self.final.values())
        return [p for p, s in self.final.items() if s == best]

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": self.final,
            "plays": [r.as_json() for _, r in self.results],
            "points": self.scores,
            "unused": {p: self.log.unused.get(p, 0) for p in self.log.players},
            "winner": self.winners[0] if len(self.winners) == 1 else None,
            "first": self.first,
            "version": self.log.version,
            "finished": self.finished,
            "bricks": [{"at": list(cell), "letter": letter, "way": way} for cell, letter, way in self.bricks],
            "note": BALANCE_NOTE,
            "not_word": self.broken.word if isinstance(self.broken, NotAWord) else None,
        }


def _first(log: Log) -> str:
    """The first player: the draw's winner (a tie draws again on the next draw: line), else the first named."""
    if not log.draws:
        return log.players[0]
    drawing = list(log.players)
    for draw in log.draws:
        if sorted(draw.letters) != sorted(drawing):
            raise WrongDraw(_("this draw is for {players}: every one of them draws, and no one else").format(
                players=" ".join(drawing)), where=draw.line.where(1), offending=draw.line.text)
        result = first_player(draw.letters, log.alphabet)
        if result.winner is not None:
            if draw is not log.draws[-1]:
                extra = log.draws[log.draws.index(draw) + 1].line
                raise WrongDraw(_("{player} already won the draw; no further draw: line is needed").format(
                    player=result.winner), where=extra.where(1), offending=extra.text)
            return result.winner
        drawing = list(result.redraw)
    tied = drawing[0]
    for other in drawing[1:]:
        tied = _("{one} and {other}").format(one=tied, other=other)
    raise DrawTied(_("{players} are equally near X: they draw again (table rule 2)").format(players=tied),
                   where=log.draws[-1].line.where(1), offending=log.draws[-1].line.text)


def replay(log: Log, lexicon: Lexicon) -> Replay:
    """Replay every turn up to the first the rules refuse (``Replay.broken``, an ``IllegalPlay`` raised at its
    line); the unused letters are deducted from a game replayed to its end (whether or not the log records the
    round of passes that ends it: players may stop when they see no word left)."""
    try:
        first = _first(log)
    except IllegalPlay as broken:
        zeros = {p: 0 for p in log.players}
        return Replay(log, None, [], zeros, dict(zeros), broken)
    game = Game(list(log.players), lexicon, version=log.version, first=first)
    results: list[tuple[Turn, PlayResult]] = []
    for turn in log.turns:
        try:
            if turn.passed:
                result = game.pass_turn(turn.player, turn.spots)
            else:
                result = game.play(turn.player, turn.word, turn.start, turn.direction, turn.joiner, turn.spots,
                                   x_piece=turn.x_piece, way=turn.way)
        except IllegalPlay as refused:
            return Replay(log, first, results, dict(game.scores), dict(game.scores), refused, tuple(game.bricks()))
        results.append((turn, result))
    return Replay(log, first, results, dict(game.scores), game.final_scores(log.unused), None, tuple(game.bricks()),
                  game.over)
