"""What every Game of Words game shares: which entries count as words.

Seed (section 1, PLAY): "All words used in all these games must appear in the
main body of a dictionary, not as obsolete, archaic, foreign words,
abbreviations, or proper nouns." kitgen's ruling: a word is an entry of the
lexicon (``--words`` or the default) that is a single word: the multi-word
phrases the default lexicon carries for the newspaper Crossword (TAKE COVER)
are not words of these card games.
"""

from __future__ import annotations

from kitgen.core.lexicon import Lexicon


def is_word(lexicon: Lexicon, word: str) -> bool:
    """Whether ``word`` is acceptable in the Game of Words: in the lexicon, and not a phrase (folded as the
    lexicon's language folds it)."""
    key = lexicon.language.normalize(word)
    if not key or not lexicon.contains(key):
        return False
    return " " not in lexicon.display(key)
