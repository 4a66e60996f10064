"""Solver indexes built once and kept on disk (issue 30): one pass over the lexicon for every index, entries in a
format that runs no code, checked when read (a damaged or tampered entry is built again), and the same answers with
or without the cache."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from kitgen.core.lexicon import Lexicon, get_lexicon
from kitgen.games.game_of_words.formats import solvers
from kitgen.games.game_of_words.rules import word_table
from kitgen.games.game_of_words.rules.patience_solver import PatienceIndex, PatienceSolver, PatienceUndecided
from kitgen.games.game_of_words.rules.word_solitaire import Solver, SolverIndexes, WordIndex
from kitgen.io import index_cache

WORDS = ["quit", "quite", "quiet", "tune", "unit", "untie", "seat", "east", "eats", "teas", "tea", "eat", "ate",
         "cars", "car", "scar", "arcs", "card", "cards", "tone", "note", "notes", "stone", "onset", "tonal", "ant",
         "tan", "net", "ten", "take cover", "zebu", "jowl", "axiom", "grip", "lush", "hove", "fail", "yarn", "trend",
         "sect", "with", "squawk", "oats", "stoat", "toast", "rust", "runt", "turn", "urns", "nurse", "runes"]
DECK = "AACDEEEIIJKLMNNOOPQRRSSTTTUUUVWXYZAEIOSTRNLHGBF"


def lex(*words: str, rank: int = 10) -> Lexicon:
    return Lexicon.from_entries([(w, rank + (5 * i) % 60) for i, w in enumerate(words)])


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    where = tmp_path / "cache"
    monkeypatch.setenv("KITGEN_CACHE_DIR", str(where))
    solvers._TABLES.clear()
    return where / "indexes"


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The word tables built (one entry a pass over a lexicon) and the ``plurals_of`` calls."""
    made: list[str] = []
    build, plurals = word_table.WordTable.build.__func__, word_table.plurals_of  # type: ignore[attr-defined]

    def counted_build(cls: type, lexicon: Lexicon, min_length: int = 2, *,
                      plurals: bool = True) -> word_table.WordTable:
        made.append("table")
        return build(cls, lexicon, min_length, plurals=plurals)

    def counted_plurals(lexicon: Lexicon) -> frozenset[str]:
        made.append("plurals")
        return plurals(lexicon)

    monkeypatch.setattr(word_table.WordTable, "build", classmethod(counted_build))
    monkeypatch.setattr(word_table, "plurals_of", counted_plurals)
    yield made


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


# -- one index where two were built ---------------------------------------------------------------------------

def old_word_index(lexicon: Lexicon, deck: str, max_rank: int | None) -> tuple[list[str], list[str], dict[str, str]]:
    """The classes as the solver chose them before the shared table (its own scan of the lexicon, plurals and
    phrases left out, the most common word of each class): the reference the table's filter must equal."""
    from kitgen.games.game_of_words.rules.common import plurals_of
    from kitgen.games.game_of_words.rules.word_solitaire import _hardness

    plurals, index = plurals_of(lexicon), lexicon.language.letter_index
    best: dict[str, tuple[int, str]] = {}
    short: dict[str, tuple[int, str]] = {}
    for w in lexicon:
        if not 2 <= len(w) <= len(deck) or any(w.count(ch) > deck.count(ch) for ch in set(w)):
            continue
        if w in plurals or " " in lexicon.display(w):
            continue
        rank = lexicon.rank(w) or 0
        if max_rank is not None and rank > max_rank:
            continue
        table = best if len(w) >= 4 else short
        sig = "".join(sorted(w))
        if sig not in table or (rank, w) < table[sig]:
            table[sig] = (rank, w)
    hard = _hardness(list(best), deck, index)
    sigs = sorted(best, key=lambda s: (-sum(hard[index[c]] for c in s) / len(s), s))
    return sigs, [best[s][1] for s in sigs], {s: v[1] for s, v in short.items()}


def test_the_shared_table_gives_each_index_the_classes_the_solver_chose_alone() -> None:
    lexicon = Lexicon.from_entries([(w, 10 + 7 * i % 70) for i, w in enumerate(WORDS)])
    indexes = SolverIndexes.build(lexicon, DECK, 40)
    assert indexes.common is not None
    for index, rank in ((indexes.full, None), (indexes.common, 40)):
        assert (index.sigs, index.words, index.short) == old_word_index(lexicon, DECK, rank)
    assert "cars" not in [w.lower() for w in indexes.full.words]  # a plural (rule 3)
    assert "TAKECOVER" not in indexes.full.sigs + indexes.full.words  # a phrase
    patience = PatienceIndex.build(lexicon)
    assert patience.table["ACRS"] in ("ARCS", "CARS", "SCAR")  # Letter Patience keeps plurals
    assert all(4 <= len(key) <= 10 for key in patience.table)


PATIENCE_WORDS = {
    "en": WORDS + ["children", "child", "mice", "mouse", "glasses", "glass", "news", "stones", "baked", "bake",
                   "melodizes", "quiets", "tunes", "units"],
    "de": ["Vogel", "Vögel", "Haus", "Häuser", "Straße", "Straßen", "Kinder", "Kind", "Tische", "Tisch", "weiß"],
    "el": ["σπίτι", "σπίτια", "θάλασσα", "θάλασσες", "δρόμος", "δρόμοι", "παιδί", "παιδιά", "νερό", "ουρανός"],
    "ru": ["дом", "дома", "домов", "книга", "книги", "ёлка", "ёлки", "улица", "улицы", "окно", "окна", "весна"],
}


@pytest.mark.parametrize("code", sorted(PATIENCE_WORDS))
def test_letter_patience_builds_its_own_table_without_looking_for_plurals_and_the_same_index(
        code: str, builds: list[str]) -> None:
    """Letter Patience keeps plurals and reads only the table's signatures and words, so the table it builds for
    itself marks none (``plurals=False``, issue 25's bench: some 0.1 s of English's index): its index is the one
    built from the shared table, plurals marked, byte for byte, in a language with word forms and three without."""
    from kitgen.core.language import language
    from kitgen.games.game_of_words.rules.common import plurals_of

    lexicon = Lexicon.from_entries([(w, 10 + 7 * i % 70) for i, w in enumerate(PATIENCE_WORDS[code])],
                                   lang=language(code))
    alone = PatienceIndex.build(lexicon)
    assert builds == ["table"]  # no plurals looked for
    shared = PatienceIndex.build(lexicon, word_table.WordTable.build(lexicon))
    assert builds == ["table", "table", "plurals"]
    assert json.dumps(alone.to_json()) == json.dumps(shared.to_json()) and len(alone.table) >= 5
    if code == "en":
        assert {"CARS", "CHILDREN", "MICE", "STONES"} <= plurals_of(lexicon) and "ACRS" in alone.table


def test_letter_patience_index_of_the_english_proposals_is_the_same_without_looking_for_plurals() -> None:
    """The same for the lexicon the benchmark and ``--solve`` use (English, classroom list left out): 26,000 of its
    entries are plurals, none of which changes Letter Patience's index."""
    from kitgen.core.lexicon import default_lexicon

    lexicon = default_lexicon().proposals(False)
    shared = PatienceIndex.build(lexicon, word_table.WordTable.build(lexicon))
    assert json.dumps(PatienceIndex.build(lexicon).to_json()) == json.dumps(shared.to_json())


def test_one_pass_over_the_lexicon_and_plurals_found_once_for_every_index(
        builds: list[str], cache_dir: Path) -> None:
    lexicon = lex(*WORDS)
    solvers.word_solitaire_solver(lexicon, DECK)
    solvers.patience_index(lexicon)
    assert builds == ["table", "plurals"]  # Word Solitaire's two indexes and Letter Patience's, from one pass


# -- kept on disk ---------------------------------------------------------------------------------------------

def test_an_index_is_kept_in_the_cache_folder_as_json_and_read_back(builds: list[str], cache_dir: Path) -> None:
    lexicon = lex(*WORDS)
    first = solvers.word_solitaire_indexes(lexicon, DECK)
    kept = entries(cache_dir)
    assert len(kept) == 1
    raw = kept[0].read_bytes()
    head, _, payload = raw.partition(b"\n")
    assert head.startswith(b"kitgen-index 1 ") and json.loads(payload)["full"]["sigs"]  # JSON: no code in it
    assert stat_mode(cache_dir) == 0o700 and stat_mode(kept[0]) & 0o077 == 0
    solvers._TABLES.clear()
    builds.clear()
    again = solvers.word_solitaire_indexes(lexicon, DECK)
    assert builds == []  # read, not built
    assert same_index(first.full, again.full) and first.common is not None and again.common is not None
    assert same_index(first.common, again.common)


def stat_mode(path: Path) -> int:
    return os.stat(path).st_mode & 0o777


def same_index(a: WordIndex, b: WordIndex) -> bool:
    return (a.sigs, a.words, a.short, a.has, a.need, a.holding, a.short_holding) == \
        (b.sigs, b.words, b.short, b.has, b.need, b.holding, b.short_holding)


def test_the_key_changes_with_the_lexicon_and_the_deck(cache_dir: Path) -> None:
    solvers.word_solitaire_indexes(lex(*WORDS), DECK)
    solvers.word_solitaire_indexes(lex(*WORDS[:-1]), DECK)
    solvers.word_solitaire_indexes(lex(*WORDS), DECK + "E")
    solvers.word_solitaire_indexes(lex(*WORDS, rank=20), DECK)  # the same words, other ranks: other classes' words
    solvers.patience_index(lex(*WORDS))
    assert len(entries(cache_dir)) == 5


def corrupt(path: Path) -> None:
    raw = bytearray(path.read_bytes())
    at = raw.index(b"QUIT")
    raw[at:at + 4] = b"QUIZ"  # a class's word changed, the digest left as it was
    path.write_bytes(bytes(raw))


def forge(path: Path, key: str, change: Any) -> None:
    """Rewrite the entry with ``change(data)`` applied and a matching digest: only its own checks can refuse it."""
    data = json.loads(path.read_bytes().partition(b"\n")[2])
    change(data)
    path.write_bytes(index_cache.encode_entry(key, data))


def key_of(path: Path) -> str:
    return path.name.removesuffix(".json")


def set_in(*where: str, value: Any) -> Any:
    def change(data: Any) -> None:
        for step in where[:-1]:
            data = data[step]
        data[where[-1]] = value

    return change


@pytest.mark.parametrize("tamper", [
    "corrupt", "truncate", "empty", "not-json", "sigs-not-text", "letters-not-the-alphabet", "word-lengths",
    "bitsets-cut", "bitsets-not-base64"])
def test_a_damaged_or_tampered_entry_is_rejected_and_built_again(
        tamper: str, builds: list[str], cache_dir: Path) -> None:
    lexicon = lex(*WORDS)
    solver = Solver(lexicon, DECK, indexes=solvers.word_solitaire_indexes(lexicon, DECK))
    [path] = entries(cache_dir)
    key = key_of(path)
    changes = {
        "sigs-not-text": set_in("full", "sigs", value=[1, 2]),
        "letters-not-the-alphabet": set_in("full", "sigs", value="ABC1\nEIQTU"),
        "word-lengths": set_in("full", "words", value="\n".join(["QUITE"] + solver.index.words[1:])),
        "bitsets-cut": set_in("full", "has", value=["AAAA"] * 26),
        "bitsets-not-base64": set_in("full", "has", value=["!!"] * 26),
    }
    if tamper == "corrupt":
        corrupt(path)
    elif tamper == "truncate":
        path.write_bytes(path.read_bytes()[:-100])
    elif tamper == "empty":
        path.write_bytes(b"")
    elif tamper == "not-json":
        path.write_bytes(index_cache.MAGIC + b" 1 " + index_cache.payload_digest(key, b"{").encode() + b"\n{")
    else:
        forge(path, key, changes[tamper])
    solvers._TABLES.clear()
    builds.clear()
    rebuilt = solvers.word_solitaire_indexes(lexicon, DECK)
    assert builds[:1] == ["table"]  # refused, so built again
    assert same_index(rebuilt.full, solver.index)
    builds.clear()
    solvers._TABLES.clear()
    assert same_index(solvers.word_solitaire_indexes(lexicon, DECK).full, solver.index)
    assert builds == []  # and stored afresh: read back next time


def test_a_tampered_letter_patience_entry_is_rejected(builds: list[str], cache_dir: Path) -> None:
    lexicon = lex(*WORDS)
    made = solvers.patience_index(lexicon)
    [path] = entries(cache_dir)
    forge(path, key_of(path), set_in("trie_first", value="AAAAAAAAAAAAAAAA"))  # a trie whose nodes loop
    solvers._TABLES.clear()
    builds.clear()
    again = solvers.patience_index(lexicon)
    assert builds[:1] == ["table"] and again.table == made.table and again.trie == made.trie


def test_an_entry_that_is_a_link_or_in_a_folder_others_may_write_is_not_read(
        builds: list[str], cache_dir: Path, tmp_path: Path) -> None:
    lexicon = lex(*WORDS)
    solvers.word_solitaire_indexes(lexicon, DECK)
    [path] = entries(cache_dir)
    elsewhere = tmp_path / "elsewhere.json"
    path.rename(elsewhere)
    path.symlink_to(elsewhere)
    solvers._TABLES.clear()
    builds.clear()
    solvers.word_solitaire_indexes(lexicon, DECK)
    assert builds[:1] == ["table"] and not path.is_symlink()  # the link not followed, a real entry in its place
    os.chmod(cache_dir, 0o777)
    solvers._TABLES.clear()
    builds.clear()
    solvers.word_solitaire_indexes(lexicon, DECK)
    assert builds[:1] == ["table"]  # a folder anyone may write in is not trusted


def test_the_cache_turned_off_builds_every_time(builds: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KITGEN_CACHE_DIR", "off")
    solvers._TABLES.clear()
    solvers.word_solitaire_indexes(lex(*WORDS), DECK)
    solvers._TABLES.clear()
    solvers.word_solitaire_indexes(lex(*WORDS), DECK)
    assert builds.count("table") == 2


def test_letter_patience_index_reads_back_the_same(cache_dir: Path) -> None:
    lexicon = lex(*WORDS)
    made = solvers.patience_index(lexicon)
    read = PatienceIndex.from_json(json.loads(json.dumps(made.to_json())), lexicon)
    assert (read.table, read.short, read.trie, read.rank, read.weight) == \
        (made.table, made.short, made.trie, made.rank, made.weight)


# -- the same answers with and without the cache --------------------------------------------------------------

def test_solutions_are_the_same_with_and_without_the_cache(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from kitgen.games.game_of_words.formats.deck_spec import default_deck
    from kitgen.games.game_of_words.rules.deals import deal_letter_patience
    from kitgen.games.game_of_words.rules.solve_service import RangeWorker, deck_letters

    lexicon = get_lexicon(None).proposals()  # answers compared with themselves: none is written here
    deck = default_deck()
    letters = deck_letters(deck)
    plain = RangeWorker(Solver(lexicon, letters), deck)
    solvers.word_solitaire_solver(lexicon, letters)  # stored
    solvers._TABLES.clear()
    kept = RangeWorker(solvers.word_solitaire_solver(lexicon, letters), deck)  # read back
    assert [plain(seed) for seed in range(1, 11)] == [kept(seed) for seed in range(1, 11)]
    patience = PatienceSolver(lexicon, 3_000)
    solvers.patience_index(lexicon)
    read = PatienceSolver(lexicon, 3_000, solvers.patience_index(lexicon))
    for seed in range(1, 3):
        dealt = deal_letter_patience(deck, seed)
        assert outcome(patience, dealt.piles, "".join(dealt.stock)) == outcome(read, dealt.piles, "".join(dealt.stock))


def outcome(solver: PatienceSolver, piles: Sequence[Sequence[str]], stock: str) -> object:
    solver.index.splits.clear()
    try:
        return solver.solve(piles, stock, 2)
    except PatienceUndecided:
        return "undecided"
