"""Word Solitaire rules, replay, solver and `verify solitaire` (issue 5; seed section 2).

Tests pass their own word lists, so they do not depend on the default lexicon.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import pytest
from click.testing import Result

from kitgen.core.errors import Location
from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.rules.common import Code
from kitgen.games.game_of_words.rules.word_solitaire import IllegalWord, Solver, legal_takes, replay

Invoke = Callable[..., Result]
WordFile = Callable[..., Path]


def lex(*words: str) -> Lexicon:
    return Lexicon.from_entries([(w, 10) for w in words])


# Piles bottom to top (top card last).
QUIT_PILES = ["IUQ", "XXT"]  # Q on top of U on top of I; T on the other pile


def test_quit_example_takes_three_cards_of_one_pile() -> None:
    # Seed: "if a Q and T are exposed, and below the Q are U and I, all three letters may be used with the T"
    ways = legal_takes("QUIT", QUIT_PILES, (3, 3), lex("quit"))
    assert ways == [(3, 1)]


def test_only_top_cards_and_runs_from_the_top() -> None:
    # the U is under the Q: UNIT cannot take it without the Q
    piles = ["AUQ", "XNT", "IIE"]
    with pytest.raises(IllegalWord, match="not free"):
        legal_takes("TUNE", piles, (3, 3, 3), lex("tune"))


def test_words_need_four_letters_except_to_finish() -> None:
    piles = ["AT", "XE", "XS", "OX"]
    with pytest.raises(IllegalWord, match="four or more"):
        legal_takes("TEA", piles, (2, 2, 2, 2), lex("tea"))
    # with only three cards left a three-letter word may finish
    assert legal_takes("TEA", ["AT", "E"], (2, 1), lex("tea")) == [(2, 1)]
    with pytest.raises(IllegalWord, match="at least two"):
        legal_takes("A", ["A"], (1,), lex("a"))


def test_word_must_be_in_lexicon_and_not_a_phrase() -> None:
    with pytest.raises(IllegalWord, match="lexicon"):
        legal_takes("TUEQ", ["Q", "U", "E", "T"], (1, 1, 1, 1), lex("quit"))
    phrases = Lexicon.from_entries([("ta ta", 10)])
    with pytest.raises(IllegalWord, match="lexicon"):
        legal_takes("TATA", ["T", "A", "T", "A"], (1, 1, 1, 1), phrases)


def test_replay_wins_when_every_card_is_used() -> None:
    piles = ["IUQ", "NET", "A"]
    spots = [Location("solution.txt", 1, 1), Location("solution.txt", 2, 3)]
    r = replay(piles, ["QUIT", "ANTE"], lex("quit", "ante"), None, spots)
    assert not r.won and isinstance(r.broken, IllegalWord)  # ANTE: its letters are not free, raised where typed
    assert (r.broken.code, r.broken.offending, r.broken.where) == (Code.NOT_FREE, "ANTE", spots[1])
    r = replay(["IUQ", "ENT", "A"], ["QUIT", "NEA"], lex("quit", "nea"))
    assert r.won and [s.word for s in r.steps] == ["QUIT", "NEA"]
    assert r.steps[0].takes == (0, 0, 0, 1)


def test_replay_reports_cards_left() -> None:
    r = replay(["IUQ", "ENT", "A"], ["QUIT"], lex("quit"), None, [Location("solution.txt", 4, 2)])
    assert not r.won and r.cards_left == "ENA" and r.broken is not None and "cards are left" in r.broken.message
    assert r.broken.code is Code.CARDS_LEFT and r.broken.where == Location("solution.txt", 4, 1)  # the line's start


def test_given_piles_are_respected() -> None:
    piles = ["SE", "KE", "T", "A"]
    r = replay(piles, ["TAKE", "ES"], lex("take", "es"), [(2, 3, 1, 0), None])
    assert not r.won and r.broken is not None and "piles given" in r.broken.message
    assert r.broken.code is Code.PILES_GIVEN and r.broken.offending == "TAKE"


def test_solver_finds_win_and_replay_accepts_it() -> None:
    piles = ["IUQ", "ENT", "A", "SOR"]
    s = Solver(lex("quit", "ante", "neat", "rose", "ore", "sore", "roe", "reason"), "".join(piles))
    steps = s.solve(piles)
    assert steps is not None
    words = lex("quit", "ante", "neat", "rose", "ore", "sore", "roe", "reason")
    assert replay(piles, [st.word for st in steps], words).won


def test_solver_proves_a_loss() -> None:
    piles = ["IUQ", "ENT", "X"]
    s = Solver(lex("quit", "next", "ten"), "".join(piles))
    assert s.solve(piles) is None


def test_solver_never_leaves_a_short_word_except_to_finish() -> None:
    # QUIT then ANE? "ane" only allowed as the last word of exactly 3 cards.
    piles = ["IUQ", "ENT", "A"]
    s = Solver(lex("quit", "ane"), "".join(piles))
    steps = s.solve(piles)
    assert steps is not None and [x.word for x in steps] == ["QUIT", "ANE"]


def test_cli_solve_json_and_verify_round_trip(invoke: Invoke, word_file: WordFile, tmp_path: Path) -> None:
    words = word_file(*open_words())
    # The list's only way to win plays SQUAW, a slur: kitgen proposes it only with --all-words (issue 16) ...
    r = invoke("deal", "word-solitaire", "--seed", "1", "--solve", "--json", "--words", str(words))
    assert r.exit_code == 0 and json.loads(r.stdout)["winnable"] is False, r.stderr
    r = invoke("deal", "word-solitaire", "--seed", "1", "--solve", "--json", "--words", str(words), "--all-words")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["winnable"] is True and len(doc["piles"]) == 17 and "SQUAW" in [s["word"] for s in doc["solution"]]
    used = sorted(p for step in doc["solution"] for p in step["from"])
    assert used == sorted(list(range(17)) * 3 + [17])
    sol = tmp_path / "sol.txt"
    sol.write_text("# deal 1\n" + "\n".join(s["word"] for s in doc["solution"]) + "\n", encoding="utf-8")
    r = invoke("verify", "solitaire", str(sol), "--game", "word-solitaire", "--seed", "1", "--words", str(words))
    assert r.exit_code == 0, r.stderr
    # drop the last word: cards are left, exit 1 located at the last line
    lines = sol.read_text().splitlines()[:-1]
    sol.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = invoke("verify", "solitaire", str(sol), "--game", "word-solitaire", "--seed", "1", "--words", str(words))
    assert r.exit_code == 1 and f"sol.txt:{len(lines)}:1:" in r.stderr


def open_words() -> list[str]:
    # A word list that wins deal 1 (found by the solver with the default lexicon, pinned here as data).
    return ["jowl", "squaw", "with", "zonk", "lxiv", "bush", "heft", "yule", "aorta", "amir", "grip", "censed"]


def test_cli_verify_bad_input(invoke: Invoke, tmp_path: Path, word_file: WordFile) -> None:
    sol = tmp_path / "s.txt"
    sol.write_text("JOWL\nQU1T\n", encoding="utf-8")
    r = invoke("verify", "solitaire", str(sol), "--seed", "1", "--words", str(word_file("jowl")))
    assert r.exit_code == 2 and "s.txt:2:1:" in r.stderr
    sol.write_text("JOWL 1 2 3\n", encoding="utf-8")
    r = invoke("verify", "solitaire", str(sol), "--seed", "1")
    assert r.exit_code == 2 and "s.txt:1:6:" in r.stderr
    sol.write_text("JOWL 11 3 10 15\nSQUAW 2 16 5  19 11\n", encoding="utf-8")  # pile 19: there is no such pile
    r = invoke("verify", "solitaire", str(sol), "--seed", "1", "--words", str(word_file("jowl", "squaw")))
    assert r.exit_code == 2 and "s.txt:2:15: there is no pile 19: the piles are counted from 1 to 18" in r.stderr
    r = invoke("verify", "solitaire", str(sol), "--game", "klondike", "--seed", "1")
    assert r.exit_code == 2 and "'klondike' is not one of" in r.stderr and "letter-patience" in r.stderr
    r = invoke("verify", "solitaire", str(sol))
    assert r.exit_code == 2 and "--seed" in r.stderr


def test_cli_range_stats(invoke: Invoke, word_file: WordFile) -> None:
    """--range --json: one JSON line a deal, in seed order, each as --seed N --solve decides it."""
    words = str(word_file(*open_words()))
    r = invoke("deal", "word-solitaire", "--range", "1-3", "--solve", "--stats", "--json", "--words", words,
               "--all-words")
    assert r.exit_code == 0, r.stderr
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    assert [line["seed"] for line in lines] == [1, 2, 3]
    assert lines[0]["winnable"] is True  # deal 1 is winnable with this list
    for line in lines:
        single = json.loads(invoke("deal", "word-solitaire", "--seed", str(line["seed"]), "--solve", "--json",
                                   "--words", words, "--all-words").stdout)
        assert line["winnable"] == single["winnable"]
        assert line["words"] == [step["word"] for step in single["solution"]]
    assert "deals 1-3: " in r.stderr and "winnable" in r.stderr  # the summary, beside the lines


def test_cli_winnable_skips_to_a_winnable_deal(invoke: Invoke, word_file: WordFile) -> None:
    r = invoke("deal", "word-solitaire", "--seed", "0", "--winnable", "--json", "--words",
               str(word_file(*open_words())), "--all-words")
    assert r.exit_code == 0 and json.loads(r.stdout)["seed"] == 1


# -- the solver against an exhaustive search written straight from the seed --------------------------------

from functools import cache  # noqa: E402
from itertools import product  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


def brute_force_winnable(piles: Sequence[str], words: Iterable[str]) -> bool:
    """Seed section 2, literally: every way of taking a run from the top of each pile (several cards of a pile
    in one word, as QUIT), a word of four or more letters, or of two or three only when it takes every card
    left; no plural (the word-forms data, one word at a time: ruling 9). No bitsets, no pruning: every take
    vector at every position."""
    from kitgen.games.game_of_words.rules.common import is_plural

    words = list(words)
    lexicon = lex(*words)
    sigs = {"".join(sorted(w.upper())) for w in words if not is_plural(lexicon, w)}

    @cache
    def win(heights: tuple[int, ...]) -> bool:
        left = sum(heights)
        if left == 0:
            return True
        for take in product(*(range(h + 1) for h in heights)):
            n = sum(take)
            if n == 0 or not (n >= 4 or (n >= 2 and n == left)):
                continue
            cards = "".join(piles[p][heights[p] - k:heights[p]] for p, k in enumerate(take))
            if "".join(sorted(cards)) in sigs and win(tuple(h - k for h, k in zip(heights, take, strict=False))):
                return True
        return False

    return win(tuple(len(p) for p in piles))


@st.composite
def small_deals(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """Four piles of three and an extra card from a 13-letter alphabet, and a word list: the words of one
    random legal play of the deal (so many deals are won, some in more than one way), plus random strings."""
    alphabet = "AEIOTNSRLQUXZ"
    letters = draw(st.lists(st.sampled_from(alphabet), min_size=13, max_size=13))
    piles = ["".join(letters[i * 3:i * 3 + 3]) for i in range(4)] + [letters[12]]
    rnd = draw(st.randoms(use_true_random=False))
    words: set[str] = set()
    heights = [len(p) for p in piles]
    for _ in range(300):
        left = sum(heights)
        if left < 2:
            break
        take = [rnd.randint(0, h) for h in heights]
        n = sum(take)
        if not (n >= 4 or (n >= 2 and n == left)) or left - n == 1:
            continue
        cards = [ch for p, k in enumerate(take) for ch in piles[p][heights[p] - k:heights[p]]]
        rnd.shuffle(cards)
        words.add("".join(cards).lower())
        heights = [h - k for h, k in zip(heights, take, strict=False)]
    drop: bool = bool(words) and draw(st.booleans())  # take one word of the play away: often the deal is lost then
    if drop:
        words.discard(rnd.choice(sorted(words)))
    words |= set(draw(st.lists(st.text(alphabet.lower(), min_size=2, max_size=5), max_size=10)))
    return piles, sorted(words)


@settings(max_examples=120, deadline=None)
@given(small_deals())
def test_solver_decides_exactly_as_an_exhaustive_search_of_the_seed_rules(deal: tuple[list[str], list[str]]) -> None:
    piles, words = deal
    lexicon = lex(*words)
    expected = brute_force_winnable(piles, words)
    steps = Solver(lexicon, "".join(piles), node_limit=10**6).solve(piles)
    assert (steps is not None) == expected
    if steps is not None:  # a claimed win replays under the rules, letter by letter from the piles it names
        r = replay(piles, [s.word for s in steps], lexicon, [s.takes for s in steps])
        assert r.won, r.broken
        assert all(len(s.word) >= 4 for s in steps[:-1])


def test_exhaustive_search_sees_the_seed_rules() -> None:
    """The reference itself: QUIT takes three cards of one pile; a three-letter word only to finish."""
    assert brute_force_winnable(["IUQ", "T"], ["quit"])
    assert brute_force_winnable(["IUQ", "EAT"], ["quit", "ea"])  # QUIT, then EA takes the last two
    assert not brute_force_winnable(["IUQ", "TEA"], ["quit", "ate"])  # T under E and A: QUIT never free
    assert not brute_force_winnable(["IUQ", "XT"], ["quit"])  # one card alone never goes
    assert not brute_force_winnable(["SATE", "XXX"], ["eta", "sxxx"])  # ETA would leave four cards
    assert brute_force_winnable(["SATE", "XXX"], ["seat", "xxx"])  # a three-letter word to finish
    assert not brute_force_winnable(["SATE", "XXX"], ["etas", "xxx"])  # ETAS: a plural (of ETA)


def test_cli_reports_a_lost_deal_with_a_small_word_list(invoke: Invoke, word_file: WordFile) -> None:
    """A loss is possible: with only a few words deal 1 cannot be won, and --range counts the losses."""
    words = word_file(*open_words()[:-1])  # the winning list of deal 1 without its last word (CENSED)
    r = invoke("deal", "word-solitaire", "--seed", "1", "--solve", "--json", "--words", str(words))
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["winnable"] is False and doc["solution"] == []
    r = invoke("deal", "word-solitaire", "--seed", "1", "--solve", "--words", str(words))
    assert "winnable: no" in r.stdout
    survey = str(words.with_suffix(".jsonl"))
    r = invoke("deal", "word-solitaire", "--range", "1-4", "--solve", "--json", "--out", survey, "--words", str(words))
    doc = json.loads(r.stdout)
    assert doc["lost"] == 4 and doc["lost_seeds"] == [1, 2, 3, 4] and doc["share"] == 0.0
    r = invoke("deal", "word-solitaire", "--range", "1-4", "--solve", "--words", str(words))
    assert "0 of 4 winnable" in r.stdout and "lost: 1 2 3 4" in r.stdout


# -- the split check: a position whose letters cannot be cut into words is lost ----------------------------

def brute_force_splits(cards: str, words: Iterable[str]) -> bool:
    """Every partition of the cards (by position, no multiset shortcut) into blocks that are words of the list:
    four letters or more, but for one block of two or three letters at most (the last word, rule 4)."""
    from kitgen.games.game_of_words.rules.common import is_plural

    words = list(words)
    lexicon = lex(*words)
    sigs = {"".join(sorted(w.upper())) for w in words if not is_plural(lexicon, w)}

    def go(left: list[str], short: bool) -> bool:
        if not left:
            return True
        first, rest = left[0], left[1:]
        for mask in range(1 << len(rest)):  # the block holding the first card: it and any subset of the rest
            block = [first] + [c for i, c in enumerate(rest) if mask >> i & 1]
            others = [c for i, c in enumerate(rest) if not mask >> i & 1]
            if "".join(sorted(block)) not in sigs or len(block) < 2:
                continue
            if len(block) >= 4 and go(others, short):
                return True
            if len(block) < 4 and short and go(others, False):
                return True
        return False

    return go(list(cards), True)


@st.composite
def small_multisets(draw: st.DrawFn) -> tuple[str, list[str]]:
    """Up to ten cards from a 7-letter alphabet and a word list: the blocks of one random cut of the cards (so
    many multisets split), one of them sometimes dropped, plus random strings."""
    alphabet = "AEINSTQ"
    cards = draw(st.lists(st.sampled_from(alphabet), min_size=2, max_size=10))
    rnd = draw(st.randoms(use_true_random=False))
    shuffled = cards[:]
    rnd.shuffle(shuffled)
    words: set[str] = set()
    while shuffled:
        n = rnd.randint(2, 6)
        words.add("".join(shuffled[:n]).lower())
        shuffled = shuffled[n:]
    if draw(st.booleans()):
        words.discard(rnd.choice(sorted(words)))
    words |= set(draw(st.lists(st.text(alphabet.lower(), min_size=2, max_size=6), max_size=12)))
    return "".join(sorted(cards)), sorted(words)


@settings(max_examples=200, deadline=None)
@given(small_multisets())
def test_split_check_agrees_with_every_partition_of_the_cards(case: tuple[str, list[str]]) -> None:
    from kitgen.games.game_of_words.rules.word_solitaire import SplitCheck, WordIndex

    cards, words = case
    check = SplitCheck(WordIndex(lex(*words), cards))
    assert check.splits(cards) is brute_force_splits(cards, words)


def test_split_check_examples() -> None:
    from kitgen.games.game_of_words.rules.word_solitaire import SplitCheck, WordIndex

    words = ["quit", "seat", "tea", "eat"]
    deck = "AEEIQSTTTU"
    check = SplitCheck(WordIndex(lex(*words), deck))
    assert check.splits("IQTU")  # one word
    assert check.splits("AEIQSTTU")  # QUIT + SEAT
    assert check.splits("AEIQTTU")  # QUIT + TEA, the one short word
    assert not check.splits("AAEEIQTTTTU")  # QUIT + TEA + TEA: two short words
    assert not check.splits("AEEIQSTTTU")  # QUIT + SEAT leaves E, T
    assert SplitCheck(WordIndex(lex(*words), deck + "Ñ")).splits("AEIQTTUÑ") is False  # a card no word holds
    assert SplitCheck(WordIndex(lex(*words), deck), steps=1).splits("AEIQSTTU") is None  # gave up: prunes nothing


@settings(max_examples=60, deadline=None)
@given(small_deals())
def test_solver_with_and_without_the_split_check_decide_alike(deal: tuple[list[str], list[str]]) -> None:
    """Every position of these 13-card deals is split-checked (the check runs from 40 cards), so the exhaustive
    comparison above tests it; here the search with the check switched off agrees too."""
    piles, words = deal
    lexicon = lex(*words)
    plain = Solver(lexicon, "".join(piles), node_limit=10**6, split_cards=0).solve(piles)
    checked = Solver(lexicon, "".join(piles), node_limit=10**6).solve(piles)
    assert (plain is None) == (checked is None) == (not brute_force_winnable(piles, words))
