"""The free-form board shared by the Game of Words and 3DXWORD."""

from __future__ import annotations

import pytest

from kitgen.core.board import BadPlacement, Board, placement_along


def test_beam_earn_moor_north_as_in_diagram_1():
    b = Board()
    assert [r.word for r in b.place(placement_along((0, 0), 0, "BEAM", b))] == ["BEAM"]
    # EARN down from the E of BEAM
    p = placement_along((1, 0), 1, "EARN", b)
    assert set(p) == {(1, 1), (1, 2), (1, 3)}
    assert b.line_axis(p) == 1 and b.joins(p)
    assert [r.word for r in b.place(p)] == ["EARN"]
    # MOOR down from the M of BEAM
    p = placement_along((3, 0), 1, "MOOR", b)
    assert [r.word for r in b.words_formed(p)] == ["MOOR"]
    b.place(p)
    # NORTH across from the N of EARN: crosses the R of MOOR, forms only NORTH
    p = placement_along((1, 3), 0, "NORTH", b)
    assert set(p) == {(2, 3), (4, 3), (5, 3)}
    assert b.line_axis(p) == 0
    assert [r.word for r in b.words_formed(p)] == ["NORTH"]


def test_extending_a_word_forms_the_whole_word():
    b = Board()
    b.place(placement_along((3, 0), 0, "BRAND", b))
    p = placement_along((3, 0), 0, "BRANDS", b)
    assert p == {(8, 0): "S"}
    assert [r.word for r in b.words_formed(p)] == ["BRANDS"]


def test_one_letter_forming_words_in_two_directions():
    # TOY across and BY down from a single Y: both runs through the new letter are words formed.
    b = Board()
    b.place(placement_along((0, 0), 0, "TO", b))
    b.place({(2, -1): "B"})
    runs = b.words_formed({(2, 0): "Y"})
    assert [(r.axis, r.word) for r in runs] == [(0, "TOY"), (1, "BY")]


def test_gaps_and_lines():
    b = Board()
    b.place({(0, 0): "C", (2, 0): "T"})
    assert b.line_axis({(1, 0): "A"}) == 0
    assert b.line_axis({(0, 1): "A", (2, 1): "B"}) is None  # gap at (1,1)
    assert b.line_axis({(5, 5): "A", (6, 6): "B"}) is None  # diagonal
    assert not b.joins({(9, 9): "Z"})
    with pytest.raises(BadPlacement):
        b.words_formed({(0, 0): "X"})
    with pytest.raises(BadPlacement):
        b.words_formed({})
    with pytest.raises(BadPlacement):
        placement_along((0, 0), 0, "DOG", b)


def test_three_dimensions_read_up():
    b = Board(3)
    b.place(placement_along((0, 0, 0), 0, "CAT", b))
    p = placement_along((2, 0, 0), 2, "TOP", b)
    assert [r.word for r in b.words_formed(p)] == ["TOP"]
    b.place(p)
    # reading downwards (drop): letters laid from z=2 down
    q = placement_along((0, 0, 2), 2, "GOC", b, step=-1)
    assert q == {(0, 0, 2): "G", (0, 0, 1): "O"}
    assert [r.word for r in b.words_formed(q)] == ["COG"]  # stored reading +z; a game reverses it
    assert b.to_text(0) == "CAT"
