"""A crossword game record replayed by the rules (docs/crossword.md, "Rulings"): every turn played in order.

The record's reader is ``kitgen.games.crossword.formats.record``; this module holds the record's typed form
and its replay, so a refusal carries the record's line and column.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kitgen.core.errors import InputError, KitgenError, Location
from kitgen.core.grid import Grid
from kitgen.core.text import Line
from kitgen.games.crossword.rules.game import BadEntry, CrosswordGame, IllegalEntry, UnknownLight, UnknownPlayer

if TYPE_CHECKING:
    from kitgen.core.lexicon import Lexicon


@dataclass(frozen=True)
class Turn:
    """One turn line: who, which light (``None`` for a pass), what word, and where each part is."""

    line: Line
    player: str
    light: str | None = None
    word: str = ""
    light_col: int = 0
    word_col: int = 0


@dataclass
class Record:
    """A parsed record: its name, the blank pattern, the players in turn order and the turns."""

    name: str
    grid: Grid
    players: list[str]
    turns: list[Turn] = field(default_factory=list)
    pattern_where: Location | None = None


@dataclass
class Replay:
    """A replayed record: the final game, each move with its record line, and optional hints."""

    record: Record
    game: CrosswordGame
    lines: list[int]
    hints: list[list[tuple[int, str, str]]] | None = None

    def as_json(self) -> dict[str, Any]:
        result = self.game.result()
        moves = []
        for k, (move, number) in enumerate(zip(self.game.moves, self.lines, strict=False)):
            item = move.as_json()
            item["line"] = number
            if self.hints is not None:
                item["best"] = [{"light": n, "word": w, "score": s} for s, n, w in self.hints[k]]
            moves.append(item)
        return {
            "players": list(self.game.players),
            "scores": result.scores,
            "winner": result.winner,
            "tied": result.tied,
            "finished": result.finished,
            "bonus": {"player": result.bonus_player, "points": 10} if result.bonus_player else None,
            "moves": moves,
        }


def replay(record: Record, lexicon: Lexicon | None, ink: bool = False, hints: int = 0,
           proposals: Lexicon | None = None) -> Replay:
    """Play every turn of ``record``; errors carry the record's line and column.

    ``hints`` > 0 records, before each turn, the best ``hints`` legal entries, drawn from ``proposals`` (the
    lexicon without the classroom-safe list, docs/languages.md) when given, else from ``lexicon``.
    """
    try:
        game = CrosswordGame(record.grid, tuple(record.players), lexicon, ink)
    except InputError as exc:  # a pattern with no light: point at the pattern: line
        exc.where = exc.where or record.pattern_where
        raise
    done = Replay(record, game, [], [] if hints else None)
    from kitgen.games.crossword.rules.fill import FillIndex

    hinting = proposals if proposals is not None else lexicon
    index = FillIndex(hinting) if hints and hinting is not None else None
    for turn in record.turns:
        if hints and done.hints is not None:
            from kitgen.games.crossword.rules.moves import best, legal_entries

            hinted = proposals if proposals is not None else lexicon
            done.hints.append(best(legal_entries(game, hinted), hinted, hints, game, index)
                              if hinted is not None else [])
        try:
            if turn.light is None:
                game.pass_turn(turn.player)
            else:
                game.play(turn.light, turn.word, turn.player)
        except KitgenError as exc:
            col = _column(exc, turn)
            exc.where = turn.line.where(col)  # type: ignore[attr-defined]
            raise
        done.lines.append(turn.line.number)
    game.close()
    return done


def _column(exc: Exception, turn: Turn) -> int:
    """Which part of the turn line an error points at."""
    player_col = turn.line.tokens()[0].col
    if isinstance(exc, UnknownPlayer):
        return player_col
    if isinstance(exc, UnknownLight):
        return turn.light_col
    if isinstance(exc, BadEntry):
        return turn.word_col
    if isinstance(exc, IllegalEntry):
        if exc.reason in ("out-of-turn", "game-over"):
            return player_col
        if exc.reason in ("wrong-length", "letter-clash", "not-in-lexicon"):
            return turn.word_col
        return turn.light_col or player_col
    return player_col
