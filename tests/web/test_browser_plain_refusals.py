"""Rule refusals a child reads (issue 27, "Written for people"): the check page of a record kind says a broken rule
with the rule quoted, in the page's language, never the checker's code or a player number; Word Solitaire's short
word says when two or three letters are allowed."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from browsing import until

from kitgen.games.crossword.rules.game import EntryRule
from kitgen.games.game_of_words.rules.common import Code
from kitgen.games.xword3d.rules.game import PlayCode
from kitgen.web.refusals import REFUSALS

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def test_every_plain_refusal_is_keyed_by_a_code_the_games_raise() -> None:
    for kind, refusals in REFUSALS.items():
        enum = {"3dxword": PlayCode, "crossword": EntryRule}.get(kind, Code)
        codes = {c.value for c in enum}
        own = {"no-long-word"} if kind == "out-game" else set()  # the O-U-T Game's warning is a document's own code
        if kind == "solitaire":  # a finished crossword's own findings, and its warning that the order is unknown
            own = {"too-many", "not-used", "alone", "apart", "order-not-checked"}
        assert set(refusals) <= codes | own, kind


def _problem(page: Any, server: str, kind: str, record: str, lang: str = "en", more: str = "") -> str:
    page.goto(f"{server}/check/{kind}?lang={lang}{more}&record={quote(record)}")
    page.locator(".result .record-lines .line.bad .problem").first.wait_for()
    said: str = page.locator(".result .record-lines .line.bad .problem").first.inner_text()
    return said


@pytest.mark.parametrize("record, said", [
    ("players: ANN BOB CAT\nANN thinks CAT\n",
     "CAT is too short: the rules say the Thinker chooses “a word of not less than nine letters”."),
    ("players: ANN BOB CAT\nANN thinks EDUCATION\nCAT A\n",
     "It is not CAT’s turn: the rules say that after a wrong guess “play passes to the left”."),
    ("players: ANN BOB CAT\nANN thinks EDUCATION\nBOB word EDUCATION\nCAT thinks CONVERSATION\n",
     "CAT is not the Thinker now: the rules say the one who guessed the last word “becomes the Thinker for the "
     "next word”."),
])
def test_a_guess_o_gram_refusal_quotes_the_rule(server: str, browser: Any, record: str, said: str) -> None:
    page = browser.new_page()
    shown = _problem(page, server, "guess-o-gram", record)
    assert said in shown and "player 2" not in shown and "nine or more" not in shown
    page.close()


@pytest.mark.parametrize("kind, record, said", [
    ("out-game", "players: ANN BOB CAT DAN\nANN E\nCAT X\n",
     "It is not CAT’s turn: the rules say turns go round to the left."),
    ("anagrams", "players: ANN BOB\nANN challenge\n",
     "There is no word to challenge yet: a challenge is about the last word made."),
    ("anagrams", (SAMPLES / "game-of-words" / "anagrams-broken.txt").read_text(encoding="utf-8"),
     "CARS only makes the word plural: the rules say “Players may not take a word from an opponent simply by adding "
     "the letter S to make it plural”."),
    ("anagrams", "players: ANN BOB\nANN C centre\nBOB A centre\nANN R form CA\n",
     "CA is too short: the rules say “no words of less than three letters may be used”."),
    ("crossword-hand", (SAMPLES / "game-of-words" / "crossword-hand-3-broken.txt").read_text(encoding="utf-8"),
     "Every word after the first must join the words already on the table."),
    ("crossword-hand", "players: 2\nP1 SPEW 0,0 across\nP2 SPEW 0,0 across\n",
     "That word is already on the table: a play adds at least one new letter."),
    ("3dxword", "players: ANN BOB\nversion: table\ndraw: ANN K BOB X\nANN TO 0,1 across\n",
     "It is not ANN’s turn: the rules say “Play always moves clockwise to the player on the left of the player who "
     "has just played”."),
    ("3dxword", (SAMPLES / "3dxword" / "table-game.txt").read_text(encoding="utf-8"),
     "OY is not in the dictionary: every word a play forms, even in passing, must be a real word."),
])
def test_table_game_refusals_are_plain(server: str, browser: Any, kind: str, record: str,
                                                  said: str) -> None:
    page = browser.new_page()
    shown = _problem(page, server, kind, record, more="&seed=3" if kind == "crossword-hand" else "")
    assert said in shown and "player 2" not in shown and "[" not in shown
    page.close()


def test_a_guess_o_gram_refusal_in_french(server: str, browser: Any) -> None:
    page = browser.new_page()
    shown = _problem(page, server, "guess-o-gram", "players: ANN BOB CAT\nANN thinks CAT\n", lang="fr")
    assert "CAT est trop court\u00a0: la règle dit" in shown and "neuf lettres" in shown
    page.close()


def test_a_short_word_solitaire_word_says_when_short_words_are_allowed(server: str, browser: Any) -> None:
    page = browser.new_page()
    page.goto(server + "/deal/word-solitaire?seed=1")
    until(page, "(document.querySelector('.deal-view h2') || {}).textContent?.endsWith('deal 1')")
    for pile in (0, 2, 7):  # H, O, P on top of piles 1, 3 and 8: HOP, three letters with 49 cards left
        page.locator(f".table-box .pile[data-pile='{pile}'] .card.free").last.click(position={"x": 12, "y": 6})
    assert page.locator(".made-word").inner_text().replace("\n", "") == "HOP"
    page.locator("button.play-word").click()
    until(page, "document.querySelector('.play-message').classList.contains('bad')")
    said = page.locator(".play-message").inner_text()
    assert "HOP is too short: the rules say “form words of four or more letters”" in said
    assert "only when it takes the last cards" in said
    page.close()


def _solitaire_problems(page: Any, server: str, game: str, words: str, lang: str = "en") -> list[str]:
    page.goto(f"{server}/check/solitaire?lang={lang}&game={game}&seed=1&words={quote(words)}")
    page.locator(".result .record-lines .problem").first.wait_for()
    shown: list[str] = page.locator(".result .record-lines .problem").all_inner_texts()
    return shown


def test_a_crossword_solitaire_move_is_refused_in_plain_words(server: str, browser: Any) -> None:
    page = browser.new_page()
    shown = _solitaire_problems(page, server, "crossword-solitaire-a", "BEAM 0,0 across\n")
    assert shown == ["You have no card for a letter of BEAM: the letters come from your cards and the top card of the "
                     "face-up pile."]
    page.close()


def test_a_finished_crossword_s_problems_are_plain_and_said_once(server: str, browser: Any) -> None:
    grid = (SAMPLES / "game-of-words" / "crossword-solitaire-b-broken.txt").read_text(encoding="utf-8")
    page = browser.new_page()
    shown = _solitaire_problems(page, server, "crossword-solitaire-b", grid + "\nQ\n")
    assert "Q stands alone: every letter is part of a word across or down, as in any crossword." in shown
    left_out = [s for s in shown if s.startswith("These cards of the pack are not in the crossword: ")]
    assert len(left_out) == 1 and left_out[0].endswith(  # which cards, a letter a card (the Q typed alone is used)
        ": A A C D E E E F G H H I I I I J K L L L N P R S S S T T U U U V W W W X Y Z. The rules say you make “a "
        "Crossword using all the letters of the pack”."), left_out
    assert "NORHT is not a word kitgen knows: “all the ordinary rules of the first Crossword Game apply”, so every " \
           "word across and down must be a real word." in shown  # the word named
    assert not [s for s in shown if "not used" in s or "(across)" in s or "stands alone, in no word" in s]
    page.close()


def test_a_crossword_solitaire_move_that_makes_no_word_names_it(server: str, browser: Any) -> None:
    page = browser.new_page()
    shown = _solitaire_problems(page, server, "crossword-solitaire-a", "RTC 0,0 across\n", lang="de")
    assert shown == ["RTC kennt kitgen nicht: „alle gewöhnlichen Regeln des ersten Kreuzworträtsel-Spiels gelten“, "
                     "also muss jedes Wort waagrecht und senkrecht ein echtes Wort sein."], shown
    page.close()


def test_a_crossword_solitaire_refusal_in_french(server: str, browser: Any) -> None:
    page = browser.new_page()
    shown = _solitaire_problems(page, server, "crossword-solitaire-a", "BEAM 0,0 across\n", lang="fr")
    assert len(shown) == 1 and shown[0].startswith("Tu n’as pas de carte pour une lettre de BEAM\u00a0: les lettres")
    page.close()


def test_a_problem_says_no_column_and_marks_where_it_is_on_its_line(server: str, browser: Any) -> None:
    """Issue 27: "column 4:" before a problem means nothing to a child; the problem sits under its numbered line
    and the character it is about is marked there (the API keeps its column)."""
    page = browser.new_page()
    shown = _problem(page, server, "crossword-hand", "players: 2\nP1 SPEW 0,0 across\nP2 SPEW 0,0 across\n",
                     more="&seed=3")
    assert shown == "That word is already on the table: a play adds at least one new letter."
    bad = page.locator(".result .record-lines .line.bad")
    assert bad.locator(".n").inner_text() == "3" and bad.locator("mark.at").inner_text() == "S"
    assert "P2 SPEW 0,0 across" in bad.inner_text()
    page.close()


def test_a_problem_at_a_line_s_start_marks_nothing(server: str, browser: Any) -> None:
    page = browser.new_page()
    record = "players: ANN BOB\nversion: table\ndraw: ANN K BOB X\nANN TO 0,1 across\n"
    assert _problem(page, server, "3dxword", record).startswith("It is not ANN’s turn")  # located at column 1
    assert page.locator(".result .record-lines mark").count() == 0
    page.close()
