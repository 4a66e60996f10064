#!/usr/bin/env python3
"""Issue 26: fills of 200 seeded patterns in every language, as ``kitgen pattern --fill --lang CODE`` makes them.

For each language: the patterns 1-200 of seed 1 in two styles at 9x9, British (``kitgen pattern``'s default:
blocked, every other square checked) and American (every square checked, the issue's own case: ``kitgen pattern
--seed 1 --size 9 --style american --fill --lang de`` put DILDO in), each filled from the language's proposals (its
learner tier, then every word running text holds, as the command line falls back), in the alphabet of its grid
puzzles (Dutch Ĳ in one cell). ``--style S --size N`` runs one style and size only. American 7x7 patterns are
another matter: a seeded 7x7 with three or more full 7-letter rows (or columns) side by side is a word rectangle
every square of which is checked, and in English 9 of 10 such patterns among seeds 1-30 find no fill within the
budget, against 20 of 20 of the others; the generator now draws such a 7x7 or 8x8 pattern again (30 of 30 filled).
Prints how many were filled, the median CPU of a fill, and the words of the language's classroom-safe block set
found in any fill: the bar is none (a line ending MISSED otherwise), and, where a language cannot fill every
pattern (Italian's American 9x9s), no fewer filled than ``FLOORS`` pins.

``python benchmarks/bench_fill_languages.py [--count N] [--style S] [--size N] [CODE ...]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import fmt  # noqa: E402

COUNT = 200
STYLES = ("british", "american")
FLOORS = {("american", 9): {"it": 178, "el": 180}}
"""Patterns filled of the first ``COUNT`` (seed 1) below which a line ends MISSED, where the language cannot fill
them all (docs/languages.md, "Why Italian and Greek fill fewer American 9x9s"): the figures of a run of all 200,
since Italian and Greek patterns are drawn again while they hold a light that must begin with two letters ending
words (``WORD_START`` of ``kitgen.games.crossword.rules.generate``). Italian filled 117 of the English patterns
before; Greek, with its own budget of 10,000 words tried (``LANGUAGE_BUDGET``), 32 of the 39 measured then (1-22
and 184-200) and 37 of patterns 1-48. Scaled for another ``--count``."""


def language_fills(code: str, count: int, style: str, size: int) -> tuple[int, list[float], set[str]]:
    """Patterns filled of ``count``, each fill's CPU seconds, and the blocked words the fills hold."""
    from kitgen.core.language import language
    from kitgen.core.lexicon import language_lexicon
    from kitgen.core.safe import SafeList
    from kitgen.games.crossword.rules.fill import FillIndex, fill
    from kitgen.games.crossword.rules.generate import iter_patterns

    lang = language(code)
    cells = language_lexicon(code).in_cells()
    index = FillIndex(cells.proposals())
    wider_lexicon = index.lexicon.wider()
    wider = FillIndex(wider_lexicon) if wider_lexicon is not None else None
    blocked = {cells.language.joined(w) for w in SafeList.shipped(lang).blocked}
    filled, times, found = 0, [], set()
    for grid in iter_patterns(size, size, style, "rotational", 1, count, code):
        t = time.process_time()
        result = fill(grid, index)
        if result is None and wider is not None:
            result = fill(grid, wider)
        times.append(time.process_time() - t)
        if result is not None:
            filled += 1
            found |= set(result.words.values()) & blocked
    return filled, times, found


def main(argv: list[str]) -> int:
    import argparse

    from kitgen.core.language import CODES

    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=COUNT)
    parser.add_argument("--style", choices=("british", "american"))
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("codes", nargs="*")
    args = parser.parse_args(argv)
    count, size = args.count, args.size
    for style in (args.style,) if args.style else STYLES:
        for code in args.codes or CODES:
            filled, times, found = language_fills(code, count, style, size)
            floor = FLOORS.get((style, size), {}).get(code, 0) * count // COUNT
            name = f"{code}: {style} {size}x{size}, {count} seeded"
            print(f"{name:<44} filled {filled:>3}/{count} (floor {floor})   "
                  f"median fill {fmt(statistics.median(times)):>9}   max {fmt(max(times)):>9}   "
                  f"blocked words in fills: {len(found)}{' ' + ' '.join(sorted(found)) if found else ''}   "
                  f"target none   {'MISSED' if found or filled < floor else 'OK'}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
