"""Anagrams (seed ``game-of-words-1938.txt``, section 6): forming, taking, and the final count.

Rules enforced:

1. A word has three or more letters and is acceptable (``common.is_word``).
2. A word is formed from letters in the centre, with or without the player's
   own card; a word using the player's card ends his turn, as does putting
   his card in the centre ("words ... using only the letters from the centre
   should be made first").
3. A word is taken (from another player, or changed from one's own) by adding
   at least one letter, the player's card or centre letters, and rearranging.
4. "Players may not take a word from an opponent simply by adding the letter S
   to make it plural, nor by adding D or ED to change a verb to another tense.
   However, a player may change his own word in either of the ways."
   Ruling (docs/game-of-words.md, rulings 5 and 12): a steal is refused when
   the new word is the plural of the old one or a past tense or participle
   of it, as the word-forms data says (EAT -> EATS is no plural but a verb
   form and stands; MAP -> MAPS, FOX -> FOXES, BAKE -> BAKED, TAKE -> TAKEN
   are refused); NEW -> NEWS and BAN -> BAND are new words and stand.
5. "No word may appear more than once in the group before any player."
6. At the end each player's score is the total corner value of the cards in
   his words; the highest score wins.

A Sub Card (``*``) in the centre or in hand may stand for any letter; the
word then names the letter it stands for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from kitgen.core.errors import Location
from kitgen.core.i18n import gettext as _
from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.rules.common import Code, TurnBroken, is_word, plural_made, seat_name, tense_changed

MIN_WORD = 3
WILD = "*"


class IllegalAnagram(TurnBroken):
    """A formation or steal the rules refuse, ``code`` the rule it breaks (a word too short, not a word, twice
    before a player, not in the centre, a steal that only makes a plural or a past...: docs/game-of-words.md,
    "JSON contract"), the word its ``offending``, raised where the turn that tried it was typed (the table's
    ``at``, set by a replay before each turn): the turn's refusal itself, as ``anagrams_replay.AnagramsBroken`` is
    for the turn's other rules."""

    code: Code

    def __init__(self, code: Code, reason: str, word: str = "", where: Location | None = None) -> None:
        super().__init__(code, reason, where, word or None)
        self.word = word


@dataclass
class Word:
    """A word before a player: its spelling and the cards it is made of (``*`` for a Sub Card)."""

    text: str
    cards: list[str]


def _cover(letters: str, available: list[str]) -> list[str] | None:
    """The cards from ``available`` spelling ``letters`` (wild cards fill gaps), or None."""
    pool = Counter(available)
    used = []
    for ch in letters:
        if pool[ch] > 0:
            pool[ch] -= 1
            used.append(ch)
        elif pool[WILD] > 0:
            pool[WILD] -= 1
            used.append(WILD)
        else:
            return None
    return used


def _check_steal(lexicon: Lexicon, old: str, new: str, where: Location | None) -> None:
    """A steal from an opponent may not only make the word plural or change its tense (rule 4)."""
    if plural_made(lexicon, old, new):
        said = _("{new} is the plural of {old}: a word may not be taken from an opponent by making it plural")
        raise IllegalAnagram(Code.PLURAL_STEAL, said.format(new=new, old=old), new, where)
    if tense_changed(lexicon, old, new):
        said = _("{new} is a past form of {old}: a word may not be taken from an opponent by changing its tense")
        raise IllegalAnagram(Code.TENSE_STEAL, said.format(new=new, old=old), new, where)


@dataclass
class Anagrams:
    """The table: centre letters, each player's words and the card he holds."""

    players: int
    lexicon: Lexicon
    values: Mapping[str, int]
    centre: list[str] = field(default_factory=list)
    words: list[list[Word]] = field(default_factory=list)
    holding: list[str | None] = field(default_factory=list)
    judge: bool = True
    """Refuse a word the lexicon lacks at once; ``False`` when only a challenge may (a typed-back record)."""
    at: Location | None = None
    """Where the turn being played was typed (a replay's): its refusal is raised there."""
    names: tuple[str, ...] = ()
    """The players' names as the record gives them (a refusal names a player so), else none: "player N"."""

    def __post_init__(self) -> None:
        if not self.words:
            self.words = [[] for _ in range(self.players)]
        if not self.holding:
            self.holding = [None] * self.players

    def who(self, player: int) -> str:
        """A player as a refusal names him: the record's name, else "player N" (seats from 1)."""
        return seat_name(self.names, player)

    def _refuse(self, code: Code, reason: str, word: str = "") -> IllegalAnagram:
        return IllegalAnagram(code, reason, word, self.at)

    def _check_new(self, player: int, word: str) -> None:
        """Rules 1 and 5 for a word made: three letters or more, a word (when the table judges), not twice."""
        if len(word) < MIN_WORD:
            raise self._refuse(Code.SHORT_WORD, _("{word} is too short: no words of less than three letters").format(
                word=word), word)
        if self.judge and not is_word(self.lexicon, word):
            raise self._refuse(Code.NOT_IN_LEXICON, _("{word} is not in the lexicon").format(word=word), word)
        if any(w.text == word for w in self.words[player]):
            raise self._refuse(Code.WORD_TWICE, _("{player} already has {word}: no word may appear twice before a "
                                                  "player").format(player=self.who(player), word=word), word)

    def place(self, player: int) -> None:
        """Put the held card in the centre (ends the turn)."""
        card = self.holding[player]
        if card is None:
            raise self._refuse(Code.NO_CARD, _("{player} holds no card").format(player=self.who(player)))
        self.centre.append(card)
        self.holding[player] = None

    def _take(self, player: int, cards: list[str], held: str | None) -> None:
        """Take a word's cards: the held card (when used) from the player's hand, the rest from the centre."""
        rest = list(cards)
        if held is not None:
            rest.remove(held)
            self.holding[player] = None
        for c in rest:
            self.centre.remove(c)

    def form(self, player: int, word: str, use_held: bool = False) -> Word:
        """Form ``word`` from the centre (and the held card when ``use_held``)."""
        word = word.upper()
        self._check_new(player, word)
        held = self.holding[player]
        if use_held and held is None:
            raise self._refuse(Code.NO_CARD, _("{player} holds no card").format(player=self.who(player)), word)
        pool = self.centre + ([held] if use_held and held is not None else [])
        cards = _cover(word, pool)
        if cards is None:
            raise self._refuse(Code.NOT_IN_CENTRE, _("the letters of {word} are not in the centre").format(word=word),
                               word)
        if use_held and held not in cards:
            raise self._refuse(Code.CARD_NOT_USED, _("{word} does not use the held card {held}").format(
                word=word, held=held), word)
        self._take(player, cards, held if use_held else None)
        made = Word(word, cards)
        self.words[player].append(made)
        return made

    def _added(self, player: int, old: str, new: str, use_held: bool) -> list[str]:
        """The cards that take ``old`` into ``new`` (rule 3): ``new`` holds every letter of ``old`` and more, the
        letters added from the centre or the held card."""
        if len(new) <= len(old) or (Counter(old) - Counter(new)).total():
            raise self._refuse(Code.NOTHING_ADDED, _("{new} must hold every letter of {old} and more").format(
                new=new, old=old), new)
        extra = "".join((Counter(new) - Counter(old)).elements())
        held = self.holding[player]
        if use_held and held is None:
            raise self._refuse(Code.NO_CARD, _("{player} holds no card").format(player=self.who(player)), new)
        cards = _cover(extra, self.centre + ([held] if use_held and held is not None else []))
        if cards is None:
            raise self._refuse(Code.ADDED_NOT_IN_CENTRE, _("the added letters {extra} are not available").format(
                extra=extra), new)
        if use_held and held not in cards:
            raise self._refuse(Code.CARD_NOT_USED, _("{word} does not use the held card {held}").format(
                word=new, held=held), new)
        return cards

    def take(self, player: int, owner: int, old: str, new: str, use_held: bool = False) -> Word:
        """Take ``old`` from ``owner`` (or change one's own) into ``new`` by adding letters."""
        old, new = old.upper(), new.upper()
        target = next((w for w in self.words[owner] if w.text == old), None)
        if target is None:
            raise self._refuse(Code.NO_SUCH_WORD, _("{player} has no word {word}").format(
                player=self.who(owner), word=old), old)
        if owner != player:
            _check_steal(self.lexicon, old, new, self.at)
        self._check_new(player, new)
        cards = self._added(player, old, new, use_held)
        self._take(player, cards, self.holding[player] if use_held else None)
        self.words[owner].remove(target)
        made = Word(new, target.cards + cards)
        self.words[player].append(made)
        return made

    def scores(self) -> list[int]:
        """The total corner value of each player's cards; the highest wins."""
        return [sum(self.values[c] for w in ws for c in w.cards) for ws in self.words]

    def winners(self) -> list[int]:
        s = self.scores()
        return [i for i, v in enumerate(s) if v == max(s)]
