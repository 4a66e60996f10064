"""An Anagrams game typed back in as a score-keeping record, replayed turn by turn (docs/game-of-words.md, ruling 16).

What a record shows and kitgen checks (seed section 6):

* turns go to the left in seat order, from the first player; a player who
  challenged wrongly loses his next turn (the one about to start, when he
  challenges before doing anything in his own turn);
* each turn the player holds one card (the one he drew at the end of his last
  turn; with the deal known, the card the deal gives him, else any card the
  pack still holds) and ends it by putting it in the centre, forming a word
  with it, or taking a word with it; words from the centre's letters alone,
  made first, do not end the turn;
* a word has three letters or more; a steal from an opponent may not only make
  the word plural or change its tense (ruling 12); no word twice before one
  player;
* a challenge of the last word: if the word is not in the lexicon, its letters
  go back where they came from and its maker's turn is over; if it is, the
  challenger loses his next turn;
* the game ends when the pack is gone through and every card has been played;
  each player's score is the corner values of the cards in his words, highest
  wins. Words never challenged that the lexicon lacks are listed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kitgen.core.i18n import gettext as _
from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.rules.anagrams import Anagrams, Word
from kitgen.games.game_of_words.rules.common import Code, InRecord, TurnBroken, is_word


@dataclass(frozen=True)
class AnagramsTurn(InRecord):
    """A line of the record: the player (seat from 0), the card he holds (``""`` for a move from the centre
    alone), and what he does: ``centre``, ``form`` (``new``), ``take`` (``owner``'s ``old`` into ``new``) or
    ``challenge``; where it was typed."""

    player: int
    action: str
    line: int
    col: int
    card: str = ""
    new: str = ""
    old: str = ""
    owner: int = 0
    file: str = field(default="", compare=False)
    """The record's name (its ``FILE`` in a ``FILE:LINE:COL``)."""


class AnagramsBroken(TurnBroken):
    """An Anagrams turn the rules refuse (ruling 16): its rule's code, why, the turn and where it was typed."""

    def __init__(self, code: Code, message: str, turn: AnagramsTurn) -> None:
        super().__init__(code, message, turn.where, turn)


@dataclass(frozen=True)
class AnagramsResult:
    """The game replayed: words before each player, the scores, whether the pack is played out, the winners."""

    words: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]
    over: bool
    winners: tuple[int, ...]
    challenges: tuple[tuple[int, bool], ...]
    doubtful: tuple[str, ...]

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        return {"players": list(names), "words": {n: list(w) for n, w in zip(names, self.words, strict=True)},
                "scores": dict(zip(names, self.scores, strict=True)), "over": self.over,
                "winners": [names[w] for w in self.winners],
                "challenges": [{"challenger": names[c], "upheld": u} for c, u in self.challenges],
                "unchallenged_non_words": list(self.doubtful)}


@dataclass
class _Last:
    """The last word made, to undo it if a challenge is upheld."""

    player: int
    made: Word
    taken: Word | None
    owner: int
    card: str | None
    centre: list[str]
    ended: bool


UNSEEN = "?"
"""A card drawn whose letter the record has not shown yet (the deal unknown)."""


@dataclass
class AnagramsGame:
    """The table, turn order and pack, as the record is replayed.

    With the deal known, ``pack`` is its order (each card drawn is checked);
    unknown, ``pack`` holds the cards not yet seen in any order and ``left``
    counts those not yet drawn: a card is checked against them when the record
    first shows it.
    """

    table: Anagrams
    pack: list[str]
    known: bool
    left: int = 0
    first: int = 0
    turn: int = -1
    skip: set[int] = field(default_factory=set)
    last: _Last | None = None
    challenges: list[tuple[int, bool]] = field(default_factory=list)
    acted: bool = False
    """Whether the player whose turn it is has made a word from the centre alone this turn."""

    def __post_init__(self) -> None:
        if self.turn < 0:
            self.turn = self.first

    @property
    def players(self) -> int:
        return self.table.players

    def _advance(self) -> None:
        """The turn passes left, past players who lost theirs."""
        self.acted = False
        for _step in range(2 * self.players):
            self.turn = (self.turn + 1) % self.players
            if self.turn in self.skip:
                self.skip.discard(self.turn)
                continue
            if self.table.holding[self.turn] is not None:
                return

    def _draw(self, player: int) -> None:
        if self.known:
            self.table.holding[player] = self.pack.pop(0) if self.pack else None
        else:
            self.table.holding[player] = UNSEEN if self.left else None
            self.left = max(0, self.left - 1)

    def _hold(self, turn: AnagramsTurn) -> None:
        """The card the player says he holds is the one he holds (or, the deal unknown, one the pack has)."""
        held = self.table.holding[turn.player]
        if held == UNSEEN and turn.card:
            if turn.card not in self.pack:
                raise AnagramsBroken(Code.CARD_NOT_IN_PACK, _("the pack has no {card} left").format(card=turn.card),
                                     turn)
            self.pack.remove(turn.card)
            self.table.holding[turn.player] = held = turn.card
        if turn.card and held != turn.card:
            said = _("{player} holds {held}, not {card}") if held else _("{player} holds no card, not {card}")
            raise AnagramsBroken(Code.CARD_NOT_HELD, said.format(player=self.table.who(turn.player), held=held,
                                                                 card=turn.card), turn)

    def play(self, turn: AnagramsTurn) -> None:
        """One line of the record (see the module docstring)."""
        if turn.action == "challenge":
            self._challenge(turn)
            return
        if turn.player != self.turn:
            raise AnagramsBroken(Code.NOT_YOUR_TURN, _("it is {player}'s turn").format(
                player=self.table.who(self.turn)), turn)
        if self.table.holding[turn.player] is None:
            raise AnagramsBroken(Code.NO_CARD, _("{player} holds no card: the pack is played out").format(
                player=self.table.who(turn.player)), turn)
        self._hold(turn)
        centre_before = list(self.table.centre)
        card = self.table.holding[turn.player]
        use = bool(turn.card)
        self.table.at = turn.where  # an IllegalAnagram of the table is raised at the turn
        made, taken = self._act(turn, use)
        if made is not None:
            self.last = _Last(turn.player, made, taken, turn.owner, card if use else None, centre_before, use)
        if use:
            self._draw(turn.player)
            self._advance()
        else:
            self.acted = True

    def _act(self, turn: AnagramsTurn, use: bool) -> tuple[Word | None, Word | None]:
        table = self.table
        if turn.action == "centre":
            table.place(turn.player)
            return None, None
        if turn.action == "form":
            return table.form(turn.player, turn.new, use_held=use), None
        owner_words = table.words[turn.owner]
        taken = next((w for w in owner_words if w.text == turn.old.upper()), None)
        return table.take(turn.player, turn.owner, turn.old, turn.new, use_held=use), taken

    def _challenge(self, turn: AnagramsTurn) -> None:
        last, challenger = self.last, turn.player
        if last is None:
            raise AnagramsBroken(Code.NOTHING_TO_CHALLENGE, _("there is no word to challenge"), turn)
        if challenger == last.player:
            raise AnagramsBroken(Code.OWN_WORD, _("a player cannot challenge his own word"), turn)
        self.last = None
        upheld = not is_word(self.table.lexicon, last.made.text)
        self.challenges.append((challenger, upheld))
        if not upheld:
            if self.turn == challenger and not self.acted:
                self._advance()  # his turn was about to start: it is the one he loses
            else:
                self.skip.add(challenger)
            return
        self._undo(last)

    def _undo(self, last: _Last) -> None:
        """An upheld challenge: the letters go back where they came from; the maker's turn is over."""
        table = self.table
        table.words[last.player].remove(last.made)
        if last.taken is not None:
            table.words[last.owner].append(last.taken)
        table.centre = last.centre
        if last.ended:
            drawn = table.holding[last.player]
            if drawn == UNSEEN or (drawn is None and not self.known):
                self.left += 1
            elif drawn is not None:
                self.pack.insert(0, drawn)
            table.holding[last.player] = last.card
        elif self.turn == last.player:
            self._advance()

    def result(self) -> AnagramsResult:
        table = self.table
        over = (not self.pack if self.known else not self.left) and all(h is None for h in table.holding)
        scores = table.scores()
        winners = tuple(i for i, s in enumerate(scores) if s == max(scores)) if over else ()
        doubtful = sorted({w.text for ws in table.words for w in ws if not is_word(table.lexicon, w.text)})
        return AnagramsResult(tuple(tuple(w.text for w in ws) for ws in table.words), tuple(scores), over, winners,
                              tuple(self.challenges), tuple(doubtful))


def new_game(players: int, lexicon: Lexicon, values: Mapping[str, int], pack: Sequence[str],
             holding: Sequence[str] | None, first: int, names: Sequence[str] = ()) -> AnagramsGame:
    """A game from the deal (``holding`` each player's first card, ``pack`` in order) or, unknown, from the
    pack's cards (``holding`` None: the record says who holds what); ``names`` the players' as the record gives
    them (refusals name them)."""
    table = Anagrams(players, lexicon, values, judge=False, names=tuple(names))
    if holding is not None:
        table.holding = list(holding)
        return AnagramsGame(table, list(pack), True, first=first)
    table.holding = [UNSEEN] * players
    return AnagramsGame(table, list(pack), False, left=len(pack) - players, first=first)


def replay_anagrams(game: AnagramsGame, turns: Sequence[AnagramsTurn]) -> AnagramsResult:
    """Replay the record; the first turn the rules refuse raises ``AnagramsBroken`` or, for the word it formed or
    took, the table's ``IllegalAnagram`` (both located at that turn)."""
    for turn in turns:
        game.play(turn)
    return game.result()

