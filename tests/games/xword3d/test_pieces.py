"""3DXWORD piece sets as data (engine/pieces.py, kitgen/data/pieces/standard.toml)."""

from __future__ import annotations

import math
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.core.errors import InputError
from kitgen.games.xword3d.rules.pieces import (
    BadPieceSpec,
    BadPlayers,
    load_piece_spec,
    parse_piece_spec,
    piece_set,
    scale_frequency,
)


@pytest.mark.parametrize("players", range(2, 13))
def test_standard_set_scales_with_the_players(players):
    s = piece_set(players)
    assert s.letter_count == 20 * players  # at least 20 pieces a player (seed)
    assert all(s.count(letter) >= 1 for letter in string.ascii_uppercase)  # every letter at least once
    assert s.red == s.blue == 2 * players - 2  # two less than double the players (3-D rule 3)
    assert s.x_pieces == players
    assert len(s.pool()) == s.letter_count and s.pool() == sorted(s.pool())


def test_mix_follows_english_letter_frequency():
    spec = load_piece_spec()
    s = piece_set(12)
    f = spec.frequency
    for a, b in [("E", "T"), ("T", "A"), ("A", "D"), ("D", "B"), ("H", "K")]:
        assert f[a] > f[b] and s.count(a) >= s.count(b)
    n = s.letter_count
    for letter, share in f.items():  # each count within one piece of its share (or the minimum of one)
        assert abs(s.count(letter) - max(1.0, n * share / sum(f.values()))) <= 1.5


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(string.ascii_uppercase), st.floats(0.01, 100), min_size=1),
       st.integers(26, 500))
def test_scale_frequency_totals_and_minimum(freq, total):
    counts = scale_frequency(freq, total)
    assert sum(counts.values()) == total and min(counts.values()) >= 1 and set(counts) == set(freq)
    quota = {k: total * v / sum(freq.values()) for k, v in freq.items()}
    if sum(max(1, math.floor(q)) for q in quota.values()) <= total:  # the minimum of one does not overshoot
        for k, q in quota.items():  # a share of one or more rounds down or up; a smaller share is exactly one
            assert (counts[k] == 1) if q < 1 else (math.floor(q) <= counts[k] <= math.ceil(q)), (k, q, counts[k])


def test_a_letter_raised_to_one_gets_no_remainder():
    """B's share of 60 letters is 0.9: raised to one, it is already over, so the spare piece goes to H (3.66)."""
    s = piece_set(3)
    assert s.count("B") == 1 and s.count("H") == 4 and s.count("K") == 1
    assert scale_frequency({"A": 0.9, "B": 2.6, "C": 6.5}, 10) == {"A": 1, "B": 3, "C": 6}


def test_players_out_of_range():
    with pytest.raises(BadPlayers, match="between 2 and 12"):
        piece_set(1)
    with pytest.raises(BadPlayers):
        piece_set(13)


def test_fixed_counts_spec_and_errors(tmp_path):
    counts = "\n".join(f"{c} = 2" for c in string.ascii_uppercase)
    spec = parse_piece_spec("mine.toml", f'name = "mine"\nletters_per_player = 25\n[counts]\n{counts}\n')
    assert piece_set(3, spec).count("Q") == 2 and piece_set(3, spec).letter_count == 52
    with pytest.raises(BadPieceSpec, match=r"^mine.toml:2:\d+: not valid TOML"):
        parse_piece_spec("mine.toml", 'name = "x"\nletters_per_player = \n')
    with pytest.raises(BadPieceSpec, match="^mine.toml:2:1: letters_per_player"):
        parse_piece_spec("mine.toml", f'name = "x"\nletters_per_player = 5\n[counts]\n{counts}\n')
    with pytest.raises(BadPieceSpec, match="missing or zero: Z"):
        parse_piece_spec("mine.toml", "[frequency]\n" + "\n".join(f"{c} = 1" for c in string.ascii_uppercase[:-1]))
    with pytest.raises(BadPieceSpec, match="exactly one"):
        parse_piece_spec("mine.toml", 'name = "x"\n')
    with pytest.raises(BadPieceSpec, match="unknown key"):
        parse_piece_spec("mine.toml", 'colour = "x"\n')
    p = tmp_path / "s.toml"
    p.write_text(f"[frequency]\n{counts}\n")
    assert load_piece_spec(p).name == "s"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_fuzz_spec_reader(text):
    try:
        parse_piece_spec("f.toml", text)
    except InputError:
        pass
