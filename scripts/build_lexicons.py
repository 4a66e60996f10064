#!/usr/bin/env python3
"""Build kitgen's lexicons and books for French, German, Spanish, Italian, Dutch and Portuguese.

Writes, for each language code XX (docs/languages.md says what each holds):

* ``kitgen/data/lexicon-XX.txt.gz``: the lexicon, in the format of the English
  ``lexicon.txt`` (``@RANK`` sections of fitting forms, then ``@display``
  lines ``FITTING<TAB>shown``), gzip-compressed;
* ``kitgen/data/book-XX.txt.gz``: the Make a Wordsearch book of the language,
  every word of running text that the lexicon holds and kitgen proposes, with its frequency;
* ``kitgen/data/proposals/held-XX.txt``: the entries kept out of proposals (``held_back``);
* ``kitgen/data/licenses/XX-COPYRIGHT.txt``: the word list's Debian copyright
  file, shipped beside the data.

Needs, at build time only (not at run time):
``apt-get install wfrench wngerman wspanish witalian wdutch wportuguese aspell-es scowl hunspell hunspell-tools
hunspell-fr hunspell-de-de hunspell-es hunspell-it hunspell-nl hunspell-pt-pt``
and ``pip install -e '.[build]'`` (the ``wordfreq`` package and its data).

Sources and rules:

* Words: Debian's word lists (``/usr/share/dict/french`` ...). Spanish's
  ``wspanish`` holds lemmas only (no plurals, no verb forms: *años*, *está*
  are missing), so the inflected forms of ``aspell-es`` (the same project,
  expanded by ``aspell expand``) are added when the ``wordfreq`` data has
  seen them in running text.
* Left out, as for English: proper nouns and abbreviations. An entry is kept
  when it is letters only (French also keeps inner hyphens and apostrophes:
  *aujourd'hui*, *porte-monnaie*) and lower case. German writes every noun
  with a capital, so German keeps capitalised words too (*Haus*), except
  names: a capitalised word that is a proper name in SCOWL's English lists or
  capitalised in one of the other languages' Debian lists (*Berlin*, *Anna*,
  *Mozart*), unless it has a German plural-like sibling (*Rose*, *Rosen*:
  the flower stays); a name's genitive goes with it (*Deutschlands*). A
  word written with more than one capital (ABC, GmbH) or with no vowel
  (Pkw, lkw) is an abbreviation.
* Rank: ``wordfreq``'s Zipf frequency of the word in that language (log10
  of its frequency per billion words), banded into SCOWL-like levels so a
  rank means the same in every language: see ``RANK_BANDS``.
* Book: every word of ``wordfreq``'s list that is an entry of the lexicon (so
  no names, no numbers), in order of frequency, with its frequency per
  billion words as the drawing weight; words of the language's classroom-safe
  list and held-back entries are left out.
"""

from __future__ import annotations

import gzip
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "kitgen" / "data"
DICT = Path("/usr/share/dict")
SCOWL = DICT / "scowl"
HUNSPELL = Path("/usr/share/hunspell")

RANK_BANDS = ((4.0, 10), (3.5, 20), (3.0, 35), (2.5, 40), (2.0, 50), (1.5, 55), (0.0, 60))
"""(lowest Zipf frequency, rank): Zipf 4 is once in 100,000 words of running text (about the commonest 5,000
words of a language, like SCOWL's level 10); a word wordfreq never saw gets 70."""
UNSEEN_RANK = 70
LEARNER_RANK = 40
"""kitgen.core.language.LEARNER_RANK: the commonest rank kitgen proposes by default."""
DICTIONARIES = {"fr": "fr", "de": "de_DE", "es": "es_ES", "it": "it_IT", "nl": "nl", "pt": "pt_PT"}
"""Each language's Hunspell dictionary (Debian's hunspell-fr, -de-de, -es, -it, -nl, -pt-pt), build time only:
German noun forms, and what ``held_back`` keeps out of proposals."""

LETTERS = re.compile(r"^[^\W\d_]+$")
FRENCH = re.compile(r"^[^\W\d_]+(?:['-][^\W\d_]+)*$")
VOWELS = frozenset("AEIOUYÀÁÂÃÄÅÈÉÊËÌÍÎÏÒÓÔÕÖÙÚÛÜÝĄĘİ" "АЕЁИОУЫЭЮЯ" "ΑΕΗΙΟΥΩΆΈΉΊΌΎΏΪΫ")
"""Vowels of the Latin, Cyrillic and Greek alphabets, as capitals: a string with none is an abbreviation."""
WRITTEN = {"fr": "àâäæçéèêëîïôöùûüÿœ"}
"""The accented letters a language writes: an entry with another is broken (French "jusqú", an apostrophe
turned into ú in ``wfrench``)."""


@dataclass(frozen=True)
class Source:
    """One language's word list: Debian package, file, the entries it accepts."""

    code: str
    package: str
    path: Path
    pattern: re.Pattern[str] = LETTERS
    capitalised_nouns: bool = False
    additions: tuple[str, ...] = ()
    """Words of running text missing from the list, added by hand (Italian's one-letter words)."""
    running_text: str = ""
    """For a language built from running text (``SEEN``): the wordfreq list to read (``large`` or ``best``)."""


SEEN = {"sv": ("hunspell-sv", "sv_SE", "large"), "pl": ("hunspell-pl", "pl_PL", "large"),
        "ru": ("hunspell-ru", "ru_RU", "large"), "el": ("hunspell-el", "el_GR", "best"),
        "tr": ("hunspell-tr", "tr_TR", "best")}
"""Languages built from running text: every word of wordfreq's list for the language (the Debian package, the
Hunspell dictionary and the wordfreq list named here) that the language's Hunspell dictionary accepts in lower
case (so no name, which Hunspell knows only with its capital: москва, ankara, stockholm), in the language's
letters. Their lexicons hold the words running text uses, each with its rank; a word wordfreq never saw is not
in them (docs/languages.md)."""


SOURCES = (
    Source("fr", "wfrench", DICT / "french", FRENCH),
    Source("de", "wngerman", DICT / "ngerman", capitalised_nouns=True),
    Source("es", "wspanish", DICT / "spanish"),
    # The Italian list has no one-letter words: e (and), è (is), a (to), i (the), o (or); nor aia (threshing
    # floor) and its plural aie, Italian's only everyday words spelled with vowels alone (docs/languages.md).
    Source("it", "witalian", DICT / "italian", additions=("e", "è", "a", "i", "o", "aia", "aie")),
    # Dutch writes plurals and short forms with an apostrophe (auto's, zo'n) and compounds with a hyphen.
    Source("nl", "wdutch", DICT / "dutch", FRENCH),
    Source("pt", "wportuguese", DICT / "portuguese", FRENCH),
    *(Source(code, package, HUNSPELL / name, running_text=wordlist)
      for code, (package, name, wordlist) in SEEN.items()),
)


def as_written(word: str) -> str:
    """A word of wordfreq's list as its language writes it: wordfreq case-folds, and case folding writes the Greek
    final sigma as a medial one (θεός is θεόσ in its list), so before this every Greek word ending in ς (θεός,
    δρόμος, φως, άνθρωπος) was refused by Hunspell and missing from the lexicon. Lower-case Greek writes ς, never
    σ, at the end of a word."""
    return word[:-1] + "ς" if len(word) > 1 and word.endswith("σ") else word


def polytonic(word: str) -> bool:
    """Whether ``word`` holds a letter of Unicode's Greek Extended block (U+1F00-U+1FFF): polytonic Greek, the
    spelling of ancient Greek (γὰρ, ἐστι, τὰς), which modern Greek has not written since 1982. Hunspell's el_GR
    accepts three such forms that wordfreq's Greek list holds (quotations in running text); a learner's Greek is
    monotonic, so the lexicon leaves them out."""
    return any("\u1f00" <= ch <= "\u1fff" for ch in word)


def seen_words(source: Source) -> set[str]:
    """A running-text language's words (``SEEN``): wordfreq's words in lower case, letters only, that the
    language's Hunspell dictionary accepts as written (``hunspell -l``), polytonic Greek left out."""
    import wordfreq

    sys.path.insert(0, str(ROOT))
    from kitgen.core.language import language

    lang = language(source.code)
    candidates = [w for w in map(as_written, wordfreq.iter_wordlist(source.code, source.running_text))
                  if LETTERS.match(w) and w == w.lower() and len(lang.normalize(w)) == len(w.replace("-", ""))
                  and not polytonic(w)]
    refused = rejected(source.path.name, candidates)
    return {w for w in candidates if w not in refused}


def read_lines(path: Path) -> list[str]:
    return [w.strip() for w in path.read_text(encoding="utf-8", errors="replace").split("\n") if w.strip()]


def has_vowel(word: str) -> bool:
    return bool(VOWELS & set(word.upper()))


def lower_case_word(source: Source, w: str) -> bool:
    """A lower-case entry of letters (French: with inner hyphens or apostrophes) with a vowel."""
    return bool(source.pattern.match(w)) and w == w.lower() and has_vowel(w)


def written(source: Source, w: str) -> bool:
    """Whether ``w``'s accented letters are all ones the language writes (``WRITTEN``; any, when not listed)."""
    letters = WRITTEN.get(source.code)
    return letters is None or all(ch.isascii() or ch in letters for ch in w.lower())


def capitalised(w: str) -> bool:
    """One capital, then lower case: a German noun (or a name)."""
    return bool(LETTERS.match(w)) and w[0].isupper() and w[1:] == w[1:].lower() and len(w) > 1 and has_vowel(w)


def foreign_names() -> set[str]:
    """Proper names: SCOWL's English proper names (all levels) and the capitalised entries of the other
    languages' Debian lists (their lists are lower case but for names)."""
    names: set[str] = set()
    for path in SCOWL.glob("*-proper-names.*"):
        names.update(read_lines(path))
    for path in SCOWL.glob("*-upper.*"):
        names.update(read_lines(path))
    for source in SOURCES:
        if not source.capitalised_nouns and source.path.exists():
            names.update(w for w in read_lines(source.path) if w[:1].isupper())
    return names


UMLAUT = str.maketrans({"a": "ä", "o": "ö", "u": "ü", "A": "Ä", "O": "Ö", "U": "Ü"})
GERMAN_PLURALS = ("e", "en", "n", "er", "se", "nen")
"""Endings of a German noun's plural (Fisch Fische, Stadt Städte, Kind Kinder, Wolf Wölfe, Vogel Vögel)."""

GERMAN_COMMON = frozenset({
    "Alarm", "Auto", "Baby", "Ball", "Bank", "Bar", "Boss", "Bus", "Chaos", "Chef", "Club", "Computer", "Euro",
    "Fan", "Film", "Foto", "Gesundheit", "Handy", "Hobby", "Hotel", "Idee", "Internet", "Job", "Kino", "Klub",
    "Mama", "Menü", "Mitte", "Oma", "Opa", "Opposition", "Papa", "Party", "Radio", "Rathaus", "Sofa", "Studium",
    "Gymnasium", "Team", "Thema", "Website", "Zoo", "Uni", "Lady", "Story", "Forum", "Norden", "Süden", "Osten",
    "Westen", "Namen", "Herzen", "Schiff", "Sieg", "Verein", "Kind", "Gott", "Wahlen", "Villa", "Set", "Link",
    "Center", "City", "Media", "Nazi", "Nazis", "Jobs", "Fans", "Mannes", "Russen", "Vorlage", "Rande",
    "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November",
    "Dezember", "Gold", "Song", "Service", "Standard", "Silber", "Sturm", "Zucker", "Mini", "Physik", "Mathematik",
    "Demo", "Arena", "Propaganda", "Märchen", "Magen", "Action", "Diesel", "Sound", "Power", "Islam", "Dollar",
    "Themen", "Lebens",
})
"""Reviewed: German common nouns that a names list also holds and whose plural takes -s or none (Mama, Papas,
Euros, Babys) or is irregular (Thema, Themen), so the plural rule of ``common_noun`` cannot see them."""


GERMAN_NAMES = frozenset({
    "Amazon", "Android", "Bayern", "Beck", "Christian", "Darmstadt", "Don", "Frank", "Franken", "Gabriel", "Georg",
    "Hans", "He", "Hessen", "Jack", "London", "Luxemburg", "Magdeburg", "Pfalz", "Polen", "Prag", "Sa", "Sachsen",
    "Sam", "Schalke", "Simon", "Stuttgart", "Tel", "Ulm", "York",
})
"""Reviewed: names that the plural rule of ``common_noun`` takes for nouns (Stuttgarter, Polen: a people's name)."""

NOUN_FORMS = ("e", "en", "n", "s", "es", "er", "ern", "nen")
"""Endings of a noun's forms: a names list's Frauen, Herren, Landes is the form of a noun (Frau, Herr, Land)."""


def umlauted(word: str) -> set[str]:
    """The word with each of its vowels umlauted in turn, the way a German plural does (Vogel: Vögel)."""
    out = set()
    for i, ch in enumerate(word):
        if ch in "aouAOU":
            out.add(word[:i] + ch.translate(UMLAUT) + word[i + 1:])
    if "au" in word:
        out.add(word.replace("au", "äu", 1))
    return out


def common_noun(word: str, forms: set[str]) -> bool:
    """A capitalised German word with a German plural among ``forms`` (its own plural endings, umlauted or
    not: Fische, Vögel, Wölfe, Kinder), not an inhabitant's -er (Berliner, Berlinerin): a common noun that a
    names list also holds (Vogel, Fisch, Berg), so it stays; or one of the reviewed ``GERMAN_COMMON``."""
    if word in GERMAN_NAMES:
        return False
    if word in GERMAN_COMMON:
        return True
    for stem in (word, *umlauted(word)):
        for end in ("", *GERMAN_PLURALS) if stem != word else GERMAN_PLURALS:
            if stem + end in forms and not (end == "er" and stem + "erin" in forms):
                return True
    return False


def hunspell_forms(name: str) -> list[tuple[str, str]]:
    """``(stem, flags)`` of each line of Debian's Hunspell dictionary ``name`` (``/usr/share/hunspell``)."""
    lines = []
    text = (HUNSPELL / f"{name}.dic").read_text(encoding="utf-8", errors="replace")
    for raw in text.split("\n")[1:]:
        line = raw.split("\t", 1)[0].strip()
        if line and not line.startswith("#"):
            stem, _, flags = line.partition("/")
            lines.append((stem, flags))
    return lines


GERMAN_NOUN_FLAGS = {"E": "e", "N": "n", "P": "en", "S": "s", "T": "es"}
"""igerman98's noun suffix flags (de_DE.aff): Fisch/EPST is Fisch, Fische, Fischen, Fischs, Fisches."""


PLURAL_FLAGS = frozenset("Jh")
"""Flags igerman98 gives a noun's plural line (Betten/SJm, Frauen/hij), which a nominalised infinitive lacks."""


def german_noun_forms(lines: list[tuple[str, str]]) -> set[str]:
    """Capitalised noun forms from the German Hunspell dictionary (Fische, Berge, Vögel): ``wngerman`` lists
    some only in lower case, as verb forms (fische, berge, vögel), and a noun keeps its capital. Nominalised
    infinitives (Essen/Sm beside essen) are left out: their lower-case verb is the word; a plural line (Betten/SJm
    beside betten) is kept."""
    lower_stems = {stem for stem, _ in lines if stem[:1].islower()}
    out: set[str] = set()
    for stem, flags in lines:
        infinitive = stem.endswith("en") and stem.lower() in lower_stems and not set(flags) & PLURAL_FLAGS
        if not capitalised(stem) or infinitive:
            continue
        out.add(stem)
        out.update(stem + GERMAN_NOUN_FLAGS[f] for f in flags if f in GERMAN_NOUN_FLAGS)
    return out


def accepted(source: Source) -> set[str]:
    """The list's entries that are words: no proper nouns, no abbreviations."""
    if source.running_text:
        return seen_words(source)
    entries = read_lines(source.path)
    words = {w for w in entries if lower_case_word(source, w) and written(source, w)}
    if source.capitalised_nouns:
        words |= german_nouns(entries)
    words.update(source.additions)
    return words


def german_nouns(entries: list[str]) -> set[str]:
    """German's capitalised entries without names (a names list's word with no German plural: Berlin, Anna),
    plus the capitalised noun forms of the German Hunspell dictionary whose lower-case twin is listed
    (Fische beside fische)."""
    listed = set(entries)
    lines = hunspell_forms("de_DE")
    nouns = german_noun_forms(lines)
    forms = listed | nouns
    names = foreign_names()
    dropped = {w for w in entries if capitalised(w) and w in names and not common_noun(w, forms)}
    nouns_kept = {w for w in entries if capitalised(w) and w not in dropped}
    dropped -= {w for w in dropped if w not in GERMAN_NAMES
                and any(w.endswith(end) and w[:-len(end)] in nouns_kept for end in NOUN_FORMS)}
    genitives = {w + "s" for w in dropped}  # Deutschlands, Europas: a name's genitive is a name too
    out = {w for w in entries if capitalised(w) and w not in dropped and w not in genitives}
    lower = {w for w in entries if w[:1].islower()}
    out.update(w for w in nouns if w not in listed and w.lower() in lower and w not in dropped
               and w not in genitives)
    # a capitalised twin of a lower-case word is shown only when Hunspell inflects it as a noun (Ende/NS,
    # Vögel/NM) or it is a form of such a noun (Fische, Berge): Nicht/hij, Ein/hij, Essen/Sm beside nicht, ein,
    # essen are shown in lower case, and so are the reviewed LOWER_TWINS
    # (a noun form in -n beside a verb form, Sagen beside sagen, Fragen beside fragen, is the verb's)
    inflected = {stem for stem, flags in lines if set(flags) & NOUN_FLAGS}
    inflected |= {w for w in nouns_of_lines(lines) if not w.endswith("n")}
    inflected |= {stem for stem, _ in lines if capitalised(stem) and plural_of(stem) & inflected}
    return {w for w in out if w.lower() not in lower or (w in inflected and w not in LOWER_TWINS)}


NOUN_FLAGS = frozenset("ENPT")
"""igerman98's flags of a noun line: its plural and case endings (E N P T); S alone (genitive -s) is a nominalised
infinitive's too (Sein/S, Essen/Sm, Lassen/SJm)."""


def plural_of(word: str) -> set[str]:
    """The singulars a German plural line may be of (Berge: Berg; Vögel: Vogel; Wölfe: Wolf; Häuser: Haus)."""
    if word.endswith("n"):
        return set()
    stems = {word}
    for end in ("e", "er"):
        if word.endswith(end):
            stems.add(word[:-len(end)])
    return {s.translate(UNUMLAUT) for s in stems} | {s.replace("äu", "au") for s in stems} | stems - {word}

LOWER_TWINS = frozenset({"Bitte", "Gerade", "Würde", "Würden", "Gut", "Gutes", "Gleich", "Falls", "Links", "Rechts",
                         "Weise", "Laut", "Los", "Halt", "Sucht", "Acht", "Reich", "Fest", "Rund", "Voll", "Trotz",
                         "Abends", "Teils", "Tief", "Halte", "Sage", "Paar"})
"""Reviewed: capitalised twins whose lower-case word is the one running text means (bitte, please; gerade,
just; falls, if; laut, loud)."""


def nouns_of_lines(lines: list[tuple[str, str]]) -> set[str]:
    """The forms the noun flags of German Hunspell lines make (Fisch/EPST: Fische, Fischen, Fisches)."""
    out: set[str] = set()
    for stem, flags in lines:
        if capitalised(stem) and set(flags) & NOUN_FLAGS:
            out.update(stem + GERMAN_NOUN_FLAGS[f] for f in flags if f in GERMAN_NOUN_FLAGS)
    return out


UNUMLAUT = str.maketrans({"ä": "a", "ö": "o", "ü": "u"})


def noun_form(word: str, forms: set[str]) -> bool:
    """A German noun or a form of one: ``common_noun``, or a noun's stem with one of its endings, its umlaut
    taken back (Berge of Berg, Vögel of Vogel, Füchse of Fuchs)."""
    if common_noun(word, forms):
        return True
    for end in ("", *NOUN_FORMS):
        stem = word[:-len(end)] if end else word
        if not end and "äu" not in stem and not set(stem) & set("äöü"):
            continue
        for base in {stem, stem.translate(UNUMLAUT), stem.replace("äu", "au")}:
            if base != word and base in forms and common_noun(base, forms):
                return True
    return False


def portuguese_compounds() -> set[str]:
    """Hyphenated nouns and adjectives of Debian's Portuguese Hunspell dictionary (guarda-chuva, guarda-chuvas),
    which ``wportuguese`` lacks: its lines marked ``[CAT=nc]`` or ``[CAT=adj]``, expanded by ``unmunch`` (no
    verb with a clitic pronoun: those are a verb and a word)."""
    text = (HUNSPELL / "pt_PT.dic").read_text(encoding="utf-8", errors="replace")
    lines = [raw.split("\t", 1)[0].strip() for raw in text.split("\n")[1:]
             if "-" in raw.split("\t", 1)[0] and ("[CAT=nc" in raw or "[CAT=adj" in raw)]
    lines = [line for line in lines if line[:1].islower()]
    with tempfile.TemporaryDirectory() as tmp:
        dic = Path(tmp) / "compounds.dic"
        dic.write_text(f"{len(lines)}\n" + "\n".join(lines) + "\n", encoding="utf-8")
        forms = subprocess.run(["unmunch", str(dic), str(HUNSPELL / "pt_PT.aff")], check=True, capture_output=True,
                               text=True, errors="replace").stdout.split()
    hyphens = {line.split("/", 1)[0].count("-") for line in lines}
    return {f for f in forms if f.count("-") in hyphens and FRENCH.match(f) and f == f.lower()}


def spanish_forms(frequencies: dict[str, float]) -> set[str]:
    """aspell-es's inflected forms that running text uses (wordfreq has seen them)."""
    dump = subprocess.run(["aspell", "-d", "es", "dump", "master"], check=True, capture_output=True, text=True)
    expanded = subprocess.run(["aspell", "-l", "es", "expand"], input=dump.stdout, check=True,
                              capture_output=True, text=True)
    forms = set(expanded.stdout.split())
    return {w for w in forms if LETTERS.match(w) and w == w.lower() and has_vowel(w) and w in frequencies}


TRUNCATING = "lnr"
"""Italian drops a word's final e or o after l, n or r (*troncamento*: amor of amore, andar of andare, buon of
buono), the only Italian words not ending in a vowel but loanwords."""
NOT_TRUNCATED = frozenset({"mister"})
"""Reviewed: words the rule of ``italian_forms`` takes for a truncated form that are not one (the English
mister, not mistero)."""
ITALIAN_LOANWORDS = ("album", "bar", "basket", "bus", "chef", "club", "festival", "gas", "gol", "golf", "hotel",
                     "jazz", "poker", "quiz", "radar", "relax", "robot", "rock", "rugby", "sport", "tennis",
                     "tram", "weekend", "yogurt")
"""Reviewed: loanwords Italian dictionaries list as Italian nouns (Zingarelli, Treccani), which ``witalian`` lacks
but for a few: added when Hunspell's it_IT accepts them and running text uses them."""


def italian_forms(words: set[str], frequencies: dict[str, float]) -> set[str]:
    """Italian words ``witalian`` lacks that end in a consonant, so that the last square of an American grid's
    light, which ends the crossing light too, is not always a vowel (docs/languages.md, "Italian"): the
    truncated forms running text uses (``TRUNCATING``; seen at Zipf 2.5 or more, as often in Italian as in
    English text or more, its full form a word of the lexicon as common, accepted by Hunspell's it_IT) and
    the reviewed ``ITALIAN_LOANWORDS``."""
    import wordfreq

    def zipf(word: str, lang: str = "it") -> float:
        return float(wordfreq.zipf_frequency(word, lang))

    truncated = {w for w in frequencies
                 if 3 <= len(w) <= 9 and LETTERS.match(w) and w == w.lower() and w[-1] in TRUNCATING
                 and w not in words and w not in NOT_TRUNCATED and zipf(w) >= 2.5 and zipf(w, "en") < zipf(w)
                 and any(w + v in words and zipf(w + v) >= 2.5 for v in "eo")}
    loans = {w for w in ITALIAN_LOANWORDS if w in frequencies}
    found = truncated | loans
    return found - rejected(DICTIONARIES["it"], found)


FORM_RANK = 65
"""The rank of a form of a common Greek word that wordfreq's Greek list lacks (``greek_forms``): rarer than every
word the list holds (it stops at Zipf 3), not proposed by default (the learner tier is rank 40), but in the tier a
crossword fill widens to (``kitgen.core.lexicon.WIDER_RANK``)."""

GREEK_PARADIGMS = (
    ("ος", "ου ο οι ων ους η ης ες α ας"),
    ("ος", "ους η ων"),
    ("ο", "ου α ων"),
    ("α", "ας ες ων"),
    ("η", "ης ες ων"),
    ("η", "ης εις εων"),
    ("ας", "α ες ων"),
    ("ας", "αδες αδων"),
    ("ης", "η ες ων"),
    ("ης", "ηδες ηδων"),
    ("ης", "ους εις η ες ων"),
    ("ι", "ιου ια ιων"),
    ("μα", "ματος ματα ματων"),
    ("υς", "υ ια ιας ιου ιοι ιων ιες ιους"),
    ("ω", "εις ει ουμε ετε ουν ουνε οντας ομαι εσαι εται ομαστε εστε ονται οταν ονταν ουσα ουσε ουσαν ουσαμε "
          "ουσατε"),
    ("ω", "αω ας αει αμε ατε ανε ουν ουσα ουσε ουσαν ουσαμε ουσατε ωντας ιεμαι ιεσαι ιεται ιομαστε ιεστε "
          "ιουνται"),
    ("ω", "εις ει ουμε ειτε ουν ουσα ουσε ουσαν ουσαμε ουσατε ωντας ουμαι εισαι ειται ουμαστε ειστε ουνται"),
)
"""Greek inflection, written from Greek grammar without accents (they fold): each paradigm's citation ending (its
lemma's: nominative singular, first person singular present) and the endings of its other forms on the same stem, but
the vocative in -ε (τύπε, απλέ), which el_GR gives every noun and adjective in -ος and a crossword rarely wants.
Adjectives and masculine nouns in -ος (καλός καλή καλό; δρόμος δρόμου δρόμοι), neuters in -ος (λάθος λάθη) and -ο
(βιβλίο βιβλία), feminines in -α and -η (θάλασσα θάλασσες; τέχνη τέχνες; and πόλη πόλεις, a paradigm of its own),
masculines in -ας and -ης (πατέρας πατέρες; μαθητής μαθητές; and παπάς παπάδες, μανάβης μανάβηδες apart), adjectives
in -ής (συνεχής συνεχείς), neuters in -ι and -μα (παιδί παιδιά; σώμα σώματα), adjectives in -ύς (βαθύς βαθιά) and the
present and imperfect of verbs in -ω and their passive (γράφω γράφουμε γράφεται; αγαπάω αγαπούσε; μπορώ μπορούμε).
Forms on another stem (the aorist: έγραψα) are not generated."""
MIN_SEEN = 2
"""How many of a paradigm's forms on one stem running text must use for the stem to be taken as inflected by it,
not counting the forms another paradigm explains, one whose lemma on that stem is common too (``greek_forms``):
el_GR is generated from affix rules and holds forms of the wrong paradigm (λάθε, as if λάθος were masculine: λάθος,
λάθη, λαθών is neuter; ψυχό, as if ψυχής and ψυχές, of ψυχή, were an adjective's), so el_GR alone is no evidence."""
MIN_LEMMA = 4
"""The shortest lemma whose forms are added, in letters: a shorter one is mostly a function word whose spelling
looks like a paradigm's (στα, in the, is not a noun in -α, nor για, for)."""


GREEK_ACCENTED = frozenset("άέήίόύώΐΰ")


def greek_dictionary() -> set[str]:
    """The lower-case entries of Debian's el_GR Hunspell dictionary (full forms, written in ISO 8859-7 as its
    affix file's SET says) with one accent at most: a form with two (λύνοντάς, ένοπλέ) is written so only before
    an enclitic pronoun (λύνοντάς του), not a word alone."""
    text = (HUNSPELL / "el_GR.dic").read_text(encoding="iso-8859-7")
    return {w for w in (line.split("/", 1)[0].strip() for line in text.split("\n")[1:])
            if w and LETTERS.match(w) and w == w.lower() and sum(ch in GREEK_ACCENTED for ch in w) <= 1}


def greek_forms(words: set[str], frequencies: dict[str, float], normalize: Callable[[str], str],
                blocked: Callable[[str], bool]) -> set[str]:
    """Forms of common Greek words that wordfreq's Greek list lacks (docs/languages.md, "Greek"): wordfreq has
    only a small Greek list (words of Zipf 3 and more), so the Greek lexicon held 33,890 forms where Spanish's
    wider tier holds 83,183. An entry of el_GR (a real Greek word) is added when, by a paradigm of
    ``GREEK_PARADIGMS``, it is a form of a lemma of ``MIN_LEMMA`` letters or more that running text uses at rank
    40 or commoner (Zipf 2.5) and el_GR holds, whose stem running text uses in ``MIN_SEEN`` of that paradigm's
    forms or more, and that the classroom-safe list does not block (θαλασσών of θάλασσα; βιβλίων of βιβλίο)."""
    import math

    common = {normalize(w) for w in words
              if frequencies.get(freq_key(w), 0.0) > 0 and zipf_rank(math.log10(frequencies[freq_key(w)] * 1e9))
              <= 40}
    entries: dict[str, str] = {}
    for entry in sorted(greek_dictionary()):
        entries.setdefault(normalize(entry), entry)
    known = {normalize(w) for w in words}
    paradigms = [(normalize(citation), [normalize(e) for e in (citation, *rest.split())])
                 for citation, rest in GREEK_PARADIGMS]
    found: set[str] = set()
    for k, (citation, endings) in enumerate(paradigms):
        stems = {lemma[:-len(citation)] for lemma in common if lemma.endswith(citation) and lemma in entries
                 and len(lemma) >= MIN_LEMMA and not blocked(lemma)}
        for stem in sorted(stems):
            others = [ends for j, (cit, ends) in enumerate(paradigms) if j != k and stem + cit in common]
            if inflected(stem, endings, others, known):
                found.update(entries[stem + end] for end in endings
                             if stem + end in entries and stem + end not in known and not blocked(stem + end))
    return found


def inflected(stem: str, endings: list[str], others: list[list[str]], seen: set[str]) -> bool:
    """Whether running text inflects ``stem`` by the paradigm of ``endings`` (``greek_forms``): it uses ``MIN_SEEN``
    of the paradigm's forms on it that no other paradigm with a common lemma on the stem (``others``) explains;
    all its forms count when the others explain them all (μαθητής's endings are the adjective συνεχής's too, and
    generate no form that is not μαθητής's)."""
    explained = {end for ends in others for end in ends}
    evidence = [end for end in endings if end not in explained] or endings
    return sum(stem + end in seen for end in evidence) >= MIN_SEEN


def zipf_rank(zipf: float) -> int:
    for lowest, rank in RANK_BANDS:
        if zipf > lowest:
            return rank
    return UNSEEN_RANK


def freq_key(word: str) -> str:
    """How wordfreq spells a word: case-folded (ß becomes ss)."""
    return word.casefold()


HYPHEN_PENALTY = 10.0
"""A hyphenated word's frequency is its rarest part's divided by this (one Zipf step): wordfreq splits
grand-mère into grand and mère, and a compound is rarer than either of its words."""


def frequency(shown: str, frequencies: dict[str, float]) -> float:
    """A word's frequency in running text: wordfreq's, or for a word wordfreq splits at its hyphens
    (grand-mère, week-end, guarda-chuva) its rarest part's over ``HYPHEN_PENALTY``."""
    key = freq_key(shown)
    found = frequencies.get(key, 0.0)
    if found or "-" not in key:
        return found
    parts = [frequencies.get(part, 0.0) for part in key.split("-") if part]
    return min(parts) / HYPHEN_PENALTY if parts and all(parts) else 0.0


def best_forms(words: Iterable[str], frequencies: dict[str, float], normalize: Callable[[str], str],
               formed: Iterable[str] = ()) -> dict[str, tuple[int, float, str]]:
    """Per fitting form, its best entry: (rank, -frequency, shown form), the lowest wins, but a plain word always
    wins over a spelling with an apostrophe or a hyphen of the same letters (Dutch zon, sun, over zo'n, such a,
    though running text uses zo'n more: a letter string has one shown form, and ``words check zon`` must answer
    zon). A word of ``formed`` (a form of a common word, ``greek_forms``) that running text did not show ranks
    ``FORM_RANK``."""
    import math

    forms = set(formed)
    best: dict[str, tuple[bool, int, float, str]] = {}
    for shown in words:
        key = normalize(shown)
        if not key:
            continue
        freq = frequency(shown, frequencies)
        zipf = math.log10(freq * 1e9) if freq > 0 else 0.0
        rank = FORM_RANK if not freq and shown in forms else zipf_rank(zipf)
        entry = (bool(MARKS & set(shown)), rank, -freq, shown)
        if key not in best or entry < best[key]:
            best[key] = entry
    return {key: (rank, freq, shown) for key, (_, rank, freq, shown) in best.items()}


MARKS = frozenset("'-")
"""The marks a word of French, Dutch or Portuguese may hold inside it (aujourd'hui, zo'n, guarda-chuva)."""


def other_spellings(words: Iterable[str], best: dict[str, tuple[int, float, str]],
                    normalize: Callable[[str], str]) -> dict[str, list[str]]:
    """Per fitting form, the spellings with an apostrophe or a hyphen that lost to its shown form (zo'n beside
    zon): written after it on its display line, so ``words check zo'n`` still shows zo'n."""
    others: dict[str, list[str]] = {}
    for shown in words:
        key = normalize(shown)
        if key in best and MARKS & set(shown) and best[key][2] != shown:
            others.setdefault(key, []).append(shown)
    return {key: sorted(found) for key, found in others.items()}


def lexicon_text(source: Source, best: dict[str, tuple[int, float, str]],
                 others: dict[str, list[str]]) -> tuple[str, str]:
    """The lexicon (sections ``@LENGTH RANK COUNT`` of fitting forms) and its display lines
    (``FITTING<TAB>shown``, then any other spellings: ``ZON<TAB>zon<TAB>zo'n``)."""
    sections: dict[tuple[int, int], list[str]] = {}
    display: list[str] = []
    for key, (rank, _, shown) in best.items():
        sections.setdefault((len(key), rank), []).append(key)
        if key in others:
            display.append("\t".join((key, shown, *others[key])))
        elif shown != key.lower():
            display.append(f"{key}\t{shown}")
    lines = [
        f"# kitgen {source.code} lexicon: built by scripts/build_lexicons.py from Debian's {source.package}"
        f" ({source.path}).",
        "# Entries: lower-case words (German: and capitalised nouns), no names, no abbreviations;"
        f" {len(best)} fitting forms.",
        "# Sections: @LENGTH RANK COUNT, then COUNT fitting forms. Ranks: wordfreq Zipf frequency bands",
        f"# (10 = commonest). Shown forms: lexicon-{source.code}-display.txt.gz. Copyright:"
        f" licenses/{source.code}-COPYRIGHT.txt.",
    ]
    for length, rank in sorted(sections):
        words = sorted(sections[length, rank])
        lines.append(f"@{length} {rank} {len(words)}")
        lines.extend(words)
    return "\n".join(lines) + "\n", "\n".join(sorted(display)) + "\n"


def book_text(source: Source, words: set[str], frequencies: dict[str, float], blocked: Callable[[str], bool],
              normalize: Callable[[str], str]) -> str:
    """The language's book: every word of running text (the whole wordfreq list) that the lexicon holds and
    kitgen proposes, with its frequency per billion words as its weight, most frequent first.

    wordfreq case-folds (German *weg* and *Weg* are one entry): the lower-case spelling is printed then.
    """
    import wordfreq

    shown_of: dict[str, str] = {}
    # lower case sorts after capitals: it comes last and is kept, but in German, where the lexicon shows the
    # noun (Ende, not the verb form ende), the capitalised spelling is kept
    for shown in sorted(words, reverse=source.capitalised_nouns):
        shown_of[freq_key(shown)] = shown
    lines = [
        f"# kitgen's Make a Wordsearch book for {source.code}: built by scripts/build_lexicons.py.",
        "# Every word of running text (wordfreq 'large' list) that is an entry of the lexicon, not on the",
        "# classroom-safe list and not held back from proposals, with its frequency per billion words",
        "# (the drawing weight), most frequent first.",
    ]
    for word in wordfreq.iter_wordlist(source.code, source.running_text or "large"):
        shown = shown_of.get(word)
        if shown is None or blocked(normalize(shown)):
            continue
        weight = round(frequencies.get(word, 0.0) * 1e9)
        if weight <= 0:
            break
        lines.append(f"{shown}\t{weight}")
    return "\n".join(lines) + "\n"


ROMAN = re.compile(r"^m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
ROMAN_WORDS: dict[str, frozenset[str]] = {
    "fr": frozenset({"ci", "dix", "li", "mi", "xi"}), "es": frozenset({"di", "mi", "vi", "xi"}),
    "it": frozenset({"ci", "di", "li", "mi", "vi"}), "nl": frozenset({"mix", "mi"}),
    "pt": frozenset({"li", "mi", "vi"}), "de": frozenset(),
}
"""Reviewed: real words spelled like a Roman numeral (French dix, ten; Spanish vi, I saw; Italian di, of)."""

HELD: dict[str, dict[str, frozenset[str]]] = {
    "de": {"abbreviation": frozenset({"Co", "Abs", "Mio", "Nr", "Tel", "Sa"})},
    "fr": {"fragment": frozenset({"aujourd", "entr"})},
    "es": {"name": frozenset({"maría", "juan", "jesús", "pedro", "josé", "luis", "manuel", "miguel"})},
    "nl": {"abbreviation": frozenset({"ic", "ov", "uv"})},
}
"""Reviewed additions to what the rules of ``held_back`` find."""

KEEP: dict[str, frozenset[str]] = {
    "fr": frozenset({"coeur", "oeil", "oeuf", "oeufs", "oeuvre", "oeuvres", "soeur", "soeurs", "boeuf", "voeux",
                     "moeurs", "manoeuvre", "coeurs"}),
}
"""Reviewed: real words the rules of ``held_back`` would take for a name (French coeur, written cœur)."""

INFINITIVE_OF = {"ê": "er", "â": "ar", "ô": "or"}
"""Portuguese: an infinitive's last vowel before a clitic (fazê-lo of fazer, amá-lo of amar)."""


def dictionary_forms(name: str) -> tuple[set[str], list[tuple[str, str]]]:
    """Every form Hunspell's ``unmunch`` expands the dictionary ``name`` into, and its lines."""
    forms = subprocess.run(["unmunch", str(HUNSPELL / f"{name}.dic"), str(HUNSPELL / f"{name}.aff")],
                           check=True, capture_output=True, text=True, errors="replace").stdout.split()
    return set(forms), hunspell_forms(name)


def rejected(name: str, words: Iterable[str]) -> set[str]:
    """The words Hunspell's dictionary ``name`` does not accept as written (``hunspell -l``)."""
    out = subprocess.run(["hunspell", "-i", "utf-8", "-d", str(HUNSPELL / name), "-l"], input="\n".join(words),
                         check=True, capture_output=True, text=True).stdout
    return set(out.split())


def long_flags(flags: str) -> list[str]:
    return [flags[i:i + 2] for i in range(0, len(flags), 2)]


NO_VOWEL_WORDS: dict[str, frozenset[str]] = {"pl": frozenset({"w", "z"}), "ru": frozenset({"в", "к", "с"})}
"""Reviewed: the words without a vowel (Polish w, z; Russian в, к, с: prepositions)."""

ABBREVIATIONS: dict[str, frozenset[str]] = {
    "pl": frozenset({"abp", "adm", "ang", "dyr", "egz", "etc", "fot", "godz", "inż", "itd", "itp", "izb", "jęz",
                     "kpt", "mgr", "mjr", "mld", "mln", "obr", "odc", "odp", "org", "pkt", "płd", "płn", "proc",
                     "prof", "sygn", "tys", "ukr", "ulg", "woj", "wsp", "zdj"}),
    "ru": frozenset({"абс", "авт", "акад", "англ", "арх", "вып", "гос", "долл", "доп", "изв", "изд", "исп", "корр",
                     "мкс", "млн", "нач", "науч", "обл", "общ", "окр", "отв", "отд", "пер", "ред", "сост", "тыс",
                     "укр", "ул", "упр", "экз"}),
    "sv": frozenset({"adhd", "ang", "ca", "cpu", "enl", "etc", "ev", "hiv", "iom", "mha", "obs", "osv", "pga", "sfi",
                     "suv", "usb"}),
    "el": frozenset({"κλπ", "τηλ"}),
    "de": frozenset({"Aug", "Bde", "etc"}),
    "nl": frozenset({"apr", "aug", "dec", "feb", "febr", "gem", "jul", "jun", "lic", "nov", "okt", "sep", "sept"}),
    "es": frozenset({"etc"}),
    "pt": frozenset({"etc", "sra"}),
}
"""Reviewed: abbreviations with a vowel that running text writes in lower case or with a dot (Polish abp,
arcybiskup; adm, administracja; Russian абс, авт; Swedish osv, och så vidare), seen among the commonest
entries of each language built from running text, whose Hunspell dictionary lists them as words; and those the
rules above miss in the older lists (German Bde, Bände; Dutch month abbreviations feb, okt; Spanish etc; Dutch
febr, sept, gem, lic, which OpenTaal lists with a full stop and as a form of another entry)."""


def junk(source: Source, words: set[str]) -> set[str]:
    """Entries that are no word (docs/languages.md, "Proposals"): a string without a vowel (Polish np, tzw;
    Russian стр; Swedish dr, dvs; Greek κτλ) but the reviewed ``NO_VOWEL_WORDS``, one letter three times or more
    (aaa, mmm, www) and the reviewed ``ABBREVIATIONS``."""
    import unicodedata

    keep = NO_VOWEL_WORDS.get(source.code, frozenset())
    # letters without their accents, so a polytonic Greek vowel (γὰρ) counts as one
    found = {w for w in words if not has_vowel(unicodedata.normalize("NFD", w)) and w not in keep}
    found |= {w for w in words if len(w) > 2 and len(set(w.lower())) == 1}
    return found | (ABBREVIATIONS.get(source.code, frozenset()) & words)


def dotted_only(name: str, words: set[str]) -> set[str]:
    """The words the Hunspell dictionary ``name`` lists only with a full stop, as an abbreviation (Swedish forts.,
    fortsättning): a stem ``w.`` and no stem ``w``."""
    stems = [line.split("/", 1)[0].strip() for line in read_lines(HUNSPELL / f"{name}.dic")[1:]]
    plain = {s for s in stems if not s.endswith(".")}
    return {s[:-1] for s in stems if s.endswith(".") and s[:-1] in words and s[:-1] not in plain}


UNLISTED_LONGEST = {"es": 6, "fr": 30}
"""The languages whose proposals Hunspell is asked about (``unlisted``) and the longest such entry, in letters:
Spanish's short ones only, as es_ES lacks many long real words that ``wspanish`` lists (pingüino, bioética, clitic
forms such as negarle), while its short rejected proposals are English words, abbreviations, names and prefixes
(boy, ceo, com, pre); every French one."""

UNLISTED_KEEP: dict[str, frozenset[str]] = {
    "es": frozenset({
        "oíd", "fez", "fan", "jet", "afro", "amir", "buró", "judo", "kiwi", "surf", "yeti", "yoga", "arras", "bocón",
        "burgo", "cabro", "coima", "dadle", "derbi", "diada", "genes", "grial", "grill", "guión", "ictus", "nipón",
        "ocote", "palta", "ponme", "quark", "samba", "tarot", "tifón", "visón", "zafra", "actora", "alevín",
        "bardos", "butano", "búnker", "calaña", "campal", "córner", "dación", "dúplex", "favela", "gasoil", "geisha",
        "guasón", "ibídem", "karate", "kimono", "limeña", "limeño", "montos", "mousse", "mátame", "nipona", "patita",
        "quórum", "ratios", "riscos", "sepsis", "súmate", "tríada", "tándem", "unisex", "varona"}),
    "fr": frozenset({
        "assoir", "réouvrir", "restau", "papi", "showbiz", "mandala", "rhino", "rancho", "freelance", "entretuer",
        "cola", "jacent", "jacente", "jacents", "jacentes", "résidants", "tsiganes", "ulule", "cheik"}),
}
"""Reviewed: proposals ``unlisted`` would hold back that are words of the language (the Real Academia's and
Larousse's dictionaries list them): Spanish oíd (hear!), judo, yoga, búnker, quórum and clitic forms (dadle,
ponme, mátame); French assoir and entretuer (the 1990 spelling), restau, papi, tsiganes, ulule."""


UNLISTED_LONGER: dict[str, frozenset[str]] = {
    "es": frozenset({
        "albarrán", "almirón", "amazonia", "américo", "andrada", "andrómeda", "antares", "arquímedes", "asensio",
        "baquero", "basilea", "berenice", "cañizares", "cibeles", "constantinopla", "corolla", "deuteronomio",
        "esquerra", "eustaquio", "filomena", "gordillo", "iniesta", "jacinta", "leónidas", "maracaná", "pedrosa",
        "pedroso", "pernambuco", "sajonia", "sarandí", "servando", "sidonia", "trafalgar",
        "calendar", "drivers", "ensemble", "inferno", "machines", "positive"}),
}
"""Reviewed: the names and foreign words among the proposals longer than ``UNLISTED_LONGEST`` that the language's
Hunspell dictionary rejects, held back as ``unlisted`` too (a word listed here that Hunspell accepts is not). Spanish:
of its 547 such proposals, read one by one, 33 are proper nouns (iniesta, filomena, américo, basilea, sajonia,
trafalgar, arquímedes, andrómeda, corolla, the car; es_ES knows none of them even capitalised) and 6 English or
Italian words (calendar, machines, positive, inferno); the rest are words of the Real Academia's dictionary that
es_ES lacks (pingüino, bioética, negarle, gándara, ribeiro, vallejo, neptuno, poetic for the sea, chinchón, the
card game), and demonyms and common nouns written in lower case (tarahumara, carioca, ramadán, pentecostés)."""


def unlisted(source: Source, best: dict[str, tuple[int, float, str]]) -> set[str]:
    """Proposals (rank ``LEARNER_RANK`` or commoner, ``UNLISTED_LONGEST`` letters or fewer) that the language's
    Hunspell dictionary rejects as written, but the reviewed ``UNLISTED_KEEP`` (docs/languages.md, "Proposals"):
    English words in the French list (book, dog, shop, window) and short Spanish entries that are English words,
    abbreviations or prefixes (boy, ceo, com, pre); a longer proposal only when it is on the reviewed
    ``UNLISTED_LONGER`` (Spanish names, iniesta, filomena). French written with oe where the dictionary writes œ
    (coeur, soeur, manoeuvre) is a word."""
    longest = UNLISTED_LONGEST[source.code]
    proposed = {(len(key), shown) for key, (rank, _, shown) in best.items() if rank <= LEARNER_RANK}
    reviewed = UNLISTED_LONGER.get(source.code, frozenset())
    candidates = {shown for n, shown in proposed if n <= longest or shown in reviewed}
    found = rejected(DICTIONARIES[source.code], candidates) & candidates
    if source.code == "fr":
        ligatures = {w: w.replace("oe", "œ") for w in found if "oe" in w}
        accepted_ligature = set(ligatures.values()) - rejected(DICTIONARIES["fr"], ligatures.values())
        found -= {w for w, lig in ligatures.items() if lig in accepted_ligature}
    return found - UNLISTED_KEEP.get(source.code, frozenset())


def held_back(source: Source, shown: Iterable[str]) -> dict[str, set[str]]:
    """The lexicon's entries kitgen keeps out of what it proposes (docs/languages.md, "Proposals"), by kind:
    abbreviations (usw, ov), Roman numerals (ii, xiv), elision and clitic fragments (French qu, jusqu; the
    Portuguese fazê of fazê-lo) and proper nouns a lower-case list holds (Spanish españa). A verifier still
    accepts them."""
    words = set(shown)
    if source.running_text:  # Hunspell took them in lower case already: no name; numerals and abbreviations remain
        numerals = {w for w in words if len(w) > 1 and ROMAN.match(w)
                    and w not in ROMAN_WORDS.get(source.code, frozenset())}
        return {"numeral": numerals,
                "abbreviation": (junk(source, words) | dotted_only(SEEN[source.code][1], words)) - numerals}
    name = DICTIONARIES[source.code]
    forms, lines = dictionary_forms(name)
    lower_forms = {f for f in forms if f[:1].islower()}
    capital_forms = {f for f in forms if f[:1].isupper()}
    dotted = {stem[:-1].lower() for stem, _ in lines if stem.endswith(".")}
    marked = set()
    if source.code == "nl":  # OpenTaal marks abbreviations with the flag Cl (two-letter flags): ov, uv, ic
        marked = {stem for stem, flags in lines if "Cl" in long_flags(flags)}
    held: dict[str, set[str]] = {k: set() for k in ("abbreviation", "numeral", "fragment", "name")}
    held["abbreviation"] = {w for w in words if (w.lower() in dotted and w not in lower_forms) or w in marked}
    held["abbreviation"] |= junk(source, words)
    held["numeral"] = {w for w in words if len(w) > 1 and ROMAN.match(w)
                       and w not in ROMAN_WORDS.get(source.code, frozenset())}
    if source.code == "fr":
        held["fragment"] = {w for w in words if w.endswith("qu")}
    if source.code == "pt":
        # fazê (fazê-lo): an infinitive that lost its r before a clitic, which Hunspell does not take alone
        stems = {w for w in words if w[-1:] in INFINITIVE_OF and w[:-1] + INFINITIVE_OF[w[-1]] in words}
        held["fragment"] = rejected(name, stems) & stems
    if not source.capitalised_nouns:
        candidates = {w for w in words if w[:1].islower() and w[:1].upper() + w[1:] in capital_forms
                      and w not in lower_forms}
        held["name"] = rejected(name, candidates) & candidates
    for kind, extra in HELD.get(source.code, {}).items():
        held[kind] |= extra & words
    keep = KEEP.get(source.code, frozenset())
    return {kind: found - keep for kind, found in held.items()}


def held_text(source: Source, held: dict[str, set[str]], best: dict[str, tuple[int, float, str]],
              normalize: Callable[[str], str]) -> str:
    """``kitgen/data/proposals/held-XX.txt``: the fitting forms held back, one section a kind."""
    lines = [
        f"# kitgen {source.code}: lexicon entries kitgen does not propose (a verifier accepts them), by kind;",
        "# built by scripts/build_lexicons.py (docs/languages.md, \"Proposals\"). Fitting forms, one a line.",
    ]
    for kind in sorted(held):
        keys = sorted({normalize(w) for w in held[kind]
                       if normalize(w) in best and best[normalize(w)][2] == w})
        lines.append(f"@{kind}")
        lines.extend(keys)
    return "\n".join(lines) + "\n"


def build(source: Source) -> None:
    import wordfreq

    from kitgen.core.language import language
    from kitgen.core.safe import SafeList

    lang = language(source.code)
    frequencies = wordfreq.get_frequency_dict(source.code, source.running_text or "large")
    words = accepted(source)
    listed = len(words) if source.running_text else len(read_lines(source.path))
    if source.code == "es":
        words |= spanish_forms(frequencies)
    if source.code == "pt":
        words |= portuguese_compounds()
    if source.code == "it":
        words |= italian_forms(words, frequencies)
    safe = SafeList.shipped(lang)
    formed = greek_forms(words, frequencies, lang.normalize, safe.blocks) if source.code == "el" else set()
    words |= formed
    best = best_forms(words, frequencies, lang.normalize, formed)
    text, display = lexicon_text(source, best, other_spellings(words, best, lang.normalize))
    for name, data in ((f"lexicon-{source.code}.txt.gz", text), (f"lexicon-{source.code}-display.txt.gz", display)):
        (OUT / name).write_bytes(gzip.compress(data.encode("utf-8"), compresslevel=9, mtime=0))
    held = held_back(source, words)
    if source.code in UNLISTED_LONGEST:
        held["unlisted"] = unlisted(source, best) - set().union(*held.values())
    (OUT / "proposals").mkdir(exist_ok=True)
    (OUT / "proposals" / f"held-{source.code}.txt").write_text(held_text(source, held, best, lang.normalize),
                                                               encoding="utf-8")
    held_keys = {lang.normalize(w) for found in held.values() for w in found}
    book_path = OUT / f"book-{source.code}.txt.gz"
    if not book_path.exists():
        # a deal number means the same deal forever (DESIGN.md, "Seeded deals"): a rebuild keeps the shipped
        # book, which the language's deals draw from, and does not follow a grown lexicon or a longer held-back
        # list (docs/languages.md, "Proposals"); a new book is made only where none is shipped
        book = book_text(source, words, frequencies, lambda key: safe.blocks(key) or key in held_keys,
                         lang.normalize)
        book_path.write_bytes(gzip.compress(book.encode("utf-8"), compresslevel=9, mtime=0))
    licences = OUT / "licenses"
    licences.mkdir(exist_ok=True)
    shutil.copyfile(f"/usr/share/doc/{source.package}/copyright", licences / f"{source.code}-COPYRIGHT.txt")
    if source.code == "es":
        shutil.copyfile("/usr/share/doc/aspell-es/copyright", licences / "es-aspell-COPYRIGHT.txt")
    print(f"{source.code}: {listed} listed, {len(words)} words, {len(best)} fitting forms", file=sys.stderr)


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    chosen = [s for s in SOURCES if not argv or s.code in argv]
    missing = [s.package for s in chosen if not (s.path.with_suffix(".dic") if s.running_text else s.path).exists()]
    if missing:
        raise SystemExit(f"missing word lists: apt-get install {' '.join(missing)}")
    for source in chosen:
        build(source)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
