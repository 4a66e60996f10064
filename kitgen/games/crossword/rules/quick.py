"""The generator's legality check, read straight off its rows of blocks (issue 17: a 63x63 set of 1,000 in 20 s).

``generate`` asks of every pattern it tries whether the style's rules find nothing (``style.violations``,
kept as strict as ``generate._style_violations`` keeps them), and how short its shortest light is. Asked
of a ``Grid`` that means building every ``Light`` and reading cell by cell; here the same answers come from
byte strings, a byte a cell: ``#`` a block, ``c`` a checked white cell, ``u`` an unchecked one. A row or
column split at its blocks gives its lights (the pieces two or more long); the rules of docs/crossword.md
(ruling 7) are then substring tests. ``tests/games/crossword/test_quick.py`` checks that the answers are the
ones ``style`` gives, on random and generated patterns.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass

_CODES = bytes.maketrans(b"`ab", b"#cu")
"""A cell's white digit plus its unchecked digit (``_coded``): '0'+'0' (96) a block, '1'+'0' (97) a checked
white cell, '1'+'1' (98) an unchecked one."""


@dataclass(frozen=True)
class Reading:
    """What the generator needs to know about a pattern of blocks."""

    legal: bool
    """No finding of the style at all (warnings included, as ``generate._style_violations`` counts them)."""
    lights: int
    shortest: int
    """The shortest light's length (0 with no light)."""


def _bits(row: bytes | bytearray) -> int:
    """A row's white cells as an integer, the first column the highest bit."""
    return int(row.translate(_WHITE), 2)


_WHITE = bytes.maketrans(b"\x00\x01", b"10")


def _coded(blocks: Sequence[bytes | bytearray], rows: int, cols: int) -> tuple[list[bytes], bool]:
    """Each row as ``#``/``c``/``u`` bytes, and whether some white cell is in no light at all (an orphan).

    A white cell is in an across light when a white cell is beside it, in a down light when one is above or
    below it; it is checked when it is in both."""
    white = [_bits(row) for row in blocks]
    mask = (1 << cols) - 1
    out: list[bytes] = []
    orphan = False
    for r in range(rows):
        w = white[r]
        across = w & ((w << 1) | (w >> 1)) & mask
        down = w & ((white[r - 1] if r else 0) | (white[r + 1] if r + 1 < rows else 0))
        orphan = orphan or bool(w & ~(across | down))
        unchecked = w & ~(across & down)
        digits = format(w, f"0{cols}b").encode(), format(unchecked, f"0{cols}b").encode()
        out.append(bytes(map(operator.add, *digits)).translate(_CODES))
    return out, orphan


def _read_lines(lines: Sequence[bytes], style: str) -> tuple[bool, int, int]:
    """(every light keeps the style's rules, the number of lights, the shortest light's length)."""
    ok, count, shortest = True, 0, 0
    for line in lines:
        for light in line.split(b"#"):
            n = len(light)
            if n < 2:
                continue
            count += 1
            shortest = n if not shortest or n < shortest else shortest
            if n < 3:
                ok = False
            elif style == "american":
                ok = ok and b"u" not in light
            else:  # british, strict: half checked rounded up, no triple unch, no double unch at an end
                ok = ok and light.count(b"c") >= (n + 1) // 2 and b"uuu" not in light \
                    and light[:2] != b"uu" and light[-2:] != b"uu"
    return ok, count, shortest


def _symmetric(blocks: Sequence[bytes | bytearray], kind: str) -> bool:
    if kind == "rotational":
        return [bytes(row) for row in blocks] == [bytes(row[::-1]) for row in reversed(blocks)]
    return all(row == row[::-1] for row in blocks)  # mirror: left-right


def _symmetry_ok(blocks: Sequence[bytes | bytearray], style: str, symmetry: str) -> bool:
    """The style's symmetry finding, dropped when another symmetry was asked for (``_style_violations``):
    American patterns turn 180 degrees (a mirror alone is still a finding, a warning); British ones turn or
    mirror."""
    if symmetry != "rotational" or _symmetric(blocks, "rotational"):
        return True
    return style == "british" and _symmetric(blocks, "mirror")


def read(blocks: Sequence[bytes | bytearray], style: str, symmetry: str, connected: bool) -> Reading:
    """``blocks`` (rows of 0 and 1, 1 a block) judged as ``generate`` judges a pattern of ``style`` asked for
    with ``symmetry``; ``connected``: whether its white cells are one piece (``generate._connected``)."""
    from kitgen.games.crossword.rules.style import max_lights

    rows, cols = len(blocks), len(blocks[0])
    coded, orphan = _coded(blocks, rows, cols)
    columns = [bytes(column) for column in zip(*coded, strict=True)]
    across_ok, across, short_a = _read_lines(coded, style)
    down_ok, down, short_d = _read_lines(columns, style)
    lights = across + down
    shortest = min(n for n in (short_a, short_d) if n) if lights else 0
    legal = across_ok and down_ok and lights > 0 and not orphan and connected \
        and _symmetry_ok(blocks, style, symmetry)
    if style == "american":
        legal = legal and lights <= max_lights(rows, cols)
    return Reading(legal, lights, shortest)
