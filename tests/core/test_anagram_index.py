"""The anagram index (issue 30): the same answers as reading every entry, in the same order, with or without wild
cards, from an index built here or read back from disk."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from kitgen.core.anagram import AnagramIndex, set_bits
from kitgen.core.lexicon import Lexicon

LETTERS = "EEEEEAAAAIIIOOOUUNNNRRRTTTSSSLLDDCMPBGHFWYKVXZJQ"


def scanned(lexicon: Lexicon, letters: str, wild: int, min_length: int) -> list[str]:
    """Every entry read and its letters counted against the hand: what ``anagrams`` gave before the index."""
    hand = lexicon.language.normalize(letters)
    out = []
    for w in lexicon:
        if not min_length <= len(w) <= len(hand) + wild:
            continue
        lacking = sum(max(0, w.count(ch) - hand.count(ch)) for ch in set(w))
        if lacking <= wild:
            out.append(w)
    return sorted(out, key=lambda w: (-len(w), w))


def entries(rng: random.Random, count: int) -> list[tuple[str, int]]:
    words = {"".join(rng.choices(LETTERS, k=rng.randint(2, 12))) for _ in range(count)}
    words |= {"retains", "stainer", "nastier", "retinas", "tea", "eat", "ate", "take cover", "zzz", "quiz"}
    return [(w, 10) for w in sorted(words)]


def word_list(rng: random.Random, count: int) -> Lexicon:
    return Lexicon.from_entries(entries(rng, count))


@pytest.mark.parametrize("seed", range(3))
def test_answers_are_those_of_reading_every_entry(seed: int) -> None:
    rng = random.Random(seed)
    lexicon = word_list(rng, 4000)
    for _ in range(120):
        hand = "".join(rng.sample(LETTERS, rng.randint(1, 10)))
        wild, shortest = rng.choice([0, 0, 1, 2, 3]), rng.randint(1, 5)
        assert lexicon.anagrams(hand, wild, shortest) == scanned(lexicon, hand, wild, shortest), (hand, wild)
    assert lexicon.anagrams("retains", 0, 7)[:4] == ["NASTIER", "RETAINS", "RETINAS", "STAINER"]
    assert "TAKECOVER" in lexicon.anagrams("takecover", 0, 9)  # phrases are entries too, as before


def test_an_index_read_back_answers_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from kitgen.io.index_cache import anagram_index

    monkeypatch.setenv("KITGEN_CACHE_DIR", str(tmp_path / "cache"))
    listed = entries(random.Random(7), 2000)
    lexicon = Lexicon.from_entries(listed)
    anagram_index(lexicon)  # built and kept
    again = Lexicon.from_entries(listed)
    monkeypatch.setattr(AnagramIndex, "build", None)  # read back, not built
    read = anagram_index(again)
    assert read is not lexicon.anagram_index() and read.words == lexicon.anagram_index().words
    for hand in ("retainsq", "zzquie", "abcdefghij"):
        for wild in (0, 1, 2):
            assert again.anagrams(hand, wild, 2) == lexicon.anagrams(hand, wild, 2)
    [entry] = (tmp_path / "cache" / "indexes").glob("*.json")
    head, _, payload = entry.read_bytes().partition(b"\n")
    data = json.loads(payload)
    data["words"] = data["words"].replace("\n", "\n1", 1)  # a digit: not a letter of the alphabet
    with pytest.raises(ValueError):
        AnagramIndex.from_json(data, lexicon.language.letters)


def test_set_bits_reads_every_set_bit_lowest_first() -> None:
    rng = random.Random(3)
    for _ in range(300):
        bits = rng.getrandbits(rng.randint(0, 500))
        assert list(set_bits(bits)) == [i for i in range(bits.bit_length()) if bits >> i & 1]
