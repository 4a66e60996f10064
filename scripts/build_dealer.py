#!/usr/bin/env python3
"""Write kitgen/games/game_of_words/rules/dealer52.py: the Word Solitaire deal of the default deck, unrolled.

The default deck has 52 letter cards dealt into 17 piles of three (docs/game-of-words.md, "Deals"). The
FreeCell draw loop (take card ``rand mod left``, move the last card into its place) runs a Python loop of 51
swaps a deal; written out as straight-line code it is a third faster, which solvers and deal surveys feel
(millions of deals). This script writes that straight-line code as an ordinary module, checked in, so nothing
is compiled at run time; ``tests/games/game_of_words/test_deals.py`` checks the module is what this script
writes and that it deals exactly as the plain loop for many seeds.

Run: ``python scripts/build_dealer.py`` (after changing the deck size or the number of piles).
"""

from __future__ import annotations

import sys
from pathlib import Path

N, PILES = 52, 17
A, C, M, LANE = 214013, 2531011, 0x7FFFFFFF, 64
TARGET = Path(__file__).resolve().parent.parent / "kitgen" / "games" / "game_of_words" / "rules" / "dealer52.py"


def constants(n: int) -> tuple[int, int, int, int]:
    """The lane-packed multipliers, addends and masks of the n - 1 FreeCell steps a deal of n cards needs."""
    a, c, big_a, big_c = 1, 0, 0, 0
    for k in range(n - 1):
        a, c = (A * a) & M, (A * c + C) & M
        big_a |= a << (LANE * k)
        big_c |= c << (LANE * k)
    lanes31 = sum(M << (LANE * k) for k in range(n - 1))
    lanes15 = sum(0x7FFF << (LANE * k) for k in range(n - 1))
    return big_a, big_c, lanes31, lanes15


def source(n: int = N, piles: int = PILES) -> str:
    """The module's text."""
    big_a, big_c, lanes31, lanes15 = constants(n)
    steps, n3 = n - 1, 3 * piles
    lines = [f'"""Word Solitaire deals of a {n}-card deck in {piles} piles of three, as straight-line code.',
             "", "Written by scripts/build_dealer.py (do not edit): see its docstring for why and how.", '"""',
             "", "from __future__ import annotations", "", "import struct", "",
             f"N, PILES = {n}, {piles}", f"BIG_A = {big_a:#x}", f"BIG_C = {big_c:#x}",
             f"LANES31 = {lanes31:#x}", f"LANES15 = {lanes15:#x}",
             f'_UNPACK = struct.Struct("<{steps}Q").unpack', "", "",
             "def deal(letters: str, seed: int) -> tuple[list[str], str]:",
             f'    """Deal ``seed`` of the {n} letters (documented order): the piles (bottom to top), the extras."""',
             "    lanes = (((BIG_A * (seed & 0x7FFFFFFF) + BIG_C) & LANES31) >> 16) & LANES15",
             f"    r = _UNPACK(lanes.to_bytes({8 * steps}, 'little'))",
             "    p = list(letters)"]
    lines += [f"    j = r[{k}] % {n - k}; c{k} = p[j]; p[j] = p[{n - k - 1}]" for k in range(steps)]
    lines.append(f"    c{steps} = p[0]")
    pile_exprs = ", ".join(" + ".join(f"c{k}" for k in range(i, min(n3, n), piles)) for i in range(piles))
    extra = " + ".join(f"c{k}" for k in range(n3, n)) or "''"
    lines += [f"    return [{pile_exprs}], {extra}", ""]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    text = source()
    if argv[1:] == ["--check"]:
        return 0 if TARGET.read_text(encoding="utf-8") == text else 1
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
