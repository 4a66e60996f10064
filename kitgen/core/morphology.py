"""English word forms: whether a word is an inflected plural of a noun or a past form of a verb, and of what.

Rule source: docs/game-of-words.md, ruling 5 ("a plural" is an inflected plural
of a noun and "a tense change" a past form of a verb, as a morphological
database says, not a word ending in S or ED). The data is
``kitgen/data/forms-en.txt``, built by ``scripts/build_forms.py`` from two
databases, in this order for each word of the default lexicon:

1. the SPECIALIST Lexicon's inflection tables, as the ``lemminflect`` package
   ships them (``s``): CARS is the plural of CAR, RAN the past of RUN, FOUND
   the past of FIND and a lemma in its own right, NEWS, LENS, HERS only
   lemmas;
2. for a word SPECIALIST does not list, WordNet 3's morphology (``w``): its
   exception lists (OXEN -> OX) and its detachment rules (``morphy``: SKILLETS
   is SKILLET + S because WordNet has the noun SKILLET);
3. for a word neither lists, the rule below (``r``), with the lexicon as the
   list of possible lemmas.

The rule (also used at run time for a ``--words`` entry the data does not
hold): a word is a plural of L when it is L + S, L + ES (L ending in S, X, Z,
CH or SH), L less Y + IES, or L less MAN + MEN; a past form of L when it is
L + D (L ending in E), L + ED, L less Y + IED, or L + its last consonant + ED;
L being another single word of the list in use.

A line of the data file: ``WORD<TAB>SOURCE<TAB>FIELDS``, fields being
``p:L1,L2`` (plural of), ``v:L1`` (past tense or past participle of) and
``own`` (a lemma in its own right). The file holds every single word of the
default lexicon that has a reading or that ends in S, D or MEN (so the rule
is never applied to a word whose database says it is no inflection: HERS).
Lines are sorted, so a lookup is a binary search over the file's bytes: no
parsing on load, which keeps a verify's cost down (benchmarks/bench_game_of_words.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any

from kitgen.core.normalize import normalize
from kitgen.core.resources import data_path

FILE = "forms-en.txt"
PLURAL_RULES = (("S", ""), ("SES", "S"), ("XES", "X"), ("ZES", "Z"), ("CHES", "CH"), ("SHES", "SH"),
                ("IES", "Y"), ("MEN", "MAN"))
"""WordNet's noun detachment rules (morphy): (ending of the plural, ending of the lemma)."""
PAST_RULES = (("ED", "E"), ("ED", ""), ("IED", "Y"))
"""WordNet's past detachment rules (``ed`` -> ``e``, ``ed`` -> ""), with ``ied`` -> ``y``; doubled consonants apart."""
RULE_ENDINGS = ("S", "D", "MEN")
"""The endings a rule can read as an inflection: the data file lists every lexicon word ending so."""
VOWELS = frozenset("AEIOU")


class Source(Enum):
    """Where a word's forms come from."""

    SPECIALIST = "s"
    """The SPECIALIST Lexicon's inflection tables (via lemminflect)."""
    WORDNET = "w"
    """WordNet 3's exception lists and detachment rules."""
    RULE = "r"
    """The documented rule, over the word list in use."""
    NONE = "-"
    """Nothing to say: a word the data holds no line for and that no rule ending fits (LUNCH)."""

    @property
    def title(self) -> str:
        return {"s": "SPECIALIST Lexicon (lemminflect)", "w": "WordNet 3", "r": "rule", "-": "none"}[self.value]


@dataclass(frozen=True)
class Forms:
    """What a word is, morphologically: the nouns it is a plural of, the verbs it is a past form of, and
    whether it is a lemma in its own right (NEWS, LENS, FOUND)."""

    word: str
    plural_of: tuple[str, ...] = ()
    past_of: tuple[str, ...] = ()
    lemma: bool = False
    source: Source = Source.RULE

    @property
    def is_plural(self) -> bool:
        """A plural for the rules: an inflected plural of a noun, and not a lemma in its own right.

        MAPS and CARS are; NEWS, LENS, HERS are not (never plurals); GLASSES is not (a lemma too).
        """
        return bool(self.plural_of) and not self.lemma

    def plural_of_word(self, lemma: str) -> bool:
        """Whether this word is the plural of ``lemma`` (ARMS of ARM, even though ARMS is a lemma too)."""
        return normalize(lemma) in self.plural_of

    def past_of_word(self, lemma: str) -> bool:
        """Whether this word is a past tense or past participle of the verb ``lemma`` (BAKED of BAKE)."""
        return normalize(lemma) in self.past_of

    def to_json(self) -> dict[str, Any]:
        """``{"plural_of", "past_of", "lemma", "plural", "source"}`` (source ``specialist``, ``wordnet``, ``rule``
        or ``none``):
        the ``kitgen words check --json`` forms."""
        return {"plural_of": list(self.plural_of), "past_of": list(self.past_of), "lemma": self.lemma,
                "plural": self.is_plural, "source": self.source.name.lower()}

    def describe(self) -> str:
        """One line: ``plural of CAR``, ``past of RUN``, ``a lemma in its own right``, or ``no inflection``."""
        parts = []
        if self.plural_of:
            parts.append("plural of " + ", ".join(self.plural_of))
        if self.past_of:
            parts.append("past of " + ", ".join(self.past_of))
        if self.lemma:
            parts.append("a lemma in its own right")
        return ("; ".join(parts) or "no inflection") + f" ({self.source.title})"


def parse_fields(word: str, source: str, fields: list[str]) -> Forms:
    """A data line's fields (after the word and source) as ``Forms``."""
    plural: tuple[str, ...] = ()
    past: tuple[str, ...] = ()
    own = False
    for field in fields:
        if field.startswith("p:"):
            plural = tuple(field[2:].split(","))
        elif field.startswith("v:"):
            past = tuple(field[2:].split(","))
        elif field == "own":
            own = True
    return Forms(word, plural, past, own, Source(source))


def format_line(forms: Forms) -> str:
    """The data line of ``forms`` (``scripts/build_forms.py`` writes these)."""
    fields = [forms.word, forms.source.value]
    if forms.plural_of:
        fields.append("p:" + ",".join(forms.plural_of))
    if forms.past_of:
        fields.append("v:" + ",".join(forms.past_of))
    if forms.lemma:
        fields.append("own")
    return "\t".join(fields)


# -- the rule ---------------------------------------------------------------------------

def _candidates(word: str, rules: tuple[tuple[str, str], ...]) -> Iterator[str]:
    for ending, base in rules:
        if word.endswith(ending) and len(word) > len(ending):
            yield word[: len(word) - len(ending)] + base


def rule_plural_of(word: str, is_word: Callable[[str], bool]) -> tuple[str, ...]:
    """The lemmas ``word`` is a plural of by the rule (see the module docstring), ``is_word`` naming the lemmas."""
    found = [c for c in _candidates(word, PLURAL_RULES) if c != word and len(c) >= 2 and is_word(c)]
    return tuple(dict.fromkeys(found))


def rule_past_of(word: str, is_word: Callable[[str], bool]) -> tuple[str, ...]:
    """The verbs ``word`` is a past form of by the rule: + D, + ED, Y -> IED, a doubled last consonant + ED."""
    found = [c for c in _candidates(word, PAST_RULES) if len(c) >= 2 and is_word(c)]
    stem = word[:-2]
    if word.endswith("ED") and len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in VOWELS \
            and is_word(stem[:-1]):
        found.append(stem[:-1])
    return tuple(dict.fromkeys(c for c in found if c != word))


def by_rule(word: str, is_word: Callable[[str], bool], noun: Callable[[str], bool] | None = None,
            verb: Callable[[str], bool] | None = None) -> Forms:
    """The forms the rule gives ``word`` (source ``rule``).

    ``noun`` and ``verb``, when given, say whether a lemma can be a noun or a verb (the build script asks the
    databases), so that MELODIZES, the third person of a verb only, is no plural.
    """
    plural = rule_plural_of(word, lambda w: is_word(w) and (noun is None or noun(w)))
    past = rule_past_of(word, lambda w: is_word(w) and (verb is None or verb(w)))
    return Forms(word, plural, past, False, Source.RULE)


# -- the data -----------------------------------------------------------------------------

class Morphology:
    """The English word-forms data: sorted ``WORD<TAB>...`` lines, looked up by binary search over the bytes."""

    def __init__(self, data: bytes) -> None:
        data = data if data.startswith(b"\n") else b"\n" + data
        self._data = data if data.endswith(b"\n") else data + b"\n"
        self._tables_found: tuple[frozenset[str], frozenset[str]] | None = None

    def _line(self, key: bytes) -> bytes | None:
        """The rest of the line for ``key`` (after the word's tab), or None: a binary search over line starts.

        ``lo`` is always the start of a line and ``hi`` the start of a line known to sort after ``key``.
        """
        data = self._data
        lo, hi = 1, len(data)
        while lo < hi:
            start = data.rfind(b"\n", 0, (lo + hi) // 2) + 1
            stop = data.find(b"\n", start)
            tab = data.find(b"\t", start, stop)
            word = data[start: tab if tab >= 0 else stop]
            if word == key:
                return data[tab + 1: stop] if tab >= 0 else b""
            if word < key:
                lo = stop + 1
            else:
                hi = start
        return None

    def known(self, word: str) -> Forms | None:
        """The forms the data gives ``word`` (fitting form, A-Z), or None when it has no line for it."""
        key = normalize(word)
        if not key:
            return None
        rest = self._line(key.encode("ascii"))
        if rest is None:
            return None
        source, *fields = rest.decode("ascii").split("\t")
        return parse_fields(key, source, fields)

    def forms(self, word: str, is_word: Callable[[str], bool] | None = None) -> Forms:
        """The forms of ``word``: from the data, else by the rule over ``is_word`` (the word list in use).

        Without ``is_word`` a word the data does not hold has no forms (it is no inflection).
        """
        key = normalize(word)
        found = self.known(key)
        if found is not None:
            return found
        if is_word is None or not key.endswith(RULE_ENDINGS):
            return Forms(key, source=Source.NONE)
        return by_rule(key, is_word)

    def _tables(self) -> tuple[frozenset[str], frozenset[str]]:
        """(every word the data holds, those of them that are plurals for the rules), parsed once."""
        if self._tables_found is None:
            held, plurals = set(), set()
            for line in self._data.decode("ascii").splitlines():
                fields = line.split("\t")
                held.add(fields[0])
                if len(fields) > 2 and fields[2].startswith("p:") and fields[-1] != "own":
                    plurals.add(fields[0])
            held.discard("")
            self._tables_found = frozenset(held), frozenset(plurals)
        return self._tables_found

    def plurals(self) -> frozenset[str]:
        """Every word of the data that is a plural for the rules (``Forms.is_plural``): for the solvers."""
        return self._tables()[1]

    def plurals_among(self, words: Iterable[str], is_word: Callable[[str], bool]) -> frozenset[str]:
        """The plurals (``Forms.is_plural``) among ``words`` (fitting forms), the rule deciding for a word
        the data does not hold, over ``is_word``: what a solver leaves out, in one pass."""
        held, plurals = self._tables()
        return frozenset(w for w in words if w in plurals
                         or (w not in held and w.endswith(RULE_ENDINGS) and by_rule(w, is_word).is_plural))


@cache
def english() -> Morphology:
    """The shipped English word forms, loaded once per process (a read, no parsing)."""
    return Morphology(data_path(FILE).read_bytes())
