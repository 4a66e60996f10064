"""A crossword game record replayed by the rules (docs/crossword.md, "Rulings"): every turn played in order.

The record's reader is ``kitgen.games.crossword.formats.record``; this module holds the record's typed form
and its replay, so a refusal carries the record's line and column.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kitgen.core.errors import Location
from kitgen.core.grid import Grid
from kitgen.core.text import Line
from kitgen.games.crossword.rules.game import CrosswordGame, IllegalEntry, Spots

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
    player_col: int = 0
    """Where the player's name starts, as the reader found it (0: found again from the line, for a turn built by
    hand); kept so that ``spots``, asked for every turn replayed, does not split the line into tokens again. The
    ``Spots`` are the line's columns, each ``Location`` built only for a refusal."""

    @property
    def spots(self) -> Spots:
        """Where the turn's player, light and word were written (a pass's light is its player)."""
        player = self.player_col or self.line.tokens()[0].col
        return Spots.on_line(self.line.where, player, self.light_col or player, self.word_col or player)


@dataclass
class Record:
    """A parsed record: its name, the blank pattern, the players in turn order and the turns."""

    name: str
    grid: Grid
    players: list[str]
    turns: list[Turn] = field(default_factory=list)
    pattern_where: Location | None = None


@dataclass(frozen=True)
class Replay:
    """A replayed record, whole up to its first broken turn: the game, each move with its record line, optional
    hints, and the refusal that stopped it (``broken``). Its ``to_json()`` is the ``kitgen verify crossword
    --json`` document (docs/crossword.md, "JSON contract"): the same keys whether a turn broke a rule or not."""

    record: Record
    game: CrosswordGame
    lines: list[int]
    hints: list[list[tuple[int, str, str]]] | None = None
    broken: IllegalEntry | None = None

    def to_json(self) -> dict[str, Any]:
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
    """Play every turn of ``record`` up to the first the rules refuse (``Replay.broken``, raised at the turn's
    line and column); a malformed turn (an unknown player or light) is an ``InputError`` there.

    ``hints`` > 0 records, before each turn, the best ``hints`` legal entries, drawn from ``proposals`` (the
    lexicon without the classroom-safe list, docs/languages.md) when given, else from ``lexicon``.
    """
    game = CrosswordGame(record.grid, tuple(record.players), lexicon, ink, pattern_where=record.pattern_where)
    lines: list[int] = []
    hinted = proposals if proposals is not None else lexicon
    shown: list[list[tuple[int, str, str]]] | None = [] if hints else None
    from kitgen.games.crossword.rules.fill import FillIndex

    index = FillIndex(hinted) if hints and hinted is not None else None
    for turn in record.turns:
        if shown is not None:
            from kitgen.games.crossword.rules.moves import best, legal_entries

            shown.append(best(legal_entries(game, hinted), hinted, hints, game, index) if hinted is not None else [])
        try:
            if turn.light is None:
                game.pass_turn(turn.player, turn.spots)
            else:
                game.play(turn.light, turn.word, turn.player, turn.spots)
        except IllegalEntry as broken:
            return Replay(record, game, lines, shown, broken)
        lines.append(turn.line.number)
    game.close()
    return Replay(record, game, lines, shown)
