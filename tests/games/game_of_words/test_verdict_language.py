"""The Game of Words' verify commands speak the text language (issue 28): the reports of ``kitgen verify solitaire``,
``anagrams``, ``out-game``, ``guess-o-gram`` and
``crossword-hand`` come from the catalogue, English byte-identical."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

Invoke = Callable[..., Result]

S = Path(__file__).resolve().parents[3] / "samples" / "game-of-words"
MINI = S / "mini-deck.toml"

CASES = {
    "anagrams": (["anagrams", S / "anagrams-1.txt", "--seed", "1", "--spec", MINI],
                 "anagrams-1.txt: 13 turns; scores ANN 28, BOB 68\nthe pack is played out: BOB wins\n",
                 {"fr": ["13 tours\u202f; scores ANN 28, BOB 68", "le paquet est épuisé\u00a0: BOB gagne"],
                  "ru": ["колода кончилась: побеждает BOB"]}),
    "out-game": (["out-game", S / "out-game-1.txt"],
                 "out-game-1.txt: 2 word(s) over; sheets ANN OU, BOB -, CAT E, DAN -\n"
                 "the game goes on: CAT plays next\n",
                 {"fr": ["2 mots finis\u202f; feuilles", "la partie continue\u00a0: CAT joue ensuite"],
                  "ru": ["2 слова закончено", "игра продолжается: следующим ходит CAT"]}),
    "guess-o-gram": (["guess-o-gram", S / "guess-o-gram-1.txt"],
                     "guess-o-gram-1.txt: 2 word(s); points ANN 30, BOB 36, CAT 6\nANN thinks next\nleading: BOB\n",
                     {"fr": ["2 mots\u202f; points ANN 30", "ANN pense le mot suivant", "en tête\u00a0: BOB"],
                      "ru": ["2 слова; очки ANN 30", "ANN загадывает следующее слово", "лидирует: BOB"]}),
    "word-solitaire": (["solitaire", S / "word-solitaire-1.txt", "--seed", "1"],
                       "word-solitaire-1.txt: won deal 1: 12 words use all 52 cards\n",
                       {"fr": ["donne 1 gagnée\u00a0: 12 mots utilisent les 52 cartes"],
                        "ru": ["раздача 1 выиграна: 12 слов используют все карты (52)"]}),
    "letter-patience": (["solitaire", S / "letter-patience-2.txt", "--seed", "2", "--game", "letter-patience"],
                        "letter-patience-2.txt: won deal 2: 60 moves use all 52 cards\n",
                        {"fr": ["donne 2 gagnée\u00a0: 60 coups utilisent les 52 cartes"],
                         "ru": ["раздача 2 выиграна: 60 ходов используют все карты (52)"]}),
    "crossword-hand": (["crossword-hand", S / "crossword-hand-3.txt", "--seed", "3"],
                       "crossword-hand-3.txt: 6 plays stand, 1 challenge(s)\n"
                       "player 1 is out; charged against each hand: P1 0, P2 40\n"
                       "totals P1 0, P2 40 (the game goes on to 50)\n",
                       {"fr": ["6 coups restent, 1 contestation", "le joueur 1 est sorti\u202f;",
                               "totaux P1 0, P2 40 (la partie continue jusqu\u2019à 50)"],
                        "ru": ["ходов осталось: 6, 1 оспаривание", "игрок 1 вышел",
                               "суммы P1 0, P2 40 (игра идёт до 50)"]}),
}


@pytest.mark.parametrize("case", CASES)
def test_a_verdict_reads_english_as_before_and_in_the_text_language(invoke: Invoke, case: str) -> None:
    args, english, translated = CASES[case]
    result = invoke("verify", *args)
    assert result.exit_code == 0, result.output
    assert result.output.endswith(english) and result.output.count("\n") == english.count("\n"), result.output
    for lang, phrases in translated.items():
        said = invoke("verify", *args, "--text-lang", lang)
        assert said.exit_code == 0, said.output
        for phrase in phrases:
            assert phrase in said.output, (lang, said.output)
        for line in english.splitlines()[1:]:
            assert line not in said.output, (lang, said.output)


def test_a_refused_solitaire_says_its_cards_left_in_the_text_language(invoke: Invoke) -> None:
    args = ["solitaire", S / "word-solitaire-1-broken.txt", "--seed", "1"]
    assert "(cards left: " in invoke("verify", *args).output
    said = invoke("verify", *args, "--text-lang", "fr").output
    assert "(cartes restantes\u00a0: " in said and "cards left" not in said, said


def test_a_refusal_keeps_the_language_s_no_break_spaces(invoke: Invoke) -> None:
    """A French refusal prints its no-break space before the colon as a space, not as an escape (\\xa0): the
    one-line message escapes controls and invisible characters, not a language's typography."""
    args = ["solitaire", S / "word-solitaire-1.txt"]
    assert "--seed N is needed: the deal the solitaire was played from" in invoke("verify", *args).output
    said = invoke("verify", *args, "--text-lang", "fr").output
    assert "--seed N est nécessaire\u00a0: la donne" in said and "\\xa0" not in said, said
    assert "нужен --seed N" in invoke("verify", *args, "--text-lang", "ru").output
