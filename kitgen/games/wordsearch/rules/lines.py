"""The line rule of Make a Wordsearch: which line of the 5x5 grid a turn's letter may go on.

Seed (``make-a-wordsearch.txt``, "Each turn"): a word of length L gives a
letter for line L, wrapping around after 5 (6 -> line 1, 7 -> line 2 ...).
docs/wordsearch.md ruling 1: the line is ``((L - 1) mod 5) + 1``. If that line is
full, the letter may go on the nearest line that is not full on either side
of the block of full lines around it. Lines do not wrap for this: line 1 and
line 5 are not adjacent. The seed's example: 'playfully' (9 letters, line 4)
goes to line 2 or 5 when lines 3 and 4 are full, and to line 2 only when
lines 3, 4 and 5 are full.
"""

from __future__ import annotations

from collections.abc import Sequence

SIZE = 5
"""The grid is SIZE x SIZE: five lines of five boxes."""

TURNS = SIZE * SIZE
"""The game ends after 25 turns, when every box is filled (seed, "Ending")."""


def target_line(length: int) -> int:
    """The line (1-5) a word of ``length`` letters sends its letter to: ``((L - 1) mod 5) + 1``."""
    if length < 1:
        raise ValueError(f"a word has at least one letter (got length {length})")
    return (length - 1) % SIZE + 1


def lengths_for_line(line: int, up_to: int = 20) -> list[int]:
    """The word lengths (at most ``up_to``) that go to ``line``: line 1 takes 1, 6, 11, 16..."""
    return list(range(line, up_to + 1, SIZE))


def allowed_lines(length: int, filled: Sequence[int]) -> tuple[int, ...]:
    """The lines (1-5) a word of ``length`` may write on, given ``filled[i]`` boxes used on line i+1.

    The target line if it has a free box; otherwise the nearest line with a
    free box above and below the block of full lines that holds the target
    (one or two lines). Empty only when the grid is full.
    """
    line = target_line(length)
    if filled[line - 1] < SIZE:
        return (line,)
    out = []
    up = line
    while up >= 1 and filled[up - 1] >= SIZE:
        up -= 1
    if up >= 1:
        out.append(up)
    down = line
    while down <= SIZE and filled[down - 1] >= SIZE:
        down += 1
    if down <= SIZE:
        out.append(down)
    return tuple(out)


def full_lines(filled: Sequence[int]) -> list[int]:
    """The 1-based numbers of the lines with no free box."""
    return [i + 1 for i, n in enumerate(filled) if n >= SIZE]
