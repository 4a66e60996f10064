#!/usr/bin/env python3
"""Build kitgen's default lexicon (kitgen/data/lexicon.txt) from Debian's word lists.

Sources (install with ``apt-get install wbritish-large wamerican-large scowl wordnet-base``):

* ``/usr/share/dict/british-english-large`` and ``american-english-large``
  (SCOWL size 70, both spellings): lower-case alphabetic words only, so no
  possessives (``'s``) or other contractions, no capitalised proper nouns or
  abbreviations (USA, Dr).
* ``/usr/share/dict/scowl/{english,american,british}-words.NN``: SCOWL's size
  levels 10..70; a word's commonness rank is the smallest level it is in
  (10 = among the most common English words, 70 = rare).
* WordNet 3 (``/usr/share/wordnet/data.*``): multi-word lemmas that are all
  lower case (so no proper names), kept with their spaces (``take cover``).
  Hyphenated lemmas keep their hyphen for display.

Phrase frequency (issue 31, "long entries only from phrases with a real
frequency"): WordNet's own ``cntlist.rev`` (same package, ``wordnet-base``, and
licence as the phrases), the number of times each sense was tagged in SemCor,
part of the Brown corpus: a phrase SemCor counted was used in real text. A
phrase's count is the sum over its senses (take care: 9 + 8 + 6), and ranks it
(``COUNTED_RANKS``): 10 or more tags 35, 4-9 40, 2-3 55, 1 70. Of the 37,427
phrases 3,751 are counted (237 ten times or more, 496 4-9 times, 933 2-3 times,
2,085 once). The cut points keep a phrase a step or more rarer than a single
word of the same count: single words SemCor tags once have SCOWL level 35 at
the median (mean 39.5), 2-3 times 35 (mean 33-35), 4-9 times 35 (mean 28), 10
or more 20 and 25 or more 10; SemCor is small (352 texts of the Brown corpus), so
one tag is weak evidence and a once-tagged phrase (ice cream) ranks with
SCOWL's rarest words, 70. A phrase SemCor never tagged (madder family, hussar
monkey) ranks ``PHRASE_RANK``, 80: it is a word (the verifiers accept it) but
no fill proposes it (``kitgen.core.lexicon.FILL_RANK``, docs/crossword.md). A
phrase with the letters of a single word (break out, breakout) leaves the word
its rank and form, as when every phrase ranked 80.

Other phrase counts checked and not used (a source must have an open licence
and come from a package registry, pinned):

* ``symspellpy`` 6.10.1 (PyPI, MIT), ``frequency_bigramdictionary_en_243_342.txt``
  (sha256 ``fd892a16...``; 242,342 lines; SymSpell added it in its v6.5).
  Neither SymSpell's README nor symspellpy's says where it comes from (SymSpell
  names Google Books Ngram and SCOWL for its unigram list only, whose counts are
  in fact Norvig's ``count_1w.txt``'s: the 23,135,851,162), and its counts
  are those of Peter Norvig's ``count_2w.txt`` times 64 (of the 2,766,332,391 x
  64 = 177,045,273,024; the next nine bigrams likewise), which is drawn from
  Google's Web 1T 5-gram corpus, distributed by the LDC under its own licence
  agreement, not an open licence (it is web text too: click here, posted by,
  mailing list among its commonest). MIT covers SymSpell's code, not a right to
  that data. ``wordsegment`` ships the same Norvig counts.
* ``wordfreq`` (already a build dependency of ``build_lexicons.py``) counts
  single words only; its figure for a phrase is estimated from its words'.
* ``gngram-lookup`` (PyPI) fetches Google Books data at run time and ships none.

Non-words. Debian's size-70 lists are made of all SCOWL's categories, not its
words alone, so they also hold lower-case abbreviations (acpt, hgwy, tsp, etc)
and Roman numerals (xiv, lxiv, xvii). The rule: an entry is left out when it
is in one of SCOWL's non-word lists, ``scowl/*-abbreviations.NN``,
``special-roman-numerals.NN`` or ``*-contractions.NN`` (any variety, any
level), and in no ``*-words.NN`` list of level 70 or less (the levels this
lexicon is built from). So a real word spelled with numeral letters stays
(mix, civil, vivid, dim, lid, mild, and x and xi, the letter names); a
numeral that only SCOWL's rarest level, 95, also files as a word (xiv, xvii)
goes. ``ABBREVIATION_HOMOGRAPHS`` below keeps the few forms SCOWL files only
as abbreviations that are also ordinary words in a dictionary's main body
(sec, dry; tel, a mound; intro, app, maths).

SCOWL's hacker-jargon list (``special-hacker.NN``) holds real words too (grok,
kludge, workaround, tarball: SCOWL's word lists file them, some only at level
80 or 95), so from it only the entries that no ``*-words.NN`` list of any
level holds are left out (58 entries): mostly program names and their
inflections (stdio, ioctl, xterm, ttys, xrefs, dded, incs, grepped), which
the solvers would otherwise play, with a few informal verbs (glitched,
overclock, modding).

Output: a header of ``#`` comments, then sections ``@RANK`` each followed by
its entries' fitting forms (A-Z, upper case) one a line, sorted; then a
section ``@display`` of ``FITTING<TAB>shown form`` lines for entries shown
otherwise than in lower case (phrases, accented words). An entry appears once,
under its lowest rank. SCOWL's copyright notice is copied beside it
as ``SCOWL-COPYRIGHT.txt`` and WordNet's as ``WORDNET-LICENSE.txt``.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

DICT = Path("/usr/share/dict")
SCOWL = DICT / "scowl"
WORDNET = Path("/usr/share/wordnet")
OUT = Path(__file__).resolve().parent.parent / "kitgen" / "data"
LEVELS = (10, 20, 35, 40, 50, 55, 60, 70)
PHRASE_RANK = 80
COUNTED_RANKS = ((10, 35), (4, 40), (2, 55), (1, 70))
"""A counted phrase's rank from its SemCor tags: (fewest tags, rank), first match (module docstring)."""
WORD = re.compile(r"^[^\W\d_]+$")
NON_WORD_LISTS = ("*-abbreviations.*", "special-roman-numerals.*", "*-contractions.*")
JARGON_LISTS = ("special-hacker.*",)
ABBREVIATION_HOMOGRAPHS = frozenset(
    # SCOWL files these only as abbreviations, but each is also a word in its own right, in lower
    # case, in a general dictionary: a clipping now a headword (app, intro, maths), a homograph
    # (sec, dry; tel, a mound; ret, to soak flax; ling, a fish) or a letter's name (el, eng, mem).
    """
    aa ab abs admin alt app ave aw bio bot bro bros col comp cos cum dag del diff ed eds el eng
    gen hm hon intro ling litho mag max maths med mem mo mol mos op os para pend plat rad rec reg
    rem ret sec sen soph stat tech tel therm trans var vert vocab
    """.split()
)


def _read(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8", errors="replace").split("\n")


def acceptable_word(w: str) -> bool:
    """Lower-case alphabetic only: no possessives, no proper nouns, no capitalised abbreviations."""
    return bool(w) and bool(WORD.match(w)) and w == w.lower() and len(w) >= 1


def _listed(patterns: tuple[str, ...], max_level: int = 100) -> set[str]:
    found: set[str] = set()
    for pattern in patterns:
        for path in SCOWL.glob(pattern):
            if int(path.suffix[1:]) <= max_level:
                found.update(_read(path))
    found.discard("")
    return found


def non_words() -> set[str]:
    """SCOWL's abbreviations, Roman numerals and contractions that no word list to size 70 holds,
    bar ``ABBREVIATION_HOMOGRAPHS``, and its hacker jargon that no word list of any level holds."""
    if not list(SCOWL.glob("*-abbreviations.*")):
        raise SystemExit(f"no SCOWL category lists in {SCOWL}: apt-get install scowl")
    words_to_70 = _listed(("*-words.*",), max(LEVELS))
    listed = _listed(NON_WORD_LISTS) - words_to_70
    jargon = _listed(JARGON_LISTS) - _listed(("*-words.*",))
    return (listed | jargon) - ABBREVIATION_HOMOGRAPHS


def _ranks(words: set[str]) -> dict[str, int]:
    """Each word's SCOWL size level, the lowest list it is in (70 for one in none)."""
    rank: dict[str, int] = {}
    for level in LEVELS:
        for variety in ("english", "american", "british"):
            path = SCOWL / f"{variety}-words.{level}"
            if not path.exists():
                continue
            for w in _read(path):
                if w in words and w not in rank:
                    rank[w] = level
    for w in words:
        rank.setdefault(w, 70)
    return rank


def _phrases() -> set[str]:
    """WordNet's multi-word lemmas in lower case, of letters, spaces, hyphens and apostrophes (21 letters or fewer)."""
    phrases: set[str] = set()
    for pos in ("noun", "verb", "adj", "adv"):
        for line in _read(WORDNET / f"data.{pos}"):
            if not line or line.startswith(" "):
                continue
            fields = line.split()
            for k in range(int(fields[3], 16)):
                lemma = re.sub(r"\(.*\)$", "", fields[4 + 2 * k])
                if "_" not in lemma or lemma != lemma.lower():
                    continue
                text = lemma.replace("_", " ")
                if re.fullmatch(r"[a-z]+(?:[ '-][a-z]+)+", text) and len(text.replace(" ", "")) <= 21:
                    phrases.add(text)
    return phrases


def _semcor_counts() -> dict[str, int]:
    """Each lemma's SemCor sense tags, summed over its senses (WordNet's ``cntlist.rev``: ``sense_key sense tags``)."""
    counts: dict[str, int] = {}
    for line in _read(WORDNET / "cntlist.rev"):
        if line:
            key, _sense, tags = line.split()
            lemma = key.split("%")[0].replace("_", " ")
            counts[lemma] = counts.get(lemma, 0) + int(tags)
    return counts


def phrase_rank(count: int) -> int:
    """A phrase's rank from its SemCor count (``COUNTED_RANKS``); ``PHRASE_RANK`` when SemCor never tagged it."""
    for least, rank in COUNTED_RANKS:
        if count >= least:
            return rank
    return PHRASE_RANK


def _lexicon_lines(rank: dict[str, int]) -> list[str]:
    """The lexicon file's lines: each normalized key under its best rank, then the keys shown otherwise."""
    sys.path.insert(0, str(OUT.parent.parent))
    from kitgen.core.normalize import normalize

    best: dict[str, tuple[int, str]] = {}
    for shown, r in rank.items():
        key = normalize(shown)
        # a word beats a phrase of the same letters whatever their ranks (BACKUP stays backup, not back up), as
        # when every phrase ranked 80; otherwise the commoner form
        if key and (key not in best or (not shown.isalpha(), r, shown) < (not best[key][1].isalpha(), *best[key])):
            best[key] = (r, shown)
    by_rank: dict[int, list[str]] = {}
    display: list[str] = []
    for key, (r, shown) in best.items():
        by_rank.setdefault(r, []).append(key)
        if shown.upper() != key:
            display.append(f"{key}\t{shown}")
    lines = [
        "# kitgen default lexicon: built by scripts/build_lexicon.py.",
        "# Words: SCOWL size 70 (Debian wbritish-large + wamerican-large), both spellings,",
        "# lower-case alphabetic only; ranked by SCOWL size level (10 = most common).",
        "# Left out: entries of SCOWL's abbreviation and Roman numeral lists that none of its",
        "# word lists to size 70 holds (acpt, hgwy, xiv), bar a few that are also words (sec, intro),",
        "# and hacker jargon that none of its word lists holds (stdio, xterm).",
        "# Phrases: WordNet 3.0 multi-word lemmas, lower case only, ranked by their SemCor tags (cntlist.rev):",
        "# 10+ rank 35, 4-9 40, 2-3 55, 1 70; never tagged 80 (a word, but no fill proposes it).",
        "# Copyright notices: SCOWL-COPYRIGHT.txt and WORDNET-LICENSE.txt beside this file.",
    ]
    for r in sorted(by_rank):
        lines.append(f"@{r}")
        lines.extend(sorted(by_rank[r]))
    lines.append("@display")
    lines.extend(sorted(display))
    return lines


def main() -> int:
    words: set[str] = set()
    for name in ("british-english-large", "american-english-large"):
        words.update(w for w in _read(DICT / name) if acceptable_word(w))
    dropped = words & non_words()
    words -= dropped
    rank = _ranks(words)
    phrases = _phrases()
    counts = _semcor_counts()
    for p in phrases:
        rank.setdefault(p, phrase_rank(counts.get(p, 0)))
    lines = _lexicon_lines(rank)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "lexicon.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    shutil.copyfile("/usr/share/doc/scowl/copyright", OUT / "SCOWL-COPYRIGHT.txt")
    shutil.copyfile("/usr/share/doc/wordnet-base/copyright", OUT / "WORDNET-LICENSE.txt")
    print(
        f"{len(words)} words ({len(dropped)} abbreviations, numerals and jargon left out), {len(phrases)} phrases"
        f" -> {OUT / 'lexicon.txt'}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
