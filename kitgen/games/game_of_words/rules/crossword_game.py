"""The Crossword Game (seed ``game-of-words-1938.txt``, section 1): one hand and a game to a target.

Rules enforced (each raises a named ``IllegalPlay``, a ``RuleBroken`` carrying its rule's ``Code``, the offending
play and, in a replay, where the turn was typed):

* 2-7 players with one pack, ten cards each for 2-4, seven for 5-7 (the deal:
  ``deals.deal_crossword``). Play goes to the left of the dealer.
* The first player lays down one word of two to four letters ("by mutual
  agreement ... the limit may be raised": ``first_limit``). Only that first
  play starts a word from nothing; every later play must join the letters on
  the table crossword-style, all its new letters in one line with no gap
  except letters already there; nothing on the table is moved.
* Letters may be added to either end of a word (BEAM -> BEAMING, EAR -> NEAR
  or EARN).
* The plural rule (docs/game-of-words.md, rulings 5, 6 and 10): "He could
  not simply add S to form a plural. Plurals may be used only when, by adding
  or using an S or ES, an entirely new word is formed." A play that only adds
  S or ES to words on the table, each new word being the plural of the word
  it extends (MOOR + S = MOORS, BOX + ES), is refused at once; NEW + S = NEWS
  is no plural of NEW and stands. Using an S in an entirely new word is fine
  (MOOR + S with EAL: SEAL). A fresh plural (MAPS laid across an A, a plural
  as the word-forms data says) is a fault a challenge finds, unless its S also
  spells a word of the same play that is no plural (SEAL). The Free-for-All
  variation (``free_for_all``) allows plurals and proper nouns (``names``).
* A player unable to form a word discards one card on the face-up pile, then
  takes the card previously exposed or the top of the blind pile, and his turn
  ends. An exhausted blind pile is renewed from the discards (shuffled with
  ``SeededRandom(seed, "game-of-words-reshuffle")``), its top card turned up.
* Sub Cards stand for any letter; once played the letter they represent is
  fixed on the table (the board holds that letter, and the cell stays marked).
* Challenges: words are checked only when challenged. If the challenged play
  formed a word that is not acceptable, its player takes his cards back and
  the play is undone (his turn was spent); if every word stands, the
  challenger is charged 10 points.
* A hand ends when a player has played out all his cards: every other player
  adds the corner values of the cards left in his hand. The game ends when a
  score reaches the target (50 by default); the LOW score wins.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kitgen.core.board import BadPlacement, Board, Coord, Run, placement_along
from kitgen.core.errors import Location, RuleBroken
from kitgen.core.i18n import _, ngettext
from kitgen.core.lexicon import Lexicon
from kitgen.core.random import SeededRandom
from kitgen.games.game_of_words.rules.common import Code, InRecord, is_plural, is_word, plural_made

WILD = "*"
CHALLENGE_PENALTY = 10
DEFAULT_TARGET = 50

Cell = Coord


class IllegalPlay(RuleBroken):
    """A play, discard or challenge the rules refuse: ``code`` the rule (``Code``), ``message`` why, ``offending``
    what was tried (the letters laid, the word, the card), ``where`` where the turn was typed (a replay's
    ``Hand.at``), given where it is raised."""

    code: Code

    def __init__(self, code: Code, message: str, play: object = None, where: Location | None = None) -> None:
        super().__init__(message, where, play)
        self.code = code


def bare_plural(lexicon: Lexicon, words: Sequence[Run], placement: Mapping[Cell, str]) -> bool:
    """Every word formed is a word already on the table with only S or ES added at its end, making its
    plural (MOOR -> MOORS; not NEW -> NEWS, which is no plural of NEW): refused at once (ruling 10)."""
    for run in words:
        new = [i for i, c in enumerate(run.cells) if c in placement]
        old_len = len(run) - len(new)
        tail = run.word[old_len:]
        if not (old_len >= 2 and new == list(range(old_len, len(run))) and tail in ("S", "ES")
                and plural_made(lexicon, run.word[:old_len], run.word)):
            return False
    return True


def fresh_plurals(lexicon: Lexicon, words: Sequence[Run], acceptable: Callable[[str], bool]) -> list[str]:
    """The plurals among ``words`` (the words one play formed) that no entirely new word redeems (ruling 10):
    a word formed is a plural (ruling 5) and its last letter, the S, is in no other word of the play that is
    ``acceptable`` and no plural (MOORS is redeemed by SEAL in Diagram 1)."""
    found = []
    for run in words:
        if not is_plural(lexicon, run.word):
            continue
        redeemed = any(other is not run and run.cells[-1] in other.cells and acceptable(other.word)
                       and not is_plural(lexicon, other.word) for other in words)
        if not redeemed:
            found.append(run.word)
    return found


@dataclass
class Play:
    """A play made: who, the letters laid (cell -> letter), which of them are Sub Cards, the words formed."""

    player: int
    placement: dict[Cell, str]
    wild_cells: frozenset[Cell]
    words: list[Run]
    cards: list[str]


@dataclass
class Hand:
    """One hand of the Crossword Game, from the deal to a player going out."""

    hands: list[list[str]]
    blind: list[str]
    turned: list[str]
    lexicon: Lexicon
    values: Mapping[str, int]
    first: int = 0
    first_limit: int = 4
    free_for_all: bool = False
    names: frozenset[str] = frozenset()
    """Proper nouns (fitting forms) the Free-for-All accepts besides the lexicon's words."""
    seed: int = 0
    board: Board = field(default_factory=lambda: Board(2))
    wild_cells: set[Cell] = field(default_factory=set)
    turn: int = -1
    plays: list[Play] = field(default_factory=list)
    penalties: list[int] = field(default_factory=list)
    out: int | None = None
    _reshuffles: int = 0
    at: Location | None = None
    """Where the turn being played was typed (a replay's): its refusal is raised there."""

    def __post_init__(self) -> None:
        if self.turn < 0:
            self.turn = self.first
        if not self.penalties:
            self.penalties = [0] * len(self.hands)

    @property
    def players(self) -> int:
        return len(self.hands)

    def _refused(self, code: Code, message: str, play: object = None) -> IllegalPlay:
        """The refusal of the turn being played, where it was typed."""
        return IllegalPlay(code, message, play, self.at)

    def _check_turn(self, player: int) -> None:
        if self.out is not None:
            raise self._refused(Code.HAND_OVER, _("the hand is over: player {player} is out").format(
                player=self.out + 1))
        if player != self.turn:
            raise self._refused(Code.NOT_YOUR_TURN, _("it is player {player}'s turn, not player {other}'s").format(
                player=self.turn + 1, other=player + 1))

    def _next(self) -> None:
        self.turn = (self.turn + 1) % self.players

    def _take_cards(self, player: int, placement: Mapping[Cell, str], wild_cells: frozenset[Cell]) -> list[str]:
        hand = list(self.hands[player])
        used = []
        for cell, letter in sorted(placement.items()):
            card = WILD if cell in wild_cells else letter
            if card not in hand:
                what = _("Sub Card") if card == WILD else letter
                raise self._refused(Code.CARD_NOT_HELD, _("player {player} holds no {card} to play").format(
                    player=player + 1, card=what), placement)
            hand.remove(card)
            used.append(card)
        self.hands[player] = hand
        return used

    def play(self, player: int, placement: Mapping[Cell, str], wild_cells: frozenset[Cell] | set[Cell] = frozenset()
             ) -> Play:
        """Lay letters from ``player``'s hand; ``wild_cells`` are the cells where Sub Cards go."""
        self._check_turn(player)
        placement = {tuple(c): ch.upper() for c, ch in placement.items()}
        wild_cells = frozenset(wild_cells)
        if not placement:
            raise self._refused(Code.NO_LETTERS, _("no letters placed"))
        if not wild_cells <= set(placement):
            raise self._refused(Code.SUB_CARD_CELL, _("a Sub Card must be one of the cells placed"), placement)
        try:
            axis = self.board.line_axis(placement)
        except BadPlacement as exc:
            raise self._refused(Code.BAD_PLACEMENT, str(exc), placement) from None
        if axis is None:
            raise self._refused(Code.NOT_IN_LINE, _("the letters must lie in one line with no gaps (crossword style)"),
                                placement)
        if len(self.board) == 0:
            if player != self.first:
                raise self._refused(Code.FIRST_PLAYER, _("only the first player may start a word"), placement)
            if not 2 <= len(placement) <= self.first_limit:
                raise self._refused(Code.FIRST_WORD_LENGTH, _("the first word has two to {most} letters").format(
                    most=self.first_limit),
                                    placement)
        elif not self.board.joins(placement):
            raise self._refused(Code.NOT_JOINED, _("every play after the first must join the words on the table"),
                                placement)
        words = self.board.words_formed(placement)
        if not words:
            raise self._refused(Code.NO_WORD, _("the letters form no word"), placement)
        if not self.free_for_all and bare_plural(self.lexicon, words, placement):
            raise self._refused(Code.BARE_PLURAL, _("adding S or ES only to make a plural is not allowed"), placement)
        cards = self._take_cards(player, placement, wild_cells)
        self.board.place(placement)
        self.wild_cells |= wild_cells
        made = Play(player, dict(placement), wild_cells, words, cards)
        self.plays.append(made)
        if not self.hands[player]:
            self.out = player
        else:
            self._next()
        return made

    def acceptable(self, word: str) -> bool:
        """A word that stands when challenged: in the lexicon, or a proper noun in the Free-for-All."""
        return is_word(self.lexicon, word) or (self.free_for_all and word in self.names)

    def fresh_plurals(self, play: Play) -> list[str]:
        """The plurals ``play`` formed that no entirely new word redeems (none in the Free-for-All)."""
        return [] if self.free_for_all else fresh_plurals(self.lexicon, play.words, self.acceptable)

    def faults(self, play: Play) -> list[str]:
        """What a challenge of ``play`` finds: the words formed that are not acceptable, then fresh plurals."""
        return [r.word for r in play.words if not self.acceptable(r.word)] + self.fresh_plurals(play)

    def discard(self, player: int, card: str, take: str = "blind") -> str:
        """Discard ``card`` on the face-up pile, then take the card exposed before it or the blind pile's top."""
        self._check_turn(player)
        card = card.upper()
        if card not in self.hands[player]:
            raise self._refused(Code.CARD_NOT_HELD, _("player {player} holds no {card}").format(
                player=player + 1, card=card))
        if take not in ("turned", "blind"):
            said = _("take the card previously exposed ({turned}) or the blind pile's top ({blind})")
            raise self._refused(Code.BAD_TAKE, said.format(turned="'turned'", blind="'blind'"))
        if take == "turned" and not self.turned:
            raise self._refused(Code.NOTHING_EXPOSED, _("no card is exposed to take"))
        self.hands[player].remove(card)
        if take == "turned":
            exposed = self.turned.pop()
            self.turned.append(card)
            self.hands[player].append(exposed)
        else:
            self.turned.append(card)
            if not self.blind:
                self._renew_blind()
            self.hands[player].append(self.blind.pop(0))
        self._next()
        return self.hands[player][-1]

    def _renew_blind(self) -> None:
        """The blind pile is used up: shuffle the discards into a new one, its top card turned up."""
        pile = list(self.turned)
        rng = SeededRandom(self.seed, f"game-of-words-reshuffle-{self._reshuffles}")
        self._reshuffles += 1
        rng.shuffle(pile)
        if len(pile) < 2:
            raise self._refused(Code.BLIND_EMPTY, _("too few discards to renew the blind pile"))
        self.turned = [pile.pop(0)]
        self.blind = pile

    def challenge(self, challenger: int) -> bool:
        """Challenge the last play; True if it is upheld (the play is undone), False if the challenger pays 10."""
        if not self.plays:
            raise self._refused(Code.NOTHING_TO_CHALLENGE, _("there is no play to challenge"))
        last = self.plays[-1]
        if challenger == last.player:
            raise self._refused(Code.OWN_PLAY, _("a player cannot challenge his own play"))
        if not self.faults(last):
            self.penalties[challenger] += CHALLENGE_PENALTY
            return False
        self.board.remove(last.placement)
        self.wild_cells -= last.wild_cells
        self.hands[last.player].extend(last.cards)
        self.plays.pop()
        if self.out == last.player:
            self.out = None
            self.turn = (last.player + 1) % self.players
        return True

    def hand_scores(self) -> list[int]:
        """Points charged to each player for this hand: the values of the cards still held, plus penalties."""
        return [sum(self.values[c] for c in hand) + pen for hand, pen in zip(self.hands, self.penalties, strict=True)]


@dataclass
class Match:
    """A game of several hands to a target score; the LOW score wins."""

    players: int
    target: int = DEFAULT_TARGET
    scores: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.scores:
            self.scores = [0] * self.players

    def add_hand(self, hand_scores: list[int]) -> None:
        if self.over:
            raise IllegalPlay(Code.GAME_OVER, _("the game is over"))
        if len(hand_scores) != self.players:
            raise IllegalPlay(Code.ONE_SCORE_EACH, _("one score a player"))
        self.scores = [a + b for a, b in zip(self.scores, hand_scores, strict=True)]

    @property
    def over(self) -> bool:
        return max(self.scores) >= self.target

    def winners(self) -> list[int]:
        """The players with the low score (ties share the win), once the game is over."""
        low = min(self.scores)
        return [i for i, s in enumerate(self.scores) if s == low]


def placement_for(board: Board, word: str, x: int, y: int, across: bool, wild: tuple[int, ...] = (),
                  where: Location | None = None) -> tuple[dict[Cell, str], set[Cell]]:
    """The new letters needed to write ``word`` from (x, y), and the cells of its Sub Cards (``wild``: indexes).

    The word must be exactly the run the letters make along its line, with at least one new letter; a refusal
    (``IllegalPlay``, the word its offending input) is raised at ``where``, where the play was typed.
    """
    axis = 0 if across else 1
    try:
        placement = placement_along((x, y), axis, word.upper(), board)
    except BadPlacement as exc:
        raise IllegalPlay(Code.BAD_PLACEMENT, str(exc), word, where) from None
    if not placement:
        raise IllegalPlay(Code.NOTHING_NEW, _("{word} is already on the table: a play adds at least one letter").format(
            word=word),
                          word, where)
    cells = [(x + i, y) if across else (x, y + i) for i in range(len(word))]
    wild_cells: set[Cell] = set()
    for i in wild:
        if cells[i] not in placement:
            raise IllegalPlay(Code.SUB_CARD_NOT_NEW,
                              _("the {letter} at {cell} is already on the table, not a new Sub Card").format(
                                  letter=word[i], cell=cells[i]), word,
                              where)
        wild_cells.add(cells[i])
    run = board.run_through(cells[0], axis, placement)
    if run.word != word.upper():
        raise IllegalPlay(Code.WRONG_RUN, _("the letters make {made} along the line, not {word}").format(
            made=run.word, word=word.upper()),
                          word,
                          where)
    return placement, wild_cells


# -- a hand typed back in, replayed -------------------------------------------------------

@dataclass(frozen=True)
class Turn(InRecord):
    """One turn of a typed-back hand: who (seat from 0), what (``play``, ``discard``, ``challenge``), its details.

    ``line`` and ``col`` say where it was typed, in the record ``file`` (for located problems).
    """

    player: int
    kind: str
    line: int
    col: int
    word: str = ""
    wild: tuple[int, ...] = ()
    x: int = 0
    y: int = 0
    across: bool = True
    card: str = ""
    take: str = ""
    file: str = field(default="", compare=False)


@dataclass(frozen=True)
class StandingPlay:
    """A play that stands at the end of the replay: who (seat from 1), the words it formed, cards laid."""

    player: int
    words: tuple[str, ...]
    cards: int
    plurals: tuple[str, ...] = ()
    """The fresh plurals among ``words`` (a challenge would have found them)."""

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "words": list(self.words), "cards": self.cards}


@dataclass(frozen=True)
class Challenge:
    """A challenge made (challenger's seat from 1) and whether it was upheld."""

    challenger: int
    upheld: bool

    def to_json(self) -> dict[str, Any]:
        return {"challenger": self.challenger, "upheld": self.upheld}


@dataclass(frozen=True)
class HandReplay:
    """A hand replayed to its last turn: the plays that stand, the challenges, who is out, the charges."""

    players: int
    plays: tuple[StandingPlay, ...]
    challenges: tuple[Challenge, ...]
    out: int | None
    """The seat (from 1) of the player who went out, ``None`` while nobody has."""
    scores: tuple[int, ...] | None
    penalties: tuple[int, ...]
    doubtful: tuple[str, ...]
    """Words that stand but are not in the lexicon: never challenged."""
    plurals: tuple[str, ...] = ()
    """Fresh plurals that stand: never challenged."""
    seed: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "out": self.out, "scores": None if self.scores is None else list(self.scores),
                "penalties": list(self.penalties), "plays": [p.to_json() for p in self.plays],
                "challenges": [c.to_json() for c in self.challenges], "unchallenged_non_words": list(self.doubtful),
                "unchallenged_plurals": list(self.plurals)}

    def lines(self, name: str) -> list[str]:
        """The report as ``kitgen verify crossword-hand`` prints it."""
        challenges = len(self.challenges)
        lines = [ngettext("{name}: {plays} plays stand, {n} challenge(s)",
                          "{name}: {plays} plays stand, {n} challenge(s)",
                          challenges).format(name=name, plays=len(self.plays), n=challenges)]
        if self.scores is not None:
            lines.append(_("player {player} is out; charged against each hand: {scores}").format(
                player=self.out, scores=", ".join(f"P{i + 1} {v}" for i, v in enumerate(self.scores))))
        else:
            lines.append(_("the hand is not over: nobody has played out"))
        if self.doubtful:
            lines.append(_("not in the lexicon but never challenged: {words}").format(words=", ".join(self.doubtful)))
        if self.plurals:
            lines.append(_("fresh plurals never challenged: {words}").format(words=", ".join(self.plurals)))
        return lines


def _take_turn(hand: Hand, turn: Turn, plays: list[StandingPlay], challenges: list[Challenge]) -> None:
    """Play one typed turn; a refusal (``IllegalPlay``) is raised where the turn was typed (``Hand.at``)."""
    hand.at = turn.where
    if turn.kind == "play":
        placement, wild = placement_for(hand.board, turn.word, turn.x, turn.y, turn.across, turn.wild, turn.where)
        made = hand.play(turn.player, placement, wild)
        plays.append(StandingPlay(turn.player + 1, tuple(r.word for r in made.words), len(made.cards),
                                  tuple(hand.fresh_plurals(made))))
    elif turn.kind == "discard":
        hand.discard(turn.player, turn.card, turn.take)
    else:
        upheld = hand.challenge(turn.player)
        challenges.append(Challenge(turn.player + 1, upheld))
        if upheld:
            plays.pop()


def replay_hand(hand: Hand, turns: Sequence[Turn]) -> tuple[HandReplay, IllegalPlay | None]:
    """Replay ``turns`` on a dealt ``hand`` up to the first turn the rules refuse: the hand as it stands then (the
    plays, challenges and charges so far) and that refusal (``IllegalPlay``, located at the turn where it was
    raised), or ``None`` when every turn keeps the rules."""
    plays: list[StandingPlay] = []
    challenges: list[Challenge] = []
    broken: IllegalPlay | None = None
    for turn in turns:
        try:
            _take_turn(hand, turn, plays, challenges)
        except IllegalPlay as exc:
            broken = exc
            break
    doubtful = sorted({w for p in plays for w in p.words if not hand.acceptable(w)})
    plurals = sorted({w for p in plays for w in p.plurals})
    return HandReplay(hand.players, tuple(plays), tuple(challenges), None if hand.out is None else hand.out + 1,
                      tuple(hand.hand_scores()) if hand.out is not None else None, tuple(hand.penalties),
                      tuple(doubtful), tuple(plurals), hand.seed), broken


# -- a game of several hands to a target ----------------------------------------------------

class IllegalHand(RuleBroken):
    """A hand that may not start (the one before is not over, or the game is), located at its ``hand N`` line: its
    ``code`` the rule (``Code``), ``offending`` the hand's index (from 0)."""

    code: Code

    def __init__(self, code: Code, message: str, index: int, where: Location | None = None) -> None:
        super().__init__(message, where, index)
        self.code = code
        self.index = index


@dataclass(frozen=True)
class GameReplay:
    """Hands replayed in order to a target score: each hand, the running totals, and the LOW winners once over."""

    hands: tuple[HandReplay, ...]
    target: int
    totals: tuple[int, ...]
    over: bool
    winners: tuple[int, ...]
    """Seats from 1 with the low score, once the game is over (ties share the win)."""
    broken: IllegalPlay | IllegalHand | None = None
    """The first turn (or hand) the rules refuse: the replay stops there, and ``hands`` holds the game up to it
    (the broken hand as it stood before the refused turn)."""

    def to_json(self) -> dict[str, Any]:
        """The last hand's keys (``out``, ``scores``, ``plays`` ...), then ``target``, ``totals``, ``game_over``,
        ``winners`` and ``hands`` (every hand's, with its ``seed``)."""
        last = self.hands[-1]
        return {**last.to_json(), "target": self.target, "totals": list(self.totals), "game_over": self.over,
                "winners": list(self.winners), "hands": [{"seed": h.seed, **h.to_json()} for h in self.hands]}

    def lines(self, name: str) -> list[str]:
        if len(self.hands) == 1:
            lines = self.hands[0].lines(name)
        else:
            lines = [_("{name}: {n} hands").format(name=name, n=len(self.hands))]
            for h in self.hands:
                lines += [_("hand {seed}: {line}").format(seed=h.seed, line=line) for line in h.lines(name)[1:]]
        totals = ", ".join(f"P{i + 1} {v}" for i, v in enumerate(self.totals))
        if self.broken is not None:
            lines.append(_("totals {totals} before the turn the rules refuse").format(totals=totals))
        elif self.over:
            lines.append(_("game over at {target}: {totals}; low score wins: {names}").format(
                target=self.target, totals=totals, names=_(" and ").join(f"P{w}" for w in self.winners)))
        else:
            lines.append(_("totals {totals} (the game goes on to {target})").format(totals=totals,
                                                                                    target=self.target))
        return lines


def replay_game(hands: Sequence[tuple[Hand, Sequence[Turn]]], target: int = DEFAULT_TARGET,
                starts: Sequence[Location | None] = ()) -> GameReplay:
    """Replay hands in order up to the first refusal (``GameReplay.broken``): a turn the rules refuse
    (``IllegalPlay``), or a hand that may not start (``IllegalHand``, at its place in ``starts``: the one before
    is not over, or a score has reached ``target``). The replay keeps the game up to it: the hands so far, the
    totals, no winner."""
    match = Match(hands[0][0].players, target)
    done: list[HandReplay] = []
    for index, (hand, turns) in enumerate(hands):
        refused = _may_not_start(index, match, done, starts[index] if index < len(starts) else None)
        if refused is not None:
            return GameReplay(tuple(done), target, tuple(match.scores), False, (), refused)
        replayed, broken = replay_hand(hand, turns)
        done.append(replayed)
        if broken is not None:
            return GameReplay(tuple(done), target, tuple(match.scores), False, (), broken)
        if replayed.scores is not None:
            match.add_hand(list(replayed.scores))
    winners = tuple(w + 1 for w in match.winners()) if match.over else ()
    return GameReplay(tuple(done), target, tuple(match.scores), match.over, winners)


def _may_not_start(index: int, match: Match, done: Sequence[HandReplay], where: Location | None) -> IllegalHand | None:
    """Why hand ``index`` (starting at ``where``) may not start, if it may not: the game is over, or the hand
    before is not."""
    if match.over:
        return IllegalHand(Code.GAME_OVER, _("the game is over: a score has reached {target}").format(
            target=match.target),
               index, where)
    if done and done[-1].scores is None:
        return IllegalHand(Code.HAND_NOT_OVER, _("the hand before is not over: nobody has played out"), index, where)
    return None
