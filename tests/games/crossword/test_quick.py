"""The generator's quick legality reading (rules/quick.py) answers as the style's rules do (rules/style.py):
on random block patterns, on symmetric ones, and on generated patterns with a block added or taken away."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.core.grid import SYMMETRIES, Grid, orbit
from kitgen.games.crossword.rules.generate import _connected, _style_violations, iter_patterns
from kitgen.games.crossword.rules.quick import read

STYLES = ("american", "british")


def _reference(blocks: list[bytearray], style: str, symmetry: str) -> tuple[bool, int, int]:
    """What generate asked before: no finding of the style, the lights, the shortest light."""
    grid = Grid.from_blocks(blocks)
    legal = not _style_violations(grid, style, symmetry) and _connected(blocks, len(blocks), len(blocks[0]))
    return legal, len(grid.lights), min((light.length for light in grid.lights), default=0)


def _quick(blocks: list[bytearray], style: str, symmetry: str) -> tuple[bool, int, int]:
    found = read(blocks, style, symmetry, _connected(blocks, len(blocks), len(blocks[0])))
    return found.legal, found.lights, found.shortest


def _symmetric(blocks: list[bytearray], symmetry: str) -> list[bytearray]:
    rows, cols = len(blocks), len(blocks[0])
    out = [bytearray(row) for row in blocks]
    for r, c in itertools.product(range(rows), range(cols)):
        if blocks[r][c]:
            for r2, c2 in orbit((r, c), symmetry, rows, cols):
                out[r2][c2] = 1
    return out


@st.composite
def patterns(draw: st.DrawFn) -> tuple[list[bytearray], str, str]:
    rows, cols = draw(st.integers(3, 13)), draw(st.integers(3, 13))  # MIN_SIDE is 3
    symmetry = draw(st.sampled_from([s for s in SYMMETRIES if s != "quarter" or rows == cols]))
    density = draw(st.sampled_from([0.05, 0.15, 0.3, 0.6]))
    cells = draw(st.lists(st.floats(0, 1), min_size=rows * cols, max_size=rows * cols))
    blocks = [bytearray(int(cells[r * cols + c] < density) for c in range(cols)) for r in range(rows)]
    if draw(st.booleans()):
        blocks = _symmetric(blocks, draw(st.sampled_from(["rotational", "mirror"])))
    return blocks, draw(st.sampled_from(STYLES)), symmetry


@settings(max_examples=400, deadline=None)
@given(patterns())
def test_the_quick_reading_is_the_style_s_on_random_patterns(case: tuple[list[bytearray], str, str]) -> None:
    blocks, style, symmetry = case
    assert _quick(blocks, style, symmetry) == _reference(blocks, style, symmetry)


@pytest.mark.parametrize("style, size, symmetry", [("british", 15, "rotational"), ("american", 15, "rotational"),
                                                   ("british", 13, "mirror"), ("american", 11, "none"),
                                                   ("british", 9, "quarter")])
def test_the_quick_reading_is_the_style_s_near_legal_patterns(style: str, size: int, symmetry: str) -> None:
    """Generated patterns are legal; with one cell turned they mostly are not: both answers agree each time."""
    legal = 0
    for grid in iter_patterns(size, size, style, symmetry, 5, 4):
        blocks = [bytearray(ch == "#" for ch in row) for row in grid.text_rows]
        assert _quick(blocks, style, symmetry) == _reference(blocks, style, symmetry)
        for r, c in itertools.product(range(size), range(size)):
            blocks[r][c] ^= 1
            quick = _quick(blocks, style, symmetry)
            assert quick == _reference(blocks, style, symmetry), (r, c)
            legal += quick[0]
            blocks[r][c] ^= 1
    assert legal  # some turned cells keep the pattern legal: both readings said so together
