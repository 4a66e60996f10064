"""Seeded deals for the Game of Words: deal N is the same deal forever (DESIGN.md, "Seeded deals").

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
from dataclasses import dataclass, field
from typing import Any, Callable

from kitgen.games.game_of_words.rules.deck import WILD, Card, Deck
from kitgen.core.random import SeededRandom, check_seed, freecell_deal
from kitgen.core.errors import InputError

GAMES = ("word-solitaire", "letter-patience", "crossword-solitaire-a", "crossword-solitaire-b", "crossword",
         "anagrams")
PATIENCE_PILES = 7
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


def letters_of(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    """The letters of cards, ``*`` for wild cards."""
    return [c.letter for c in cards]


@dataclass
class Deal:
    """A dealt layout. ``order`` is the dealing (stacking) order, first card on top of the face-down pack."""

    game: str
    seed: int
    deck: Deck
    order: list[Card]
    layout: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The JSON contract: ``{"game", "seed", "deck", ...the layout...}``."""
        return {"game": self.game, "seed": self.seed, "deck": self.deck.name, **self.layout}


def _need(game: str, cards: list[Card], n: int) -> None:
    if len(cards) < n:
        raise InputError(f"{game} needs at least {n} letter cards; this deck has {len(cards)}")


def solitaire_piles(deck: Deck) -> int:
    """How many piles of three Word Solitaire makes from a deck (17 from 52 or 51 letters)."""
    return len(deck.letters) // 3


def deal_word_solitaire(deck: Deck, seed: int) -> Deal:
    """Word Solitaire: piles of three face up, one extra card (seed section 2), Sub Cards out."""
    cards = freecell_deal(deck.letters, seed)
    _need("word-solitaire", cards, 6)
    n = solitaire_piles(deck)
    piles: list[list[Card]] = [[] for _ in range(n)]
    for k in range(3 * n):
        piles[k % n].append(cards[k])
    extras = cards[3 * n:]
    layout = {"piles": [letters_of(p) for p in piles],
              "extra": extras[0].letter if len(extras) == 1 else (None if not extras else letters_of(extras)),
              "aside": letters_of(deck.wilds)}
    return Deal("word-solitaire", seed, deck, cards, layout)


def deal_letter_patience(deck: Deck, seed: int) -> Deal:
    """Letter Patience: seven piles of 1..7, top cards up, the rest the stock (seed section 3)."""
    cards = freecell_deal(deck.letters, seed)
    tableau = PATIENCE_PILES * (PATIENCE_PILES + 1) // 2
    _need("letter-patience", cards, tableau)
    piles: list[list[Card]] = [[] for _ in range(PATIENCE_PILES)]
    k = 0
    for row in range(PATIENCE_PILES):
        for i in range(row, PATIENCE_PILES):
            piles[i].append(cards[k])
            k += 1
    layout = {"piles": [letters_of(p) for p in piles], "stock": letters_of(cards[tableau:]),
              "aside": letters_of(deck.wilds)}
    return Deal("letter-patience", seed, deck, cards, layout)


def deal_crossword_solitaire_a(deck: Deck, seed: int) -> Deal:
    """Crossword Solitaire A: six up, one turned up beside the blind pile (seed section 4)."""
    cards = freecell_deal(deck.letters, seed)
    _need("crossword-solitaire-a", cards, 7)
    layout = {"row": letters_of(cards[:6]), "turned": cards[6].letter, "blind": letters_of(cards[7:]),
              "aside": letters_of(deck.wilds)}
    return Deal("crossword-solitaire-a", seed, deck, cards, layout)


def deal_crossword_solitaire_b(deck: Deck, seed: int) -> Deal:
    """Crossword Solitaire B: a hand of twelve, the rest face down (seed section 5)."""
    cards = freecell_deal(deck.letters, seed)
    _need("crossword-solitaire-b", cards, 12)
    layout = {"hand": letters_of(cards[:12]), "blind": letters_of(cards[12:]), "aside": letters_of(deck.wilds)}
    return Deal("crossword-solitaire-b", seed, deck, cards, layout)


def cut_rank(card: Card) -> int:
    """How close a cut card is to A: A is 0, Z 25, a wild card 26 (after Z)."""
    return 26 if card.letter == WILD else ord(card.letter) - ord("A")


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


def deal_crossword(deck: Deck, seed: int, players: int = 2) -> Deal:
    """The Crossword Game: the cut, the hands, the stack and its turned-up card (seed section 1)."""
    check_players(players, "crossword")
    cards = freecell_deal(crossword_pack(deck, players), seed)
    size = hand_size(players)
    _need("crossword", cards, players * size + 2)
    rng = SeededRandom(seed, "game-of-words-cut")
    cutting = list(range(players))
    cuts: dict[int, list[str]] = {p: [] for p in range(players)}
    while True:
        taken: set[int] = set()
        drawn = {}
        for p in cutting:
            while (pos := rng.below(len(cards))) in taken:
                pass
            taken.add(pos)
            drawn[p] = cards[pos]
            cuts[p].append(cards[pos].letter)
        best = min(cut_rank(c) for c in drawn.values())
        cutting = [p for p in cutting if cut_rank(drawn[p]) == best]
        if len(cutting) == 1:
            break
    dealer = cutting[0]
    hands: list[list[Card]] = [[] for _ in range(players)]
    k = 0
    for _ in range(size):
        for step in range(1, players + 1):
            hands[(dealer + step) % players].append(cards[k])
            k += 1
    layout = {"players": players, "packs": 1 if players <= 7 else 2,
              "cuts": [cuts[p] for p in range(players)], "dealer": dealer + 1,
              "first": (dealer + 1) % players + 1, "hands": [letters_of(h) for h in hands],
              "turned": cards[k].letter, "stack": letters_of(cards[k + 1:])}
    return Deal("crossword", seed, deck, cards, layout)


def deal_anagrams(deck: Deck, seed: int, players: int = 2) -> Deal:
    """Anagrams: one card to each player, closest to A plays first, the rest the pack (seed section 6)."""
    check_players(players, "anagrams", 1, MAX_PLAYERS)
    cards = freecell_deal(deck.cards, seed)
    _need("anagrams", cards, players + 1)
    held = cards[:players]
    first = min(range(players), key=lambda p: (cut_rank(held[p]), p))
    layout = {"players": players, "holding": letters_of(held), "first": first + 1,
              "pack": letters_of(cards[players:])}
    return Deal("anagrams", seed, deck, cards, layout)


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
    return WordSolitaireDealer(len(letters), piles)(letters, seed)


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

    __slots__ = ("_big_a", "_big_c", "_lanes31", "_lanes15", "_unpack", "_nbytes", "_lefts", "_lasts", "_n3",
                 "_piles")

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
        self._lasts = tuple(range(n - 1, 0, -1))
        self._n3, self._piles = 3 * piles, piles

    def __call__(self, letters: str, seed: int) -> tuple[list[str], str]:
        """Deal ``seed`` of ``letters`` (the deck's letters in documented order): (piles, extras)."""
        lanes = (((self._big_a * (seed & 0x7FFFFFFF) + self._big_c) & self._lanes31) >> 16) & self._lanes15
        rands: tuple[int, ...] = self._unpack(lanes.to_bytes(self._nbytes, "little"))
        p = list(letters)
        for j, last in zip(map(operator.mod, rands, self._lefts), self._lasts):
            p[j], p[last] = p[last], p[j]
        order = "".join(p)[::-1]
        n3, piles = self._n3, self._piles
        return [order[i:n3:piles] for i in range(piles)], order[n3:]
