"""The Crossword game in another language (issue 16): entries fold as the language writes them (--lang)."""

from __future__ import annotations

from kitgen import api

SPANISH_GAME = """\
pattern:
...
.#.
...
players: ANA BEA
ANA 1A año
BEA 1D ASA
ANA 2D OSO
BEA 3A AJO
ANA pass
BEA pass
"""


def test_a_spanish_game_keeps_n_tilde_a_letter_of_its_own():
    verdict = api.verify("crossword", SPANISH_GAME, "es.txt", lang="es")
    assert verdict.exit_code == 0, verdict.problems
    doc = verdict.to_json()
    assert [m["word"] for m in doc["moves"] if m["word"]][:4] == ["AÑO", "ASA", "OSO", "AJO"]
    assert doc["scores"] == {"ANA": 6 + 3, "BEA": 3 + 6 + 10}


def test_the_same_game_in_english_refuses_the_spanish_word():
    verdict = api.verify("crossword", SPANISH_GAME, "es.txt")
    assert verdict.exit_code == 1 and "'año' is not in the lexicon" in verdict.problems[0].message


def test_a_german_entry_fits_as_german_crosswords_write_it():
    game = "pattern:\n.......\n.#####.\n.......\nplayers: ANN BOB\nANN 1D Sog\nBOB 1A Straße\n"
    doc = api.verify("crossword", game, "de.txt", lang="de").to_json()
    assert [(m["word"], m["score"]) for m in doc["moves"]] == [("SOG", 6), ("STRASSE", 7)]
    # Ä is AE: SCHÖN is SCHOEN, six letters, too long for the first light
    verdict = api.verify("crossword", game.replace("Straße", "schön"), "de.txt", lang="de")
    assert verdict.exit_code == 1
