"""Letter-card decks as data: the Game of Words deck, Lexicon's, and any deck a spec file describes.

Rule source: docs/game-of-words.md, rulings 1-3. The seed
(``game-of-words-1938.txt``) says only that the pack holds letters with a
value "stated in the corner of each card" and "two Sub Cards ... to represent
any letter". kitgen's default, ``whitman-1938``, is 52 letter cards and 2 Sub
Cards: A E I x4; H L O R S T U W x3; N x2; B C D F G J K M P Q V X Y Z x1;
values A E I 10; C H K L M N O P R S T U W 8; D J V 6; G Q Y 4; B F X Z 2;
Sub Card 15. ``lexicon-1932`` is Waddingtons' original (51 letters, N x1,
and one Master card worth 15).

A deck's *documented order* is the order its spec lists the cards: each
letter's copies together in the order the letters are listed, then the wild
cards. Every seeded deal shuffles from that order (``kitgen.games.game_of_words.rules.deals``).
Presets live in ``kitgen/data/decks/NAME.toml``; ``kitgen.games.game_of_words.formats.deck_spec``
reads them (``preset``, ``default_deck``) and any other spec (TOML or CSV): the rules hold only the model.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

WILD = "*"
"""The letter field of a wild card (a Sub Card or Master): it may stand for any letter."""

DEFAULT_DECK = "whitman-1938"
LANGUAGE_DECKS = {"es": "spanish", "sv": "swedish", "pl": "polish", "tr": "turkish", "ru": "russian", "el": "greek"}
"""The deck of a language with an alphabet of its own (docs/languages.md, "Decks": 52 letter cards counted from the
language's running text, 2 Sub Cards; Spanish's has the Ñ card): ``kitgen deck --lang tr`` prints the Turkish deck,
and every game of cards with ``--lang tr`` and no ``--spec`` deals it."""
PRESETS = ("whitman-1938", "lexicon-1932", *LANGUAGE_DECKS.values())


class CardSize(Enum):
    """The printed card's size (``kitgen deck --size``)."""

    POKER = "poker"
    BRIDGE = "bridge"
    TAROT = "tarot"
    MINI = "mini"
    SQUARE = "square"


@dataclass(frozen=True)
class Card:
    """One card: its letter (``*`` for a wild card), corner value, and position in the documented order."""

    letter: str
    value: int
    index: int
    wild_name: str = ""

    @property
    def wild(self) -> bool:
        return self.letter == WILD

    @property
    def label(self) -> str:
        """What a card is called in text: its letter, or ``SUB`` / the wild card's name."""
        if self.wild:
            return self.wild_name.upper().split()[0] if self.wild_name else "SUB"
        return self.letter


@dataclass(frozen=True)
class Deck:
    """A pack of letter cards in its documented order."""

    name: str
    title: str
    cards: tuple[Card, ...]
    source: str | None = field(default=None, compare=False)
    """The spec file the deck was read from (errors about the deck name it), None for a preset."""

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def letters(self) -> tuple[Card, ...]:
        """The letter cards (wild cards removed), in documented order."""
        return tuple(c for c in self.cards if not c.wild)

    @property
    def wilds(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.wild)

    def value_of(self, letter: str) -> int:
        """The corner value of ``letter`` (``*`` for a wild card); ``KeyError`` if the deck has none."""
        for c in self.cards:
            if c.letter == letter:
                return c.value
        raise KeyError(letter)

    def counts(self) -> dict[str, int]:
        """How many cards of each letter (wild cards under ``*``)."""
        out: dict[str, int] = {}
        for c in self.cards:
            out[c.letter] = out.get(c.letter, 0) + 1
        return out

    @property
    def wild_name(self) -> str:
        return self.wilds[0].wild_name if self.wilds else "Sub Card"


def build_deck(name: str, title: str, letters: list[tuple[str, int, int]],
               wild: tuple[str, int, int] | None = None) -> Deck:
    """A deck from ``(letter, count, value)`` rows and an optional ``(name, count, value)`` wild row.

    The cards come out in documented order (rows in order, then wild cards).
    """
    cards: list[Card] = []
    for letter, count, value in letters:
        for _ in range(count):
            cards.append(Card(letter, value, len(cards)))
    if wild is not None:
        wname, count, value = wild
        for _ in range(count):
            cards.append(Card(WILD, value, len(cards), wname))
    return Deck(name, title, tuple(cards))
