"""``kitgen words check|match|anagram``: the lexicon from the command line, declared like the games' commands."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from kitgen import api
from kitgen.api import (
    ALL_WORDS,
    LANG,
    WORDS,
    Command,
    Context,
    Group,
    LangCode,
    Option,
    Options,
    Outcome,
    gettext,
    opt,
    required,
    typed,
)

WORD = Option("word", str, None, "A word or phrase.", argument=True, required=True)
PATTERN = Option("pattern", str, None, "Letters and ? for an unknown letter, e.g. ?A?A?C?", argument=True,
                 required=True)
LETTERS = Option("letters", str, None, "The letters in hand, e.g. RETAINS.", argument=True, required=True)
WILD = Option("wild", int, 0, "Wild cards (Sub Cards) in hand (0..4).", minimum=0, maximum=4)
MAX_RANK = Option("max_rank", int, 0, "Propose words up to this commonness rank (10 commonest .. 70 rarest; 0: the "
                  "language's learner tier, rank 40 outside English).", minimum=0, maximum=80)
MIN_LENGTH = Option("min_length", int, 3, "Shortest word to show.", flag="--min", minimum=1, maximum=64)


def _limit(default: int) -> Option:
    return Option("limit", int, default, "Show at most this many (0: all).", minimum=0, maximum=10**9)


ALL = _limit(0)
FIFTY = _limit(50)


class LexiconOptions(Options):
    """The lexicon a words command reads: ``--words`` and ``--lang``."""

    words: Path | None = opt(WORDS)
    lang: LangCode = opt(LANG)


class CheckOptions(LexiconOptions):
    """``kitgen words check WORD``."""

    word: str = dataclasses.field(metadata=required(WORD))


class ProposalOptions(LexiconOptions):
    """What a listing proposes: words of the classroom-safe list or not, up to which rank."""

    all_words: bool = opt(ALL_WORDS)
    max_rank: int = opt(MAX_RANK)


class MatchOptions(ProposalOptions):
    """``kitgen words match PATTERN``."""

    pattern: str = dataclasses.field(metadata=required(PATTERN))
    limit: int = opt(ALL)


class AnagramOptions(ProposalOptions):
    """``kitgen words anagram LETTERS``."""

    letters: str = dataclasses.field(metadata=required(LETTERS))
    wild: int = opt(WILD)
    min_length: int = opt(MIN_LENGTH)
    limit: int = opt(FIFTY)


def _check(opts: CheckOptions, context: Context) -> Outcome:
    """Whether WORD is acceptable; ``--json``: ``{"word", "acceptable", "shown", "rank", "forms", "proposed",
    "not_proposed_because"}``, the forms being ``api.word_forms`` (plural of, past of, a lemma in its own right);
    ``proposed`` is false for a word a player may write but kitgen will not propose: a form of a word of the
    classroom-safe list, an abbreviation, a Roman numeral, a fragment, a name, or a word rarer than the
    language's proposals tier (``not_proposed_because`` says which, docs/languages.md)."""
    word, words, lang = opts.word, opts.words, str(opts.lang)
    entry = api.lookup(word, words, lang)
    forms = api.word_forms(word, words) if lang == "en" else None
    because = api.not_proposed_because(word, words, lang) if entry is not None else None
    proposed = entry is not None and because is None
    document = {"word": word, "acceptable": entry is not None, "shown": entry[0] if entry else None,
                "rank": entry[1] if entry else None, "forms": forms, "proposed": proposed,
                "not_proposed_because": because}
    if entry is None:
        return Outcome(lines=[gettext("{word}: not in the lexicon").format(word=word)], document=document, exit_code=1)
    shown, rank = entry
    described = f"; {_describe(forms)}" if forms is not None else ""
    said = api.not_proposed_because(word, words, lang, in_text_language=True)
    held_back = "" if proposed else gettext("; a word kitgen will not propose ({because})").format(because=said)
    return Outcome(lines=[gettext("{word}: acceptable (rank {rank})").format(word=shown, rank=rank) + described
                          + held_back], document=document)


def _describe(forms: dict[str, object]) -> str:
    """``plural of CAR``, ``past of RUN``, ``a lemma in its own right``, or ``no inflection``, with the source."""
    parts = []
    for key, label in (("plural_of", "plural of "), ("past_of", "past of ")):
        lemmas = forms[key]
        assert isinstance(lemmas, list)
        if lemmas:
            parts.append(label + ", ".join(lemmas))
    if forms["lemma"]:
        parts.append("a lemma in its own right")
    return ("; ".join(parts) or "no inflection") + f" ({forms['source']})"


def _listing(found: list[str], limit: int) -> Outcome:
    return Outcome(lines=found[: limit or None], exit_code=0 if found else 1)


def _match(opts: MatchOptions, context: Context) -> Outcome:
    found = api.match(opts.pattern, opts.words, str(opts.lang), opts.all_words, opts.max_rank or None)
    return _listing(found, opts.limit)


def _anagram(opts: AnagramOptions, context: Context) -> Outcome:
    found = api.anagrams(opts.letters, opts.wild, opts.min_length, opts.words, str(opts.lang), opts.all_words,
                         opts.max_rank or None)
    return _listing(found, opts.limit)


COMMANDS = (
    Command("check", Group.WORDS, "Exit 0 if WORD is acceptable, 1 if not; says whether it is a plural or a past "
            "form, and of what (--json: the forms).", (WORD, WORDS, LANG), typed(CheckOptions, _check),
            result=True),
    Command("match", Group.WORDS, "Every entry that fits PATTERN, one a line.",
            (PATTERN, WORDS, LANG, ALL_WORDS, MAX_RANK, ALL), typed(MatchOptions, _match)),
    Command("anagram", Group.WORDS, "Words makeable from LETTERS (each used once) plus --wild wild cards, longest "
            "first.", (LETTERS, WILD, MIN_LENGTH, WORDS, LANG, ALL_WORDS, MAX_RANK, FIFTY),
            typed(AnagramOptions, _anagram)),
)
