"""The command line's refusals speak the text language (docs/languages.md, "The language of the text"): a malformed
file's located error keeps its ``FILE:LINE:COL:`` prefix and says the rest through the catalogue; English stays as
written. The last test scans every refusal below for English catalogue text left in a translated one."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from typer.testing import CliRunner, Result

from kitgen.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "kitgen" / "locale"
NB = "\u00a0"


def _run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args])


def _write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


PATTERN = ("pattern", "--from", "{file}", "--out", "{out}")
SHEET = ("verify", "wordsearch", "{file}")
RECORD = ("verify", "crossword", "{file}")
DECK = ("deck", "--spec", "{file}", "--out", "{out}")
GAMES = ROOT / "samples" / "game-of-words"
XWORD3D = ROOT / "samples" / "3dxword"


def _solitaire(game: str, seed: int) -> tuple[str, ...]:
    return ("verify", "solitaire", "{file}", "--game", game, "--seed", str(seed))

CASES: dict[str, tuple[tuple[str, ...], str, str | bytes, str]] = {
    # name: (the command, the file's name, its text, the English message after "kitgen: FILE[:LINE:COL]: ")
    "ipuz-kind": (PATTERN, "bad.ipuz", '{"kind": ["http://ipuz.org/sudoku#1"], "dimensions": {"width": 5, '
                  '"height": 5}}', "1:10: not a crossword ipuz (kind ['http://ipuz.org/sudoku#1'])"),
    "ipuz-json": (PATTERN, "bad.ipuz", '{"kind": [}', "1:11: not JSON: Expecting value"),
    "xd-ragged": (PATTERN, "bad.xd", "Title: x\n\n\nABC\nAB\n", "5:3: ragged row: 2 squares where the first row has 3"),
    "xd-metadata": (PATTERN, "bad.xd", "Title x\n\n\nABC\nABC\nABC\n", "1:1: a metadata line is 'Key: value'"),
    "puz-signature": (PATTERN, "bad.puz", b"garbage", "not an Across Lite .puz file: it has no ACROSS&DOWN signature "
                      "(an .ipuz, .jpz or text file needs its own extension)"),
    "jpz-xml": (PATTERN, "bad.jpz", "<a><b></a>", "1:9: not well-formed XML: mismatched tag"),
    "jpz-doctype": (PATTERN, "bad.jpz", '<!DOCTYPE x [<!ENTITY a "b">]><a/>', "1:13: a DOCTYPE in a jpz file: kitgen "
                    "reads no document type or entities (a jpz needs none)"),
    "pattern-cell": (PATTERN, "grid.txt", "#..\n.@.\n...\n", "2:2: bad cell '@': use # for a block, - for a void, . "
                     "for an empty cell or a letter A-Z (then | _ for bars, * a circle, + shading)"),
    "across-size": (PATTERN, "across.txt", "<ACROSS PUZZLE>\n<SIZE>\n15 by 15\n",
                    "3:1: <SIZE> is columns x rows, e.g. 15x15"),
    "sheet-blank": (SHEET, "sheet.txt", "SREES\nTO.NE\nAPRON\nEECTD\nTREAS\n",
                    "2:3: box 2,3 is blank: a finished sheet has a letter in every box"),
    "sheet-turn": (SHEET, "sheet.txt", "SREES\nTONNE\nAPRON\nEECTD\nTREAS\n2 preserve P 3 2\n",
                   "6:1: expected turn 1 here (turns are numbered 1 to 25 in order), got 2"),
    "sheet-row": (SHEET, "sheet.txt", "SREES\nTONNE\nAPRON\nEECTD\nTREAS\n1 preserve P 9 2\n",
                  "6:14: the row (line) must be from 1 to 5 (got 9)"),
    "record-players": (RECORD, "game.txt", "pattern:\n#...#\n.....\n.....\n.....\n#...#\nplayers: ANN\n",
                       "7:10: players: needs at least two names, e.g. 'players: ANN BOB'"),
    "record-player": (RECORD, "game.txt", "pattern:\n#...#\n.....\n.....\n.....\n#...#\nplayers: ANN BOB\n"
                      "CAT 1A ACT\n", "8:1: unknown player 'CAT' (players: ANN BOB)"),
    "deck-letter": (DECK, "deck.csv", "letter,count,value\nA,4,10\nb,2,8\n",
                    "3:1: 'b' is not a capital letter A-Z or Ñ (or * for the wild card)"),
    "deck-count": (DECK, "deck.toml", "[letters]\nA = { count = 4, value = 10 }\nB = { count = 400, value = 8 }\n",
                   "3:1: count of B must be between 1 and 20 (got 400)"),
    "word-solitaire": (_solitaire("word-solitaire", 1), "ws.txt", (GAMES / "word-solitaire-1-broken.txt").read_text(),
                       "3:1: SCREEN: its letters are not free on the pile tops (runs from the top of a pile only) "
                       "(cards left: TZHCRSRVOTUBIAUNAMLEKIGPXIOWTWRWJIHEAAOUHSYNLEFQESDL)"),
    "letter-patience": (_solitaire("letter-patience", 2), "lp.txt",
                        (GAMES / "letter-patience-2-broken.txt").read_text(),
                        "4:1: fill the space at pile 1 first (spaces must be filled promptly) (cards left: 46)"),
    "crossword-solitaire": (_solitaire("crossword-solitaire-a", 1), "cs.txt",
                            (GAMES / "crossword-solitaire-a-1-broken.txt").read_text(),
                            "2:1: no card for A B E M: the cards are C I N R T T and the face-up L (cards left: 52)"),
    "solitaire-piles": (_solitaire("word-solitaire", 1), "ws.txt", "SCREEN 1 2\n",
                        "1:8: SCREEN has 6 letters but 2 pile numbers"),
    "patience-source": (_solitaire("letter-patience", 2), "lp.txt", "OVERKILL 4 1 X\n",
                        "1:14: expected a pile 1-7, W (the face-up pile) or * (a Sub Card) (got 'X')"),
    "hand-direction": (("verify", "crossword-hand", "{file}", "--seed", "3"), "hand.txt",
                       "players: 2\nP1 SPEW 0,0 sideways\n", "2:13: expected across or down (got 'sideways')"),
    "out-player": (("verify", "out-game", "{file}"), "out.txt", "players: ANN BOB CAT DAN\nEVE A\n",
                   "2:1: no player 'EVE' (players: ANN BOB CAT DAN)"),
    "log-direction": (("verify", "3dxword", "{file}"), "log.txt", "players: ANN BOB\nANN CAT 0,0 sideways\n",
                      "2:13: expected a direction: across, down, up or drop; got 'sideways'"),
    "not-utf8": (PATTERN, "grid.txt", b"#..\n.\xff.\n...\n", "2:2: not UTF-8 text"),
    "out-directory": (("kit", "--out", "{file}"), "kit.pdf", "", "--out here is a directory (one file per game is "
                      "written into it)"),
    "anagrams": (("verify", "anagrams", "{file}"), "an.txt", (GAMES / "anagrams-broken.txt").read_text(),
                 "7:1: CARS is the plural of CAR: a word may not be taken from an opponent by making it plural"),
    "out-game": (("verify", "out-game", "{file}"), "out.txt", (GAMES / "out-game-broken.txt").read_text(),
                 "4:1: it is BOB's turn"),
    "guess-o-gram": (("verify", "guess-o-gram", "{file}"), "gog.txt", (GAMES / "guess-o-gram-broken.txt").read_text(),
                     "3:1: CAT is too short: the Thinker's word has nine or more letters"),
    "crossword-hand": (("verify", "crossword-hand", "{file}", "--seed", "3"), "hand.txt",
                       (GAMES / "crossword-hand-3-broken.txt").read_text(),
                       "4:4: every play after the first must join the words on the table"),
    "target": (("verify", "crossword-hand", "{file}", "--seed", "3", "--target", "50"), "hand.txt",
               "players: 2\ntarget: 40\nP1 SPEW 0,0 across\n", "2:1: --target 50 but the record says target: 40"),
    "3dxword": (("verify", "3dxword", "{file}", "--words", str(XWORD3D / "words.lst")), "log.txt",
                (XWORD3D / "illegal-too-early.txt").read_text(),
                "6:5: ANN TOP: no 3-D building yet: 2 words played, 4 needed (3-D rule 1) [too-early-for-3d]"),
}


READ_ERRORS = {case for case in CASES if case.split("-")[0] in {"ipuz", "xd", "puz", "jpz", "pattern", "across",
                                                                  "sheet", "record", "deck"}} | {"target",
                                                                                                 "solitaire-piles",
                                                                                                 "patience-source",
                                                                                                 "hand-direction",
                                                                                                 "out-player",
                                                                                                 "log-direction",
                                                                                                 "not-utf8",
                                                                                                 "out-directory"}


def _refusal(tmp_path: Path, case: str, *lang: str) -> Result:
    command, name, text, _english = CASES[case]
    path = _write(tmp_path, name, text)
    return _run(*(part.format(file=path, out=tmp_path / "out.pdf") for part in command), *lang)


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_located_error_in_english_is_as_written(tmp_path: Path, case: str) -> None:
    result = _refusal(tmp_path, case)
    assert result.exit_code == (2 if case in READ_ERRORS else 1), result.output
    _command, name, _text, english = CASES[case]
    separator = "" if english[:1].isdigit() else " "  # FILE:LINE:COL: why, or FILE: why
    assert result.stderr == f"kitgen: {tmp_path / name}:{separator}{english}\n"


def test_located_errors_in_french_and_german(tmp_path: Path) -> None:
    """The prefix is kept as it is; the words are the language's (French with its no-break space before ':')."""
    where = tmp_path / "bad.xd"
    assert _refusal(tmp_path, "xd-ragged", "--text-lang", "fr").stderr == \
        f"kitgen: {where}:5:3: rangée irrégulière{NB}: 2 cases là où la première rangée en a 3\n"
    assert _refusal(tmp_path, "xd-ragged", "--lang", "de").stderr == \
        f"kitgen: {where}:5:3: ungleiche Zeile: 2 Felder, wo die erste Zeile 3 hat\n"
    assert _refusal(tmp_path, "ipuz-kind", "--text-lang", "es").stderr == \
        f"kitgen: {tmp_path / 'bad.ipuz'}:1:10: no es un ipuz de crucigrama (kind ['http://ipuz.org/sudoku#1'])\n"
    assert _refusal(tmp_path, "puz-signature", "--text-lang", "ru").stderr.startswith(
        f"kitgen: {tmp_path / 'bad.puz'}: не файл .puz Across Lite: в нём нет подписи ACROSS&DOWN")


@cache
def _english_pieces(lang: str) -> tuple[str, ...]:
    """The English text of every catalogue message that ``lang`` translates: each run of words between two
    placeholders, of three words or more, that the translation does not itself keep (a keyword, a tag)."""
    with open(LOCALE / lang / "LC_MESSAGES" / "kitgen.po", "rb") as f:
        catalogue = read_po(f, locale=lang)
    pieces = set()
    for message in catalogue:
        if not message.id or not isinstance(message.id, str) or not message.string or message.string == message.id:
            continue
        for piece in re.split(r"\{[^{}]*\}", message.id):
            piece = piece.strip(" :;,.()'")
            if len(piece.split()) >= 3 and piece not in message.string:
                pieces.add(piece)
    return tuple(sorted(pieces))


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_no_refusal_says_english_catalogue_text_in_another_language(tmp_path: Path, lang: str) -> None:
    """Every refusal above, run in German and in French: none shows a run of three or more English words of a
    catalogue message that language translates (a message not going through the catalogue would)."""
    left = {}
    for case in CASES:
        said = _refusal(tmp_path, case, "--text-lang", lang).stderr
        english = _refusal(tmp_path, case).stderr
        assert said != english, case
        found = [piece for piece in _english_pieces(lang) if piece in said]
        if found:
            left[case] = found
    assert not left, left


PARSER_CASES = (  # file, text, where, the parser's English reason, its French
    ("bad.ipuz", '{"kind": [}', "1:11", "not JSON: Expecting value", "pas du JSON{NB}: une valeur est attendue ici"),
    ("bad.ipuz", '{"kind" 1}', "1:9", "not JSON: Expecting ':' delimiter",
     "pas du JSON{NB}: un deux-points (:) est attendu ici"),
    ("bad.ipuz", '{\n"a": "\\q"}', "2:7", "not JSON: Invalid \\escape",
     "pas du JSON{NB}: un \\ suivi d’un caractère inconnu"),
    ("bad.ipuz", '[1] x', "1:5", "not JSON: Extra data", "pas du JSON{NB}: du texte en trop suit la fin"),
    ("bad.jpz", "<a><b></a>", "1:9", "not well-formed XML: mismatched tag",
     "XML mal formé{NB}: la balise fermante ne correspond pas à la balise ouverte"),
    ("bad.jpz", "<a>\n&x;</a>", "2:1", "not well-formed XML: undefined entity",
     "XML mal formé{NB}: une entité inconnue"),
    ("bad.jpz", "<a></a><b/>", "1:8", "not well-formed XML: junk after document element",
     "XML mal formé{NB}: du texte après la fin du document"),
)


@pytest.mark.parametrize("case", PARSER_CASES, ids=lambda case: case[3])
def test_a_parser_s_reason_is_said_plainly_in_the_text_language(tmp_path: Path, case: tuple[str, ...]) -> None:
    """A JSON or XML parser's own English reason is not left after a translated prefix: kitgen says the kind of
    error plainly in the text language, at the parser's line and column; English keeps the parser's words."""
    name, text, where, english, french = case
    path = _write(tmp_path, name, text)
    command = [part.format(file=path, out=tmp_path / "out.pdf") for part in PATTERN]
    assert _run(*command).stderr == f"kitgen: {path}:{where}: {english}\n"
    assert _run(*command, "--text-lang", "fr").stderr == f"kitgen: {path}:{where}: {french.format(NB=NB)}\n"
    german = _run(*command, "--text-lang", "de").stderr
    assert german.startswith(f"kitgen: {path}:{where}: ") and english.split(": ")[1] not in german


def test_every_parser_reason_is_translated_and_an_unknown_one_is_not_left_in_english() -> None:
    from kitgen.core.i18n import TRANSLATED, UNREADABLE, library_reason, speaking, translations
    from kitgen.games.crossword.formats.ipuz import JSON_REASONS
    from kitgen.games.crossword.formats.jpz import XML_REASONS

    for code in TRANSLATED[1:]:
        for reason in JSON_REASONS | XML_REASONS | {UNREADABLE}:
            assert translations(code).gettext(reason) != reason, (code, reason)
    with speaking("fr"):
        assert library_reason("Illegal trailing comma before end of array", JSON_REASONS) == "illisible ici"
    with speaking("en"):
        assert library_reason("Illegal trailing comma before end of array", JSON_REASONS) == \
            "Illegal trailing comma before end of array"


def test_an_unknown_name_is_refused_in_the_text_language() -> None:
    """``UnknownName`` (a game, deal, record kind or command kitgen does not know) says its sentence and what it is in
    the text language, the choices as kitgen names them; English as before."""
    assert _run("kit", "chess").stderr == \
        "kitgen: unknown game 'chess' (choose from crossword, wordsearch, game-of-words, 3dxword)\n"
    assert _run("kit", "chess", "--lang", "fr").stderr == \
        f"kitgen: jeu 'chess'{NB}: introuvable (choisir parmi crossword, wordsearch, game-of-words, 3dxword)\n"
    assert _run("kit", "chess", "--lang", "de").stderr.startswith("kitgen: Spiel 'chess' gibt es nicht (zur Auswahl: ")
    from kitgen.api import UnknownName, speaking
    from kitgen.games.registry import component_command

    with speaking("ru"), pytest.raises(UnknownName) as refused:
        component_command("nosuch")
    assert str(refused.value).startswith("команда 'nosuch': не существует (на выбор: ")


def test_choices_are_joined_with_the_text_language_s_or() -> None:
    """A list of choices ends with the text language's "or" (1, 2 ou 3), English as kitgen writes it (no comma
    before "or"); the wordsearch refusal that names the lines a word may go on uses it."""
    from kitgen.core.i18n import either, speaking

    with speaking("en"):
        assert [either(["4"]), either(["1", "2"]), either(["1", "2", "3"])] == ["4", "1 or 2", "1, 2 or 3"]
    with speaking("fr"):
        assert either(["1", "2", "3"]) == "1, 2 ou 3"
    with speaking("ru"):
        assert either(["1", "2"]) == "1 или 2"
    with speaking("de"):
        assert either(["1", "2", "3"]) == "1, 2 oder 3"
    from kitgen.games.wordsearch.rules.game import _wrong_line

    with speaking("it"):
        said = _wrong_line(3, [1, 2], [2, 2, 5, 0, 0], 5)
    assert "1 o 2" in said and " or " not in said, said


def test_a_bar_on_the_edge_and_a_file_too_large_in_the_text_language(tmp_path: Path) -> None:
    """The grid's bar errors and the size limit of an input file are said in the text language (they were English
    after a French prefix or alone), at the same place; English as before."""
    grid = _write(tmp_path, "grid.txt", "#..|\n...\n...\n")
    command = [part.format(file=grid, out=tmp_path / "out.pdf") for part in PATTERN]
    assert _run(*command).stderr == \
        f"kitgen: {grid}:1:4: a bar on the grid's outer edge (the border is already there)\n"
    assert _run(*command, "--lang", "fr").stderr == \
        f"kitgen: {grid}:1:4: une barre sur le bord extérieur de la grille (le cadre y est déjà)\n"
    huge = _write(tmp_path, "deck.toml", "#" * 2_000_001)
    deck = [part.format(file=huge, out=tmp_path / "out.pdf") for part in DECK]
    assert _run(*deck).stderr == f"kitgen: {huge}: file too large (more than 2000000 bytes)\n"
    assert _run(*deck, "--lang", "de").stderr == f"kitgen: {huge}: Datei zu groß (mehr als 2000000 Bytes)\n"
