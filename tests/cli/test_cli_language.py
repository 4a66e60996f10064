"""What the command line says follows the text language (docs/languages.md, "The language of the text"): the
verdicts of ``kitgen verify``, the refusals it prints, ``words check`` and the ``wrote`` lines, through the
catalogue; English stays as written (the golden and CLI tests pin it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from kitgen.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
WORDSEARCH = ROOT / "samples" / "wordsearch"
CROSSWORD = ROOT / "samples" / "crossword"
LANGUAGES = ("de", "es", "fr", "it", "nl", "pt")
NB, NN = "\u00a0", "\u202f"


def _run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def test_a_wordsearch_verdict_in_french() -> None:
    result = _run("verify", "wordsearch", str(WORDSEARCH / "deal-1.txt"), "--text-lang", "fr")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == " ligne  1  2  3  4  5 "
    assert lines[6] == f"(majuscules{NB}: cases utilisées dans un mot compté{NN}; minuscules{NB}: inutilisées)"
    assert lines[7].startswith("  mot          cases (ligne,col)      bonus")
    assert f"total  51   super{NN}! (40 ou plus)" in lines
    assert lines[-1] == "journal des tours conforme (25 tours)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_english_is_left_in_a_verdict(lang: str) -> None:
    result = _run("verify", "wordsearch", str(WORDSEARCH / "deal-1.txt"), "--text-lang", lang)
    english = _run("verify", "wordsearch", str(WORDSEARCH / "deal-1.txt")).stdout
    for label in ("line", "capitals", "cells (row,col)", "boxes used", "letter words", "super-great", "or more",
                  "turn log legal"):
        assert label in english
        assert label not in result.stdout, (lang, label)


def test_a_refusal_in_german() -> None:
    result = _run("verify", "wordsearch", str(WORDSEARCH / "deal-1-broken.txt"), "--text-lang", "de")
    assert result.exit_code == 1
    assert result.stderr.strip().endswith(
        "deal-1-broken.txt:9:1: Zug 1: ein Wort mit 8 Buchstaben gehört in Zeile 3, nicht in Zeile 2")


def test_a_crossword_game_and_its_refusal_in_spanish() -> None:
    played = _run("verify", "crossword", str(CROSSWORD / "game.txt"), "--text-lang", "es")
    assert played.exit_code == 0, played.output
    assert played.stdout.splitlines()[0].split()[:4] == ["turno", "jugador", "hueco", "palabra"]
    assert played.stdout.splitlines()[-3:] == ["bonus: ANN +10 por la última palabra", "puntos: ANN 50, BOB 54",
                                               "ganador: BOB"]
    refused = _run("verify", "crossword", str(CROSSWORD / "illegal.txt"), "--text-lang", "es")
    assert refused.exit_code == 1
    assert "detenido en el turno 2, que incumple una regla" in refused.stdout
    assert refused.stderr.strip().endswith("illegal.txt:8:8: 'TECHNOCAL' no está en el léxico")


def test_the_language_of_the_words_is_the_language_of_the_text() -> None:
    """``--lang`` alone chooses the text too; ``--text-lang en`` keeps the English line as written."""
    assert _run("words", "check", "garçon", "--lang", "fr").stdout == f"garçon{NB}: acceptable (rang 10)\n"
    assert _run("words", "check", "garçon", "--lang", "fr", "--text-lang", "en").stdout == \
        "garçon: acceptable (rank 10)\n"
    assert _run("words", "check", "xyzzyq", "--lang", "it").stdout == "xyzzyq: non è nel lessico\n"


def test_what_was_written_is_said_in_the_text_language(tmp_path: Path) -> None:
    result = _run("sheet", "--seed", "1", "--lang", "nl", "--out", f"{tmp_path}/")
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{tmp_path}/wordsearch-sheet-1-nl.pdf geschreven\n"


def test_a_wordsearch_deal_in_french_german_and_russian() -> None:
    """``kitgen deal wordsearch`` says its header, each length and its line in the text language, the lengths lined
    up; English is as it was."""
    english = _run("deal", "wordsearch", "--seed", "3").stdout.splitlines()
    assert english[0] == "Make a Wordsearch, deal 3: one word a turn (length -> line)"
    assert all(" letter  -> line " in line or " letters -> line " in line for line in english[1:])
    french = _run("deal", "wordsearch", "--seed", "3", "--lang", "fr").stdout.splitlines()
    assert french[0] == f"Fais tes mots mêlés, donne 3 (français){NB}: un mot par tour (longueur -> ligne)"
    assert french[1] == "  1  a                   1 lettre  -> ligne 1"
    assert french[3] == "  3  mondes              6 lettres -> ligne 1"
    german = _run("deal", "wordsearch", "--seed", "3", "--lang", "de").stdout
    assert "  3  nachhaltigkeit     14 Buchstaben -> Zeile 4" in german.splitlines()
    russian = _run("deal", "wordsearch", "--seed", "3", "--lang", "ru").stdout.splitlines()
    assert russian[1:4] == ["  1  только              6 букв  -> строка 1",
                            "  2  был                 3 буквы -> строка 3",
                            "  3  снижаться           9 букв  -> строка 4"]
    for said in (french, russian):
        assert not any(word in line for line in said for word in ("letter", "line", "turn", "Wordsearch"))
