"""The autofill's word index kept on disk (issue 31): each length's index is stored once per lexicon and kitgen
version as JSON (never pickle), read back as the same index, checked when read (a damaged or tampered entry is
built again), and a fill is the same with or without the cache."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kitgen.core.grid import Grid
from kitgen.core.lexicon import Lexicon
from kitgen.games.crossword.formats.fill_index import fill_index
from kitgen.games.crossword.rules.fill import FillIndex, RankedIndex, fill

WORDS = ["abc", "cat", "def", "acd", "bae", "ctf", "dog", "owe", "god", "odg", "owo", "geg", "xyz", "tops", "spot"]


def _lexicon() -> Lexicon:
    return Lexicon.from_entries([(w, 10 + i) for i, w in enumerate(WORDS)], name="w")


@pytest.fixture
def indexes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("KITGEN_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "indexes"


def test_an_index_round_trips_through_json():
    index = FillIndex(_lexicon()).length(3)
    again = RankedIndex.from_json(json.loads(json.dumps(index.to_json())), 3)
    assert again.words == index.words and again.bits == index.bits and again.all == index.all
    assert again.number == index.number
    assert again.ranks == index.ranks == sorted(index.ranks) and again.common == index.common
    empty = RankedIndex([], 5)
    assert RankedIndex.from_json(empty.to_json(), 5).words == []


def test_the_cache_keeps_each_length_and_the_fill_is_the_same(indexes):
    grid = Grid(["...", "...", "..."])
    plain = fill(grid, FillIndex(_lexicon()))
    first = fill(grid, fill_index(_lexicon()))
    kept = sorted(indexes.glob("*.json"))
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"kitgen-index 1 ")   # JSON behind a digest line
    again = fill(grid, fill_index(_lexicon()))
    assert plain is not None and first is not None and again is not None
    assert plain.words == first.words == again.words
    fill(Grid(["....", "#..#", "#..#", "#..#"]), fill_index(_lexicon()))
    assert len(list(indexes.glob("*.json"))) == 3   # lengths 4 and 2 added: one entry a length asked for


@pytest.mark.parametrize("damage", ["flip", "words", "bits"])
def test_a_damaged_or_tampered_entry_is_built_again(indexes, damage):
    from kitgen.io.index_cache import encode_entry

    grid = Grid(["...", "...", "..."])
    expected = fill(grid, FillIndex(_lexicon()))
    fill(grid, fill_index(_lexicon()))
    entry = next(indexes.glob("*.json"))
    key = entry.stem
    data = json.loads(entry.read_bytes().partition(b"\n")[2])
    if damage == "flip":
        raw = bytearray(entry.read_bytes())
        raw[-5] ^= 1
        entry.write_bytes(bytes(raw))
    elif damage == "words":   # a consistent digest over inconsistent data: the index's own check refuses it
        data["words"][0], data["words"][1] = data["words"][1], data["words"][0]
        entry.write_bytes(encode_entry(key, data))
    else:
        data["bits"][0][0], data["bits"][0][1] = data["bits"][0][1], data["bits"][0][0]
        entry.write_bytes(encode_entry(key, data))
    found = fill(grid, fill_index(_lexicon()))
    assert expected is not None and found is not None and found.words == expected.words


@pytest.mark.parametrize("change", [
    lambda d: d.update(length=4),
    lambda d: d["words"].append("ab"),
    lambda d: d["words"].__setitem__(0, "a1c"),
    lambda d: d["bits"][1].pop(),
    lambda d: d["words"].__setitem__(1, d["words"][0]),
    lambda d: d["ranks"].reverse(),      # the ranks must fall in with the words' order, commonest first
    lambda d: d["ranks"].pop(),
    lambda d: d.pop("ranks"),
])
def test_from_json_refuses_an_index_that_is_not_its_words(change):
    data = json.loads(json.dumps(FillIndex(_lexicon()).length(3).to_json()))
    change(data)
    with pytest.raises((ValueError, TypeError)):
        RankedIndex.from_json(data, 3)


def test_the_cli_fill_reads_the_kept_index(invoke, indexes, tmp_path, word_file):
    words = word_file(*WORDS)
    args = ("pattern", "--from", tmp_path / "g.txt", "--fill", "--words", words, "--text", "--out", tmp_path / "g.pdf")
    (tmp_path / "g.txt").write_text("...\n...\n...\n")
    first = invoke(*args)
    assert first.exit_code == 0, first.output
    assert list(indexes.glob("*.json"))
    second = invoke(*args, "--force")
    assert second.exit_code == 0 and second.stdout.split("wrote")[0] == first.stdout.split("wrote")[0]
