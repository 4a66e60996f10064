"""Normalising words for fitting (README.md, "The lexicon": the fitting form; issue 2).

A-Z only: accents fold (e -> E), spaces, hyphens and apostrophes are dropped,
so TAKE COVER fills a 9-cell light and "o'clock" is OCLOCK. This is English
folding: ``kitgen.core.language``'s, one algorithm for every language (German
umlauts, the Spanish Ñ), with English's alphabet and table.
"""

from __future__ import annotations

from kitgen.core.language import ENGLISH

normalize = ENGLISH.normalize
"""The fitting form of a word or phrase: A-Z only; ``""`` when something other than letters, spaces, hyphens and
apostrophes is in it (a digit, say): such an entry has no fitting form."""
