"""English proper nouns (Alice, Paris, Monday): the words the Game of Words' Free-for-All adds to the lexicon.

Rule source: docs/game-of-words.md, ruling 10 ("The Free-for-All is a
variation in which plurals and proper nouns may be used"). The data is
``kitgen/data/names-en.txt``, built by ``scripts/build_names.py`` from SCOWL's
proper-name and capitalised-word lists to size 70: one fitting form (A-Z) a
line, ``#`` header lines first.
"""

from __future__ import annotations

from functools import cache

from kitgen.core.resources import data_path


@cache
def proper_nouns() -> frozenset[str]:
    """The shipped proper nouns, as fitting forms, loaded once per process."""
    text = data_path("names-en.txt").read_text(encoding="ascii")
    return frozenset(line for line in text.split("\n") if line and not line.startswith("#"))


