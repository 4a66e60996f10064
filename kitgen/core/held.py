"""Entries of a language lexicon that kitgen keeps out of what it proposes, though a verifier accepts them.

Rule source: docs/languages.md, "Proposals". The seed of Make a Wordsearch says
"No proper nouns or abbreviations may be used"; a lexicon built from a word
list still holds some, and what kitgen proposes (deals, fills, hints,
``words match`` and ``words anagram``) must not. ``scripts/build_lexicons.py``
finds them at build time, from the language's Hunspell dictionary and reviewed
lists, and writes ``kitgen/data/proposals/held-XX.txt``: one section a kind,

* ``@abbreviation``: German usw, ca (Hunspell lists them with their full stop),
  Dutch ov, uv (OpenTaal marks them);
* ``@numeral``: Roman numerals (Portuguese ii, xiv; a reviewed keep-list holds
  real words spelled like one: French dix, Spanish vi);
* ``@fragment``: elision and clitic fragments (French qu, puisqu; Portuguese
  fazê, of fazê-lo);
* ``@name``: proper nouns a lower-case word list holds (Spanish españa: Hunspell
  knows only España);
* ``@unlisted``: French and short Spanish proposals the language's Hunspell
  dictionary does not list (French book, dog, shop; Spanish boy, ceo, com, pre),
  but a reviewed keep-list;

each followed by fitting forms, one a line.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from functools import cache
from types import MappingProxyType

from kitgen.core.i18n import N_
from kitgen.core.resources import data_path

HELD_FILES = "proposals/held-{code}.txt"


class HeldKind(StrEnum):
    """Why an entry is not proposed, in words a teacher reads."""

    ABBREVIATION = "abbreviation"
    NUMERAL = "numeral"
    FRAGMENT = "fragment"
    NAME = "name"
    UNLISTED = "unlisted"

    @property
    def described(self) -> str:
        """The reason as ``words check --json`` gives it (English; the catalogue's message id)."""
        return {
            HeldKind.ABBREVIATION: N_("an abbreviation"),
            HeldKind.NUMERAL: N_("a Roman numeral"),
            HeldKind.FRAGMENT: N_("part of a word written with an apostrophe or a hyphen"),
            HeldKind.NAME: N_("a proper noun"),
            HeldKind.UNLISTED: N_("not in the language's dictionary (a foreign word, a name or an abbreviation)"),
        }[self]


@cache
def held_back(code: str) -> Mapping[str, HeldKind]:
    """The held-back fitting forms of a language and why (empty for English and a language with no file)."""
    path = data_path(HELD_FILES.format(code=code))
    if not path.is_file():
        return MappingProxyType({})
    held: dict[str, HeldKind] = {}
    kind: HeldKind | None = None
    for line in path.read_text(encoding="utf-8").split("\n"):
        if not line or line.startswith("#"):
            continue
        if line.startswith("@"):
            kind = HeldKind(line[1:])
        elif kind is not None:
            held[line] = kind
    return MappingProxyType(held)
