"""Numbers a person types (issue 17): ASCII digits only, and a digit-count cap before ``int()``.

``²`` (a digit ``int()`` refuses) or Arabic-Indic digits (which ``int()`` and ``\\d`` accept) and numbers of
thousands of digits (beyond Python's 4,300-digit conversion limit) in any record, log or option give one
located line and exit 2: never ``internal error: ValueError``, never a silently accepted light number.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.core.errors import InputError, Location
from kitgen.core.text import parse_count

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
HUGE = "9" * 5000
ARABIC_3 = "\u0663"  # ٣


def test_parse_count_takes_ascii_digits_only():
    where = Location("f.txt", 2, 5)
    assert parse_count("0042", where) == 42
    assert parse_count("-7", where, signed=True) == -7
    for text in ["²", ARABIC_3, "1²", "", "+", "-1", " 1", "1_000", "½"]:
        with pytest.raises(InputError, match=r"^f\.txt:2:5: the number must be a whole number written with the digits"):
            parse_count(text, where)


def test_parse_count_caps_digits_before_int():
    with pytest.raises(InputError, match=r"^f:1:1: players is too large \(at most 12; got a number of 5000 digits\)"):
        parse_count(HUGE, Location("f", 1, 1), "players", limit=12)
    with pytest.raises(InputError, match=r"too large \(at most 10; got 11\)"):
        parse_count("11", None, limit=10)
    assert parse_count("0" * 5000 + "7", None) == 7


def _edited(tmp_path: Path, sample: Path, old: str, new: str) -> Path:
    text = sample.read_text(encoding="utf-8")
    assert old in text
    out = tmp_path / sample.name
    out.write_text(text.replace(old, new, 1), encoding="utf-8")
    return out


def _refused(result, where: str, why: str = "") -> None:
    assert result.exit_code == 2, result.output
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert result.stderr.startswith(f"kitgen: {where}"), result.stderr
    assert "internal error" not in result.stderr and why in result.stderr, result.stderr


@pytest.mark.parametrize("digit", [ARABIC_3, "²"])
def test_a_crossword_light_number_in_other_digits_is_refused(invoke, tmp_path, digit):
    record = _edited(tmp_path, SAMPLES / "crossword" / "inline.txt", "ANN 2D ART", f"ANN {digit}D ART")
    _refused(invoke("verify", "crossword", record), f"{record}:")
    record = _edited(tmp_path, SAMPLES / "crossword" / "inline.txt", "BOB 1 across", f"BOB {digit} across")
    _refused(invoke("verify", "crossword", record), f"{record}:")


@pytest.mark.parametrize("value", ["²", ARABIC_3, HUGE])
def test_hand_players_and_target_in_other_digits_or_huge(invoke, tmp_path, value):
    hand = _edited(tmp_path, SAMPLES / "game-of-words" / "crossword-hand-3.txt", "players: 2", f"players: {value}")
    _refused(invoke("verify", "crossword-hand", hand, "--seed", "3"), f"{hand}:")
    hand = _edited(tmp_path, SAMPLES / "game-of-words" / "crossword-hand-3.txt", "players: 2", f"target: {value}")
    _refused(invoke("verify", "crossword-hand", hand, "--seed", "3"), f"{hand}:")


@pytest.mark.parametrize("xy", [f"{ARABIC_3},0", f"3,{ARABIC_3}"])
def test_hand_square_in_arabic_digits_is_refused(invoke, tmp_path, xy):
    hand = _edited(tmp_path, SAMPLES / "game-of-words" / "crossword-hand-3.txt", "WHY 3,0 down", f"WHY {xy} down")
    _refused(invoke("verify", "crossword-hand", hand, "--seed", "3"), f"{hand}:")


def test_3dxword_coordinates_and_unused_in_other_digits(invoke, tmp_path):
    log = _edited(tmp_path, SAMPLES / "3dxword" / "3d-game.txt", "ART 1,0 down", f"ART {ARABIC_3},0 down")
    _refused(invoke("verify", "3dxword", log), f"{log}:")


def test_solitaire_pile_numbers_in_arabic_digits(invoke, tmp_path):
    sol = _edited(tmp_path, SAMPLES / "game-of-words" / "word-solitaire-1.txt", "2 16 5 5 11", f"2 16 {ARABIC_3} 5 11")
    _refused(invoke("verify", "solitaire", sol, "--game", "word-solitaire", "--seed", "1"), f"{sol}:")


def test_csv_deck_count_in_arabic_digits(invoke, tmp_path):
    spec = _edited(tmp_path, SAMPLES / "game-of-words" / "mini-deck.csv", "A,2,10", f"A,{ARABIC_3},10")
    _refused(invoke("deal", "word-solitaire", "--spec", spec, "--seed", "1"), f"{spec}:")


@pytest.mark.parametrize("text", ["1-²", f"1-{ARABIC_3}", f"1-{HUGE}", f"{HUGE}-1"])
def test_range_in_other_digits_or_huge(invoke, text):
    result = invoke("deal", "word-solitaire", "--range", text, "--solve", "--stats")
    _refused(result, "--range")


def test_ipuz_width_of_thousands_of_digits(invoke, tmp_path):
    import re

    text = (SAMPLES / "crossword" / "grid.ipuz").read_text(encoding="utf-8")
    bad = tmp_path / "wide.ipuz"
    bad.write_text(re.sub(r'"width": *\d+', f'"width": {HUGE}', text, count=1), encoding="utf-8")
    line = bad.read_text().count("\n", 0, bad.read_text().index(HUGE)) + 1
    _refused(invoke("pattern", "--check", bad), f"{bad}:{line}:", "too large")
