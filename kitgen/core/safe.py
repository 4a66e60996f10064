"""Classroom-safe by default: the words kitgen never proposes unless ``--all-words`` is given.

Rule source: docs/languages.md, "Classroom-safe words". Each language has a
vetted list of offensive words and slurs, ``kitgen/data/safe/XX.txt``, made by
``scripts/build_safe_lists.py`` in three sections:

* ``@ldnoobw``: the language's list from the *List of Dirty, Naughty, Obscene
  and Otherwise Bad Words* (LDNOOBW, CC BY 4.0, as packaged on npm as
  ``naughty-words``; licence in ``kitgen/data/safe/LDNOOBW-LICENSE.txt``);
* ``@kept``: LDNOOBW entries kitgen still proposes, because their first
  sense is an everyday word (Italian *pesce*, fish; Spanish *martillo*,
  hammer; Dutch *asbak*, ashtray);
* ``@added``: kitgen's own reviewed additions (slurs and vulgar words the
  LDNOOBW list lacks: English *squaw*, *arse*, *snot*).

A word is blocked when its fitting form is one of an entry's forms: the
language's block set ``kitgen/data/safe/blocked-XX.txt``, precomputed by
``scripts/build_blocked.py`` from the language's Hunspell dictionary
(conjugations, participles, plurals, feminine and derived forms; German and
Dutch compounds holding a listed word: *gefickt*, *Arschlöcher*, *kutwijf*),
plus each entry's regular inflections (``variants``: plural endings, and the
gender vowel of Spanish, Italian and Portuguese), so *arses* and *putas* are
blocked with *arse* and *puta*. What kitgen proposes (dealt
words, par sheets, solver solutions, hints, fills, anagram and pattern
suggestions) draws from ``Lexicon.proposals()``, the lexicon without them;
what a player wrote is checked against the whole lexicon, so verifiers
accept a real word and say nothing about it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from kitgen.core.language import Language, language
from kitgen.core.resources import data_path

SAFE_FILES = "safe/{code}.txt"

ENDINGS: dict[str, tuple[str, ...]] = {
    "en": ("S", "ES"),
    "fr": ("S", "X", "E", "ES"),
    "de": ("E", "EN", "ER", "ERN", "N", "S", "ES"),
    "es": ("S", "ES"),
    "it": (),
    "nl": ("S", "EN", "E", "N", "JE", "JES"),
    "pt": ("S", "ES"),
}
"""Regular endings added to an entry's fitting form: plurals, and the feminine -E of French."""

GENDER_VOWELS: dict[str, str] = {"es": "AO", "it": "AEIO", "pt": "AO"}
"""Final vowels that swap for gender and number (Spanish PUTO/PUTA, Italian CAZZO/CAZZI)."""


DOUBLING: dict[str, tuple[str, ...]] = {"en": ("ED", "ING", "Y"), "de": ("EN", "E", "ER"),
                                         "nl": ("EN", "E", "ER", "ERS", "ETJE", "ETJES")}
"""Endings after a doubled last consonant (English *shitting*, Dutch *kutten*, *sletten*)."""

_VOWELS = frozenset("AEIOUY")


def _closed(fitting: str) -> bool:
    """A word ending in one consonant after one vowel (KUT, SLET): its consonant doubles before an ending."""
    return (len(fitting) >= 3 and fitting[-1] not in _VOWELS and fitting[-2] in _VOWELS
            and fitting[-3] not in _VOWELS)


def variants(fitting: str, code: str) -> set[str]:
    """An entry's fitting form and its regular inflections in language ``code``."""
    out = {fitting}
    out.update(fitting + end for end in ENDINGS.get(code, ()))
    if code in DOUBLING and _closed(fitting):
        out.update(fitting + fitting[-1] + end for end in DOUBLING[code])
    if code == "nl" and len(fitting) >= 4 and fitting[-1] in "FS" and fitting[-2] in _VOWELS | {"J"}:
        # Dutch long vowel before F or S: V or Z before -en, a doubled vowel written once (teef teven, wijf wijven)
        stem = fitting[:-2] if fitting[-2] == fitting[-3] else fitting[:-1]
        out.add(stem + {"F": "V", "S": "Z"}[fitting[-1]] + "EN")
    vowels = GENDER_VOWELS.get(code, "")
    if vowels and fitting[-1:] in vowels:
        stem = fitting[:-1]
        for v in vowels:
            out.add(stem + v)
            if code != "it":
                out.add(stem + v + "S")
    return out


@dataclass(frozen=True)
class SafeList:
    """The blocked fitting forms of one language."""

    code: str
    blocked: frozenset[str]

    @classmethod
    def of(cls, entries: Iterable[str], lang: Language) -> SafeList:
        """Block each entry (any case, accents or spaces) and its regular inflections."""
        blocked: set[str] = set()
        for entry in entries:
            fitting = lang.normalize(entry)
            if fitting:
                blocked |= variants(fitting, lang.code)
        return cls(lang.code, frozenset(blocked))

    @classmethod
    def shipped(cls, code: str | Language | None = None) -> SafeList:
        """The vetted list shipped for a language (``kitgen/data/safe/XX.txt``), read once."""
        return _shipped(language(code).code)

    def blocks(self, fitting: str) -> bool:
        """Whether kitgen keeps this fitting form out of what it proposes."""
        return fitting in self.blocked


def parse_safe_list(text: str) -> dict[str, list[str]]:
    """The sections of a safe-list file: ``@name`` lines start a section, ``#`` starts a comment, one entry a
    line (an entry may be a phrase)."""
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for raw in text.split("\n"):
        line = raw.split("#", 1)[0].strip()
        if line.startswith("@"):
            current = sections.setdefault(line[1:], [])
        elif line and current is not None:
            current.append(line)
    return sections


BLOCKED_FILES = "safe/blocked-{code}.txt"
"""Every form of every listed word of a language, as fitting forms, one a line (``scripts/build_blocked.py``,
from the language's Hunspell dictionary at build time; German and Dutch compounds too)."""


def read_blocked(code: str) -> frozenset[str]:
    """The shipped block set of a language: its fitting forms (``#`` lines are comments)."""
    text = data_path(BLOCKED_FILES.format(code=code)).read_text(encoding="utf-8")
    return frozenset(line for line in text.split("\n") if line and not line.startswith("#"))


@cache
def _shipped(code: str) -> SafeList:
    lang = language(code)
    sections = parse_safe_list(data_path(SAFE_FILES.format(code=code)).read_text(encoding="utf-8"))
    kept = {lang.normalize(w) for w in sections.get("kept", [])}
    entries = [w for w in sections.get("ldnoobw", []) if lang.normalize(w) not in kept]
    listed = SafeList.of([*entries, *sections.get("added", [])], lang)
    return SafeList(lang.code, listed.blocked | read_blocked(lang.code))
