"""The Game of Words deck as data (issue 5; docs/game-of-words.md, rulings 1-3): presets and spec files."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitgen.core.errors import InputError
from kitgen.core.text import TextSource
from kitgen.games.game_of_words.formats.deck_spec import BadDeckSpec, load_spec, parse_csv, parse_toml, preset
from kitgen.games.game_of_words.rules.deck import WILD

Invoke = Callable[..., Result]


def test_whitman_preset_matches_design_distribution() -> None:
    deck = preset("whitman-1938")
    counts = Counter(c.letter for c in deck.cards)
    assert len(deck) == 54 and len(deck.letters) == 52 and counts[WILD] == 2
    for letters, n in (("AEI", 4), ("HLORSTUW", 3), ("N", 2), ("BCDFGJKMPQVXYZ", 1)):
        for ch in letters:
            assert counts[ch] == n, ch
    for letters, v in (("AEI", 10), ("CHKLMNOPRSTUW", 8), ("DJV", 6), ("GQY", 4), ("BFXZ", 2)):
        for ch in letters:
            assert deck.value_of(ch) == v, ch
    assert deck.value_of(WILD) == 15
    assert deck.wild_name == "Sub Card"


def test_lexicon_preset_has_51_letters_and_one_master() -> None:
    deck = preset("lexicon-1932")
    counts = Counter(c.letter for c in deck.cards)
    assert len(deck.letters) == 51 and counts[WILD] == 1 and counts["N"] == 1
    assert deck.wilds[0].wild_name == "Master" and deck.value_of(WILD) == 15


def test_documented_order_is_spec_order_then_wilds() -> None:
    deck = preset()
    letters = "".join(c.letter for c in deck.cards)
    assert letters == "AAAABCDEEEEFGHHHIIIIJKLLLMNNOOOPQRRRSSSTTTUUUVWWWXYZ**"
    assert [c.index for c in deck.cards] == list(range(54))


def test_unknown_preset_is_input_error() -> None:
    with pytest.raises(InputError, match="unknown deck preset"):
        preset("scrabble")


def test_toml_spec_loads_in_listed_order(tmp_path: Path) -> None:
    p = tmp_path / "mine.toml"
    p.write_text('name = "mine"\n[letters]\nZ = { count = 2, value = 1 }\nA = { count = 1, value = 3 }\n'
                 '[wild]\ncount = 1\nvalue = 9\n', encoding="utf-8")
    deck = load_spec(p)
    assert [c.letter for c in deck.cards] == ["Z", "Z", "A", WILD]
    assert deck.value_of("A") == 3 and deck.name == "mine"


def test_csv_spec_loads(tmp_path: Path) -> None:
    p = tmp_path / "mine.csv"
    p.write_text("letter,count,value,name\nE,3,1\nT,2,2\n*,1,20,Joker\n", encoding="utf-8")
    deck = load_spec(p)
    assert "".join(c.letter for c in deck.cards) == "EEETT*" and deck.wild_name == "Joker"


@pytest.mark.parametrize("text, where, what", [
    ('[letters]\nA = { count = 4, value = 10 }\nab = { count = 1, value = 2 }\n', ":3:1:", "not a capital"),
    ('[letters]\nA = { count = 0, value = 10 }\nB = { count = 1, value = 1 }\n', ":2:1:", "count of A"),
    ('[letters]\nA = { count = 4 }\n', ":2:1:", "exactly"),
    ('[letters]\nA = { count = 4, value = 10\n', ":2:", "not valid TOML"),
    ('colour = "red"\n[letters]\nA = { count = 4, value = 1 }\n', ":1:1:", "unknown key"),
    ('[letters]\nA = { count = 4, value = 1 }\n[wild]\ncount = 99\nvalue = 1\n', ":3:1:", "wild count"),
])
def test_bad_toml_specs_are_located(tmp_path: Path, text: str, where: str, what: str) -> None:
    p = tmp_path / "bad.toml"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(BadDeckSpec) as err:
        load_spec(p)
    assert where in str(err.value) and what in str(err.value)


@pytest.mark.parametrize("text, where, what", [
    ("letters,count,value\nA,1,1\n", ":1:1:", "header"),
    ("letter,count,value\nA,x,1\nB,1,1\n", ":2:3:", "count must be a whole number"),
    ("letter,count,value\nA,1,1\nA,2,2\n", ":3:1:", "listed twice"),
    ("letter,count,value\nA,1,1\n7,1,1\n", ":3:1:", "not a capital"),
    ("letter,count,value\nA,1\n", ":2:1:", "expected letter,count,value"),
])
def test_bad_csv_specs_are_located(tmp_path: Path, text: str, where: str, what: str) -> None:
    p = tmp_path / "bad.csv"
    p.write_text(text, encoding="utf-8")
    with pytest.raises(BadDeckSpec) as err:
        load_spec(p)
    assert where in str(err.value) and what in str(err.value)


def test_spec_with_other_extension_is_refused(tmp_path: Path) -> None:
    p = tmp_path / "deck.yaml"
    p.write_text("A: 1\n", encoding="utf-8")
    with pytest.raises(InputError, match=".toml or .csv"):
        load_spec(p)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_fuzz_toml_reader_only_raises_input_error(text: str) -> None:
    try:
        parse_toml(TextSource("fuzz.toml", text))
    except InputError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="ABZ*,0123456789 xname\t", max_size=20), max_size=8))
def test_fuzz_csv_reader_only_raises_input_error(rows: list[str]) -> None:
    try:
        parse_csv(TextSource("fuzz.csv", "letter,count,value,name\n" + "\n".join(rows)))
    except InputError:
        pass


def test_cli_mistyped_preset_names_the_presets(invoke: Invoke, tmp_path: Path) -> None:
    r = invoke("deck", "--spec", "whitman", "--out", str(tmp_path / "d.pdf"))
    assert r.exit_code == 2 and "no such deck preset" in r.stderr and "whitman-1938" in r.stderr
    r = invoke("deal", "word-solitaire", "--spec", "lexicon-1923")
    assert r.exit_code == 2 and "lexicon-1932" in r.stderr and "Traceback" not in r.stderr
    r = invoke("deck", "--spec", str(tmp_path / "missing.toml"), "--out", str(tmp_path / "d.pdf"))
    assert r.exit_code == 2 and "missing.toml: no such file" in r.stderr
