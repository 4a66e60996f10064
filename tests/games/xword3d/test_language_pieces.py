"""3DXWORD piece sets of the languages with an alphabet of their own (issue 26: "decks and piece sets for them,
letter counts from the language's letter frequencies"; docs/languages.md, "Piece sets")."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader
from script_module import load_script

from kitgen.core.language import language
from kitgen.games.xword3d.rules.pieces import LANGUAGE_PIECES, BadPieceSpec, load_piece_spec, parse_piece_spec

ROOT = Path(__file__).resolve().parents[3]


def _script() -> object:
    module: object = load_script("build_pieces")
    return module


@pytest.mark.parametrize("code", sorted(LANGUAGE_PIECES))
def test_a_language_set_is_its_letter_shares_from_the_shipped_book(code: str) -> None:
    """The shipped set is what scripts/build_pieces.py makes from the language's book (run again when a book
    changes, as the decks are)."""
    made = _script().spec(code)  # type: ignore[attr-defined]
    assert (ROOT / "kitgen" / "data" / "pieces" / f"{LANGUAGE_PIECES[code]}.toml").read_text(encoding="utf-8") == made


@pytest.mark.parametrize("code", sorted(LANGUAGE_PIECES))
@pytest.mark.parametrize("players", [2, 7, 12])
def test_a_language_set_holds_its_own_letters_scaled_to_the_players(code: str, players: int) -> None:
    """20 letters a player, in the alphabet's order, every letter of the set at least once, the commonest letters
    most; the seed's Joiners (2P-2 of each colour) and one X piece a player, as the standard set."""
    spec = load_piece_spec(lang=code)
    pieces = spec.for_players(players)
    alphabet = language(code).letters
    letters = [letter for letter, _ in pieces.letters]
    assert spec.lang == code and pieces.letter_count == 20 * players
    assert set(letters) == set(spec.frequency) and set(letters) <= set(alphabet)
    assert letters == sorted(letters, key=alphabet.index) and all(n >= 1 for _, n in pieces.letters)
    commonest = max(spec.frequency, key=lambda ch: spec.frequency[ch])
    assert pieces.count(commonest) == max(n for _, n in pieces.letters)
    assert (pieces.red, pieces.blue, pieces.x_pieces) == (2 * players - 2, 2 * players - 2, players)


def test_russian_and_spanish_sets_keep_their_own_letters_and_leave_the_rarest_out() -> None:
    russian, spanish = load_piece_spec(lang="ru"), load_piece_spec(lang="es")
    assert {"Ы", "Ж", "Я"} <= set(russian.frequency) and "Ъ" not in russian.frequency  # 0.03% of Russian text
    assert "Ñ" in spanish.frequency and "K" not in spanish.frequency and "W" not in spanish.frequency
    assert load_piece_spec(lang="fr") == load_piece_spec() and load_piece_spec().lang is None  # A-Z, all 26


def test_a_language_spec_refuses_a_letter_of_another_alphabet_at_its_line() -> None:
    text = 'lang = "ru"\n[frequency]\n"А" = 8\nQ = 1\n'
    with pytest.raises(BadPieceSpec) as caught:
        parse_piece_spec("mine.toml", text)
    assert caught.value.where is not None and caught.value.where.line == 4 and "Russian" in caught.value.message
    with pytest.raises(BadPieceSpec) as unknown:
        parse_piece_spec("mine.toml", 'lang = "xx"\n[frequency]\nA = 1\n')
    assert unknown.value.where is not None and unknown.value.where.line == 1
    assert parse_piece_spec("mine.toml", text.replace("Q = 1\n", '"Я" = 2\n')).frequency == {"А": 8.0, "Я": 2.0}


def test_bricks_and_the_kit_print_a_russian_set_in_cyrillic(invoke, tmp_path: Path) -> None:
    """``kitgen bricks --lang ru`` names and prints the Russian set; a Russian 3DXWORD kit's bricks are the same
    set (a Russian kit printed Latin bricks, so no Russian word could be built); an English kit is unchanged."""
    from kitgen.games.xword3d.render import kit_components
    from kitgen.io.pdf import Paper

    result = invoke("bricks", "--lang", "ru", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    made = tmp_path / "3dxword-cubes-2p-25mm-a4-russian.pdf"
    text = "".join(page.extract_text() for page in PdfReader(made).pages)
    assert {"Ж", "Ы", "Я"} <= set(text)
    kit = "".join(p.extract_text() for p in PdfReader(io.BytesIO(kit_components(Paper.a4, 1, 2, "ru"))).pages)
    assert {"Ж", "Ы", "Я"} <= set(kit)
    assert kit_components(Paper.a4, 1, 2, "fr") == kit_components(Paper.a4, 1, 2)


def test_the_draw_reads_the_languages_alphabet_nearest_its_x() -> None:
    """Table rule 2 ("the letter nearest alphabetically to the letter X") in a Cyrillic or Greek set, which has
    no Latin X: nearest the Russian Х or the Greek Χ, in the language's own order (the Swedish Å Ä Ö after Z).
    A-Z draws are unchanged."""
    from kitgen.games.xword3d.rules.draw import first_player

    russian, greek, swedish = ("".join(language(code).letters) for code in ("ru", "el", "sv"))
    assert first_player({"АНЯ": "Ф", "БОРЯ": "А"}, russian).winner == "АНЯ"
    assert first_player({"АНЯ": "Х", "БОРЯ": "Ц"}, russian).winner == "АНЯ"
    assert first_player({"ΑΝΝΑ": "Φ", "ΒΑΣΩ": "Ψ"}, greek).redraw == ("ΑΝΝΑ", "ΒΑΣΩ")  # either side of Χ
    assert first_player({"ANN": "Ö", "BOB": "Z"}, swedish).winner == "BOB"
    assert first_player({"ANN": "K", "BOB": "X"}).winner == "BOB" and first_player({"A": "W", "B": "Y"}).redraw


def test_a_russian_log_draws_in_cyrillic(invoke, tmp_path: Path) -> None:
    log = tmp_path / "ru.txt"
    log.write_text("players: АНЯ БОРЯ\nversion: table\ndraw: АНЯ а БОРЯ ц\nБОРЯ КОТ 0,0 across\n", encoding="utf-8")
    result = invoke("verify", "3dxword", log, "--lang", "ru", "--text-lang", "en")
    assert result.exit_code == 0 and "БОРЯ plays first" in result.output, result.output
    log.write_text("players: ANN BOB\nversion: table\ndraw: ANN Ф BOB X\n", encoding="utf-8")
    refused = invoke("verify", "3dxword", log, "--text-lang", "en")
    assert refused.exit_code == 2 and "ru.txt:3:" in refused.output and "one letter of the alphabet" in refused.output
