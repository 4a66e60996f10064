"""`kitgen verify crossword RECORD` and the record format (DESIGN.md Formats; issue 3 verifier)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitgen.core.errors import InputError, RuleBroken
from kitgen.core.text import TextSource
from kitgen.games.crossword.formats.record import parse_record
from kitgen.games.crossword.rules.record import replay

GRID = ".......\n#.#.#.#\n.......\n"
WORDS = ("art", "attempt", "ape", "cap", "balance", "take cover")
GAME = """# the seed's BALANCE example, as a game
pattern: grid.txt
players: ANN BOB
ANN 2D art
BOB 5 across attempt
ANN 3D ape
BOB 4D cap
ANN 1A balance
BOB pass
ANN pass
"""


@pytest.fixture
def files(tmp_path: Path, word_file):
    (tmp_path / "grid.txt").write_text(GRID)
    words = word_file(*WORDS)

    def record(text: str, name: str = "game.txt") -> Path:
        p = tmp_path / name
        p.write_text(text)
        return p

    return record, words


def test_replays_a_game_prints_the_table_and_winner(invoke, files):
    record, words = files
    result = invoke("verify", "crossword", record(GAME), "--words", words)
    assert result.exit_code == 0, result.output
    assert "BALANCE" in result.stdout and "winner: ANN" in result.stdout
    assert "bonus: ANN +10" in result.stdout


def test_json_contract(invoke, files):
    record, words = files
    out = json.loads(invoke("verify", "crossword", record(GAME), "--words", words, "--json").stdout)
    assert out["scores"] == {"ANN": 6 + 3 + 21 + 10, "BOB": 7 + 3}
    assert out["winner"] == "ANN" and out["finished"] is True
    assert out["bonus"] == {"player": "ANN", "points": 10}
    assert out["moves"][4] == {"player": "ANN", "light": "1A", "word": "BALANCE", "links": 3, "score": 21, "line": 8}
    assert out["moves"][5]["light"] is None and out["moves"][5]["score"] == 0


def test_inline_pattern(invoke, files):
    record, words = files
    inline = GAME.replace("pattern: grid.txt", "pattern:\n" + GRID)
    assert invoke("verify", "crossword", record(inline), "--words", words).exit_code == 0


def test_hints_show_the_best_alternatives(invoke, files):
    record, words = files
    result = invoke("verify", "crossword", record(GAME), "--words", words, "--hints")
    assert result.exit_code == 0 and "best: 1A BALANCE (21)" in result.stdout
    out = json.loads(invoke("verify", "crossword", record(GAME), "--words", words, "--hints", "--json").stdout)
    assert out["moves"][4]["best"][0] == {"light": "1A", "word": "BALANCE", "score": 21}


@pytest.mark.parametrize("change, where, reason", [
    (("ANN 3D ape", "ANN 3D apt"), "6:8", "clashes"),            # letter clash at the word
    (("ANN 2D art", "ANN 3D ape"), "4:5", "shortest light"),      # first entry elsewhere
    (("ANN 3D ape", "ANN 3D apes"), "6:8", "letters"),           # wrong length
    (("ANN 1A balance", "ANN 2D art"), "8:5", "already been entered"),
    (("BOB 4D cap", "ANN 4D cap"), "7:1", "BOB's turn"),          # out of turn
    (("ANN 3D ape", "ANN 3D aqe"), "6:8", "not in the lexicon"),
    (("BOB 5 across attempt", "BOB 3D ape"), "5:5", "no link"),             # crosses no letter yet
    (("BOB pass\nANN pass", "BOB pass\nANN pass\nBOB 5A attempt"), "11:1", "the game is over"),
])
def test_an_illegal_entry_is_exit_1_at_its_record_line(invoke, files, change, where, reason):
    record, words = files
    path = record(GAME.replace(*change))
    result = invoke("verify", "crossword", path, "--words", words)
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith(f"kitgen: {path}:{where}:") and reason in result.stderr


def test_ink_mode_lets_mistakes_stand_for_minus_10(invoke, files):
    record, words = files
    path = record(GAME.replace("ANN 3D ape", "ANN 3D aqe"))
    out = json.loads(invoke("verify", "crossword", path, "--words", words, "--ink", "--json").stdout)
    assert out["moves"][2]["score"] == -10 and out["moves"][2]["fault"] == "not-in-lexicon"


@pytest.mark.parametrize("text, where, why", [
    (GAME.replace("CAL", "").replace("BOB 4D cap", "CAL 4D cap"), "7:1", "unknown player 'CAL'"),
    (GAME.replace("ANN 3D ape", "ANN 9D ape"), "6:5", "no light 9D"),
    (GAME.replace("ANN 3D ape", "ANN 3X ape"), "6:5", "expected a light"),
    (GAME.replace("ANN 3D ape", "ANN 3D"), "6:7", "no word"),
    (GAME.replace("ANN 3D ape", "ANN 3D a9e"), "6:8", "not a word"),
    (GAME.replace("players: ANN BOB", "players: ANN"), "3:10", "at least two"),
    (GAME.replace("pattern: grid.txt", "pattern: nope.txt"), "2:10", "no such file"),
    (GAME.replace("pattern: grid.txt\n", ""), "3:1", "a turn before the pattern: line"),
    (GAME.replace("ANN 2D art\n", "").replace("BOB 5 across attempt", "").replace("ANN 3D ape", "")
     .replace("BOB 4D cap", "").replace("ANN 1A balance", "").replace("BOB pass", "").replace("ANN pass", "")
     .replace("pattern: grid.txt\n", ""), "", "no pattern: line"),
    (GAME.replace("players: ANN BOB", "colour: red"), "3:1", "unknown heading"),
    ("pattern:\n.......\n#.#.#.\n.......\nplayers: A B\n", "3:7", "ragged row"),
    # a bad character or a space in an inline row is reported there, not as "only 1 row(s)"
    ("pattern:\n.......\n#.#%#.#\n.......\nplayers: A B\nA 2D art\n", "3:4", "bad cell '%'"),
    ("pattern:\n.......\n#.# #.#\n.......\nplayers: A B\nA 2D art\n", "3:4", "a space inside a row"),
    (GAME.replace("BOB pass", "players: CAL DEE"), "9:1", "players: line after the first turn"),
])
def test_malformed_records_are_exit_2_with_line_and_column(invoke, files, text, where, why):
    record, words = files
    path = record(text)
    result = invoke("verify", "crossword", path, "--words", words)
    assert result.exit_code == 2, result.output
    prefix = f"kitgen: {path}:{where}:" if where else f"kitgen: {path}:"
    assert result.stderr.startswith(prefix) and why in result.stderr, result.stderr
    assert "Traceback" not in result.output


def test_a_pattern_without_lights_is_exit_2_at_the_pattern_line(invoke, files):
    record, words = files
    path = record("players: A B\npattern:\n###\n###\n###\nA pass\n")
    result = invoke("verify", "crossword", path, "--words", words)
    assert result.exit_code == 2 and f"{path}:2:9: the pattern has no light" in result.stderr


def test_a_64_wide_inline_grid_is_exit_2(invoke, files):
    record, words = files
    path = record("pattern:\n" + ("." * 64 + "\n") * 3 + "players: A B\n")
    result = invoke("verify", "crossword", path, "--words", words)
    assert result.exit_code == 2 and f"{path}:2:64:" in result.stderr


def test_replay_api(tmp_path):
    from kitgen.core.lexicon import Lexicon

    rec = parse_record(TextSource("r.txt", GAME.replace("pattern: grid.txt", "pattern:\n" + GRID)))
    done = replay(rec, Lexicon.from_entries([(w, 10) for w in WORDS]))
    assert done.game.result().winner == "ANN" and done.lines == [8, 9, 10, 11, 12, 13, 14]


def test_a_turn_keeps_where_its_player_was_written():
    """The reader keeps the player's column, so a turn's locations (asked for every turn replayed) need no second
    pass over the line: they are the same as found from the line's tokens."""
    from dataclasses import replace as changed

    text = GAME.replace("pattern: grid.txt", "pattern:\n" + GRID).replace("\nANN ", "\n   ANN ", 1)
    rec = parse_record(TextSource("r.txt", text))
    assert rec.turns[0].player_col == 4 and all(turn.player_col == 1 for turn in rec.turns[1:])
    assert [t.spots for t in rec.turns] == [changed(t, player_col=0).spots for t in rec.turns]



def test_a_legal_turn_builds_no_location_and_a_refused_one_its_own(monkeypatch):
    """A turn's ``Spots`` are its line's columns, each ``Location`` built only when a refusal asks for it (issue
    25's bench bar: three ``Location``s a turn made a replay 14% slower): a legal record replays without building
    one, a turn refused for its word builds the word's alone, a turn out of order the player's."""
    from kitgen.core.errors import Location
    from kitgen.core.lexicon import Lexicon
    from kitgen.core.text import Line

    built: list[int] = []
    where = Line.where

    def counted(line: Line, col: int = 1) -> Location:
        built.append(col)
        return where(line, col)

    monkeypatch.setattr(Line, "where", counted)
    lexicon = Lexicon.from_entries([(w, 10) for w in WORDS])
    text = GAME.replace("pattern: grid.txt", "pattern:\n" + GRID)
    rec = parse_record(TextSource("r.txt", text))
    built.clear()
    done = replay(rec, lexicon)
    assert done.broken is None and len(done.game.moves) == len(rec.turns) and built == []
    for change, column, refused in (("ANN 3D apx", 8, "apx"), ("BOB 3D ape", 1, None)):
        rec = parse_record(TextSource("r.txt", text.replace("ANN 3D ape", change)))
        built.clear()
        done = replay(rec, lexicon)
        assert done.broken is not None and done.broken.where == Location("r.txt", 10, column)
        assert done.broken.offending == refused and built == [column]
        assert len(done.game.moves) == 2

_ALPHABET = list("ANBO pas12DA#.\n:") + ["pattern:", "players: ANN BOB\n", "ANN ", "BOB ", "pass\n", "3D ",
                                        "14 across "]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_ALPHABET), max_size=60))
def test_fuzzed_record_reader_raises_only_input_errors(parts):
    from kitgen.core.lexicon import Lexicon

    text = "pattern:\n" + GRID + "".join(parts)
    try:
        rec = parse_record(TextSource("r.txt", text))
        replay(rec, Lexicon.from_entries([(w, 10) for w in WORDS]))
    except (InputError, RuleBroken):
        pass


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(list("AB#.%: \t\n1234DapsX\u00e9-'") + [
    "pattern:", "pattern: grid.txt", "players:", " across ", " pass", "ANN", "BOB"]), max_size=120).map("".join))
def test_fuzzed_record_text_raises_only_input_errors_or_rule_breaks(text):
    """Any text at all: a record, an InputError (exit 2) or a RuleBroken (exit 1), never anything else."""
    from kitgen.core.lexicon import Lexicon

    try:
        rec = parse_record(TextSource("r.txt", text))
        replay(rec, Lexicon.from_entries([(w, 10) for w in WORDS]))
    except (InputError, RuleBroken):
        pass


SAMPLES = Path(__file__).resolve().parents[3] / "samples" / "crossword"


@pytest.mark.parametrize("name, args, code", [
    ("game.txt", (), 0), ("inline.txt", ("--hints",), 0), ("illegal.txt", (), 1), ("illegal.txt", ("--ink",), 0),
    ("wrong-light.txt", (), 1),
])
def test_samples_verify_as_the_docs_say(invoke, word_file, name, args, code):
    words = word_file("act", "technical", "afternoon", "apologies", "according", "appearing", "alpha", "pointless",
                      "gas", "art", "take heart", "ear")
    result = invoke("verify", "crossword", SAMPLES / name, *args, "--words", words)
    assert result.exit_code == code, result.output


def test_sample_patterns_are_legal_british(invoke):
    for name in ("grid.txt", "grid.ipuz"):
        assert invoke("pattern", "--check", SAMPLES / name, "--style", "british").exit_code == 0


def test_score_table_columns_stay_aligned_with_a_long_entry(invoke, word_file):
    """An ink fault ('TECHNOCAL (not-in-lexicon)') is wider than the entry column: the columns still line up."""
    words = word_file("act", "technical", "afternoon")
    result = invoke("verify", "crossword", SAMPLES / "illegal.txt", "--ink", "--words", words)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    table = lines[:6]                       # the header and five turns
    assert "TECHNOCAL (not-in-lexicon)" in table[2]
    assert len({len(line) for line in table}) == 1, "\n".join(table)
