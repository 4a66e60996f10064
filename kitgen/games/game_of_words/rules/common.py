"""What every Game of Words game shares: which entries count as words, and what a word is (plural, tense).

Seed (section 1, PLAY): "All words used in all these games must appear in the
main body of a dictionary, not as obsolete, archaic, foreign words,
abbreviations, or proper nouns." kitgen's ruling: a word is an entry of the
lexicon (``--words`` or the default) that is a single word: the multi-word
phrases the default lexicon carries for the newspaper Crossword (TAKE COVER)
are not words of these card games.

Word forms (docs/game-of-words.md, rulings 5 and 6): "a plural" is an
inflected plural of a noun and "a tense change" a past form of a verb, as the
English word-forms data says (``kitgen.core.morphology``), not a word ending
in S or ED. A word the data does not hold (from a ``--words`` list) is judged
by the data's documented rule over the lexicon in use.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from kitgen.core.errors import Location, RuleBroken
from kitgen.core.i18n import gettext as _
from kitgen.core.language import ENGLISH
from kitgen.core.lexicon import Lexicon
from kitgen.core.morphology import Forms, english


def is_word(lexicon: Lexicon, word: str) -> bool:
    """Whether ``word`` is acceptable in the Game of Words: in the lexicon, and not a phrase (folded as the
    lexicon's language folds it)."""
    key = lexicon.language.normalize(word)
    if not key or not lexicon.contains(key):
        return False
    return " " not in lexicon.display(key)


def forms_of(lexicon: Lexicon, word: str) -> Forms:
    """What ``word`` is (plural of, past of, a lemma in its own right), the lexicon naming lemmas for the rule.

    The word-forms data is English: in another language (``--lang``, docs/languages.md) a word has no forms
    known, so no plural or tense rule refuses it."""
    if lexicon.language is not ENGLISH:
        return Forms(lexicon.language.normalize(word))
    return english().forms(word, lexicon.contains)


def is_plural(lexicon: Lexicon, word: str) -> bool:
    """Whether ``word`` is "a plural" for the rules: an inflected plural, not a lemma in its own right (ruling 5):
    CARS, MAPS, CHILDREN are; NEWS, HERS, LENS, GLASSES are not."""
    return forms_of(lexicon, word).is_plural


def plural_made(lexicon: Lexicon, old: str, new: str) -> bool:
    """Whether ``new`` is the plural of ``old`` (MOOR -> MOORS, GLASS -> GLASSES; not NEW -> NEWS)."""
    return forms_of(lexicon, new).plural_of_word(old)


def tense_changed(lexicon: Lexicon, old: str, new: str) -> bool:
    """Whether ``new`` is a past tense or past participle of the verb ``old`` (BAKE -> BAKED; not BAN -> BAND)."""
    return forms_of(lexicon, new).past_of_word(old)


def plurals_of(lexicon: Lexicon) -> frozenset[str]:
    """Every entry of ``lexicon`` that is "a plural" (what the solvers leave out), in one pass; none in a language
    other than English (no word-forms data)."""
    if lexicon.language is not ENGLISH:
        return frozenset()
    return english().plurals_among(lexicon, lexicon.contains)


class Code(Enum):
    """Every rule of the Game of Words a record can break, one Enum for the game: the ``code`` of each refusal
    (a ``RuleBroken``) and of a verdict's problem, its value the slug ``--json`` prints (docs/game-of-words.md).
    The table games (Anagrams, the O-U-T Game, Guess-O-Gram: rulings 16-18), the Crossword Game (rulings 7-13)
    and the solitaires (rulings 3-4, 14-15) share a member where they share a rule."""

    # -- a turn of a table game or of the Crossword Game
    NOT_YOUR_TURN = "not-your-turn"
    CARD_NOT_HELD = "card-not-held"
    CARD_NOT_IN_PACK = "card-not-in-pack"
    NO_CARD = "no-card"
    # -- Anagrams: a word formed or taken (``anagrams.IllegalAnagram``; a word too short is ``SHORT_WORD``, not a
    # word ``NOT_IN_LEXICON``, as for the solitaires and Guess-O-Gram)
    WORD_TWICE = "word-twice"
    NOT_IN_CENTRE = "not-in-centre"
    CARD_NOT_USED = "card-not-used"
    NO_SUCH_WORD = "no-such-word"
    NOTHING_ADDED = "nothing-added"
    ADDED_NOT_IN_CENTRE = "added-not-in-centre"
    PLURAL_STEAL = "plural-steal"
    TENSE_STEAL = "tense-steal"
    NOTHING_TO_CHALLENGE = "nothing-to-challenge"
    OWN_WORD = "own-word"
    GAME_OVER = "game-over"
    PLAYER_OUT = "player-out"
    NOBODY_PASSED = "nobody-passed"
    OWN_PLAY = "own-play"
    NO_WORD = "no-word"
    """O-U-T: no long word begins with the letters pointed out; Guess-O-Gram: no word is set out to guess; the
    Crossword Game: a play forms no word."""
    NOTHING_TO_ASK = "nothing-to-ask"
    ILLEGAL_GUESS = "illegal-guess"
    WORD_OUT = "word-out"
    NOT_THE_THINKER = "not-the-thinker"
    TOO_SHORT = "too-short"
    NOT_IN_LEXICON = "not-in-lexicon"
    NOT_IN_PACK = "not-in-pack"
    # -- the Crossword Game's plays and hands (``crossword_game.IllegalPlay``)
    HAND_OVER = "hand-over"
    NO_LETTERS = "no-letters"
    SUB_CARD_CELL = "sub-card-cell"
    BAD_PLACEMENT = "bad-placement"
    NOT_IN_LINE = "not-in-line"
    FIRST_PLAYER = "first-player"
    FIRST_WORD_LENGTH = "first-word-length"
    NOT_JOINED = "not-joined"
    BARE_PLURAL = "bare-plural"
    BAD_TAKE = "bad-take"
    NOTHING_EXPOSED = "nothing-exposed"
    BLIND_EMPTY = "blind-empty"
    ONE_SCORE_EACH = "one-score-each"
    NOTHING_NEW = "nothing-new"
    SUB_CARD_NOT_NEW = "sub-card-not-new"
    WRONG_RUN = "wrong-run"
    HAND_NOT_OVER = "hand-not-over"
    # -- the solitaires: Word Solitaire's words, Letter Patience's and Crossword Solitaire's moves
    LETTERS_ONLY = "letters-only"
    SHORT_WORD = "short-word"
    PLURAL = "plural"
    NOT_FREE = "not-free"
    TOO_MANY_WAYS = "too-many-ways"
    PILES_GIVEN = "piles-given"
    CARDS_LEFT = "cards-left"
    NO_WORDS = "no-words"
    ILLEGAL_MOVE = "illegal-move"
    FILL_FIRST = "fill-first"
    SOURCES = "sources"
    ONE_CARD_A_PILE = "one-card-a-pile"
    WRONG_CARD = "wrong-card"
    SUB_CARDS = "sub-cards"
    NOT_A_SPACE = "not-a-space"
    VOWEL_FIRST = "vowel-first"
    NO_VOWEL = "no-vowel"
    STOCK_USED = "stock-used"
    PACK_GONE_THROUGH = "pack-gone-through"
    NOT_NEW = "not-new"
    ONE_FACEUP_CARD = "one-faceup-card"
    NOT_ON_TOP = "not-on-top"
    NOT_A_WORD = "not-a-word"


class InRecord:
    """A line typed in a record (a turn, a move): where it is, from the record's ``file`` and the ``line`` and
    ``col`` of the dataclass it is mixed into."""

    file: str
    line: int
    col: int

    @property
    def where(self) -> Location | None:
        """Where it was typed (None for one made up by a test, in no file)."""
        return Location(self.file, self.line, self.col) if self.file else None


class TurnBroken(RuleBroken):
    """A turn of a table game's record the rules refuse: ``code`` names the rule, ``offending`` is what the turn
    tried (a card, a word, a letter), ``where`` the turn's place in the record, given where it is raised."""

    code: Code

    def __init__(self, code: Code, message: str, where: Location | None = None, offending: object = None) -> None:
        super().__init__(message, where, offending)
        self.code = code


class Unfinished(RuleBroken):
    """A solitaire typed back to its end with cards left (``Code.CARDS_LEFT``), or with nothing typed
    (``Code.NO_WORDS``): located at the start of the last line typed, given by the replay where it finds it."""

    code: Code

    def __init__(self, code: Code, message: str, where: Location | None = None) -> None:
        super().__init__(message, where)
        self.code = code


def seat_name(names: Sequence[str], seat: int) -> str:
    """A player as a refusal or a report names him: his name as the record gives it, else "player N" (seats
    counted from 1 for people)."""
    return names[seat] if 0 <= seat < len(names) else _("player {number}").format(number=seat + 1)


def line_start(where: Location | None) -> Location | None:
    """The start of the line ``where`` is on (where an ``Unfinished`` solitaire is reported)."""
    return Location(where.file, where.line, 1) if where is not None else None
