#!/usr/bin/env python3
"""Build kitgen's lexicons and books for French, German, Spanish, Italian, Dutch and Portuguese.

Writes, for each language code XX (docs/languages.md says what each holds):

* ``kitgen/data/lexicon-XX.txt.gz``: the lexicon, in the format of the English
  ``lexicon.txt`` (``@RANK`` sections of fitting forms, then ``@display``
  lines ``FITTING<TAB>shown``), gzip-compressed;
* ``kitgen/data/book-XX.txt``: the Make a Wordsearch book of the language,
  its ``BOOK_SIZE`` most frequent words of running text with their frequency;
* ``kitgen/data/licenses/XX-COPYRIGHT.txt``: the word list's Debian copyright
  file, shipped beside the data.

Needs, at build time only (not at run time):
``apt-get install wfrench wngerman wspanish witalian wdutch wportuguese aspell-es scowl``
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
* Book: the ``BOOK_SIZE`` most frequent words of ``wordfreq``'s list that
  are entries of the lexicon (so no names, no numbers), in order of
  frequency, with their frequency per billion words as the drawing weight;
  words of the language's classroom-safe list are left out.
"""

from __future__ import annotations

import gzip
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "kitgen" / "data"
DICT = Path("/usr/share/dict")
SCOWL = DICT / "scowl"

RANK_BANDS = ((4.0, 10), (3.5, 20), (3.0, 35), (2.5, 40), (2.0, 50), (1.5, 55), (0.0, 60))
"""(lowest Zipf frequency, rank): Zipf 4 is once in 100,000 words of running text (about the commonest 5,000
words of a language, like SCOWL's level 10); a word wordfreq never saw gets 70."""
UNSEEN_RANK = 70
BOOK_SIZE = 5000

LETTERS = re.compile(r"^[^\W\d_]+$")
FRENCH = re.compile(r"^[^\W\d_]+(?:['-][^\W\d_]+)*$")
VOWELS = frozenset("AEIOUYÀÁÂÃÄÅÈÉÊËÌÍÎÏÒÓÔÕÖÙÚÛÜÝ")
PLURAL_LIKE = ("e", "en", "n", "se", "nen", "s")


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


SOURCES = (
    Source("fr", "wfrench", DICT / "french", FRENCH),
    Source("de", "wngerman", DICT / "ngerman", capitalised_nouns=True),
    Source("es", "wspanish", DICT / "spanish"),
    # The Italian list has no one-letter words: e (and), è (is), a (to), i (the), o (or).
    Source("it", "witalian", DICT / "italian", additions=("e", "è", "a", "i", "o")),
    Source("nl", "wdutch", DICT / "dutch"),
    Source("pt", "wportuguese", DICT / "portuguese"),
)


def read_lines(path: Path) -> list[str]:
    return [w.strip() for w in path.read_text(encoding="utf-8", errors="replace").split("\n") if w.strip()]


def has_vowel(word: str) -> bool:
    return bool(VOWELS & set(word.upper()))


def lower_case_word(source: Source, w: str) -> bool:
    """A lower-case entry of letters (French: with inner hyphens or apostrophes) with a vowel."""
    return bool(source.pattern.match(w)) and w == w.lower() and has_vowel(w)


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


def accepted(source: Source) -> set[str]:
    """The list's entries that are words: no proper nouns, no abbreviations."""
    entries = read_lines(source.path)
    words = {w for w in entries if lower_case_word(source, w)}
    if source.capitalised_nouns:
        listed = set(entries)
        names = foreign_names()
        dropped = {w for w in entries if capitalised(w) and w in names
                   and not any(w + end in listed for end in PLURAL_LIKE if end != "s")}
        genitives = {w + "s" for w in dropped}  # Deutschlands, Europas: a name's genitive is a name too
        words.update(w for w in entries if capitalised(w) and w not in dropped and w not in genitives)
    words.update(source.additions)
    return words


def spanish_forms(frequencies: dict[str, float]) -> set[str]:
    """aspell-es's inflected forms that running text uses (wordfreq has seen them)."""
    dump = subprocess.run(["aspell", "-d", "es", "dump", "master"], check=True, capture_output=True, text=True)
    expanded = subprocess.run(["aspell", "-l", "es", "expand"], input=dump.stdout, check=True,
                              capture_output=True, text=True)
    forms = set(expanded.stdout.split())
    return {w for w in forms if LETTERS.match(w) and w == w.lower() and has_vowel(w) and w in frequencies}


def zipf_rank(zipf: float) -> int:
    for lowest, rank in RANK_BANDS:
        if zipf > lowest:
            return rank
    return UNSEEN_RANK


def freq_key(word: str) -> str:
    """How wordfreq spells a word: case-folded (ß becomes ss)."""
    return word.casefold()


def best_forms(words: Iterable[str], frequencies: dict[str, float],
               normalize: Callable[[str], str]) -> dict[str, tuple[int, float, str]]:
    """Per fitting form, its best entry: (rank, -frequency, shown form), the lowest wins."""
    import math

    best: dict[str, tuple[int, float, str]] = {}
    for shown in words:
        key = normalize(shown)
        if not key:
            continue
        freq = frequencies.get(freq_key(shown), 0.0)
        zipf = math.log10(freq * 1e9) if freq > 0 else 0.0
        entry = (zipf_rank(zipf), -freq, shown)
        if key not in best or entry < best[key]:
            best[key] = entry
    return best


def lexicon_text(source: Source, best: dict[str, tuple[int, float, str]]) -> tuple[str, str]:
    """The lexicon (sections ``@LENGTH RANK COUNT`` of fitting forms) and its display lines."""
    sections: dict[tuple[int, int], list[str]] = {}
    display: list[str] = []
    for key, (rank, _, shown) in best.items():
        sections.setdefault((len(key), rank), []).append(key)
        if shown != key.lower():
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
    """The language's book: its most frequent words of running text that the lexicon holds, with their weights.

    wordfreq case-folds (German *weg* and *Weg* are one entry): the lower-case spelling is printed then.
    """
    import wordfreq

    shown_of: dict[str, str] = {}
    for shown in sorted(words):  # lower case sorts after capitals: it comes last and is kept
        shown_of[freq_key(shown)] = shown
    lines = [
        f"# kitgen's Make a Wordsearch book for {source.code}: built by scripts/build_lexicons.py.",
        f"# The {BOOK_SIZE} most frequent words of running text (wordfreq 'large' list) that are entries of",
        "# the lexicon and not on the classroom-safe list, with their frequency per billion words",
        "# (the drawing weight), most frequent first.",
    ]
    count = 0
    for word in wordfreq.iter_wordlist(source.code, "large"):
        shown = shown_of.get(word)
        if shown is None or blocked(normalize(shown)):
            continue
        weight = round(frequencies.get(word, 0.0) * 1e9)
        if weight <= 0:
            break
        lines.append(f"{shown}\t{weight}")
        count += 1
        if count == BOOK_SIZE:
            break
    return "\n".join(lines) + "\n"


def build(source: Source) -> None:
    import wordfreq

    from kitgen.core.language import language
    from kitgen.core.safe import SafeList

    lang = language(source.code)
    frequencies = wordfreq.get_frequency_dict(source.code, "large")
    words = accepted(source)
    listed = len(read_lines(source.path))
    if source.code == "es":
        words |= spanish_forms(frequencies)
    best = best_forms(words, frequencies, lang.normalize)
    text, display = lexicon_text(source, best)
    for name, data in ((f"lexicon-{source.code}.txt.gz", text), (f"lexicon-{source.code}-display.txt.gz", display)):
        (OUT / name).write_bytes(gzip.compress(data.encode("utf-8"), compresslevel=9, mtime=0))
    safe = SafeList.shipped(lang)
    (OUT / f"book-{source.code}.txt").write_text(book_text(source, words, frequencies, safe.blocks, lang.normalize),
                                                  encoding="utf-8")
    licences = OUT / "licenses"
    licences.mkdir(exist_ok=True)
    shutil.copyfile(f"/usr/share/doc/{source.package}/copyright", licences / f"{source.code}-COPYRIGHT.txt")
    if source.code == "es":
        shutil.copyfile("/usr/share/doc/aspell-es/copyright", licences / "es-aspell-COPYRIGHT.txt")
    print(f"{source.code}: {listed} listed, {len(words)} words, {len(best)} fitting forms", file=sys.stderr)


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    chosen = [s for s in SOURCES if not argv or s.code in argv]
    missing = [s.package for s in chosen if not s.path.exists()]
    if missing:
        raise SystemExit(f"missing word lists: apt-get install {' '.join(missing)}")
    for source in chosen:
        build(source)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
