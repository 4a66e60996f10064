"""The languages kitgen plays in: each one's alphabet and how a word folds to its fitting form.

Rule source: docs/languages.md. A word is *fitted* into cells the way that
language's crosswords write it:

========  =====================================  ===============================================
code      letters (fitting form)                 folding
========  =====================================  ===============================================
``en``    A-Z                                    accents fold (café -> CAFE); ß -> SS, Æ -> AE
``fr``    A-Z                                    accents fold (garçon -> GARCON); Œ -> OE, Æ -> AE
``de``    A-Z                                    Ä Ö Ü -> AE OE UE, ß -> SS (Straße -> STRASSE)
``es``    A-N, Ñ, O-Z (27 letters)               Ñ is its own letter (caña -> CAÑA, not CANA);
                                                 other accents fold (canción -> CANCION)
``it``    A-Z                                    accents fold (città -> CITTA)
``nl``    A-Z (and Ĳ in the grid puzzles)        IJ is I and J (ĳs -> IJS); one cell Ĳ in the grid puzzles
                                                 (``in_cells``: ijs -> ĲS); accents fold
``pt``    A-Z                                    accents fold (coração -> CORACAO)
========  =====================================  ===============================================

Representation: a fitting form is a ``str`` of upper-case letters of the
language's alphabet, one character a cell, so the Spanish Ñ is the character
``Ñ`` (U+00D1) in a fitting form, a pattern (``CA?A``), a grid and a card.
Every index over letters (the lexicon's pattern bitsets, anagram counts) uses
``Language.letter_index``, the letter's place in ``Language.letters``; for
English that is ``ord(letter) - ord("A")`` as before.

Spaces, hyphens and apostrophes are dropped in every language (TAKE COVER
fills a 9-cell light, aujourd'hui is AUJOURDHUI). English is the default and
folds exactly as ``kitgen.core.normalize.normalize`` always has.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache, cached_property
from types import MappingProxyType

from kitgen.core.errors import InputError
from kitgen.core.i18n import N_
from kitgen.core.i18n import gettext as _

LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

DROPPED = frozenset(" -'\u2019\u2010\u2011\u2012\u2013\u2014_.")
"""Characters a fitting form leaves out: spaces, hyphens, apostrophes (and their typographic kin)."""

_BASE_SPECIAL = {"ß": "SS", "Æ": "AE", "æ": "AE", "Œ": "OE", "œ": "OE", "Ø": "O", "ø": "O", "Ł": "L", "ł": "L"}
"""Letters that do not decompose into a base letter and an accent (ß -> SS, Æ -> AE, Ø -> O), spelt out as
every language here writes them in a grid (English's table)."""

_GERMAN_SPECIAL = {"Ä": "AE", "ä": "AE", "Ö": "OE", "ö": "OE", "Ü": "UE", "ü": "UE", "ẞ": "SS"}


class UnknownLanguage(InputError):
    """A ``--lang`` code kitgen has no alphabet for."""

    def __init__(self, code: str) -> None:
        super().__init__(f"unknown language {code!r} (choose from {', '.join(CODES)})")
        self.code = code


@dataclass(frozen=True, eq=False)
class Language:
    """One language: its code, name, alphabet in order and how a word folds into it (one object a language,
    compared and hashed by identity)."""

    code: str
    name: str
    letters: str = LATIN
    """The alphabet, upper case, in its dictionary order: the letters a fitting form is made of."""
    special: Mapping[str, str] = field(default_factory=lambda: MappingProxyType(dict(_BASE_SPECIAL)))
    """Characters spelt out as one or more letters (ß -> SS; in German Ä -> AE)."""
    folding: str = ""
    """How the language fits words into cells, in a sentence (for docs and ``--help``)."""
    capital_nouns: bool = False
    """Whether the language writes every noun with a capital (German): a word list's capitals are then kept."""
    learner_rank: int | None = None
    """The proposals tier: the commonest rank kitgen proposes from the shipped lexicon (``LEARNER_RANK``; None:
    every rank, as English's SCOWL lexicon holds only words people know). docs/languages.md, "Proposals"."""
    digraphs: tuple[tuple[str, str], ...] = ()
    """Pairs of letters written in one cell, and the one character that stands for them in a fitting form (Dutch
    crosswords and wordsearch grids: IJ is ``Ĳ``, U+0132). Only the grid puzzles' alphabet has any (``in_cells``)."""
    apart: tuple[tuple[str, str], ...] = ()
    """Beginnings of words written together whose digraph letters are two letters all the same, as (before, after)
    split where the letters meet (Dutch ``("BI", "JOU")``: bijou is BI|JOU, not BĲOU). A hyphen, space or
    apostrophe between the two letters always keeps them apart (ski-jas: docs/languages.md, ruling 1)."""

    @cached_property
    def kept(self) -> frozenset[str]:
        """Letters beyond A-Z that stay themselves (Spanish Ñ) instead of losing their accent (worked out once: every
        fold asks)."""
        return frozenset(self.letters) - frozenset(LATIN)

    @property
    def letter_index(self) -> Mapping[str, int]:
        """Each letter's place in ``letters`` (A is 0): the index every per-letter table uses."""
        return _letter_index(self.letters)

    @property
    def letters_name(self) -> str:
        """The alphabet as an error message names it: ``A-Z``, ``A-Z or Ñ`` in Spanish, ``А-Я`` in Russian."""
        if not frozenset(LATIN) <= frozenset(self.letters):
            return f"{self.letters[0]}-{self.letters[-1]}"
        extra = sorted(self.kept)
        return _("A-Z or {letters}").format(letters=", ".join(extra)) if extra else "A-Z"

    @cached_property
    def plain_ascii(self) -> bool:
        """Whether an ASCII word's fitting form is its upper case (not in Turkish, where i is İ, nor in an
        alphabet without A-Z)."""
        return (frozenset(LATIN) <= frozenset(self.letters) and not any(ch.isascii() for ch in self.special)
                and not self.digraphs)

    def joined(self, fitting: str) -> str:
        """A fitting form of the two-letter alphabet with each digraph in one cell (Dutch IJS is ĲS), but where the
        word begins as one of ``apart`` (BIJOU stays BIJOU)."""
        for pair, cell in self.digraphs:
            if pair not in fitting:
                continue
            if self.apart and fitting.startswith(self._apart_starts):
                before = next(before for before, after in self.apart if fitting.startswith(before + after))
                return before + self.joined(fitting[len(before):])
            fitting = fitting.replace(pair, cell)
        return fitting

    @cached_property
    def _apart_starts(self) -> tuple[str, ...]:
        return tuple(before + after for before, after in self.apart)

    def split(self, fitting: str) -> str:
        """The inverse of ``joined``: each digraph cell spelt out (ĲS is IJS)."""
        for pair, cell in self.digraphs:
            fitting = fitting.replace(cell, pair)
        return fitting

    def fold(self, text: str) -> str:
        """Upper-case ``text`` with accents folded and special letters spelt out; other marks kept."""
        out = []
        kept = self.kept
        special = self.special
        for ch in text:
            if ch in special:
                out.append(special[ch])
                continue
            if kept and ch.upper() in kept:
                out.append(ch.upper())
                continue
            for part in unicodedata.normalize("NFKD", ch):
                if not unicodedata.combining(part):
                    out.append(part)
        return "".join(out).upper()

    def one_letter(self, text: str) -> str:
        """``text`` as one letter of this alphabet, upper case as its cards and bricks print it (Turkish i is İ),
        or "" when it is not one letter: what a record reads as a card, a guess or a draw."""
        fitted = self.normalize(text) if len(text) == 1 and text.isalpha() else ""
        return fitted if len(fitted) == 1 else ""

    def normalize(self, text: str) -> str:
        """The fitting form of a word or phrase: this alphabet's letters only.

        Returns ``""`` when something other than letters, spaces, hyphens and
        apostrophes is in it (a digit, say): such an entry has no fitting form.
        """
        if text.isascii() and text.isalpha() and self.plain_ascii:
            return text.upper()
        index = self.letter_index
        out = []
        parts = []   # the written parts: a digraph never spans a hyphen, space or apostrophe (ski-jas)
        for ch in self.fold(text):
            if ch in index:
                out.append(ch)
            elif ch in DROPPED:
                parts.append(len(out))
                continue
            else:
                return ""
        if not self.digraphs:
            return "".join(out)
        bounds = [0, *parts, len(out)]
        return "".join(self.joined("".join(out[a:b])) for a, b in zip(bounds, bounds[1:], strict=False))


@cache
def _letter_index(letters: str) -> Mapping[str, int]:
    return MappingProxyType({ch: k for k, ch in enumerate(letters)})


LEARNER_RANK = 40
"""The proposals tier of a language lexicon built from a full word list: rank 40 and commoner, words wordfreq
has seen at Zipf 2.5 or more (three times in ten million words of running text), 30,000 to 50,000 forms a
language; a word list of every inflection of every word holds 100,000 to 350,000 more that no learner knows."""

ENGLISH = Language("en", N_("English"), folding="accents fold (café -> CAFE); ß -> SS")
LANGUAGES: Mapping[str, Language] = MappingProxyType({lang.code: lang for lang in (
    ENGLISH,
    Language("fr", N_("French"), learner_rank=LEARNER_RANK, folding="accents fold (garçon -> GARCON); Œ -> OE"),
    Language("de", N_("German"), learner_rank=LEARNER_RANK,
             special=MappingProxyType({**_BASE_SPECIAL, **_GERMAN_SPECIAL}),
             folding="Ä Ö Ü -> AE OE UE, ß -> SS (Straße -> STRASSE)", capital_nouns=True),
    Language("es", N_("Spanish"), learner_rank=LEARNER_RANK, letters="ABCDEFGHIJKLMNÑOPQRSTUVWXYZ",
             folding="Ñ is a letter of its own (caña -> CAÑA); other accents fold"),
    Language("it", N_("Italian"), learner_rank=LEARNER_RANK, folding="accents fold (città -> CITTA)"),
    Language("nl", N_("Dutch"), learner_rank=LEARNER_RANK,
             folding="IJ is two letters (ijs -> IJS), one cell in the grid puzzles; accents fold"),
    Language("pt", N_("Portuguese"), learner_rank=LEARNER_RANK, folding="accents fold (coração -> CORACAO)"),
    Language("sv", N_("Swedish"), letters=LATIN + "ÅÄÖ", learner_rank=LEARNER_RANK,
             folding="Å Ä Ö are letters of their own, after Z (på -> PÅ); other accents fold (idé -> IDE)"),
    Language("pl", N_("Polish"), letters="AĄBCĆDEĘFGHIJKLŁMNŃOÓPQRSŚTUVWXYZŹŻ", learner_rank=LEARNER_RANK,
             special=MappingProxyType({k: v for k, v in _BASE_SPECIAL.items() if k not in "Łł"}),
             folding="Ą Ć Ę Ł Ń Ó Ś Ź Ż are letters of their own, as Polish crosswords write them (żółw -> ŻÓŁW)"),
    Language("tr", N_("Turkish"), letters="ABCÇDEFGĞHIİJKLMNOÖPRSŞTUÜVYZ", learner_rank=LEARNER_RANK,
             special=MappingProxyType({**_BASE_SPECIAL, "i": "İ", "ı": "I"}),
             folding="Ç Ğ İ Ö Ş Ü are letters of their own; i is İ and ı is I (kitap -> KİTAP, ılık -> ILIK)"),
    Language("ru", N_("Russian"), letters="АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ", learner_rank=LEARNER_RANK,
             folding="Cyrillic А-Я; Ё is Е, as crosswords write it (ёж -> ЕЖ); Й is a letter of its own"),
    Language("el", N_("Greek"), letters="ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ", learner_rank=LEARNER_RANK,
             folding="Greek Α-Ω; accents and diaeresis fold, final ς is Σ (θάλασσα -> ΘΑΛΑΣΣΑ)"),
)})
"""Every language kitgen plays in, by code; English (``en``) is the default."""

CODES: tuple[str, ...] = tuple(LANGUAGES)

DUTCH_IJ = "\u0132"
"""Ĳ, the one cell Dutch crosswords and wordsearch grids write IJ in."""
CELLS: Mapping[str, Language] = MappingProxyType({
    "nl": Language("nl", N_("Dutch"), letters=LATIN + DUTCH_IJ, learner_rank=LEARNER_RANK, digraphs=(("IJ", DUTCH_IJ),),
                   apart=(("BI", "JOU"), ("BI", "JECT"), ("ANTI", "JUDA"), ("HI", "JAB"), ("HI", "JACK")),
                   folding="IJ is one cell, as Dutch crosswords print it (ijs -> ĲS, 2 cells), but not where I and J "
                           "meet across a hyphen (ski-jas) or in bijou; accents fold"),
})
"""The alphabet of the grid puzzles (Make a Wordsearch, the crossword), where it is not the language's own: Dutch
puzzles write IJ in one cell (docs/languages.md, ruling 1); the card and tile games keep I and J apart, as Dutch
Scrabble does."""


ALL_LETTERS = frozenset(ch for lang in (*LANGUAGES.values(), *CELLS.values()) for ch in lang.letters)
"""Every letter of a supported alphabet, the grid puzzles' Ĳ too: what a grid, a deck or a piece spec may hold."""

DIGRAPH_CELLS = frozenset(cell for lang in CELLS.values() for _, cell in lang.digraphs)
"""The characters that stand for two letters in one cell (Dutch Ĳ)."""

LETTER_CODE: Mapping[str, int] = MappingProxyType({ch: k for k, ch in enumerate(LATIN + "".join(sorted(
    {ch for lang in (*LANGUAGES.values(), *CELLS.values()) for ch in lang.letters} - set(LATIN))))})
"""One number for every letter of every alphabet, A-Z first (A is 0, so an English bitset over letters is the same
26 bits as ever): the code the grid searches' letter bitsets use (the crossword fill, the wordsearch par)."""


def in_cells(lang: Language) -> Language:
    """The alphabet ``lang``'s grid puzzles write words in (``CELLS``): Dutch's with IJ one cell, else ``lang``."""
    return CELLS.get(lang.code, lang) if LANGUAGES.get(lang.code) is lang else lang



class LangCode(StrEnum):
    """The codes ``--lang`` accepts (its choices on the command line and in the web forms)."""

    EN = "en"
    FR = "fr"
    DE = "de"
    ES = "es"
    IT = "it"
    NL = "nl"
    PT = "pt"
    SV = "sv"
    PL = "pl"
    TR = "tr"
    RU = "ru"
    EL = "el"


def language(code: str | Language | None) -> Language:
    """The language called ``code`` (``None``: English); an unknown code is an ``UnknownLanguage`` error."""
    if isinstance(code, Language):
        return code
    if code is None or code == "":
        return ENGLISH
    found = LANGUAGES.get(code.strip().lower())
    if found is None:
        raise UnknownLanguage(code)
    return found
