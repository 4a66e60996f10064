"""Classroom-safe by default (issue 16, docs/languages.md ruling 4).

No word of a language's classroom-safe list appears in anything kitgen proposes: the words a proposer draws
from (par search, solvers, hints, fills, anagram and pattern suggestions all use ``Lexicon.proposals()``) hold
none of them, and the seeded word streams of seeds 1-1000 deal none of them in any language. Verifiers still
accept such a word when a player writes it.
"""

from __future__ import annotations

import pytest

from kitgen import api
from kitgen.core.language import CODES, LANGUAGES
from kitgen.core.lexicon import language_lexicon
from kitgen.core.safe import SafeList
from kitgen.games.game_of_words.formats.deck_spec import load_deck
from kitgen.games.game_of_words.rules.deals import deal_word_solitaire
from kitgen.games.game_of_words.rules.patience_solver import PatienceSolver
from kitgen.games.game_of_words.rules.solve_service import decide, deck_letters
from kitgen.games.game_of_words.rules.word_solitaire import Solver
from kitgen.games.wordsearch.rules.book import book_deal, deal_words
from kitgen.games.wordsearch.rules.par import search_par
from kitgen.games.wordsearch.rules.scoring import index_for

SEEDS = range(1, 1001)


@pytest.mark.parametrize("code", CODES)
def test_what_proposers_draw_from_holds_no_blocked_word(code: str):
    lexicon = language_lexicon(code)
    proposals = lexicon.proposals()
    blocked = SafeList.shipped(code).blocked
    present = sorted(w for w in blocked if lexicon.contains(w))
    assert present, "the list blocks words the lexicon has"
    assert not any(proposals.contains(w) for w in present)
    assert not set(proposals.words(5)) & blocked and not set(proposals.match("?????")) & blocked
    index = index_for(proposals)  # what a par search scores with
    assert not any(w in index for w in blocked)
    assert all(lexicon.contains(w) for w in present[:20])  # the verifiers' lexicon keeps them
    assert lexicon.proposals(all_words=True) is lexicon


@pytest.mark.parametrize("code", CODES)
def test_no_seeded_word_stream_deals_a_blocked_word(code: str):
    lang = LANGUAGES[code]
    safe = SafeList.shipped(code)
    dealt = {lang.normalize(w) for seed in SEEDS for w in book_deal(seed, lang)}
    assert not {w for w in dealt if safe.blocks(w)}


def test_the_solvers_draw_no_blocked_word():
    proposals = language_lexicon("en").proposals()
    blocked = SafeList.shipped("en").blocked
    deck = load_deck(None)
    solver = Solver(proposals, deck_letters(deck))
    assert not set(solver.index.words) & blocked and not set(solver.index.short.values()) & blocked
    assert not set(PatienceSolver(proposals).table.values()) & blocked


def test_deal_1_no_longer_proposes_squaw_arses_or_snots():
    proposals = language_lexicon("en").proposals()
    deck = load_deck(None)
    decision = decide(Solver(proposals, deck_letters(deck)), deal_word_solitaire(deck, 1))
    played = [step["word"] for step in decision.to_json()["solution"]]
    assert played and "SQUAW" not in played
    par = search_par(deal_words(1), index_for(proposals), seed=1, budget=40_000)
    scored = index_for(proposals).score(par.cells)
    assert not {f.word for f in scored.words} & {"ARSES", "SNOTS", "ARSE", "SNOT"}


def test_a_verifier_accepts_a_blocked_word_a_player_wrote_and_says_nothing_of_it():
    assert api.check_word("squaw") and api.lookup("arses") is not None
    sheet = "ARSES\n" + "QQQQQ\n" * 4
    verdict = api.verify("wordsearch", sheet).to_json()
    assert "ARSES" in [w["word"] for w in verdict["words"]] and verdict["problems"] == []
    assert "arses" not in api.match("ARS?S") and "arses" in api.match("ARS?S", all_words=True)
