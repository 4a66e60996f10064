"""The lexicon (issue 2): membership, normalisation, pattern queries, anagrams, --words."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.core.errors import InputError
from kitgen.core.lexicon import BadPattern, Lexicon, default_lexicon, load_word_list
from kitgen.core.normalize import normalize

SMALL = ["balance", "valance", "vacancy", "take cover", "café", "o'clock", "well-being", "cat", "act", "tac",
         "oak", "knot", "note", "tone"]


@pytest.fixture
def small() -> Lexicon:
    return Lexicon.from_entries((w, 10) for w in SMALL)


def test_normalize_folds_accents_and_drops_spaces_hyphens_apostrophes():
    assert normalize("take cover") == "TAKECOVER"
    assert len(normalize("TAKE COVER")) == 9
    assert normalize("café") == "CAFE"
    assert normalize("o'clock") == "OCLOCK"
    assert normalize("well-being") == "WELLBEING"
    assert normalize("Straße") == "STRASSE"
    assert normalize("abc1") == ""


def test_contains_any_form(small: Lexicon):
    assert small.contains("balance") and small.contains("BALANCE")
    assert small.contains("TAKECOVER") and small.contains("take cover") and small.contains("Take-Cover")
    assert small.contains("cafe") and small.contains("CAFÉ")
    assert not small.contains("qzxvkj") and not small.contains("") and not small.contains("12")
    assert "oak" in small and 5 not in small


def test_display_keeps_spaces_and_accents(small: Lexicon):
    assert small.display("TAKECOVER") == "take cover"
    assert small.display("cafe") == "café"
    assert small.display("BALANCE") == "balance"


def test_match_uses_known_letters_only(small: Lexicon):
    assert small.match("?A?A?C?") == ["BALANCE", "VALANCE", "VACANCY"] or sorted(small.match("?A?A?C?")) == [
        "BALANCE", "VACANCY", "VALANCE"]
    assert sorted(small.match("??L????")) == ["BALANCE", "VALANCE"]
    assert sorted(small.match("???")) == ["ACT", "CAT", "OAK", "TAC"]
    assert small.match("c?t") == ["CAT"]
    assert small.match("T???C????") == ["TAKECOVER"]
    assert small.match("Z??") == []
    assert small.match("????????????????????") == []


def test_match_rejects_bad_patterns(small: Lexicon):
    with pytest.raises(BadPattern):
        small.match("A1?")
    with pytest.raises(BadPattern):
        small.match("")


def test_anagrams_multiset_and_wild(small: Lexicon):
    assert set(small.anagrams("tca")) == {"CAT", "ACT", "TAC"}
    assert small.anagrams("ca") == []
    assert set(small.anagrams("ca", wild=1)) >= {"CAT", "ACT", "TAC"}
    assert "NOTE" in small.anagrams("tone") and "TONE" in small.anagrams("etno")
    assert "KNOT" not in small.anagrams("knt")
    assert "KNOT" in small.anagrams("knt", wild=1)
    # each letter of the hand is used once
    assert "BALANCE" not in small.anagrams("balnce")


def test_rank_of_default_lexicon():
    lx = default_lexicon()
    assert lx.rank("the") == 10
    balance = lx.rank("balance")
    assert balance is not None and balance <= 35
    assert lx.rank("qzxvkj") is None
    assert lx.rank("take care") == 35   # a phrase SemCor tagged 23 times (scripts/build_lexicon.py)
    assert lx.rank("madder family") == 80   # one it never tagged: still a word


def test_default_lexicon_has_both_spellings_and_no_proper_nouns_or_possessives():
    lx = default_lexicon()
    assert lx.contains("colour") and lx.contains("color")
    assert lx.contains("balance") and not lx.contains("qzxvkj")
    assert not lx.contains("london")
    assert not lx.contains("balances's")
    assert {"BALANCE", "VALANCE", "VACANCY"} <= set(lx.match("?A?A?C?"))


@pytest.mark.parametrize("entry", ["acpt", "hgwy", "tsp", "lxiv", "xiv", "xvii", "ii", "stdio", "xrefs"])
def test_default_lexicon_leaves_out_abbreviations_numerals_and_jargon(entry: str):
    # Debian's size-70 lists carry SCOWL's abbreviations, Roman numerals and hacker jargon; the seeds refuse them.
    assert not default_lexicon().contains(entry)


@pytest.mark.parametrize("word", ["balance", "mix", "civil", "vivid", "ion", "mid", "ax", "dim", "lid", "mild",
                                  "xi", "sec", "intro", "maths", "grok", "kludge"])
def test_default_lexicon_keeps_real_words_spelled_like_non_words(word: str):
    # Roman numeral letters (mix, civil, vivid), abbreviation homographs (sec, intro), jargon SCOWL files as words.
    assert default_lexicon().contains(word)


def test_match_agrees_with_a_regex_scan_on_the_default_lexicon():
    lx = default_lexicon()
    words = lx.words()
    for pattern in ["?A?A?C?", "Q??", "??E??S", "S???????", "?????????????T?", "X?", "P?????Y", "A??????????????"]:
        rx = re.compile(pattern.replace("?", ".") + r"\Z")
        assert lx.match(pattern) == [w for w in words if rx.match(w)], pattern


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="abcde", min_size=1, max_size=6), min_size=1, max_size=30),
       st.text(alphabet="abcde?", min_size=1, max_size=6))
def test_match_equals_brute_force(words: list[str], pattern: str):
    lx = Lexicon.from_entries((w, 10) for w in words)
    expect = sorted({w.upper() for w in words if len(w) == len(pattern)
                     and all(p == "?" or p == c for p, c in zip(pattern, w, strict=True))})
    assert lx.match(pattern) == expect


def test_word_list_file_replaces_default(word_file):
    lx = load_word_list(word_file("balance", "take cover", "  # only a comment", ""))
    assert len(lx) == 2
    assert lx.contains("balance") and not lx.contains("valance")


def test_word_list_errors_are_located(tmp_path, word_file):
    bad = word_file("balance", "abc1")
    with pytest.raises(InputError) as exc:
        load_word_list(bad)
    assert str(exc.value).startswith(f"{bad}:3:1:")
    with pytest.raises(InputError, match="no such file"):
        load_word_list(tmp_path / "missing.txt")
    empty = word_file("# nothing")
    with pytest.raises(InputError, match="empty"):
        load_word_list(empty)


def test_scored_word_list_keeps_the_makers_order(word_file):
    """A Crosshare / Spread the Wordlist style list (WORD;SCORE): a higher score ranks commoner."""
    lx = load_word_list(word_file("AARDVARK;50", "zebra ; 10", "TAKECOVER;60", "onager;35"))
    assert lx.rank("takecover") == 10 and lx.rank("zebra") == 80
    ranks = [lx.rank(word) or 0 for word in ("takecover", "aardvark", "onager", "zebra")]
    assert ranks == sorted(set(ranks)) and 0 not in ranks


def test_plain_word_list_ranks_all_alike(word_file):
    lx = load_word_list(word_file("balance", "valance"))
    assert lx.rank("balance") == lx.rank("valance") == 10


def test_scored_word_list_errors_are_located(word_file):
    bad = word_file("balance;50", "valance;lots")
    with pytest.raises(InputError) as exc:
        load_word_list(bad)
    assert str(exc.value).startswith(f"{bad}:3:9:")
    assert "not a score" in str(exc.value)


@pytest.mark.parametrize(("abc", "axc", "top"), [(10, 90, "AXC"), (90, 10, "ABC")])
def test_fill_prefers_the_best_scored_word(tmp_path, invoke, abc, axc, top):
    """Two fills differ only in the top light: the fill takes the word the list scores higher."""
    words = tmp_path / "scored.txt"
    words.write_text(f"ABC;{abc}\nAXC;{axc}\nADE;50\nCFG;50\nEHG;50\n", encoding="utf-8")
    grid = tmp_path / "ring.txt"
    grid.write_text("...\n.#.\n...\n", encoding="utf-8")
    result = invoke("pattern", "--from", grid, "--fill", "--words", words, "--text", "--out", tmp_path / "r.pdf")
    assert result.output.splitlines()[-3:] == [top, "D#F", "EHG"]


def test_a_lexicon_read_a_length_at_a_time_gives_its_items_as_the_mapping_view_does():
    """``ByLength.items`` reads each length's dict instead of looking every entry up again (the solvers' word table
    takes the whole lexicon's items): the same pairs in the same order as ``Mapping``'s own view, the classroom list
    and a rank cut left out alike."""
    from collections.abc import ItemsView

    from kitgen.core.lexicon import ByLength, WithoutRanks, language_lexicon

    english, german = default_lexicon(), language_lexicon("de")
    small = WithoutRanks({"cat": 10, "dog": 20, "horse": 30, "ox": 10}, frozenset({"dog"}), max_rank=20)
    for ranks in (german._rank, german.proposals(False)._rank, english.proposals(False)._rank,
                  english.proposals(False, max_rank=30)._rank, small):
        assert isinstance(ranks, ByLength)
        assert list(ranks.items()) == list(ItemsView(ranks))
    assert list(small.items()) == [("ox", 10), ("cat", 10)] and ("cat", 10) in small.items()

    class NotLookedUp(WithoutRanks):
        def __getitem__(self, key: str) -> int:
            raise AssertionError(f"{key} looked up again")

    assert list(NotLookedUp({"cat": 10, "ox": 10}, frozenset()).items()) == [("ox", 10), ("cat", 10)]


def test_the_lengths_of_a_lexicon_without_some_entries_are_found_in_one_scan_of_a_plain_dict():
    """``WithoutRanks.lengths`` over a plain dict (the English default's ranks) scans its entries once, not at
    every iteration, ``len`` or ``items`` (some 2% of Letter Patience's index build): the same lengths, those of
    the entries left out too, shortest first, and a copy a caller may change."""
    from kitgen.core.lexicon import WithoutRanks

    class Counted(dict[str, int]):
        scans = 0

        def __iter__(self):
            Counted.scans += 1
            return super().__iter__()

    inner = Counted({"horse": 30, "cat": 10, "dog": 20, "ox": 10, "elephant": 40})
    small = WithoutRanks(inner, frozenset({"dog"}), max_rank=20)
    assert small.lengths() == [2, 3, 5, 8]
    small.lengths().append(99)
    assert small.lengths() == [2, 3, 5, 8] and list(small) == ["ox", "cat"] and len(small) == 2
    assert list(small.items()) == [("ox", 10), ("cat", 10)]
    assert Counted.scans == 1  # the lengths; the split by length reads the dict's items
