"""A broken rule said in words a child reads, on a record's check page (issue 27, "Written for people"): keyed by
the record kind and the problem's code, the rule quoted, no code, flag or player number. The page hands them to its
script (``refuse.CODE`` in its ``data-texts``, translated); a code without one keeps the checker's own message.
``{word}`` is the last word of the problem's line (a crossword turn's word after its light, ``{light}``),
``{player}`` its first (the player's name as typed): a kind whose
lines end in a direction (a Crossword Game hand, 3DXWORD) says no ``{word}``, but 3DXWORD's ``not-a-word``, whose
``{word}`` is the verdict's ``not_word`` (the word not in the dictionary). A solitaire's ``{word}`` is its line's
first word (or the word that is not a word, as the verdict's ``not_words`` names it), its ``{letter}`` the letter
typed where the problem is (a finished crossword's square), its ``{letters}`` the cards a finished crossword leaves
out (the verdict's ``unused``); a Crossword
Solitaire says a rule its own way where Word Solitaire's words would be wrong (``CROSSWORD_SOLITAIRE``). Every code a
verifier of these kinds can emit has one (tests/web/test_refusals_complete.py)."""

from __future__ import annotations

from kitgen.api import N_
from kitgen.api import gettext as _

_HELD = N_("{player} does not hold that card: a player plays only the cards dealt or drawn to him.")
_PACK = N_("The pack has no more of that letter: a letter is played only as often as the pack holds it.")
_TURN = N_("It is not {player}’s turn: the rules say turns go round to the left.")
_JOINED = N_("Every word after the first must join the words already on the table.")
_IN_LINE = N_("The letters of a play lie in one line with no gaps, as in a crossword.")
_BARE_PLURAL = N_("A play may not just add S or ES to make a plural: the rules say “he could not simply add S to form "
                  "a plural”.")
_NOTHING_NEW = N_("That word is already on the table: a play adds at least one new letter.")
_SUB_NOT_NEW = N_("A Sub Card already on the table stays the letter it was played as: “Once played, it must be left in "
                  "place just as if it were the letter it represents”.")
_WRONG_RUN = N_("Along that line the letters make a different word from the one written: write the whole word the line "
                "spells.")
_NOT_THERE = N_("That card is not there now: click the cards that show the word’s letters.")
_NOT_ON_TOP = N_("The letters of {word} are not all on top of the piles: take cards from the top of a pile only.")
_ALL_CARDS = N_("Every word is played, but cards are left: you win only when every card is used.")

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
    "out-game": {
        "card-not-held": _HELD, "card-not-in-pack": _PACK, "not-your-turn": _TURN,
        "game-over": N_("The game is over: the last player left in the game has won."),
        "player-out": N_("{player} is out of the game: a player with O, U and T is out, and play goes past him."),
        "nobody-passed": N_("Nobody has just passed: a play is pointed out only for the player who has just passed."),
        "own-play": N_("{player} cannot point out his own play: another player points it out."),
        "nothing-to-ask": N_("There is nothing to ask about yet: no letter of this word has been played."),
        "own-word": N_("{player} cannot ask about his own letter: ask the player who played the last letter."),

        "no-word": N_("No word of nine or more letters begins with these letters: a play pointed out adds “a correct "
                      "letter to a suitable word of nine or more letters”."),
        "no-long-word": N_("No word of nine or more letters begins with these letters: each letter added must lead "
                           "to “a suitable word of nine or more letters”."),
    },
    "anagrams": {
        "card-not-held": _HELD, "card-not-in-pack": _PACK, "not-your-turn": _TURN,
        "no-card": N_("{player} has no card to play: the pack is played out."),
        "nothing-to-challenge": N_("There is no word to challenge yet: a challenge is about the last word made."),
        "own-word": N_("{player} cannot challenge his own word: another player challenges it."),
        "short-word": N_("{word} is too short: the rules say “no words of less than three letters may be used”."),
        "not-in-lexicon": N_("{word} is not a word kitgen knows: the rules say “If a word is questioned, the "
                             "dictionary may decide”."),
        "word-twice": N_("{player} already has {word}: the rules say “no word may appear more than once in the "
                         "group before any player”."),
        "not-in-centre": N_("The letters of {word} are not all in the centre: a word is formed “by adding his letter "
                            "to two or more of those in the center”."),
        "card-not-used": N_("{word} does not use the card {player} holds: a word made only from the centre’s letters "
                            "is written with “-” for the card, and the turn goes on."),
        "no-such-word": N_("That word is not there to take: a word is taken “by adding to another player’s word”, "
                           "one that is in front of him."),
        "nothing-added": N_("{word} must keep every letter of the word taken and add at least one: a word is taken "
                            "“by adding to another player’s word either his own letter or one or more from the "
                            "center”."),
        "added-not-in-centre": N_("The letters added to make {word} are not in the centre or in {player}’s hand: a "
                                  "word is taken “by adding to another player’s word either his own letter or one or "
                                  "more from the center”."),
        "plural-steal": N_("{word} only makes the word plural: the rules say “Players may not take a word from an "
                           "opponent simply by adding the letter S to make it plural”."),
        "tense-steal": N_("{word} only changes the word’s tense: the rules say players may not take a word from an "
                          "opponent “by adding D or ED to change a verb to another tense”."),
    },
    "crossword-hand": {
        "card-not-held": _HELD, "not-your-turn": _TURN, "not-joined": _JOINED,
        "not-in-line": _IN_LINE,
        "first-word-length": N_("The first word is too short or too long: the rules say it has two to four letters."),
        "bare-plural": _BARE_PLURAL,

        "hand-over": N_("The hand is over: a player is “out”, with all his cards played, and the cards left in the "
                        "other hands are counted against them."),
        "no-letters": N_("A play lays at least one card on the table."),
        "sub-card-cell": N_("A Sub Card must be one of the cards laid in this play."),
        "bad-placement": N_("These letters do not fit the words on the table: a play is made “in crossword style, "
                            "without rearranging those previously played”."),
        "first-player": N_("Only the first player lays the first word: the rules say “Only the first player may "
                           "start a new word”."),
        "no-word": N_("These letters make no word: a play forms at least one word of two letters or more."),
        "bad-take": N_("After a discard, take “either the card previously exposed or the top card of the blind "
                       "pile”."),
        "nothing-exposed": N_("No card is turned up to take: take the top card of the blind pile instead."),
        "blind-empty": N_("The blind pile is used up and the discard pile is too small to make a new one: the rules "
                          "say the discards are “shuffled and placed face down on the table as a new blind pile”."),
        "nothing-to-challenge": N_("There is no play to challenge yet: a challenge is about the last word played."),
        "own-play": N_("{player} cannot challenge his own play: another player challenges it."),
        "game-over": N_("The game is over: the rules say “When one player reaches this score, the game is over”."),
        "one-score-each": N_("Each player has one score for a hand."),
        "nothing-new": _NOTHING_NEW,
        "sub-card-not-new": _SUB_NOT_NEW,
        "wrong-run": _WRONG_RUN,
        "hand-not-over": N_("The hand before is not over: a new hand starts only when a player has played out all "
                            "his cards."),
    },
    "solitaire": {
        # Word Solitaire and Letter Patience: a word from the piles, a move
        "letters-only": N_("{word} has something in it that is not a letter: a word is made of letters only."),
        "short-word": N_("{word} is too short: the rules say “form words of four or more letters”; a two- or "
                         "three-letter word only when it takes the last cards, to win."),
        "too-short": N_("{word} is too short: the rules say “form words of four or more letters”."),
        "not-in-lexicon": N_("{word} is not a word kitgen knows: try another word."),
        "plural": N_("{word} is a plural, and the rules say: “plurals should not be used”."),
        "not-free": _NOT_ON_TOP, "piles-given": _NOT_ON_TOP,
        "too-many-ways": N_("{word} can be made from these cards in too many ways for kitgen to check: try a shorter "
                            "word."),
        "cards-left": _ALL_CARDS,
        "no-words": N_("There is nothing to check yet: type the words you made, one a line."),
        "illegal-move": N_("That move is not allowed in Letter Patience: make a word from the cards on top, fill a "
                           "space, or turn a card."),
        "fill-first": N_("First move a card into the empty space: the rules say spaces must be filled at once."),
        "sources": _NOT_THERE, "wrong-card": _NOT_THERE, "no-card": _NOT_THERE,
        "one-card-a-pile": N_("Only one card of each pile may go in a word."),
        "sub-cards": N_("No Sub Card is left to use."),
        "not-a-space": N_("That pile is not empty: a card moves only into an empty space."),
        "vowel-first": N_("A vowel is showing: the rules say a vowel goes into the space if it can."),
        "no-vowel": N_("That pile shows no vowel to move: a vowel comes from the top of a pile of two or more cards."),
        "stock-used": N_("The stock is used up: it goes through only once."),
        # Crossword Solitaire A and B played move by move: “all the ordinary rules of the first Crossword Game apply”
        "bad-placement": N_("{word} does not fit the crossword there: a word is laid “in crossword style, without "
                            "rearranging those previously played”."),
        "not-in-line": _IN_LINE, "not-joined": _JOINED, "bare-plural": _BARE_PLURAL, "nothing-new": _NOTHING_NEW,
        "sub-card-not-new": _SUB_NOT_NEW, "wrong-run": _WRONG_RUN,
        "first-word-length": N_("The first word has two to four letters: the rules say “form a word of two to four "
                                "letters and place it in the center of the table”."),
        "card-not-held": N_("You have no card for a letter of {word}: the letters come from your cards and the top "
                            "card of the face-up pile."),
        "not-a-word": N_("{word} is not a word kitgen knows: “all the ordinary rules of the first Crossword Game "
                         "apply”, so every word across and down must be a real word."),
        "not-new": N_("A small letter marks the card from the face-up pile: it must be a new letter in the crossword, "
                      "not one already there."),
        "not-on-top": N_("That letter is not the top card of the face-up pile: the rules say “only the top card may be "
                         "used on any one play”."),
        "one-faceup-card": N_("Only one card of the face-up pile may go in a play: the rules say “only the top card "
                              "may be used on any one play”."),
        "pack-gone-through": N_("The blind pack is used up: the rules say you play “until the pack has been gone "
                                "through once completely”."),
        # a finished Crossword Solitaire grid, checked against the pack
        "too-many": N_("The crossword has more {letter} than the pack has: the rules say you make “a Crossword using "
                       "all the letters of the pack”, each card once."),
        "not-used": N_("These cards of the pack are not in the crossword: {letters}. The rules say you make “a "
                       "Crossword using all the letters of the pack”."),
        "alone": N_("{letter} stands alone: every letter is part of a word across or down, as in any crossword."),
        "apart": N_("These letters do not join the rest of the crossword: everything joins into one crossword."),
        "order-not-checked": N_("A finished crossword does not show the order of play: type your moves, one a line, "
                                "to have them checked against the deal."),
    },
    "crossword": {
        "not-shortest-light": N_("The first word goes in the shortest light, the one with the lowest number: the "
                                 "rules say “The first player enters a word in the shortest light”."),
        "wrong-length": N_("{word} does not fit {light}: each word is entered “in such a way as to fit one light "
                           "exactly”."),
        "letter-clash": N_("{word} does not match the letters already in {light}: a word must “link properly” with "
                           "the words that cross it."),
        "no-link": N_("{light} crosses no word in the grid yet: a word “must, of course, link properly with at least "
                      "one other word running in the opposite direction”."),
        "light-entered": N_("{light} already has its word: each turn enters a word in a light of its own."),
        "no-new-letter": N_("{light} is already full: a turn writes at least one new letter."),
        "not-in-lexicon": N_("{word} is not a word kitgen knows: enter “any word, name or phrase that you would "
                             "normally expect to find in a published crossword”."),
        "out-of-turn": N_("It is not {player}’s turn: the rules say “Each of you in turn” enters a word."),
        "game-over": N_("The game is over: the rules say “Play continues till both players pass in succession”."),
    },
    "3dxword": {
        "not-joined": _JOINED,
        "clash": N_("A square on this word’s path already holds another letter: words cross only on the same "
                    "letter."),
        "not-a-word": N_("{word} is not in the dictionary: every word a play forms, even in passing, must be a real "
                         "word."),
        "too-short": N_("A word has at least two letters."),

        "out-of-turn": N_("It is not {player}’s turn: the rules say “Play always moves clockwise to the player on the "
                          "left of the player who has just played”."),
        "game-over": N_("The game is over: every player passed, and the rules say “The game ends when no player can "
                        "make any new words”."),
        "no-new-letter": N_("That word is already there: a play puts down at least one new letter."),
        "first-word-off-table": N_("The first word lies flat on the table, across or down: the rules say “The first "
                                   "player creates a word from his or her letters by placing them face up on the "
                                   "table”."),
        "runs-on": N_("Along that line the letters make a longer word than the one written: write the whole word "
                      "the line spells."),
        "below-table": N_("That word would go below the table: every piece stands on the table or on other "
                          "pieces."),
        "table-version": N_("This game is the table version: the rules say it “is played as a crossword on a flat "
                            "surface”, so no building up, no X pieces and no Joiners."),
        "too-early-for-3d": N_("It is too early to build up: the rules say “3 Dimensional building is not permitted "
                               "until the number of words played is 4” (with more than 4 players, until every "
                               "player has had a turn)."),
        "joiner-not-at-turn": N_("A Joiner is used only at a turn: Joiners “make a right angle or T shaped turn”, "
                                 "and “The join must be made with matching letters”."),
        "joiner-limit": N_("{player} has used all his Joiners of that colour: the rules say “No player may use more "
                           "than 2 Joiners of each colour during one game”."),
        "no-joiners-left": N_("No Joiners of that colour are left: the rules allow “two Joiners less than double the "
                              "number of players” of each colour."),
        "way-up": N_("These letters are not the same way up as the word they join: the rules say “the letters must "
                     "be the same way up as the word they are joined to, unless an X or Joiner piece is used”."),
        "no-x-pieces-left": N_("No X pieces are left: every X piece of this game is used."),
        "x-piece-not-joined": N_("An X piece joins a play to a word already there, so the first word has none: the "
                                 "rules say “X and Joiner pieces may be joined to any part of a word”."),
        "draw": N_("That draw is not right: every player still drawing draws one letter, and nobody else."),
        "draw-tie": N_("Two players are equally near X: the rules say they “would be a draw and those two players "
                       "would need to draw again”."),
    },
}


CROSSWORD_SOLITAIRE: dict[str, str] = {
    "plural": N_("{word} makes a plural that is no new word: the rules say “Plurals may be used only when, by adding "
                 "or using an S or ES, an entirely new word is formed”."),
    "cards-left": N_("Every move is played, but cards are not in the crossword: the rules say you make “a Crossword "
                     "using all the letters of the pack”."),
}
"""A Crossword Solitaire's own words for a solitaire code (``refuse.crossword-solitaire.CODE``): its plurals follow
the Crossword Game, not Word Solitaire's “plurals should not be used”."""


def plain_refusal(kind: str, code: str, line: str, word: str | None = None) -> str | None:
    """A record kind's plain refusal of ``code`` for the turn ``line`` (as the pages' scripts fill it in: the
    player its first word; a crossword turn's light its second and its word the rest, a table game's word its
    last; ``word``, when given, the word refused: a 3DXWORD play's ``not_word``), in the text language; None where
    the kind has none for the code."""
    words = REFUSALS.get(kind, {}).get(code)
    if words is None:
        return None
    tokens = line.split() or [""]
    if word is None:
        word = " ".join(tokens[2:]) if kind == "crossword" else tokens[-1]
    return _(words).format(player=tokens[0], light=tokens[1] if len(tokens) > 1 else "", word=word.upper())


def refusals_for(kind: str) -> dict[str, str]:
    """The page's plain refusals for a record kind (``refuse.CODE`` -> its words, in the text language)."""
    own = CROSSWORD_SOLITAIRE if kind == "solitaire" else {}
    return {**{f"refuse.{code}": _(words) for code, words in REFUSALS.get(kind, {}).items()},
            **{f"refuse.crossword-solitaire.{code}": _(words) for code, words in own.items()}}
