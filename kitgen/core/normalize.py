"""Normalising words for fitting (README.md, "The lexicon": the fitting form; issue 2).

A-Z only: accents fold (e -> E), spaces, hyphens and apostrophes are dropped,
so TAKE COVER fills a 9-cell light and "o'clock" is OCLOCK. This is English
folding; ``kitgen.core.language`` folds for every language (German umlauts,
the Spanish Ñ) and agrees with this module for English.
"""

from __future__ import annotations

import unicodedata

DROPPED = frozenset(" -'\u2019\u2010\u2011\u2012\u2013\u2014_.")
SPECIAL = {"ß": "SS", "Æ": "AE", "æ": "AE", "Œ": "OE", "œ": "OE", "Ø": "O", "ø": "O", "Ł": "L", "ł": "L"}


def fold(text: str) -> str:
    """Upper-case ``text`` with accents folded and special letters spelt out; other marks kept."""
    out = []
    for ch in text:
        if ch in SPECIAL:
            out.append(SPECIAL[ch])
            continue
        for part in unicodedata.normalize("NFKD", ch):
            if not unicodedata.combining(part):
                out.append(part)
    return "".join(out).upper()


def normalize(text: str) -> str:
    """The fitting form of a word or phrase: A-Z only.

    Returns ``""`` when something other than letters, spaces, hyphens and
    apostrophes is in it (a digit, say): such an entry has no fitting form.
    """
    if text.isascii() and text.isalpha():
        return text.upper()
    folded = fold(text)
    out = []
    for ch in folded:
        if "A" <= ch <= "Z":
            out.append(ch)
        elif ch in DROPPED:
            continue
        else:
            return ""
    return "".join(out)
