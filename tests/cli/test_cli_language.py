"""What the command line says follows the text language (docs/languages.md, "The language of the text"): the
verdicts of ``kitgen verify``, the refusals it prints, ``words check`` and the ``wrote`` lines, through the
catalogue; English stays as written (the golden and CLI tests pin it)."""

from __future__ import annotations

import re
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


def _russian_letters(n: int) -> str:
    return "буква" if n % 10 == 1 and n % 100 != 11 else "буквы" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 \
        else "букв"


def test_a_wordsearch_deal_in_french_german_and_russian() -> None:
    """``kitgen deal wordsearch`` says its header, each length (a plural form) and its line in the text language,
    the arrows lined up; English is as it was."""
    english = _run("deal", "wordsearch", "--seed", "3").stdout.splitlines()
    assert english[0] == "Make a Wordsearch, deal 3: one word a turn (length -> line)"
    assert all(re.fullmatch(r" +\d+  \S+ +\d+ (letter |letters) -> line \d", line) for line in english[1:])
    french = _run("deal", "wordsearch", "--seed", "3", "--lang", "fr").stdout.splitlines()
    assert french[0] == f"Fais tes mots mêlés, donne 3 (français){NB}: un mot par tour (longueur -> ligne)"
    german = _run("deal", "wordsearch", "--seed", "3", "--lang", "de").stdout.splitlines()
    assert german[0].startswith("Bau dein Wortgitter, Partie 3 (Deutsch): ein Wort pro Zug (Länge -> Zeile)")
    russian = _run("deal", "wordsearch", "--seed", "3", "--lang", "ru").stdout.splitlines()
    for said, unit, line in ((french, "lettres?", "ligne"), (german, "Buchstaben?", "Zeile"),
                             (russian, "букв[аы]?", "строка")):
        assert len(said) == 26
        rows = [re.fullmatch(rf" +\d+  \S+ +(\d+) ({unit}) +-> {line} \d", row) for row in said[1:]]
        assert all(rows), said
        assert len({row.index("->") for row in said[1:]}) == 1  # lined up
        if said is russian:
            assert all(m is not None and m[2] == _russian_letters(int(m[1])) for m in rows)
        if said is french:
            assert all(m is not None and (m[2] == "lettre") == (m[1] == "1") for m in rows)
        assert not any(word in row for row in said for word in ("letter", "line", "turn", "Wordsearch"))


def test_a_bad_pattern_in_the_text_language() -> None:
    """``kitgen words match`` refuses a pattern of letters the language does not write in its words' language."""
    english = _run("words", "match", "c1")
    assert english.exit_code == 2
    assert "bad pattern 'c1': use letters and ? for an unknown letter" in english.output
    russian = _run("words", "match", "ch??", "--lang", "ru")
    assert russian.exit_code == 2
    assert "неверный шаблон 'ch??': используйте буквы и ? для неизвестной буквы" in russian.output
    assert "bad pattern" not in russian.output
