"""Small Make a Wordsearch deals whose every sheet can be listed and scored, for the par, bound and proof tests
(tests/games/wordsearch/test_par_bound.py, test_prove.py).

Small deals: five words a line, each line's words of the line's length (so the overflow never comes into play:
every row takes exactly its five turns), each word of one or two distinct letters, so a row has few possible
strings and every sheet of the deal can be listed and scored.
"""

from __future__ import annotations

import itertools

from kitgen.games.wordsearch.rules.bound import reachable_rows
from kitgen.games.wordsearch.rules.scoring import WordIndex

SMALL_WORDS = ["sea", "tea", "eat", "ate", "set", "see", "tee", "sat", "ass", "tat", "seat", "east", "eats", "teas",
               "sate", "ease", "tease", "setae", "eases", "tests", "state", "taste", "asset", "sets", "sass"]

DEALS = {
    "mixed": ["s", "s", "s", "s", "e",
              "aa", "aa", "aa", "tt", "at",
              "ttt", "ttt", "ttt", "eee", "eee",
              "eeee", "eeee", "eeee", "eeee", "aaaa",
              "sssss", "sssss", "sssss", "aaaaa", "eeeee"],
    "choices": ["s", "s", "s", "t", "t",
                "ee", "ee", "ee", "ea", "ss",
                "ttt", "ttt", "ttt", "aaa", "aaa",
                "eeee", "eeee", "eeee", "eeee", "ssss",
                "aaaaa", "aaaaa", "aaaaa", "aaaaa", "sssss"],
}
"""Deals ordered so that turn t goes to line t // 5 + 1 (its length): five turns a line, no overflow."""


def rows_of(deal: list[str]) -> list[list[str]]:
    """The words of each row (every game puts exactly these turns there)."""
    reach = reachable_rows([w.upper() for w in deal])
    assert reach == [set(range(5 * r, 5 * r + 5)) for r in range(5)]
    return [[w.upper() for w in deal[5 * r:5 * r + 5]] for r in range(5)]


def every_sheet(deal: list[str]) -> list[str]:
    """Every grid a legal game of this deal can make: per row, every choice of a letter a turn, every order."""
    per_row = []
    for words in rows_of(deal):
        strings: set[str] = set()
        for letters in itertools.product(*(sorted(set(w)) for w in words)):
            strings.update("".join(p) for p in itertools.permutations(letters))
        per_row.append(sorted(strings))
    count = 1
    for strings_of_row in per_row:
        count *= len(strings_of_row)
    assert count < 200_000, count  # listing more would take too long
    return ["".join(rows) for rows in itertools.product(*per_row)]


_OPTIMA: dict[tuple[tuple[str, ...], int, tuple[tuple[str, int], ...]], int] = {}
"""Each deal's optimum under each word list, scored once a worker (a score of every sheet: ~0.4 s; some twenty tests
ask for the same few)."""


def optimum(deal: list[str], index: WordIndex) -> int:
    key = (tuple(deal), index.shortest, tuple(sorted(index.table.items())))
    if key not in _OPTIMA:
        _OPTIMA[key] = max(index.quick_score(cells) for cells in every_sheet(deal))
    return _OPTIMA[key]
