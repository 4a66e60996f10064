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
from kitgen.games.game_of_words.rules.common import Code, TurnBroken, is_word, plural_made, tense_changed

MIN_WORD = 3
WILD = "*"


class IllegalAnagram(TurnBroken):
    """A formation or steal the rules refuse (``Code.ILLEGAL_WORD``), the word its ``offending``, raised where the
    turn that tried it was typed (the table's ``at``, set by a replay before each turn): the turn's refusal
    itself, as ``anagrams_replay.AnagramsBroken`` is for the turn's other rules."""

    code: Code

    def __init__(self, reason: str, word: str = "", where: Location | None = None) -> None:
        super().__init__(Code.ILLEGAL_WORD, reason, where, word or None)
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
        raise IllegalAnagram(_("{new} is the plural of {old}: a word may not be taken from an opponent by making it "
                               "plural").format(new=new, old=old), new, where)
    if tense_changed(lexicon, old, new):
        raise IllegalAnagram(_("{new} is a past form of {old}: a word may not be taken from an opponent by changing "
                               "its tense").format(new=new, old=old), new, where)


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

    def __post_init__(self) -> None:
        if not self.words:
            self.words = [[] for _ in range(self.players)]
        if not self.holding:
            self.holding = [None] * self.players

    def _check(self, player: int, word: str) -> str:
        word = word.upper()
        if len(word) < MIN_WORD:
            raise IllegalAnagram(_("no words of less than three letters"), word, self.at)
        if self.judge and not is_word(self.lexicon, word):
            raise IllegalAnagram(_("{word} is not in the lexicon").format(word=word), word, self.at)
        if any(w.text == word for w in self.words[player]):
            raise IllegalAnagram(_("player {player} already has {word}").format(player=player + 1, word=word),
                                 word, self.at)
        return word

    def place(self, player: int) -> None:
        """Put the held card in the centre (ends the turn)."""
        card = self.holding[player]
        if card is None:
            raise IllegalAnagram(_("no card held"), where=self.at)
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
        word = self._check(player, word)
        held = self.holding[player]
        if use_held and held is None:
            raise IllegalAnagram(_("no card held"), word, self.at)
        pool = self.centre + ([held] if use_held and held is not None else [])
        cards = _cover(word, pool)
        if cards is None:
            raise IllegalAnagram(_("the letters of {word} are not in the centre").format(word=word), word, self.at)
        if use_held and held not in cards:
            raise IllegalAnagram(_("{word} does not use the held card {held}").format(word=word, held=held),
                                 word, self.at)
        self._take(player, cards, held if use_held else None)
        made = Word(word, cards)
        self.words[player].append(made)
        return made

    def take(self, player: int, owner: int, old: str, new: str, use_held: bool = False) -> Word:
        """Take ``old`` from ``owner`` (or change one's own) into ``new`` by adding letters."""
        old, new = old.upper(), new.upper()
        target = next((w for w in self.words[owner] if w.text == old), None)
        if target is None:
            raise IllegalAnagram(_("player {player} has no word {word}").format(player=owner + 1, word=old),
                                 old, self.at)
        if owner != player:
            _check_steal(self.lexicon, old, new, self.at)
        if owner == player:
            if any(w.text == new for w in self.words[player]):
                raise IllegalAnagram(_("player {player} already has {word}").format(player=player + 1, word=new),
                                     new, self.at)
            new_checked = new
            if len(new) < MIN_WORD or (self.judge and not is_word(self.lexicon, new)):
                raise IllegalAnagram(_("{word} is not in the lexicon").format(word=new), new, self.at)
        else:
            new_checked = self._check(player, new)
        need = Counter(new_checked) - Counter(old)
        if len(new_checked) <= len(old) or (Counter(old) - Counter(new_checked)).total():
            raise IllegalAnagram(_("{new} must hold every letter of {old} and more").format(new=new, old=old),
                                 new, self.at)
        extra = "".join(need.elements())
        held = self.holding[player]
        pool = self.centre + ([held] if use_held and held is not None else [])
        cards = _cover(extra, pool)
        if cards is None:
            raise IllegalAnagram(_("the added letters {extra} are not available").format(extra=extra), new, self.at)
        if use_held and (held is None or held not in cards):
            raise IllegalAnagram(_("the held card is not used"), new, self.at)
        self._take(player, cards, held if use_held else None)
        self.words[owner].remove(target)
        made = Word(new_checked, target.cards + cards)
        self.words[player].append(made)
        return made

    def scores(self) -> list[int]:
        """The total corner value of each player's cards; the highest wins."""
        return [sum(self.values[c] for w in ws for c in w.cards) for ws in self.words]

    def winners(self) -> list[int]:
        s = self.scores()
        return [i for i, v in enumerate(s) if v == max(s)]
