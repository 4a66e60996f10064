#!/usr/bin/env python3
"""Build kitgen's English word forms (kitgen/data/forms-en.txt): which lexicon words are plurals or past forms.

Run after ``scripts/build_lexicon.py``; needs ``pip install lemminflect`` (build time only, not a kitgen
dependency) and Debian's ``wordnet-base`` (``apt-get install wordnet-base``).

For every single word W of the default lexicon (kitgen/data/lexicon.txt), in this order:

1. **SPECIALIST** (``s``). If lemminflect's lookup tables (the NIH SPECIALIST Lexicon's inflections, with
   lemminflect's own override table for pronouns such as HERS and ITS) list W, they decide: W is the plural
   of noun L when L is one of W's noun lemmas and W one of L's plural forms (NNS); a past form of verb L when
   W is one of L's past tense or past participle forms (VBD, VBN); a lemma in its own right when W is one of
   its own lemmas (any part of speech: NEWS, LENS, FOUND, GLASSES).
2. **WordNet** (``w``). Else, if WordNet 3 knows W: its exception lists (``noun.exc``: OXEN OX; ``verb.exc``,
   a form ending in ING or in a single S counting as present, not past) and its detachment rules
   (``morphy``: noun S, SES, XES, ZES, CHES, SHES, IES, MEN; verb ED) applied where the lemma is a WordNet
   lemma of that part of speech; W is a lemma in its own right when it is a WordNet lemma. Lemmas are
   WordNet's lower-case single-word lemmas, hyphens dropped.
3. **Rule** (``r``). Else the rule of ``kitgen.core.morphology`` over the lexicon's single words.

Written: the words with a reading, and every word ending in S, D or MEN (with its source, and ``own`` or
nothing), sorted; see ``kitgen/core/morphology.py`` for the line format. lemminflect's licence (MIT, with its
note on the SPECIALIST Lexicon's terms) is copied beside it as ``LEMMINFLECT-LICENSE.txt``; WordNet's is
already there (``WORDNET-LICENSE.txt``).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "kitgen" / "data"
WORDNET = Path("/usr/share/wordnet")
POS = ("noun", "verb", "adj", "adv")

sys.path.insert(0, str(ROOT))
from kitgen.core.lexicon import default_lexicon  # noqa: E402
from kitgen.core.morphology import (  # noqa: E402
    FILE,
    PLURAL_RULES,
    RULE_ENDINGS,
    Forms,
    Source,
    by_rule,
    format_line,
)
from kitgen.core.normalize import normalize  # noqa: E402

# -- SPECIALIST, through lemminflect ---------------------------------------------------------

def _inflections(lemma: str, upos: str) -> dict[str, tuple[str, ...]]:
    import lemminflect

    found: dict[str, tuple[str, ...]] = lemminflect.getAllInflections(lemma, upos)
    return found or lemminflect.getAllInflectionsOOV(lemma, upos)


def specialist(word: str) -> Forms | None:
    """W's forms by the SPECIALIST tables, or None when they do not list it."""
    import lemminflect

    low = word.lower()
    lemmas: dict[str, tuple[str, ...]] = lemminflect.getAllLemmas(low)
    if not lemmas:
        return None
    own = any(lemma == low for found in lemmas.values() for lemma in found)
    plural = [lemma for lemma in lemmas.get("NOUN", ()) if lemma != low
              and low in _inflections(lemma, "NOUN").get("NNS", (low,))]
    past: list[str] = []
    for upos in ("VERB", "AUX"):
        for lemma in lemmas.get(upos, ()):
            forms = _inflections(lemma, "VERB")
            if lemma != low and low in forms.get("VBD", ()) + forms.get("VBN", ()):
                past.append(lemma)
    return Forms(word, _fitting(plural), _fitting(past), own, Source.SPECIALIST)


def _fitting(lemmas: Iterable[str]) -> tuple[str, ...]:
    found = [normalize(lemma) for lemma in lemmas]
    return tuple(dict.fromkeys(f for f in found if f))


# -- WordNet ----------------------------------------------------------------------------------

class WordNet:
    """WordNet 3's lower-case single-word lemmas by part of speech, and its exception lists."""

    def __init__(self, root: Path = WORDNET) -> None:
        if not (root / "data.noun").exists():
            raise SystemExit(f"no WordNet in {root}: apt-get install wordnet-base")
        self.lemmas = {pos: self._lemmas(root / f"data.{pos}") for pos in POS}
        self.noun_exc = self._exceptions(root / "noun.exc")
        self.verb_exc = self._exceptions(root / "verb.exc")

    @staticmethod
    def _lemmas(path: Path) -> set[str]:
        found: set[str] = set()
        for line in path.read_text(encoding="latin-1").splitlines():
            if not line or line.startswith(" "):
                continue
            fields = line.split()
            for k in range(int(fields[3], 16)):
                lemma = re.sub(r"\(.*\)$", "", fields[4 + 2 * k])
                if lemma == lemma.lower() and "_" not in lemma:
                    found.add(normalize(lemma))
        found.discard("")
        return found

    @staticmethod
    def _exceptions(path: Path) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for line in path.read_text(encoding="latin-1").splitlines():
            form, *bases = line.split()
            if "_" in form or any("_" in b for b in bases):
                continue
            found.setdefault(normalize(form), []).extend(normalize(b) for b in bases)
        return found

    def forms(self, word: str) -> Forms | None:
        """W's forms by WordNet, or None when WordNet knows nothing of it."""
        nouns, verbs = self.lemmas["noun"], self.lemmas["verb"]
        plural = [b for b in self.noun_exc.get(word, ()) if b != word]
        plural += [base for base in _detach(word, PLURAL_RULES) if base in nouns]
        past = [b for b in self.verb_exc.get(word, ()) if b != word and _past_like(word)]
        past += [base for base in _detach(word, (("ED", "E"), ("ED", ""))) if base in verbs]
        # WordNet lists plural forms among a synset's nouns (cattle, cows, kine, oxen): a noun lemma that is
        # also a noun's plural is taken as the plural, a lemma of another part of speech (alas) stays one.
        own = any(word in self.lemmas[pos] for pos in POS if pos != "noun" or not plural)
        if not (plural or past or own):
            return None
        return Forms(word, tuple(dict.fromkeys(plural)), tuple(dict.fromkeys(past)), own, Source.WORDNET)


def _detach(word: str, rules: tuple[tuple[str, str], ...]) -> list[str]:
    return [word[: len(word) - len(end)] + base for end, base in rules
            if word.endswith(end) and len(word) > len(end) and word[: len(word) - len(end)] + base != word]


def _past_like(form: str) -> bool:
    """A verb.exc form that is a past tense or participle: not a present participle (ING) nor a third
    person (a single final S: GOES, HAS)."""
    return not form.endswith("ING") and not (form.endswith("S") and not form.endswith("SS"))


# -- all together ------------------------------------------------------------------------------

def word_forms(word: str, wordnet: WordNet, is_word: Callable[[str], bool]) -> Forms:
    """W's forms by the first source that knows it (SPECIALIST, WordNet, the rule).

    The rule takes a lemma as a noun (for a plural) or a verb (for a past form) unless a database knows the
    lemma only as other parts of speech (REINTRODUCE is a verb only, so REINTRODUCES is no plural).
    """
    return specialist(word) or wordnet.forms(word) or by_rule(
        word, is_word, lambda lemma: could_be(lemma, "noun", wordnet), lambda lemma: could_be(lemma, "verb", wordnet))


def could_be(lemma: str, pos: str, wordnet: WordNet) -> bool:
    """Whether ``lemma`` can be a ``pos`` (noun or verb): it is one in SPECIALIST or WordNet, or neither knows it."""
    import lemminflect

    found: dict[str, tuple[str, ...]] = lemminflect.getAllLemmas(lemma.lower())
    known_as = {upos for upos, lemmas in found.items() if lemma.lower() in lemmas}
    known_as |= {p.upper() for p in POS if lemma in wordnet.lemmas[p]}
    return not known_as or pos.upper() in known_as


def kept(forms: Forms) -> bool:
    """Written to the file: a reading, or an ending the rule could misread at run time."""
    return bool(forms.plural_of or forms.past_of) or forms.word.endswith(RULE_ENDINGS)


def main(argv: list[str] | None = None) -> int:
    """Write the data (to ``kitgen/data``, or to the directory given as the one argument)."""
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else OUT
    lexicon = default_lexicon()
    words = sorted(w for w in lexicon if " " not in lexicon.display(w))
    single = set(words)
    wordnet = WordNet()
    lines = []
    counts = {source: 0 for source in Source}
    plurals = pasts = 0
    for word in words:
        forms = word_forms(word, wordnet, single.__contains__)
        if kept(forms):
            lines.append(format_line(forms))
            counts[forms.source] += 1
            plurals += forms.is_plural
            pasts += bool(forms.past_of)
    (out / FILE).write_text("\n".join(lines) + "\n", encoding="ascii")
    _copy_licence(out)
    print(f"{len(lines)} lines ({plurals} plurals, {pasts} past forms; "
          + ", ".join(f"{s.title}: {n}" for s, n in counts.items()) + f") -> {out / FILE}", file=sys.stderr)
    return 0


def _copy_licence(out: Path) -> None:
    import lemminflect

    package = Path(lemminflect.__file__).resolve().parent
    licences = sorted(package.parent.glob("lemminflect-*.dist-info/LICENSE*"))
    text = licences[0].read_text(encoding="utf-8") if licences else "MIT License, Copyright (C) 2019 Brad Jascob\n"
    note = ("kitgen/data/forms-en.txt is derived from lemminflect's lookup tables (resources/*.csv.gz), which\n"
            "lemminflect derives from the NIH National Library of Medicine's SPECIALIST Lexicon (open source,\n"
            "free of charge under the NLM's terms for it), and from WordNet 3.0\n"
            "(see WORDNET-LICENSE.txt). lemminflect's licence follows.\n\n")
    (out / "LEMMINFLECT-LICENSE.txt").write_text(note + text, encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
