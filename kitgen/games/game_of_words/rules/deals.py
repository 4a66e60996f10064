"""Seeded deals for the Game of Words: deal N is the same deal forever (docs/game-of-words.md, "Deals").

The shuffle is the Microsoft FreeCell deal algorithm (``kitgen.core.random.freecell_deal``)
over the deck's documented order (``kitgen.games.game_of_words.rules.deck``); the cards come out in
*dealing order*, which is also the stacking order: put the printed cards face
down in that order, first card on top, and dealing by hand gives deal N.

Layouts (seed ``game-of-words-1938.txt``; kitgen's rulings where it is silent):

* word-solitaire -- Sub Cards removed ("except the two Sub Cards"). The 52
  letters are dealt face up round the 17 piles in turn, as FreeCell deals its
  columns (card k to pile k mod 17), three rounds; the 52nd card is the extra.
  ``piles[i]`` lists pile i bottom to top (top card last).
* letter-patience -- Sub Cards aside. Seven piles dealt row by row, as Klondike:
  row r puts one card on each of piles r..6, so pile i holds i+1 cards, the last
  dealt on top (face up). The other 24 cards are the stock, ``stock[0]`` turned first.
* crossword-solitaire-a -- Sub Cards out. Six cards face up (``row``), the
  seventh turned up beside the blind pile (``turned``), the rest the blind pile
  (``blind[0]`` on top).
* crossword-solitaire-b -- Sub Cards out. A hand of twelve, the rest blind.
* crossword -- every card, Sub Cards included. 2-7 players use one pack, 8-12
  two packs (the seed: "a greater number with two packs"; pack 1 then pack 2 in
  documented order). Ten cards each for 2-4 players, seven for 5 or more. The
  dealer is the player cutting closest to A: each player cuts a different card
  of the shuffled pack at a position drawn from ``SeededRandom(seed, "game-of-words-cut")``;
  a Sub Card cuts after Z; players who tie cut again. The deal starts with the
  player to the dealer's left (the next seat number), one card at a time; the
  next card is turned up beside the stack.
* anagrams -- every card. Each player gets one card in seat order; the player
  holding the letter closest to A plays first (a tie goes to the lower seat,
  Sub Cards count after Z). The rest is the pack, top first.

Players are numbered 1..P in seat order going to the left. In JSON a wild
card is ``"*"``.
"""

from __future__ import annotations

import operator
import struct
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from kitgen.core.errors import InputError, Location
from kitgen.core.i18n import N_, gettext, ngettext
from kitgen.core.language import LANGUAGES
from kitgen.core.random import SeededRandom, check_seed, freecell_deal
from kitgen.games.game_of_words.rules import dealer52
from kitgen.games.game_of_words.rules.deck import WILD, Card, Deck

GAMES = ("word-solitaire", "letter-patience", "crossword-solitaire-a", "crossword-solitaire-b", "crossword",
         "anagrams")
PATIENCE_PILES = 7
GAME_TITLES: Mapping[str, str] = MappingProxyType({
    "word-solitaire": N_("Word Solitaire"), "letter-patience": N_("Letter Patience"),
    "crossword-solitaire-a": N_("Crossword Solitaire A"), "crossword-solitaire-b": N_("Crossword Solitaire B"),
    "crossword": N_("Crossword"), "anagrams": N_("Anagrams"),
})
"""Each dealt game's title, on its deal sheet and over its text (in English; ``gettext`` shows it in the text
language)."""
MIN_PLAYERS, MAX_PLAYERS = 2, 12


class UnknownGame(InputError):
    """A game name ``deal`` does not know."""

    def __init__(self, game: str) -> None:
        super().__init__(f"unknown game {game!r} (choose from {', '.join(GAMES)})")
        self.game = game


class BadPlayers(InputError):
    """A player count outside what the game allows."""

    def __init__(self, players: int, lo: int, hi: int, game: str) -> None:
        super().__init__(f"{game} takes {lo} to {hi} players (got {players})")
        self.players = players


def letters_of(cards: Sequence[Card]) -> tuple[str, ...]:
    """The letters of cards, ``*`` for wild cards."""
    return tuple(c.letter for c in cards)


Letters = tuple[str, ...]
"""Cards as their letters, ``*`` for a wild card, in a stated order (a pile bottom to top, a stack top first)."""


@dataclass(frozen=True)
class DealtCards:
    """What every deal has: its number, the deck, and the dealing (stacking) order.

    ``order`` is the dealing order, first card on top of the face-down pack.
    Each variant below adds its layout, ``to_json()`` (the ``kitgen deal
    VARIANT --json`` contract: ``{"game", "seed", "deck", ...the layout...}``)
    and ``to_text()`` (the deal as ``kitgen deal VARIANT`` prints it).
    """

    seed: int
    deck: Deck
    order: tuple[Card, ...]

    game: ClassVar[str] = ""

    @property
    def title(self) -> str:
        """``Crossword Solitaire A`` for ``crossword-solitaire-a``, in the text language."""
        return gettext(GAME_TITLES[self.game])

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seed": self.seed, "deck": self.deck.name, **self.layout_json()}

    def layout_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def layout_lines(self) -> list[str]:
        raise NotImplementedError

    def aside_line(self, aside: Letters) -> list[str]:
        """The wild cards set aside, counted (a plural form of the text language) and named as the deck names them."""
        if not aside:
            return []
        said = ngettext("set aside: {count} {name}(s)", "set aside: {count} {name}(s)", len(aside))
        return ["  " + said.format(count=len(aside), name=gettext(self.deck.wild_name))]

    def to_text(self) -> str:
        """The deal as ``kitgen deal VARIANT`` prints it, in the text language (the deck by its preset's name)."""
        head = gettext("{game}, deal {seed} ({deck})").format(game=self.title, seed=self.seed, deck=self.deck.name)
        return "\n".join([head, *self.layout_lines()])


@dataclass(frozen=True)
class WordSolitaireDeal(DealtCards):
    """Piles of three face up (``piles[i]`` bottom to top), the extra card(s), the Sub Cards set aside."""

    piles: tuple[Letters, ...]
    extras: Letters
    aside: Letters

    game: ClassVar[str] = "word-solitaire"

    @property
    def extra_json(self) -> str | list[str] | None:
        """The JSON ``extra``: the one extra card's letter, ``null`` for none, a list when a deck leaves several."""
        if not self.extras:
            return None
        return self.extras[0] if len(self.extras) == 1 else list(self.extras)

    def pile_strings(self) -> list[str]:
        """The piles as strings, bottom to top, each extra card a one-card pile numbered after them."""
        return ["".join(p) for p in self.piles] + list(self.extras)

    def layout_json(self) -> dict[str, Any]:
        return {"piles": [list(p) for p in self.piles], "extra": self.extra_json, "aside": list(self.aside)}

    def layout_lines(self) -> list[str]:
        count = len(self.piles)
        head = (ngettext("{count} pile of three face up, top card last:",
                         "{count} piles of three face up, top card last:", count).format(count=count)
                if count == 17 else gettext("piles, top card last:"))
        lines = [head] + [f"  {i:2d}: {' '.join(pile)}" for i, pile in enumerate(self.piles, start=1)]
        if self.extras:  # piles counted from 1, as the deal sheet and a record count them (--json from 0)
            extra = ngettext("extra ({pile}): {cards}", "extra ({pile}): {cards}", len(self.extras))
            lines.append("  " + extra.format(pile=count + 1, cards=" ".join(self.extras)))
        return lines + self.aside_line(self.aside)


@dataclass(frozen=True)
class LetterPatienceDeal(DealtCards):
    """Seven piles of 1..7 (top card last, only it face up), the stock (``stock[0]`` turned first), the Sub Cards."""

    piles: tuple[Letters, ...]
    stock: Letters
    aside: Letters

    game: ClassVar[str] = "letter-patience"

    def layout_json(self) -> dict[str, Any]:
        return {"piles": [list(p) for p in self.piles], "stock": list(self.stock), "aside": list(self.aside)}

    def layout_lines(self) -> list[str]:
        lines = [gettext("seven piles 1-7, top card last (only the top card is face up):")]
        lines += [f"  {i}: {' '.join('#' * (len(pile) - 1))} {pile[-1]}".replace(":  ", ": ")
                  for i, pile in enumerate(self.piles, start=1)]
        lines.append("  " + gettext("stock (turned in this order): {cards}").format(cards=" ".join(self.stock)))
        return lines + self.aside_line(self.aside)


@dataclass(frozen=True)
class CrosswordSolitaireADeal(DealtCards):
    """Six face up (``row``), the seventh turned up beside the blind pile, the blind pile top first."""

    row: Letters
    turned: str
    blind: Letters
    aside: Letters

    game: ClassVar[str] = "crossword-solitaire-a"

    def layout_json(self) -> dict[str, Any]:
        return {"row": list(self.row), "turned": self.turned, "blind": list(self.blind), "aside": list(self.aside)}

    def layout_lines(self) -> list[str]:
        return ["  " + gettext("row of six: {cards}").format(cards=" ".join(self.row)),
                "  " + gettext("turned up beside the blind pile: {card}").format(card=self.turned),
                _blind_line(self.blind), *self.aside_line(self.aside)]


@dataclass(frozen=True)
class CrosswordSolitaireBDeal(DealtCards):
    """A hand of twelve and the blind pile, top first."""

    hand: Letters
    blind: Letters
    aside: Letters

    game: ClassVar[str] = "crossword-solitaire-b"

    def layout_json(self) -> dict[str, Any]:
        return {"hand": list(self.hand), "blind": list(self.blind), "aside": list(self.aside)}

    def layout_lines(self) -> list[str]:
        return ["  " + gettext("hand of twelve: {cards}").format(cards=" ".join(self.hand)), _blind_line(self.blind),
                *self.aside_line(self.aside)]


def _blind_line(blind: Letters) -> str:
    return "  " + gettext("blind pile (top first): {cards}").format(cards=" ".join(blind))


def seat(n: int) -> str:
    """Player ``n``'s short name in the text language: ``P1`` in English."""
    return gettext("P{n}").format(n=n)


@dataclass(frozen=True)
class CrosswordDeal(DealtCards):
    """The cut (each player's cut cards), dealer and first player (seats from 1), the hands, the stack."""

    players: int
    packs: int
    cuts: tuple[Letters, ...]
    dealer: int
    first: int
    hands: tuple[Letters, ...]
    turned: str
    stack: Letters

    game: ClassVar[str] = "crossword"

    def layout_json(self) -> dict[str, Any]:
        return {"players": self.players, "packs": self.packs, "cuts": [list(c) for c in self.cuts],
                "dealer": self.dealer, "first": self.first, "hands": [list(h) for h in self.hands],
                "turned": self.turned, "stack": list(self.stack)}

    def layout_lines(self) -> list[str]:
        cuts = ", ".join(f"{seat(i + 1)} {'/'.join(c)}" for i, c in enumerate(self.cuts))
        players = ngettext("{count} player", "{count} players", self.players).format(count=self.players)
        packs = ngettext("{count} pack(s)", "{count} pack(s)", self.packs).format(count=self.packs)
        return ["  " + gettext("{players}, {packs}; cuts: {cuts}").format(players=players, packs=packs, cuts=cuts),
                "  " + gettext("dealer: player {dealer}; player {first} starts").format(dealer=self.dealer,
                                                                                        first=self.first),
                *("  " + gettext("player {n}: {cards}").format(n=i + 1, cards=" ".join(hand))
                  for i, hand in enumerate(self.hands)),
                "  " + gettext("turned up: {card}; stack (top first): {cards}").format(card=self.turned,
                                                                                      cards=" ".join(self.stack))]


@dataclass(frozen=True)
class AnagramsDeal(DealtCards):
    """One card held by each player, who plays first (seat from 1), and the pack, top first."""

    players: int
    holding: Letters
    first: int
    pack: Letters

    game: ClassVar[str] = "anagrams"

    def layout_json(self) -> dict[str, Any]:
        return {"players": self.players, "holding": list(self.holding), "first": self.first, "pack": list(self.pack)}

    def layout_lines(self) -> list[str]:
        holding = ", ".join(f"{seat(i + 1)} {c}" for i, c in enumerate(self.holding))
        said = ngettext("{count} player(s) holding: {holding}", "{count} player(s) holding: {holding}", self.players)
        return ["  " + said.format(count=self.players, holding=holding),
                "  " + gettext("player {first} plays first; pack (top first): {cards}").format(
                    first=self.first, cards=" ".join(self.pack))]


Deal = (WordSolitaireDeal | LetterPatienceDeal | CrosswordSolitaireADeal | CrosswordSolitaireBDeal | CrosswordDeal
        | AnagramsDeal)
"""A dealt layout: one typed frozen dataclass per variant."""


def _need(game: str, deck: Deck, cards: Sequence[Card], n: int) -> None:
    """A deal needs enough cards: too few is the deck's fault, so the error names its spec file (line 1)."""
    if len(cards) < n:
        where = Location(deck.source, 1, 1) if deck.source else None
        raise InputError(gettext("{game} needs at least {n} letter cards; this deck has {count}").format(
            game=game, n=n, count=len(cards)), where)


def solitaire_piles(deck: Deck) -> int:
    """How many piles of three Word Solitaire makes from a deck (17 from 52 or 51 letters)."""
    return len(deck.letters) // 3


def deal_word_solitaire(deck: Deck, seed: int) -> WordSolitaireDeal:
    """Word Solitaire: piles of three face up, one extra card (seed section 2), Sub Cards out."""
    cards = freecell_deal(deck.letters, seed)
    _need("word-solitaire", deck, cards, 6)
    n = solitaire_piles(deck)
    piles = tuple(letters_of(cards[i:3 * n:n]) for i in range(n))
    return WordSolitaireDeal(seed, deck, tuple(cards), piles, letters_of(cards[3 * n:]), letters_of(deck.wilds))


def deal_letter_patience(deck: Deck, seed: int) -> LetterPatienceDeal:
    """Letter Patience: seven piles of 1..7, top cards up, the rest the stock (seed section 3)."""
    cards = freecell_deal(deck.letters, seed)
    tableau = PATIENCE_PILES * (PATIENCE_PILES + 1) // 2
    _need("letter-patience", deck, cards, tableau)
    piles: list[list[Card]] = [[] for _ in range(PATIENCE_PILES)]
    k = 0
    for row in range(PATIENCE_PILES):
        for i in range(row, PATIENCE_PILES):
            piles[i].append(cards[k])
            k += 1
    return LetterPatienceDeal(seed, deck, tuple(cards), tuple(letters_of(p) for p in piles),
                              letters_of(cards[tableau:]), letters_of(deck.wilds))


def deal_crossword_solitaire_a(deck: Deck, seed: int) -> CrosswordSolitaireADeal:
    """Crossword Solitaire A: six up, one turned up beside the blind pile (seed section 4)."""
    cards = freecell_deal(deck.letters, seed)
    _need("crossword-solitaire-a", deck, cards, 7)
    return CrosswordSolitaireADeal(seed, deck, tuple(cards), letters_of(cards[:6]), cards[6].letter,
                                   letters_of(cards[7:]), letters_of(deck.wilds))


def deal_crossword_solitaire_b(deck: Deck, seed: int) -> CrosswordSolitaireBDeal:
    """Crossword Solitaire B: a hand of twelve, the rest face down (seed section 5)."""
    cards = freecell_deal(deck.letters, seed)
    _need("crossword-solitaire-b", deck, cards, 12)
    return CrosswordSolitaireBDeal(seed, deck, tuple(cards), letters_of(cards[:12]), letters_of(cards[12:]),
                                   letters_of(deck.wilds))


CUT_ORDER = "ABCDEFGHIJKLMNÑOPQRSTUVWXYZ"
"""The order of letters for the cut: A first, the Spanish Ñ after N (docs/languages.md), Z last."""


def cut_order(deck: Deck) -> str:
    """The order a cut reads ``deck``'s letters in: ``CUT_ORDER`` for a deck of its letters (the 1938 deck, the Spanish
    one), else the alphabet of the first language that writes every letter of the deck (a Swedish deck's Å Ä Ö after
    Z, a Turkish deck's Ç after C, Cyrillic and Greek in their order: docs/languages.md, "Decks"); a letter no
    alphabet orders with the others comes after them, by its character code."""
    letters = {card.letter for card in deck.letters}
    for order in (CUT_ORDER, *(lang.letters for lang in LANGUAGES.values())):
        if letters <= set(order):
            return order
    return CUT_ORDER + "".join(sorted(letters - set(CUT_ORDER)))


def cut_rank(card: Card, order: str = CUT_ORDER) -> int:
    """How close a cut card is to A in ``order``: A is 0, Z last (26 in ``CUT_ORDER``), a wild card after every
    letter."""
    return len(order) if card.letter == WILD else order.index(card.letter)


def check_players(players: int, game: str, lo: int = MIN_PLAYERS, hi: int = MAX_PLAYERS) -> int:
    if not lo <= players <= hi:
        raise BadPlayers(players, lo, hi, game)
    return players


def crossword_pack(deck: Deck, players: int) -> tuple[Card, ...]:
    """One pack for up to 7 players, two packs (documented order twice) for more."""
    if players <= 7:
        return deck.cards
    return deck.cards + tuple(Card(c.letter, c.value, c.index + len(deck.cards), c.wild_name) for c in deck.cards)


def hand_size(players: int) -> int:
    """Ten cards each for two to four players, seven for five or more (seed section 1, DEAL)."""
    return 10 if players <= 4 else 7


def cut_for_dealer(cards: Sequence[Card], seed: int, players: int, order: str = CUT_ORDER,
                   ) -> tuple[int, list[list[str]]]:
    """The cut: the dealer's seat (from 0) and each player's cut cards (players who tie cut again), letters read in
    ``order`` (``cut_order``)."""
    rng = SeededRandom(seed, "game-of-words-cut")
    cutting = list(range(players))
    cuts: list[list[str]] = [[] for _ in range(players)]
    while True:
        taken: set[int] = set()
        drawn = {}
        for p in cutting:
            while (pos := rng.below(len(cards))) in taken:
                pass
            taken.add(pos)
            drawn[p] = cards[pos]
            cuts[p].append(cards[pos].letter)
        best = min(cut_rank(c, order) for c in drawn.values())
        cutting = [p for p in cutting if cut_rank(drawn[p], order) == best]
        if len(cutting) == 1:
            return cutting[0], cuts


def deal_crossword(deck: Deck, seed: int, players: int = 2) -> CrosswordDeal:
    """The Crossword Game: the cut, the hands, the stack and its turned-up card (seed section 1)."""
    check_players(players, "crossword")
    cards = freecell_deal(crossword_pack(deck, players), seed)
    size = hand_size(players)
    _need("crossword", deck, cards, players * size + 2)
    dealer, cuts = cut_for_dealer(cards, seed, players, cut_order(deck))
    hands: list[list[Card]] = [[] for _ in range(players)]
    k = 0
    for _ in range(size):
        for step in range(1, players + 1):
            hands[(dealer + step) % players].append(cards[k])
            k += 1
    return CrosswordDeal(seed, deck, tuple(cards), players, 1 if players <= 7 else 2, tuple(map(tuple, cuts)),
                         dealer + 1, (dealer + 1) % players + 1, tuple(letters_of(h) for h in hands),
                         cards[k].letter, letters_of(cards[k + 1:]))


def deal_anagrams(deck: Deck, seed: int, players: int = 2) -> AnagramsDeal:
    """Anagrams: one card to each player, closest to A plays first, the rest the pack (seed section 6)."""
    check_players(players, "anagrams", 1, MAX_PLAYERS)
    cards = freecell_deal(deck.cards, seed)
    _need("anagrams", deck, cards, players + 1)
    held = cards[:players]
    order = cut_order(deck)
    first = min(range(players), key=lambda p: (cut_rank(held[p], order), p))
    return AnagramsDeal(seed, deck, tuple(cards), players, letters_of(held), first + 1, letters_of(cards[players:]))


def deal(game: str, deck: Deck, seed: int, players: int = 2) -> Deal:
    """Deal ``game`` number ``seed`` from ``deck`` (``players`` for crossword and anagrams)."""
    check_seed(seed)
    if game == "word-solitaire":
        return deal_word_solitaire(deck, seed)
    if game == "letter-patience":
        return deal_letter_patience(deck, seed)
    if game == "crossword-solitaire-a":
        return deal_crossword_solitaire_a(deck, seed)
    if game == "crossword-solitaire-b":
        return deal_crossword_solitaire_b(deck, seed)
    if game == "crossword":
        return deal_crossword(deck, seed, players)
    if game == "anagrams":
        return deal_anagrams(deck, seed, players)
    raise UnknownGame(game)


def word_solitaire_letters(letters: str, seed: int, piles: int = 17) -> tuple[list[str], str]:
    """The piles (bottom to top) and extras of Word Solitaire deal ``seed``, through the fast path.

    ``letters`` is the deck's letter cards in documented order as one string
    (``deck_letters``); ``seed`` a checked deal number. The result is the
    FreeCell deal of ``freecell_deal`` dealt round the piles as
    ``deal_word_solitaire`` does (tests compare them seed by seed). Dealing
    many deals of one deck? Build one ``WordSolitaireDealer`` and call it.
    """
    return word_solitaire_dealer(len(letters), piles)(letters, seed)


def word_solitaire_dealer(n: int, piles: int) -> Callable[[str, int], tuple[list[str], str]]:
    """The fastest dealer for ``n`` letter cards in ``piles`` piles: the default deck's straight-line one
    (``dealer52``, written by scripts/build_dealer.py), else a ``WordSolitaireDealer``. Both deal the same."""
    if (n, piles) == (dealer52.N, dealer52.PILES):
        return dealer52.deal
    return WordSolitaireDealer(n, piles)


_LCG_A, _LCG_C, _LCG_M = 214013, 2531011, 0x7FFFFFFF
_LANE = 64
"""Bits per lane: a lane holds ``A_k * seed + C_k`` < 2**63 with no carry into its neighbour."""


class WordSolitaireDealer:
    """Deals Word Solitaire for ``n`` letter cards and ``piles`` piles of three, fast (solvers, benchmarks).

    The FreeCell generator (docs/game-of-words.md, "Deals") is affine: after
    ``k + 1`` steps ``state = (A_k * seed + C_k) mod 2**31`` with
    ``A_k = 214013**(k+1)`` and ``C_k`` its running constant, both
    precomputed here once. All ``n - 1`` states a deal needs come from one
    multiplication of a big integer holding the ``A_k`` in 64-bit lanes (no
    lane can carry into the next: each holds less than 2**63), masked to 31
    bits a lane, shifted to the 15-bit ``rand`` and unpacked with ``struct``;
    ``rand mod left`` is taken for every draw at once (``map``). The draw
    (take card ``j``, move the last card into its place) is done as a swap of
    ``j`` with the last place, so the drawn cards collect at the end of the
    list in reverse order: the dealing order is the list reversed. The last
    draw, from one card, needs no random number.
    """

    __slots__ = ("_big_a", "_big_c", "_lanes31", "_lanes15", "_unpack", "_nbytes", "_lefts", "_n3", "_piles")

    def __init__(self, n: int, piles: int) -> None:
        steps = max(n - 1, 0)
        a, c, big_a, big_c = 1, 0, 0, 0
        for k in range(steps):
            a, c = (_LCG_A * a) & _LCG_M, (_LCG_A * c + _LCG_C) & _LCG_M
            big_a |= a << (_LANE * k)
            big_c |= c << (_LANE * k)
        self._big_a, self._big_c = big_a, big_c
        self._lanes31 = sum(_LCG_M << (_LANE * k) for k in range(steps))
        self._lanes15 = sum(0x7FFF << (_LANE * k) for k in range(steps))
        self._unpack = struct.Struct(f"<{steps}Q").unpack
        self._nbytes = 8 * steps
        self._lefts = tuple(range(n, 1, -1))
        self._n3, self._piles = 3 * piles, piles

    def __call__(self, letters: str, seed: int) -> tuple[list[str], str]:
        """Deal ``seed`` of ``letters`` (the deck's letters in documented order): (piles, extras)."""
        lanes = (((self._big_a * (seed & 0x7FFFFFFF) + self._big_c) & self._lanes31) >> 16) & self._lanes15
        rands: tuple[int, ...] = self._unpack(lanes.to_bytes(self._nbytes, "little"))
        p = list(letters)
        last = len(p) - 1
        for j in map(operator.mod, rands, self._lefts):
            p[j], p[last] = p[last], p[j]
            last -= 1
        order = "".join(p)[::-1]
        n3, piles = self._n3, self._piles
        return [order[i:n3:piles] for i in range(piles)], order[n3:]
