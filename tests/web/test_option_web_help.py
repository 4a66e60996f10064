"""An option carries its own plain web help and choice labels (kitgen.games.base.Option.web_help, choice_labels):
the web shows them, translated, instead of choosing plain help by the first words of the declared help."""

from __future__ import annotations

import dataclasses

from kitgen import api
from kitgen.games.crossword.declaration import STYLE
from kitgen.games.game_of_words.declaration import DEAL_PLAYERS, VERIFY_GAME
from kitgen.games.wordsearch.declaration import BUDGET, DEAL
from kitgen.web import pages


def test_a_pages_help_is_the_options_own_web_help_translated() -> None:
    assert pages.web_help(BUDGET) == BUDGET.web_help and "--" not in BUDGET.web_help
    with api.speaking("fr"):
        french, catalogue = pages.web_help(DEAL), api.gettext(DEAL.web_help)
    assert french == catalogue and french != DEAL.web_help and french.startswith("Le numéro de donne")
    assert pages.web_help(STYLE).startswith("British: black squares")
    assert pages.web_help(DEAL_PLAYERS, "anagrams") == "How many people play: 1 to 12."


def test_an_option_without_web_help_is_made_plain_whatever_its_help_begins_with() -> None:
    """No matching on the declared help's first words: an option of the same name and the same opening words,
    declared without web help, keeps its own help (made plain)."""
    twin = dataclasses.replace(DEAL, web_help="", help=DEAL.help + " With --words too.")
    shown = pages.web_help(twin)
    assert shown != pages.web_help(DEAL) and shown.startswith("The deal the sheet was played with")
    assert "--" not in shown and "“Words”" in shown
    assert not hasattr(pages, "OPTION_HELP_OF") and not hasattr(pages, "OPTION_HELP")


def test_choice_labels_come_from_the_declaration_translated() -> None:
    field = pages.Field.of(VERIFY_GAME)
    assert dict(field.choices)["word-solitaire"] == "Word Solitaire"
    assert dict(field.choices)["crossword-solitaire-a"] == "Crossword Solitaire A"
    with api.speaking("fr"):
        french = dict(pages.Field.of(VERIFY_GAME).choices)
    assert french["letter-patience"] == "Patience des lettres"
    plain = dict(pages.Field.of(STYLE).choices)  # no labels declared: the value capitalised
    assert plain["british"] == "British" and plain[""] == "Usual"
