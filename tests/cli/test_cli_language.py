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


GOW_DEALS = ("word-solitaire", "letter-patience", "crossword-solitaire-a", "crossword-solitaire-b", "crossword",
             "anagrams")
GOW_ENGLISH = ("deal 3", "top card", "face up", "set aside", "Sub Card", "extra", "stock", "turned", "blind pile",
               "row of six", "hand of twelve", "player", "pack", "cuts", "dealer", "starts", "plays first", "P1",
               "winnable", " from ")


def test_game_of_words_deals_in_french() -> None:
    """``kitgen deal VARIANT --lang fr`` says every line of the layout in French (the deck by its preset's name)."""
    said = {game: _run("deal", game, "--seed", "3", "--lang", "fr").stdout.splitlines() for game in GOW_DEALS}
    assert said["word-solitaire"][:2] == ["Réussite des mots, donne 3 (whitman-1938)",
                                          f"17 piles de trois face visible, carte du dessus en dernier{NB}:"]
    assert said["word-solitaire"][-2:] == [f"  carte en plus (18){NB}: I",
                                           f"  mises de côté{NB}: 2 cartes (Carte Joker)"]
    assert said["letter-patience"][1] == \
        f"sept piles 1-7, carte du dessus en dernier (seule la carte du dessus est face visible){NB}:"
    assert said["letter-patience"][-2].startswith(f"  pioche (retournée dans cet ordre){NB}: A K E Y")
    assert said["crossword-solitaire-a"][1:3] == [f"  rangée de six{NB}: W C U N L O",
                                                  f"  retournée à côté de la pioche aveugle{NB}: S"]
    assert said["crossword-solitaire-a"][3].startswith(f"  pioche aveugle (du dessus au fond){NB}: H M U")
    assert said["crossword-solitaire-b"][1] == f"  main de douze{NB}: W C U N L O S H M U R U"
    assert said["crossword"][1:4] == [f"  2 joueurs, 1 jeu de cartes{NN}; coupes{NB}: J1 O, J2 L",
                                      f"  donneur{NB}: joueur 2{NN}; le joueur 1 commence",
                                      f"  joueur 1{NB}: W S P Z X * E U S O"]
    assert said["crossword"][4].startswith(f"  joueur 2{NB}:")
    assert said["crossword"][5].startswith(f"  retournée{NB}: T{NN}; talon (du dessus au fond){NB}: N G H")
    assert said["anagrams"][1:] == [f"  2 joueurs tiennent{NB}: J1 W, J2 T",
                                    f"  le joueur 2 joue en premier{NN}; paquet (du dessus au fond){NB}: S H P E Z A X"
                                    " I * M E H U J S B O Y T N G H * W Q N O L A K E E L F U A I W T I A R S R V O U"
                                    " I L R C D"]
    solved = _run("deal", "word-solitaire", "--seed", "3", "--lang", "fr", "--solve").stdout.splitlines()
    assert solved[21] == f"gagnable{NB}: oui"
    assert re.fullmatch(r" +1\. \S+ +([A-Z] de \d+, )+[A-Z] de \d+", solved[22])
    patience = _run("deal", "letter-patience", "--seed", "3", "--lang", "fr", "--solve").stdout.splitlines()
    assert patience[11] == f"gagnable{NB}: oui"
    for game, lines in [*said.items(), ("word-solitaire --solve", solved)]:
        assert not [word for word in GOW_ENGLISH if any(word in line for line in lines)], game


def test_game_of_words_deals_count_in_the_language_s_plural_forms() -> None:
    """Players, packs, piles and cards set aside take the plural form their number asks for (Russian and Polish
    have three: 2 игрока, 5 игроков; 1 gracz, 2 gracze)."""
    def second(game: str, lang: str, players: int) -> str:
        return _run("deal", game, "--seed", "3", "--lang", lang, "--players", str(players)).stdout.splitlines()[1]

    assert second("crossword", "ru", 2).startswith("  2 игрока, 1 колода; снятие: И1 ")
    assert second("crossword", "ru", 5).startswith("  5 игроков, 1 колода; снятие: И1 ")
    assert second("crossword", "ru", 9).startswith("  9 игроков, 2 колоды; снятие: И1 ")
    assert second("anagrams", "ru", 1).startswith("  1 игрок держит: И1 ")
    assert second("anagrams", "pl", 1).startswith("  1 gracz trzyma: G1 ")
    assert second("anagrams", "pl", 3).startswith("  3 gracze trzymają: G1 ")
    assert second("anagrams", "pl", 12).startswith("  12 graczy trzyma: G1 ")
    russian = _run("deal", "word-solitaire", "--seed", "3", "--lang", "ru").stdout.splitlines()
    assert russian[1] == "17 открытых стопок по три, верхняя карта последней:"
    assert russian[-1] == "  отложены: 2 карты (Джокер)"
    assert _run("deal", "anagrams", "--seed", "3", "--players", "2", "--lang", "de").stdout.splitlines()[1] == \
        "  2 Spieler halten: S1 W, S2 T"


def test_game_of_words_deals_in_english_are_as_they_were() -> None:
    """The English deal text is byte for byte what it was before the catalogue (the plural forms keep '(s)')."""
    def lines(game: str, *more: str) -> list[str]:
        return _run("deal", game, "--seed", "3", *more).stdout.splitlines()

    assert lines("word-solitaire")[:2] == ["Word Solitaire, deal 3 (whitman-1938)",
                                           "17 piles of three face up, top card last:"]
    assert lines("word-solitaire")[-2:] == ["  extra (18): I", "  set aside: 2 Sub Card(s)"]
    assert lines("letter-patience")[1] == "seven piles 1-7, top card last (only the top card is face up):"
    assert lines("crossword-solitaire-a")[1:3] == ["  row of six: W C U N L O", "  turned up beside the blind pile: S"]
    assert lines("crossword-solitaire-b")[0] == "Crossword Solitaire B, deal 3 (whitman-1938)"
    assert lines("crossword")[1:3] == ["  2 players, 1 pack(s); cuts: P1 O, P2 L",
                                       "  dealer: player 2; player 1 starts"]
    assert lines("crossword", "--players", "9")[1].startswith("  9 players, 2 pack(s); cuts: P1 ")
    assert lines("anagrams", "--players", "1")[1:2] == ["  1 player(s) holding: P1 W"]
    assert lines("anagrams")[2].startswith("  player 2 plays first; pack (top first): S H P E")
    solved = lines("word-solitaire", "--solve")
    assert solved[21] == "winnable: yes"
    assert re.fullmatch(r" +1\. \S+ +([A-Z] from \d+, )+[A-Z] from \d+", solved[22])
