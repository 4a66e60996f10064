"""The O-U-T Game kept on paper, replayed turn by turn (seed section 7; docs/game-of-words.md, ruling 17).

What a record shows and kitgen checks:

* turns go to the left, past players who are out; a player adds a letter or
  passes. With the deal (every card dealt one by one round the table, seat 1
  first, from the deal's shuffle) each letter must be in the player's cards;
  without it, no letter may be played more often than the pack holds it (a
  Sub Card, typed in lower case, stands for any letter);
* the letters in the centre must begin some word of nine or more letters: a
  letter that leads to none is a warning (in play only an ask catches it);
* a letter that makes the centre spell a word of nine or more letters
  completes it: its player gets the next penalty letter (O, U, then T: out);
* pointing out a play for the player who just passed (``NAME shows LETTER``):
  he must add it, if he holds it and it leads to a word, and the pointer gets
  an E; an E cancels a penalty letter, or one to come;
* asking the preceding player for his word (``NAME ask WORD``, or ``NAME ask
  -`` when he names none): a word of nine or more letters in the lexicon that
  begins with the centre's letters gives the asker a penalty letter, else the
  preceding player gets one; either way that word is over;
* when a word is over, the player to the left of the one who started it
  starts the next; the last player left in wins.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from kitgen.core.errors import Location
from kitgen.core.i18n import N_
from kitgen.core.i18n import gettext as _
from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.rules.common import Code, InRecord, TurnBroken, is_word, seat_name
from kitgen.games.game_of_words.rules.out_game import MIN_LENGTH, ScoreSheet, completes, legal_next

WILD = "*"


COMPLETED, NAMED, NO_WORD = N_("completed by {player}"), N_("{word} named by {player} when asked"), N_("no word")
"""How a word ended, as the verdict's JSON says it (in English, the contract; the check page shows it in its language:
kitgen/web/pages.py ``VERDICT_FORMS``)."""

@dataclass(frozen=True)
class OutTurn(InRecord):
    """A line: the player (seat from 0) and ``letter`` (``wild`` when played with a Sub Card), ``pass``,
    ``shows`` (``letter``) or ``ask`` (``word``, empty when none was named); where it was typed."""

    player: int
    action: str
    line: int
    col: int
    letter: str = ""
    wild: bool = False
    word: str = ""
    file: str = field(default="", compare=False)
    """The record's name (its ``FILE`` in a ``FILE:LINE:COL``)."""


class OutBroken(TurnBroken):
    """An O-U-T Game turn the rules refuse (ruling 17): its rule's code, why, the turn and where it was typed."""

    def __init__(self, code: Code, message: str, turn: OutTurn) -> None:
        super().__init__(code, message, turn.where, turn)


@dataclass
class OutGame:
    """The table as the record is replayed."""

    sheet: ScoreSheet
    lexicon: Lexicon
    hands: list[Counter[str]] | None
    """Each player's cards (the deal known), else None."""
    pack: Counter[str]
    starter: int = 0
    turn: int = 0
    centre: str = ""
    last: int | None = None
    passed: int | None = None
    words: list[tuple[str, str]] = field(default_factory=list)
    warnings: list[tuple[Location | None, str]] = field(default_factory=list)
    """Letters that lead to no long word (in play only an ask catches them): where each was typed, and why."""
    names: tuple[str, ...] = ()
    """The players' names as the record gives them (refusals and word ends name them), else "player N"."""

    def who(self, seat: int) -> str:
        return seat_name(self.names, seat)

    @property
    def players(self) -> int:
        return self.sheet.players

    def _left_of(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if not self.sheet.is_out(nxt):
                return nxt
        return seat

    def _end_word(self, how: str) -> None:
        self.words.append((self.centre, how))
        self.centre, self.last, self.passed = "", None, None
        self.starter = self._left_of(self.starter)
        self.turn = self.starter

    def _use_card(self, player: int, turn: OutTurn) -> None:
        letter, wild = turn.letter, turn.wild
        card = WILD if wild else letter
        if self.hands is not None:
            if self.hands[player][card] <= 0:
                raise OutBroken(Code.CARD_NOT_HELD, _("{player} holds no {card}").format(
                    player=self.who(player), card=_("Sub Card") if wild else letter),
                                turn)
            self.hands[player][card] -= 1
        elif self.pack[card] <= 0:
            raise OutBroken(Code.CARD_NOT_IN_PACK, _("the pack has no {card} left").format(
                card=_("Sub Card") if wild else letter),
                            turn)
        self.pack[card] -= 1

    def _add(self, player: int, turn: OutTurn) -> None:
        """``player`` adds the turn's letter (his own, or the one pointed out for him)."""
        self._use_card(player, turn)
        letter = turn.letter
        if not legal_next(self.lexicon, self.centre, letter):
            self.warnings.append((turn.where, _("no word of {least} or more letters begins {letters}").format(
                least=MIN_LENGTH, letters=self.centre + letter)))
        self.centre += letter
        self.last, self.passed = player, None
        if completes(self.lexicon, self.centre):
            self.sheet.penalty(player)
            self._end_word(COMPLETED.format(player=self.who(player)))
        else:
            self.turn = self._left_of(player)

    def play(self, turn: OutTurn) -> None:
        """One line of the record (see the module docstring)."""
        if self.sheet.winner() is not None:
            raise OutBroken(Code.GAME_OVER, _("the game is over: one player is left"), turn)
        if self.sheet.is_out(turn.player):
            raise OutBroken(Code.PLAYER_OUT, _("{player} is out of the game").format(player=self.who(turn.player)),
                            turn)
        if turn.action in ("letter", "pass") and turn.player != self.turn:
            raise OutBroken(Code.NOT_YOUR_TURN, _("it is {player}'s turn").format(player=self.who(self.turn)),
                            turn)
        if turn.action == "letter":
            self._add(turn.player, turn)
        elif turn.action == "pass":
            self.passed, self.turn = turn.player, self._left_of(turn.player)
        elif turn.action == "shows":
            self._shows(turn)
        else:
            self._ask(turn)

    def _shows(self, turn: OutTurn) -> None:
        passer = self.passed
        if passer is None:
            raise OutBroken(Code.NOBODY_PASSED, _("a play is pointed out for the player who just passed: nobody has"),
                            turn)
        if turn.player == passer:
            raise OutBroken(Code.OWN_PLAY, _("a player cannot point out his own play"), turn)
        if not legal_next(self.lexicon, self.centre, turn.letter):
            said = _("no word of {least} or more letters begins {letters}: the play pointed out is wrong")
            raise OutBroken(Code.NO_WORD, said.format(least=MIN_LENGTH, letters=self.centre + turn.letter), turn)
        self.sheet.excellence(turn.player)
        self._add(passer, turn)

    def _ask(self, turn: OutTurn) -> None:
        preceding = self.last
        if preceding is None or not self.centre:
            raise OutBroken(Code.NOTHING_TO_ASK, _("nobody has played a letter of this word to ask about"), turn)
        if turn.player == preceding:
            raise OutBroken(Code.OWN_WORD, _("a player cannot ask about his own letter"), turn)
        named = turn.word
        good = bool(named) and len(named) >= MIN_LENGTH and named.startswith(self.centre) and \
            is_word(self.lexicon, named)
        self.sheet.penalty(turn.player if good else preceding)
        self._end_word(NAMED.format(word=named or NO_WORD, player=self.who(preceding)))

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        winner = self.sheet.winner()
        return {"players": list(names), "sheets": {n: self.sheet.sheet(i) for i, n in enumerate(names)},
                "out": [n for i, n in enumerate(names) if self.sheet.is_out(i)],
                "winner": None if winner is None else names[winner],
                "words": [{"letters": w, "end": how} for w, how in self.words], "centre": self.centre,
                "next": names[self.turn]}


def replay_out(game: OutGame, turns: Sequence[OutTurn]) -> OutGame:
    """Replay the record; the first turn the rules refuse raises ``OutBroken`` (located at that turn)."""
    for turn in turns:
        game.play(turn)
    return game
