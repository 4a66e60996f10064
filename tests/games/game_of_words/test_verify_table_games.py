"""The table games' score-keeping records: Anagrams, the O-U-T Game, Guess-O-Gram (issue 15; rulings 16-18)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.core.errors import InputError
from kitgen.core.text import TextSource
from kitgen.games.game_of_words.formats.table_games import parse_anagrams

Invoke = Callable[..., Result]
WordFile = Callable[..., Path]
S = Path(__file__).resolve().parents[3] / "samples" / "game-of-words"
MINI = S / "mini-deck.toml"


def record(tmp_path: Path, text: str, name: str = "r.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- Anagrams ------------------------------------------------------------------------------------

def test_anagrams_samples(invoke: Invoke) -> None:
    r = invoke("verify", "anagrams", S / "anagrams-1.txt", "--seed", "1", "--spec", MINI, "--json")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["words"] == {"ANN": ["BOAR"], "BOB": ["TARO", "HOME"]}
    assert doc["scores"] == {"ANN": 28, "BOB": 68} and doc["over"] and doc["winners"] == ["BOB"]
    r = invoke("verify", "anagrams", S / "anagrams-broken.txt")
    assert r.exit_code == 1 and "anagrams-broken.txt:7:1: CARS is the plural of CAR" in r.stderr


def test_anagrams_the_deal_is_checked(invoke: Invoke, tmp_path: Path) -> None:
    # deal 1 of the mini deck: ANN holds A, BOB T; ANN first
    r = invoke("verify", "anagrams", record(tmp_path, "players: ANN BOB\nANN T centre\n"), "--seed", "1",
               "--spec", MINI)
    assert r.exit_code == 1 and "r.txt:2:1: player 1 holds A, not T" in r.stderr
    r = invoke("verify", "anagrams", record(tmp_path, "players: ANN BOB\nBOB T centre\n"), "--seed", "1",
               "--spec", MINI)
    assert r.exit_code == 1 and "it is player 1's turn" in r.stderr
    # no deal: the pack's letters bound what may be held (one Q in the default deck)
    r = invoke("verify", "anagrams", record(tmp_path, "players: ANN BOB\nANN Q centre\nBOB Q centre\n"))
    assert r.exit_code == 1 and "r.txt:3:1: the pack has no Q left" in r.stderr


def test_anagrams_challenges(invoke: Invoke, tmp_path: Path, word_file: WordFile) -> None:
    words = word_file("ant", "tan")
    # an upheld challenge: TNA is no word; its letters go back, BOB keeps his card and his turn is over
    text = "players: ANN BOB\nANN A centre\nBOB T centre\nANN N form TNA\nBOB challenge\nBOB E centre\n"
    r = invoke("verify", "anagrams", record(tmp_path, text), "--words", words, "--json")
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["words"] == {"ANN": [], "BOB": []} and doc["challenges"] == [{"challenger": "BOB", "upheld": True}]
    text = text.replace("TNA", "ANT")  # now the challenge is wrong: BOB loses his next turn
    r = invoke("verify", "anagrams", record(tmp_path, text), "--words", words)
    assert r.exit_code == 1 and "r.txt:6:1: it is player 1's turn" in r.stderr
    ok = text.replace("BOB E centre\n", "ANN E centre\nBOB R centre\n")
    assert invoke("verify", "anagrams", record(tmp_path, ok), "--words", words).exit_code == 0


def test_anagrams_no_word_twice_and_words_from_the_centre_first(invoke: Invoke, tmp_path: Path,
                                                                 word_file: WordFile) -> None:
    words = word_file("ant", "tan", "nat")
    text = ("players: ANN BOB\nANN A centre\nBOB T centre\nANN N centre\nBOB - form ANT\nBOB A centre\n"
            "ANN T centre\nBOB N form ANT\n")
    r = invoke("verify", "anagrams", record(tmp_path, text), "--words", words)
    assert r.exit_code == 1 and "r.txt:8:1: player 2 already has ANT" in r.stderr


@pytest.mark.parametrize(("text", "where"), [("ANN A centre\n", "r.txt:1:1:"),
                                             ("players: ANN ANN\nANN A centre\n", "r.txt:1:14:"),
                                             ("players: ANN BOB\nCAT A centre\n", "r.txt:2:1:"),
                                             ("players: ANN BOB\nANN AB centre\n", "r.txt:2:5:"),
                                             ("players: ANN BOB\nANN A form\n", "r.txt:2:7:"),
                                             ("players: ANN BOB\nANN - centre\n", "r.txt:2:5:"),
                                             ("players: ANN BOB\n", "r.txt:1:1:")])
def test_anagrams_malformed_records_are_located(invoke: Invoke, tmp_path: Path, text: str, where: str) -> None:
    r = invoke("verify", "anagrams", record(tmp_path, text))
    assert r.exit_code == 2 and where in r.stderr, r.stderr


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="players: ANBO*-centrformtakchl\n#", max_size=200))
def test_fuzz_anagrams_reader(text: str) -> None:
    try:
        players, turns = parse_anagrams(TextSource("fuzz.txt", text))
        assert players.names and turns
    except InputError as exc:
        assert str(exc).startswith("fuzz.txt:")
