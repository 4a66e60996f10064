"""The computer's turn in the Crossword game (docs/crossword.md, ruling 9): an entry from the move generator.

The move generator (``moves.legal_entries``) lists the open lights best score first; in each light the
computer would write the commonest legal word (as the hints rank them, ``moves.best``). The level
picks how far down that list it may look: level 5 always plays the best-scoring light, level 4 one
of the best 2 lights, level 3 of the best 4, level 2 of the best 8, level 1 any light that takes a
word. Which one is drawn from the seeded generator, seeded by the number of turns played, so the
same game at the same level always gets the same reply. With no legal entry the computer passes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kitgen.core.i18n import gettext
from kitgen.core.random import SeededRandom
from kitgen.games.crossword.rules.game import CrosswordGame, GameOver
from kitgen.games.crossword.rules.moves import best, legal_entries

if TYPE_CHECKING:
    from kitgen.core.lexicon import Lexicon
    from kitgen.games.crossword.rules.record import Record

LEVELS = (1, 5)
LIGHTS_AT_LEVEL = {5: 1, 4: 2, 3: 4, 2: 8, 1: 0}
"""How many of the best lights the computer chooses among at each level (0: every light)."""


@dataclass(frozen=True)
class Reply:
    """The computer's turn: who plays, the light and word (None for a pass), and what it scores."""

    player: str
    light: str | None
    word: str
    score: int

    @property
    def line(self) -> str:
        """The turn as the record holds it: ``BOB 5A CAT``, ``BOB 1A TAKE HEART`` or ``BOB pass``."""
        return f"{self.player} {self.light} {self.word}" if self.light else f"{self.player} pass"

    def as_json(self) -> dict[str, object]:
        return {"player": self.player, "line": self.line, "light": self.light, "word": self.word or None,
                "score": self.score}


def position(record: Record, lexicon: Lexicon) -> CrosswordGame:
    """The game after every turn of ``record`` (not closed: play goes on). A broken turn raises its refusal."""
    game = CrosswordGame(record.grid, tuple(record.players), lexicon, pattern_where=record.pattern_where)
    for turn in record.turns:
        if turn.light is None:
            game.pass_turn(turn.player, turn.spots)
        else:
            game.play(turn.light, turn.word, turn.player, turn.spots)
    return game


def reply(game: CrosswordGame, lexicon: Lexicon, level: int) -> Reply:
    """The computer's entry for the player to play, at ``level`` (1 to 5, see the module docstring)."""
    if game.finished:
        raise GameOver(gettext("the game is over: every player has passed in succession"))
    options = legal_entries(game, lexicon)
    pool = LIGHTS_AT_LEVEL[level] or len(options)
    options = options[:pool]
    player = game.to_play
    if not options:
        return Reply(player, None, "", 0)
    picked = options[SeededRandom(len(game.moves), "crossword-opponent").below(len(options))]
    chosen = best([picked], lexicon, 1)
    if not chosen:
        return Reply(player, None, "", 0)
    score, light, word = chosen[0]
    return Reply(player, light, lexicon.display(word).upper(), score)
