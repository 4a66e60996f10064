"""The Letter Patience solver is sound (issue 15): each "lost" agrees with a plain exhaustive search over the moves
the rules class allows, each "won" replays; its split check agrees with a brute-force split
(docs/game-of-words.md, "Letter Patience solver")."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import cache
from itertools import product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.rules.common import Code
from kitgen.games.game_of_words.rules.letter_patience import (
    SUB,
    WASTE,
    IllegalMove,
    LetterPatience,
    PatienceMove,
    TurnMove,
)
from kitgen.games.game_of_words.rules.patience_solver import PatienceIndex, PatienceSolver, WordLists

WORDS = ["rate", "tear", "late", "tale", "seal", "sale", "dial", "store", "stone", "notes", "tone", "note", "gold",
         "long", "song", "sing", "ring", "grin", "lend", "tend", "dent", "send", "nest", "rest", "test", "idea",
         "road", "load", "goal", "gale", "dine", "side", "ride", "tide", "edit", "diet", "rise", "tire", "lion",
         "ratio", "orient", "island", "dealing"]
LETTERS = "AEIOURSTLNDG"


def lex(*words: str) -> Lexicon:
    return Lexicon.from_entries([(w, 10) for w in words])


def game_of(piles: tuple[str, ...], waste: str, stock: str, subs: int, words: Lexicon) -> LetterPatience:
    return LetterPatience([list(p) for p in piles], list(stock), words, subs, list(waste))


def plain_moves(game: LetterPatience, words: list[str]) -> list[tuple[str, Any]]:
    """Every move the rules class takes: each word with each choice of sources, each fill, the turn."""
    out: list[tuple[str, Any]] = []
    exposed = game.exposed()
    for word in words:
        options = [[s for s, ch in exposed.items() if ch == letter] + [SUB] for letter in word]
        out += [("word", (word, choice)) for choice in product(*options)]
    for space in game.spaces():
        out += [("fill", (space, src)) for src in [*map(str, range(len(game.piles))), WASTE]]
    return out + [("turn", None)]


def plain_won(piles: tuple[str, ...], stock: str, subs: int, words: list[str]) -> bool:
    """Exhaustive search with no pruning but remembering positions seen, every move through ``LetterPatience``."""
    lexicon = lex(*words)
    upper = [w.upper() for w in words]

    @cache
    def won(piles: tuple[str, ...], waste: str, rest: str, subs: int) -> bool:
        game = game_of(piles, waste, rest, subs, lexicon)
        if game.won:
            return True
        for kind, arg in plain_moves(game, upper):
            after = game_of(piles, waste, rest, subs, lexicon)
            try:
                if kind == "word":
                    word, sources = arg
                    after.play(word, sources)
                elif kind == "fill":
                    after.fill(*arg)
                else:
                    after.turn()
            except IllegalMove:
                continue
            if won(tuple("".join(p) for p in after.piles), "".join(after.waste), "".join(after.stock), after.subs):
                return True
        return False

    return won(piles, "", stock, subs)


def replays(piles: tuple[str, ...], stock: str, subs: int, words: Lexicon, moves: list[PatienceMove]) -> bool:
    game = game_of(piles, "", stock, subs, words)
    for move in moves:
        move.apply(game)
    return game.won


def test_a_turn_move_applies_only_when_its_card_is_the_stocks_top() -> None:
    game = game_of(("T",), "", "EA", 0, lex(*WORDS))
    TurnMove("E").apply(game)
    with pytest.raises(IllegalMove) as refused:
        TurnMove("E").apply(game)
    assert refused.value.code is Code.WRONG_CARD and "was A, not E" in str(refused.value)


def small_deal(rng: random.Random) -> tuple[tuple[str, ...], str, int]:
    """Three words' letters shuffled (a letter changed now and then), piles of 1-4 cards, the rest the stock."""
    cards = list("".join(rng.sample(WORDS[:-4], 3)).upper())
    if rng.random() < 0.2:
        cards[rng.randrange(len(cards))] = rng.choice(LETTERS)
    rng.shuffle(cards)
    piles, k = [], 0
    for size in range(1, 5):
        piles.append("".join(cards[k:k + size]))
        k += size
    return tuple(piles), "".join(cards[10:]), rng.choice([0, 1, 2, 2])


def verdicts_agreeing_with_the_plain_search(
        deal: Callable[[random.Random], tuple[tuple[str, ...], str, int]], seed: int, deals: int) -> Counter[bool]:
    """Solve ``deals`` small deals: each verdict must be the plain exhaustive search's and each win must replay;
    returns how many were won and lost."""
    rng = random.Random(seed)
    solver = PatienceSolver(lex(*WORDS), node_limit=10**6)
    verdicts: Counter[bool] = Counter()
    for _ in range(deals):
        piles, stock, subs = deal(rng)
        moves = solver.solve(piles, stock, subs)
        assert (moves is not None) == plain_won(piles, stock, subs, WORDS), (piles, stock, subs)
        if moves is not None:
            assert replays(piles, stock, subs, lex(*WORDS), moves)
        verdicts[moves is not None] += 1
    return verdicts


def test_lost_agrees_with_a_plain_exhaustive_search_and_won_replays() -> None:
    verdicts = verdicts_agreeing_with_the_plain_search(small_deal, 15, 40)
    assert verdicts[True] >= 5 and verdicts[False] >= 5, verdicts  # both verdicts were put to the test


def consonant_stock_deal(rng: random.Random) -> tuple[tuple[str, ...], str, int]:
    """Deal 23's shape in small: the vowels dealt to the piles, the stock mostly consonants."""
    piles, stock, subs = small_deal(rng)
    cards = sorted("".join(piles) + stock, key=lambda ch: (ch not in "AEIOU") + 2.5 * rng.random())
    return (cards[0], "".join(cards[1:3]), "".join(cards[3:6])), "".join(cards[6:]), subs


def test_vowel_rich_piles_over_a_consonant_stock_agree_with_the_plain_search() -> None:
    """The move order keeps vowels back for the stock's consonants (``VOWEL_SCORE``): an order never changes a
    verdict, which the plain exhaustive search checks on the deals it was tuned for."""
    verdicts = verdicts_agreeing_with_the_plain_search(consonant_stock_deal, 23, 30)
    assert verdicts[True] >= 2 and verdicts[False] >= 5, verdicts  # both verdicts were put to the test


def brute_split(cards: str, subs: int, words: list[str]) -> bool:
    """Whether ``cards`` is a union of words with at most ``subs`` wild letters: every word holding the first card,
    each of its letters a card or a wild letter, every way."""
    if not cards:
        return True
    for word in words:
        for wilds in product([False, True], repeat=len(word)):
            left = Counter(cards)
            left.subtract(ch for ch, wild in zip(word, wilds, strict=True) if not wild)
            if sum(wilds) <= subs and min(left.values()) >= 0 and left[cards[0]] < cards.count(cards[0]):
                if brute_split("".join(sorted(left.elements())), subs - sum(wilds), words):
                    return True
    return False


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from("AEIOSTLNDGR"), min_size=0, max_size=9), st.integers(0, 2))
def test_the_split_check_agrees_with_a_brute_force_split(cards: list[str], subs: int) -> None:
    words = [w.upper() for w in WORDS]
    index = PatienceIndex.build(lex(*WORDS))
    key = "".join(sorted(cards))
    assert index.splits_into_words(key, subs, steps=10**7) == brute_split(key, subs, words)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from("AEIOSTLNDGR"), min_size=0, max_size=12), st.integers(0, 2), st.data())
def test_a_split_with_the_word_lists_of_more_cards_agrees_with_a_brute_force_split(
        cards: list[str], subs: int, data: st.DataObject) -> None:
    """What the solver does below the first position of a line with few cards: the lists of the cards checked are
    sifted from those of more cards (and more Sub Cards), and the answer is the brute-force split's all the same."""
    index = PatienceIndex.build(lex(*WORDS))
    more = data.draw(st.lists(st.sampled_from("AEIOSTLNDGR"), max_size=6))
    key, bigger = "".join(sorted(cards)), index.pack("".join(cards + more))
    packed = index.pack(key)
    assert packed is not None and bigger is not None
    above = WordLists(index, bigger, subs + data.draw(st.integers(0, 1)))
    lists = WordLists(index, packed, subs, parent=above)
    assert index.splits_within(lists, len(key), steps=10**7) == brute_split(key, subs, [w.upper() for w in WORDS])


DRY = ["psst", "crwth", "tsktsk", "game", "mast", "crust"]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from("PSTKCRWHGAMEU"), min_size=0, max_size=10), st.integers(0, 2))
def test_cards_with_no_vowel_split_as_a_brute_force_split_says(cards: list[str], subs: int) -> None:
    """Cards with no vowel and no Sub Card are split with the words that have no vowel (PSST, CRWTH): the same
    answers as the brute-force split, with vowels and Sub Cards or without."""
    index = PatienceIndex.build(lex(*DRY))
    key = "".join(sorted(cards))
    assert index.splits_into_words(key, subs, steps=10**7) == brute_split(key, subs, [w.upper() for w in DRY])


def test_the_split_check_examples() -> None:
    index = PatienceIndex.build(lex("game", "gaze", "quiz"))
    assert index.splits_into_words("GAMEGAZE", 0) is True
    assert index.splits_into_words("GAMEGAE", 0) is False
    assert index.splits_into_words("GAMEGAE", 1) is True  # the Sub Card is the M or the Z
    assert index.splits_into_words("QIZ", 1) is True and index.splits_into_words("QIZ", 0) is False
    assert index.splits_into_words("GAMEX", 2) is False  # no word takes the X
    assert index.splits_into_words("", 0) is True
    dry = PatienceIndex.build(lex(*DRY))
    assert dry.splits_into_words("PSSTCRWTH", 0) is True and dry.splits_into_words("PSSTCRWT", 0) is False
    assert dry.splits_into_words("PSSTCRWT", 1) is True  # the Sub Card is the H


def test_a_deal_lost_by_a_stranded_letter_is_proven_lost_at_once() -> None:
    solver = PatienceSolver(lex("game"), node_limit=3)
    assert solver.solve(["G", "A", "M", "E"], "XQ", 0) is None  # the split check: X and Q make no word


def test_what_a_solver_keeps_across_deals_is_not_walked_by_the_cycle_collector() -> None:
    """The index's keys one letter short, the split answers and the face-up letters' moves live as long as the
    solver (a 1,000-deal range keeps some 800,000 of them). A set, a dict keyed by tuples or a list is walked at each of
    Python's full collections, which come four times as often since the trie is flat (few long-lived objects): that
    walk was the +15% of ``bench_game_of_words.py patience`` against 1ec0211. Kept as strings, ints and tuples of
    ints, none of them is tracked, and the answers do not change."""
    import gc

    index = PatienceIndex.build(lex(*WORDS))
    solver = PatienceSolver(lex(*WORDS), index=index)
    moves = solver.solve(["R", "A", "T", "E"], "TONENOTE", 2)
    assert moves is not None and replays(("R", "A", "T", "E"), "TONENOTE", 2, lex(*WORDS), moves)
    assert index.splits and solver.moves and "AET" in index.short
    gc.collect()  # a tuple is untracked at a collection once nothing in it is tracked: the pairs, then the tuples
    gc.collect()
    assert not gc.is_tracked(index.short) and not gc.is_tracked(index.splits)
    assert not any(gc.is_tracked(known) for known in solver.moves.values())


def nested_trie(index: PatienceIndex) -> tuple[bytes, list[int]]:
    """The index's trie as it was first built: nested dicts of the keys' ranks (``END`` first at a node, then by
    rank), numbered breadth first: the reference for the level-at-a-time build."""
    from collections import deque

    from kitgen.games.game_of_words.rules.patience_solver import END

    trie: dict[int, Any] = {}
    for ranks in sorted(sorted(index.rank[ch] for ch in key) for key in index.table):
        node = trie
        for r in ranks:
            node = node.setdefault(r, {})
        node[END] = {}
    keys, first, queue = bytearray([0]), [], deque([trie])
    while queue:
        node = queue.popleft()
        first.append(len(keys))
        for r, child in node.items():
            keys.append(r)
            queue.append(child)
    first.append(len(keys))
    return bytes(keys), first


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text("ABCDEIOST", min_size=4, max_size=10), max_size=30))
def test_the_trie_built_a_level_at_a_time_is_the_nested_dicts_laid_out_breadth_first(words: list[str]) -> None:
    """``Trie.of`` lays the trie out from the sorted keys a level at a time (for a lexicon's 80,000 keys a third
    of the nested dicts' time); node for node, it is the layout of the nested dicts walked breadth first, keys that
    are the start of others (ABCD, ABCDE) and repeated letters (ABBA) among them."""
    index = PatienceIndex.build(lex(*(words + ["abcd", "abcde", "abba", "dcba"])))
    assert (index.trie.keys, index.trie.first.tolist()) == nested_trie(index)
    empty = PatienceIndex.build(lex("abc", "ab"))  # no word of four letters: a root alone
    assert (empty.trie.keys, empty.trie.first.tolist()) == nested_trie(empty) == (b"\0", [1, 1])
