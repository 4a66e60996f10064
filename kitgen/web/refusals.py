"""A broken rule said in words a child reads, on a record's check page (issue 27, "Written for people"): keyed by
the record kind and the problem's code, the rule quoted, no code, flag or player number. The page hands them to its
script (``refuse.CODE`` in its ``data-texts``, translated); a code without one keeps the checker's own message.
``{word}`` is the last word of the problem's line, ``{player}`` its first (the player's name as typed)."""

from __future__ import annotations

from kitgen.api import N_
from kitgen.api import gettext as _

REFUSALS: dict[str, dict[str, str]] = {
    "guess-o-gram": {
        "too-short": N_("{word} is too short: the rules say the Thinker chooses “a word of not less than nine "
                        "letters”."),
        "not-in-lexicon": N_("{word} is not a word kitgen knows: the Thinker chooses a real word."),
        "not-in-pack": N_("The cards cannot spell {word}: the Thinker lays out his word with the pack’s cards, and "
                          "the pack has too few of some letter."),
        "not-the-thinker": N_("{player} is not the Thinker now: the rules say the one who guessed the last word "
                              "“becomes the Thinker for the next word”."),
        "word-out": N_("A word is still being guessed: a new word comes only after this one is guessed."),
        "no-word": N_("There is no word to guess yet: the Thinker first sets out his word (a “thinks” line)."),
        "not-your-turn": N_("It is not {player}’s turn: the rules say that after a wrong guess “play passes to the "
                            "left”."),
        "illegal-guess": N_("Guess-O-Gram needs a Thinker and at least one other player to guess."),
    },
}


def refusals_for(kind: str) -> dict[str, str]:
    """The page's plain refusals for a record kind (``refuse.CODE`` -> its words, in the text language)."""
    return {f"refuse.{code}": _(words) for code, words in REFUSALS.get(kind, {}).items()}
