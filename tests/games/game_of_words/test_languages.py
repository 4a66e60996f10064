"""The Game of Words in another language (issue 16): a Spanish deck with Ñ, solvers and verifiers per --lang."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader

from kitgen import api
from kitgen.core.language import LANGUAGES
from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.formats.deck_spec import load_deck
from kitgen.games.game_of_words.rules.common import is_word
from kitgen.games.game_of_words.rules.deals import cut_rank
from kitgen.games.game_of_words.rules.word_solitaire import Solver

SPANISH_DECK = Path(__file__).resolve().parents[3] / "samples" / "game-of-words" / "spanish-deck.toml"


def test_a_spanish_deck_with_n_tilde_loads():
    deck = load_deck(str(SPANISH_DECK))
    letters = "".join(c.letter for c in deck.letters)
    assert len(letters) == 52 and letters.count("Ñ") == 1 and len(deck.wilds) == 2
    n, enye, o = (next(c for c in deck.letters if c.letter == x) for x in "NÑO")
    assert cut_rank(n) < cut_rank(enye) < cut_rank(o)


def test_a_spanish_deck_prints_its_n_tilde_card():
    pdf = api.render("game-of-words", "deck", spec=str(SPANISH_DECK))
    reader = PdfReader(io.BytesIO(pdf))
    text = "".join(page.extract_text() for page in reader.pages)
    forms = {str(name) for page in reader.pages for name in page["/Resources"].get("/XObject", {})}
    assert "Ñ" in text and "/FormXob.Card-U00D1-2" in forms


def test_a_csv_deck_spec_takes_n_tilde_and_refuses_other_letters(tmp_path: Path):
    good = tmp_path / "d.csv"
    good.write_text("letter,count,value\nA,3,10\nÑ,1,2\n", encoding="utf-8")
    assert [c.letter for c in load_deck(str(good)).letters] == ["A", "A", "A", "Ñ"]
    bad = tmp_path / "bad.csv"
    bad.write_text("letter,count,value\nA,3,10\nÉ,1,2\n", encoding="utf-8")
    try:
        load_deck(str(bad))
    except api.InputError as exc:
        assert "bad.csv:3:1" in str(exc) and "'É' is not a capital letter" in str(exc)
    else:
        raise AssertionError("É was accepted")


def test_word_solitaire_solves_with_n_tilde_cards():
    spanish = Lexicon.from_entries([("caña", 10), ("año", 10), ("sol", 10)], lang=LANGUAGES["es"])
    piles = ["AÑAC", "OÑA"]
    steps = Solver(spanish, "".join(piles)).solve(piles)
    assert steps is not None and sorted(s.word for s in steps) == ["AÑO", "CAÑA"]
    assert is_word(spanish, "caña") and not is_word(spanish, "cana")


def test_solvers_leave_out_the_classroom_safe_list_unless_all_words(tmp_path: Path):
    words = tmp_path / "w.txt"
    words.write_text("squaw\nsquawk\n", encoding="utf-8")
    found = api.anagrams("squawk", words=str(words))
    assert found == ["squawk"]
    assert api.anagrams("squawk", words=str(words), all_words=True) == ["squawk", "squaw"]
    assert api.check_word("squaw", words=str(words))  # a verifier accepts a real word a player wrote
