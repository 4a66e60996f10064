"""Seeded blank-pattern generation, American and British (issue 3, "Generator").

Every random choice comes from ``SeededRandom(seed, stream="pattern")``
(README.md, "Seeded deals: reproducing a deal by hand"): the same seed, size, style and symmetry give the
same patterns forever; different seeds give different ones.

American: start from an open grid and add blocks (a whole symmetry orbit at a
time) in a seeded random order -- first only on cells of a run of white cells
longer than 8, then anywhere -- keeping every run of white cells 0 or >= 3
long (so every light has 3+ letters and every white cell is checked), the
white cells connected and no 2x2 square of blocks, until about 1 cell in 5.8
is a block (the 15x15 daily's ~39 blocks and 72-78 lights). From 9x9 to
15x15 a pattern with fewer than 72 lights (scaled by area) or with a
*stack* (two lights of 8+ letters side by side over 7+ cells, a themeless
showpiece) is drawn again: dailies keep their long lights apart, and with
the default lexicon a stack is rarely fillable (docs/crossword.md, ruling 10).
Larger patterns are drawn again with a run longer than 15 and, up to 21x21 (a
Sunday), with fewer lights than 72 scaled by area or an all-white rectangle of
5x6 or 4x7 (``_not_a_sunday``).

British (blocked cryptic): start from the classic lattice -- a block wherever
row and column are both odd (0-based), the "checked" cells wherever both are
even -- and add blocks only on the odd cells between two checked cells, at
least 3 cells from any other block or edge of their line, and never making
a wall of more than 3 blocks; a block that would leave a 3-letter light is
passed over two times in three ("4 preferred"). Every light then
alternates checked/unchecked with a checked cell at one end at least, so at
least half its letters are checked, no two unches meet and every light has
3+ letters; blocks are added until the light count reaches a seeded target
(28-34 on 15x15, scaled by area; an orbit that would pass 34 is skipped). Before that, one to three blocks go on
checked cells (kept only if the pattern stays legal), which makes the
even-length lights (4, 6, 8 ...) of newspaper grids. British sizes are odd.

A language whose words seldom begin with two letters that end words (Italian and Greek, ``WORD_START``) gets no
American pattern with a light of 7+ letters whose first two squares each end a crossing light of 5+ letters: such
a pattern is drawn again (``_hard_start``), as a newspaper setting that language would not print a pattern its
words cannot fill; every other language's patterns are drawn as before.

Each pattern is checked against its style (``style.violations``) before it
is returned (with the symmetry asked for standing in for the style's own);
a failed attempt is retried with the next random numbers, and
a pattern with a shortest light longer than 4 (on 9x9 and up) is retried too,
since the seed expects the first light "usually three or four letters".
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence

from kitgen.core.errors import InputError, Problem
from kitgen.core.grid import MAX_SIDE, MIN_SIDE, SYMMETRIES, Cell, Grid, bits_connected, orbit
from kitgen.core.i18n import N_, gettext, typed
from kitgen.core.random import SeededRandom
from kitgen.games.crossword.rules.quick import read
from kitgen.games.crossword.rules.style import british_problems, max_lights, problems

STREAM = "pattern"
MAX_ATTEMPTS = 200


class BadPatternRequest(InputError):
    """A pattern that cannot be made: a bad size, style or symmetry for that size."""


def _check_request(rows: int, cols: int, style: str, symmetry: str) -> None:
    for refusal, n in ((N_("rows must be between {low} and {high} (got {n})"), rows),
                       (N_("columns must be between {low} and {high} (got {n})"), cols)):
        if not MIN_SIDE <= n <= MAX_SIDE:
            raise BadPatternRequest(gettext(refusal).format(low=MIN_SIDE, high=MAX_SIDE, n=n))
    if style not in ("american", "british", "barred"):
        raise BadPatternRequest(gettext("unknown style {style} (american, british or barred)").format(
            style=typed(style)))
    if symmetry not in SYMMETRIES:
        raise BadPatternRequest(gettext("unknown symmetry {symmetry} ({known})").format(symmetry=typed(symmetry),
                                                                                      known=", ".join(SYMMETRIES)))
    if symmetry == "quarter" and rows != cols:
        raise BadPatternRequest(gettext("quarter-turn symmetry needs a square grid (--size N)"))
    if style == "british" and (rows % 2 == 0 or cols % 2 == 0):
        refusal = gettext("british patterns have odd sizes (got {rows}x{cols}); try {odd_rows}x{odd_cols}")
        raise BadPatternRequest(refusal.format(rows=rows, cols=cols, odd_rows=rows | 1, odd_cols=cols | 1))


def _runs_ok(line: Sequence[int]) -> bool:
    """Whether every run of white cells in a row or column is 0 or at least 3 long."""
    run = 0
    for b in line:
        if b:
            if run == 1 or run == 2:
                return False
            run = 0
        else:
            run += 1
    return not (run == 1 or run == 2)


_WHITE_BITS = bytes.maketrans(b"\x00\x01", b"10")


def _connected(blocks: list[bytearray], rows: int, cols: int) -> bool:
    """Whether the white cells form one piece: a flood fill over a bitset (one bit a cell, a spare bit a row).

    The fill grows one step in all four directions per round (five shifts of one big integer), so a
    15x15 pattern takes a few dozen integer operations instead of a cell-by-cell search; the spare bit
    at the end of each row stops a step from wrapping onto the next row.
    """
    width = cols + 1
    white = 0
    for r in range(rows):
        white |= int(blocks[r].translate(_WHITE_BITS)[::-1], 2) << (r * width)
    return bits_connected(white, width)


LONG_RUN = 8
"""American: runs of white cells longer than this are broken first (a daily's long lights are its few theme
entries; the rest are 3 to 8 letters)."""
SUNDAY_RUN = 15
"""American, larger than 15x15 (a Sunday's 21x21): a pattern with a run longer than this is drawn again. A
Sunday's 16-21 letter lights are its theme entries, written in by the constructor (``--from`` with ``--fill``
keeps them); with the default lexicon a pattern left with a 20 or 21 letter light was never filled (0 of 6
such seeds within 15,000 words tried, against 7 of 7 of the others)."""
STACKED = 8
"""American: two lights this long side by side over ``STACKED - 1`` cells or more are a *stack* (a themeless
showpiece): a generated daily is drawn again (with the default lexicon a stack is rarely fillable: at 9, two of
20 seeded dailies, 3 and 9, kept a stack of 8-letter lights beside a 15 or a 9 and were not filled)."""


def _american(rows: int, cols: int, symmetry: str, rng: SeededRandom) -> list[bytearray]:
    """Blocks an orbit at a time, in a seeded random order: first only on cells of a run longer than
    ``LONG_RUN``, then anywhere, until about 1 cell in 5.8 is a block."""
    blocks = [bytearray(cols) for _ in range(rows)]
    target = round(rows * cols / 5.8) if min(rows, cols) >= 5 else 0
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    placed = 0
    for long_first in (True, False):
        for cell in cells:
            if placed >= target:
                break
            if blocks[cell[0]][cell[1]] or (long_first and _run_through(blocks, cell) <= LONG_RUN):
                continue
            placed += _try_block(blocks, orbit(cell, symmetry, rows, cols))
    return blocks


def _try_block(blocks: list[bytearray], group: Sequence[Cell]) -> int:
    """Put blocks on ``group`` if every run stays 0 or 3+, no 2x2 of blocks and the whites connected: the
    blocks placed (0 if not)."""
    rows, cols = len(blocks), len(blocks[0])
    for r, c in group:
        blocks[r][c] = 1
    ok = all(_runs_ok(blocks[r]) and _runs_ok([blocks[k][c] for k in range(rows)]) for r, c in group)
    ok = ok and not any(_in_block_square(blocks, r, c, rows, cols) for r, c in group)
    if ok and _touches_block_or_edge(blocks, group, rows, cols):
        ok = _connected(blocks, rows, cols)
    if ok:
        return len(group)
    for r, c in group:
        blocks[r][c] = 0
    return 0


def _run_through(blocks: list[bytearray], cell: Cell) -> int:
    """The longer of the across and down runs of white cells through ``cell``."""
    r, c = cell
    return max(_run_at(blocks[r], c), _run_at(bytearray(row[c] for row in blocks), r))


def _run_at(line: Sequence[int], pos: int) -> int:
    left = right = pos
    while left > 0 and not line[left - 1]:
        left -= 1
    while right < len(line) - 1 and not line[right + 1]:
        right += 1
    return right - left + 1


def _not_a_daily(blocks: list[bytearray], lights: int) -> bool:
    """American, 9x9 to 15x15 (the dailies' sizes): a pattern unlike a daily's, drawn again -- fewer than 72
    lights on 15x15 (scaled by area; dailies print 72-78, fewer lights are longer ones, a themeless grid) or a
    stack (``_stacked``). Both are rarely fillable with the default lexicon. Larger grids (Sundays) are drawn
    again while a run is longer than ``SUNDAY_RUN``, and up to ``SUNDAY_SIDE`` while unlike a Sunday
    (``_not_a_sunday``); 7x7 and 8x8 ones while they hold a word rectangle (``_word_rectangle``)."""
    rows, cols = len(blocks), len(blocks[0])
    if max(rows, cols) > 15:
        return _longest_run(blocks) > SUNDAY_RUN or (max(rows, cols) <= SUNDAY_SIDE
                                                     and _not_a_sunday(blocks, lights))
    if not 9 <= min(rows, cols):
        return min(rows, cols) >= 7 and _word_rectangle(blocks)
    return lights < round(72 * rows * cols / 225) or _stacked(Grid.from_blocks(blocks))


SUNDAY_SIDE = 21
"""American, 16x16 to this size (a 21x21 Sunday): a pattern is drawn again while unlike a Sunday (``_not_a_sunday``).
Larger patterns are not (at 31x31 few draws pass the light count, and the 200 draws would end on the fallback)."""
SUNDAY_LIGHTS = 72
"""A Sunday keeps at least this many lights a 15x15's area, as a daily does (141 on 21x21): of the seeded Sundays
drawn with fewer (132-140 lights, longer ones), 2 of 8 were filled within the budget, of those with more 10 of 12."""
OPEN_SIDE = 4
"""An all-white rectangle at least this many squares each way ..."""
OPEN_AREA = 28
"""... and of at least this many squares (5x6, 4x7) is an *open area*, a corner of stacked long lights crossed by
a wall of others that a Sunday is drawn again for (``_open_area``)."""


def _not_a_sunday(blocks: list[bytearray], lights: int) -> bool:
    """A Sunday-sized american pattern unlike a Sunday: fewer lights than ``SUNDAY_LIGHTS`` a 15x15's area, or an
    open area (``_open_area``). With the default lexicon neither is often filled: of seeds 1-20 as they were drawn
    before this rule, 12 filled within the budget; the 5 with an open area (two 14s, or three 9s, stacked in it)
    and 6 of the 8 with fewer lights were not (docs/crossword.md, ruling 7)."""
    rows, cols = len(blocks), len(blocks[0])
    return lights < round(SUNDAY_LIGHTS * rows * cols / 225) or _open_area(blocks)


def _open_area(blocks: list[bytearray]) -> bool:
    """Whether an all-white rectangle of ``OPEN_SIDE`` or more squares each way and ``OPEN_AREA`` or more squares
    lies in the pattern: the rows, as bitsets of their white squares, ANDed from each top row down, and a run of
    white columns wide enough for the height found by shifting."""
    rows = [int(row.translate(_WHITE_BITS), 2) for row in blocks]
    for top in range(len(rows)):
        common = -1
        for height, row in enumerate(rows[top:], 1):
            common &= row
            if not common:
                break
            if height < OPEN_SIDE:
                continue
            run, width = common, max(OPEN_SIDE, -(-OPEN_AREA // height))
            for _ in range(width - 1):
                run &= run >> 1
            if run:
                return True
    return False


RECTANGLE = 3
"""American 7x7 and 8x8: this many full rows (or columns) side by side are a word rectangle every square of which is
checked, which no list fills within the budget (English filled 1 of 10 such seeded 7x7 patterns, seeds 1-30,
against 20 of 20 of the others): the 9x9-and-larger stack rule, at the small sizes."""


def _word_rectangle(blocks: list[bytearray]) -> bool:
    """Whether ``RECTANGLE`` or more rows, or columns, side by side hold no block (white from edge to edge)."""
    full_rows = [not any(row) for row in blocks]
    full_cols = [not any(row[c] for row in blocks) for c in range(len(blocks[0]))]
    return any(all(line[i:i + RECTANGLE]) for line in (full_rows, full_cols)
               for i in range(len(line) - RECTANGLE + 1))


def _longest_run(blocks: list[bytearray]) -> int:
    """The longest run of white cells across or down."""
    lines = [bytes(row) for row in blocks] + [bytes(row[c] for row in blocks) for c in range(len(blocks[0]))]
    return max(len(run) for line in lines for run in line.split(b"\x01"))


def _stacked(grid: Grid) -> bool:
    """Whether two parallel lights of ``STACKED``+ letters lie side by side over ``STACKED - 1``+ cells."""
    long = [light for light in grid.lights if light.length >= STACKED]
    for a in long:
        cells = set(a.cells)
        for b in long:
            if b.direction == a.direction and b.name != a.name:
                beside = sum((r + 1, c) in cells or (r, c + 1) in cells for r, c in b.cells)
                if beside >= STACKED - 1:
                    return True
    return False


WORD_START = frozenset({"it", "el"})
"""Languages whose American patterns are drawn again while they hold a light of ``START_LIGHT``+ letters whose first
two squares each end a crossing light of ``START_CROSSING``+ letters (``_hard_start``): such a light must begin with
two letters that end words. In Italian, where A, E, I and O end 99% of the proposed words, 0.05% of the 7-letter
words begin so (about 2 to expect, from the letters ending its 5-letter words; English, French, German, Spanish,
Dutch and Portuguese 0.26-0.51%), in Greek 0.25%. Of seeded American 9x9 patterns 1-200, 90 hold one (docs/languages.md,
"Where they fail"): Italian filled few of them and most of the others, Greek most of both but lost most of its
failures to them. A newspaper setting such a language would not print a pattern its words cannot fill, so kitgen
does not either; every other language's patterns are the same as ever."""
START_LIGHT = 7
START_CROSSING = 5


def _hard_start(blocks: list[bytearray]) -> bool:
    """Whether a light of ``START_LIGHT``+ letters starts with two squares that each end a crossing light of
    ``START_CROSSING``+ letters (across lights in the rows, down lights in the columns, read the same way)."""
    rows = [bytes(row) for row in blocks]
    cols = [bytes(row[c] for row in blocks) for c in range(len(blocks[0]))]
    return _hard_start_in(rows, cols) or _hard_start_in(cols, rows)


def _hard_start_in(lines: list[bytes], crossing: list[bytes]) -> bool:
    """``_hard_start`` for the lights of ``lines`` (rows, or columns), ``crossing`` the lines across them: square k
    of line i ends its crossing light when square i + 1 of crossing line k is a block or past the edge."""
    for i, line in enumerate(lines):
        start = 0
        for run in line.split(b"\x01"):
            if len(run) >= START_LIGHT and all(_ends_at(crossing[k], i) for k in (start, start + 1)):
                return True
            start += len(run) + 1
    return False


def _ends_at(line: bytes, pos: int) -> bool:
    """Whether a light of ``START_CROSSING``+ letters along ``line`` ends at square ``pos``."""
    if pos + 1 < len(line) and not line[pos + 1]:
        return False
    before = line.rfind(1, 0, pos)
    return pos - before >= START_CROSSING


def _in_block_square(blocks: list[bytearray], r: int, c: int, rows: int, cols: int) -> bool:
    """Whether (r, c) completes a 2x2 square of blocks (newspapers avoid such clumps)."""
    for dr in (-1, 0):
        for dc in (-1, 0):
            r0, c0 = r + dr, c + dc
            if 0 <= r0 < rows - 1 and 0 <= c0 < cols - 1 and blocks[r0][c0] and blocks[r0 + 1][c0] \
                    and blocks[r0][c0 + 1] and blocks[r0 + 1][c0 + 1]:
                return True
    return False


def _touches_block_or_edge(blocks: list[bytearray], group: Iterable[Cell], rows: int, cols: int) -> bool:
    """Only a new block next to another block (or an edge) can cut the white cells apart."""
    for r, c in group:
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr == dc == 0:
                    continue
                nr, nc = r + dr, c + dc
                if not (0 <= nr < rows and 0 <= nc < cols):
                    return True
                if blocks[nr][nc] and (nr, nc) not in group:
                    return True
    return False


def _count_lights(blocks: list[bytearray], rows: int, cols: int) -> int:
    n = 0
    for line in [*blocks, *([blocks[r][c] for r in range(rows)] for c in range(cols))]:
        run = 0
        for b in (*line, 1):
            if b:
                n += run >= 2
                run = 0
            else:
                run += 1
    return n


def _british(rows: int, cols: int, symmetry: str, rng: SeededRandom) -> list[bytearray]:
    blocks = [bytearray(1 if (r % 2 and c % 2) else 0 for c in range(cols)) for r in range(rows)]
    scale = rows * cols / 225
    target = round((28 + rng.below(7)) * scale)
    ceiling = max(target, round(34 * scale))  # a quarter-turn orbit adds 4 lights at once: never past 34
    # A few blocks on checked (even, even) cells give even-length lights (4, 6, 8...), as in
    # newspaper grids; each is kept only if the whole pattern still passes the British rules.
    if min(rows, cols) >= 9:
        across = (cols + 1) // 2  # the (even, even) cells in reading order: k-th is (2 (k // across), 2 (k % across))
        for _ in range(1 + rng.below(3)):
            k = rng.below(((rows + 1) // 2) * across)
            cell = (2 * (k // across), 2 * (k % across))
            group = orbit(cell, symmetry, rows, cols)
            if any(blocks[r][c] for r, c in group):
                continue
            for r, c in group:
                blocks[r][c] = 1
            found = read(blocks, "british", "rotational", _connected(blocks, rows, cols))  # all of _strict's rules
            if not found.legal or found.lights > target:
                for r, c in group:
                    blocks[r][c] = 0
    lights = _count_lights(blocks, rows, cols)
    lines = _Lines(blocks)
    # Cells between two checked cells: (even, odd) split an across light, (odd, even) a down light.
    cells = list(_between_checked(rows, cols))
    rng.shuffle(cells)
    for cell in cells:
        if lights >= target:
            break
        if blocks[cell[0]][cell[1]]:
            continue
        group = orbit(cell, symmetry, rows, cols)
        if lights + len(group) > ceiling:
            continue
        if not all(_gaps(lines, r, c)[0] >= 3 for r, c in group):
            continue
        if any(_wall(lines, r, c) > MAX_WALL for r, c in group):
            continue
        # "4 preferred": a block that would leave a 3-letter light is usually passed over
        if any(_gaps(lines, r, c)[0] == 3 for r, c in group) and rng.below(3):
            continue
        lines.put(group, 1)
        if not all(_gaps(lines, r, c)[0] >= 3 for r, c in group):
            lines.put(group, 0)
            continue
        lights += len(group)
    return blocks


@functools.cache
def _between_checked(rows: int, cols: int) -> tuple[Cell, ...]:
    """The cells between two checked cells of the British lattice, in reading order (made once a size)."""
    return tuple((r, c) for r in range(rows) for c in range(cols) if (r % 2) != (c % 2))


class _Lines:
    """A pattern's rows (the ``blocks`` themselves) and its columns, kept in step: a line is read at once
    whichever way it runs."""

    def __init__(self, blocks: list[bytearray]) -> None:
        self.rows = blocks
        self.columns = [bytearray(row[c] for row in blocks) for c in range(len(blocks[0]))]

    def put(self, cells: Iterable[Cell], value: int) -> None:
        for r, c in cells:
            self.rows[r][c] = self.columns[c][r] = value


MAX_WALL = 3
"""Longest run of blocks a British pattern may have across its block lattice (no long walls)."""


def _wall(lines: _Lines, r: int, c: int) -> int:
    """The run of blocks a block at (r, c) would join along the lattice line it lies on."""
    # (odd, even) lies on odd row r between lattice blocks; (even, odd) on odd column c
    line, pos = (lines.rows[r], c) if r % 2 == 1 else (lines.columns[c], r)
    left = line.rfind(0, 0, pos) + 1  # the first block of the run (the white cell before it, searched in C)
    right = line.find(0, pos + 1)
    return (len(line) if right < 0 else right) - left


def _gaps(lines: _Lines, r: int, c: int) -> tuple[int, int]:
    """(shorter, longer) run of white cells a block at (r, c) would leave on either side along its line
    (a block there leaves at least 3 white cells each side when the shorter is 3 or more)."""
    # (even, odd) splits the across light of row r; (odd, even) the down light of column c
    line, pos = (lines.rows[r], c) if r % 2 == 0 else (lines.columns[c], r)
    left = line.rfind(1, 0, pos)  # the nearest block before (or -1, the edge), searched in C
    right = line.find(1, pos + 1)
    right = len(line) if right < 0 else right
    a, b = pos - left - 1, right - pos - 1
    return (a, b) if a <= b else (b, a)


def _shortest(grid: Grid) -> int:
    return min((light.length for light in grid.lights), default=0)


def generate(rows: int, cols: int, style: str = "british", symmetry: str = "rotational",
             seed: int = 1, rng: SeededRandom | None = None, lang: str = "en") -> Grid:
    """One legal pattern of ``style`` with ``symmetry`` for ``seed`` (or from ``rng``, continuing it), for the
    words of the language ``lang`` (a code: ``WORD_START``)."""
    _check_request(rows, cols, style, symmetry)
    rng = rng or SeededRandom(seed, STREAM)
    if style == "barred":
        return _generate_barred(rows, cols, symmetry, rng)
    build = _american if style == "american" else _british
    fallback = None
    for _ in range(MAX_ATTEMPTS):
        blocks = build(rows, cols, symmetry, rng)
        if not _connected(blocks, rows, cols):
            continue
        found = read(blocks, style, symmetry, True)  # what _style_violations finds, read off the blocks
        if not found.legal:
            continue
        if fallback is None:
            fallback = Grid.from_blocks(blocks)
        if min(rows, cols) >= 9 and found.shortest > 4:
            continue
        if style == "american" and (_not_a_daily(blocks, found.lights)
                                    or (lang in WORD_START and _hard_start(blocks))):
            continue
        return Grid.from_blocks(blocks)
    if fallback is not None:
        return fallback
    return Grid.from_blocks([[False] * cols for _ in range(rows)])  # pragma: no cover - an open grid is legal


def _generate_barred(rows: int, cols: int, symmetry: str, rng: SeededRandom) -> Grid:
    """A barred pattern (``rules.barred``), retried while its shortest light is over 4 on 9x9 and larger."""
    from kitgen.games.crossword.rules.barred import barred

    grid = barred(rows, cols, symmetry, rng)
    for _ in range(MAX_ATTEMPTS // 10):
        if min(rows, cols) < 9 or _shortest(grid) <= 4:
            break
        grid = barred(rows, cols, symmetry, rng)
    return grid


def _strict(grid: Grid, style: str) -> list[Problem]:
    """What kitgen's own patterns keep to: every finding of the style counts, warnings too, and British
    checking is at least half rounded up with no double unch at an end; only a double unch inside a light
    (a note, and never made by the lattice) is let pass."""
    found = british_problems(grid, strict=True) if style == "british" else problems(grid, style)
    return [p for p in found if p.code != "double-unch"]


def _style_violations(grid: Grid, style: str, symmetry: str) -> list[Problem]:
    """The style's rules (``_strict``), except that the symmetry asked for (``--symmetry``) replaces the style's own.

    Every pattern is built a symmetry orbit at a time, so it always has the symmetry asked for; the
    style's "asymmetric" rule (american: 180 degrees; british: 180 degrees or a mirror) would otherwise
    refuse every ``--symmetry none`` pattern (and american ``mirror``) and leave only the open fallback.
    """
    found = _strict(grid, style)
    if symmetry == "rotational":
        return found
    return [p for p in found if p.code not in ("asymmetric", "mirror-only")]


def iter_patterns(rows: int, cols: int, style: str, symmetry: str, seed: int, count: int,
                  lang: str = "en") -> Iterator[Grid]:
    """``count`` patterns from one seeded stream, each made when it is asked for (a long set is never held
    whole): pattern k of seed S is the same in any run of >= k (for the same language ``lang``)."""
    _check_request(rows, cols, style, symmetry)
    rng = SeededRandom(seed, STREAM)
    for _ in range(count):
        yield generate(rows, cols, style, symmetry, rng=rng, lang=lang)


def generate_many(rows: int, cols: int, style: str, symmetry: str, seed: int, count: int,
                  lang: str = "en") -> list[Grid]:
    """``count`` patterns from one seeded stream (``iter_patterns``), as a list."""
    _check_request(rows, cols, style, symmetry)
    return list(iter_patterns(rows, cols, style, symmetry, seed, count, lang))


__all__ = ["BadPatternRequest", "generate", "generate_many", "iter_patterns", "max_lights"]
