"""The CLI skeleton (issue 2): command groups, exit codes, one-line errors, fast --help."""

from __future__ import annotations

import subprocess
import sys

import pytest

from kitgen import __version__

GROUPS = ["kit", "pattern", "sheet", "deck", "bricks", "deal", "verify", "words"]


def test_help_lists_the_eight_command_groups(invoke):
    result = invoke("--help")
    assert result.exit_code == 0
    for group in GROUPS:
        assert group in result.stdout


def test_version(invoke):
    result = invoke("--version")
    assert result.exit_code == 0 and __version__ in result.stdout


def test_words_check_exit_codes(invoke):
    assert invoke("words", "check", "balance").exit_code == 0
    assert invoke("words", "check", "qzxvkj").exit_code == 1


def test_words_match_prints_balance_and_friends(invoke):
    result = invoke("words", "match", "?A?A?C?")
    assert result.exit_code == 0
    found = result.stdout.split()
    assert {"balance", "valance", "vacancy"} <= set(found)


def test_words_option_replaces_the_lexicon(invoke, word_file):
    words = word_file("balance", "take cover")
    assert invoke("words", "check", "valance", "--words", words).exit_code == 1
    assert invoke("words", "check", "take cover", "--words", words).exit_code == 0
    result = invoke("words", "match", "?A?A?C?", "--words", words)
    assert result.stdout.split() == ["balance"]
    result = invoke("words", "match", "T???C????", "--words", words)
    assert result.stdout.strip() == "take cover"


def test_words_anagram(invoke, word_file):
    words = word_file("cat", "act", "knot", "note", "tone")
    result = invoke("words", "anagram", "tcax", "--words", words)
    assert result.exit_code == 0 and set(result.stdout.split()) == {"cat", "act"}
    result = invoke("words", "anagram", "knt", "--wild", "1", "--words", words)
    assert "knot" in result.stdout.split()


def test_missing_word_file_is_one_line_exit_2(invoke, tmp_path):
    missing = tmp_path / "nope.txt"
    result = invoke("words", "check", "x", "--words", missing)
    assert result.exit_code == 2
    assert result.stderr.strip() == f"kitgen: {missing}: no such file"
    assert "Traceback" not in result.output


def test_bad_word_file_names_line_and_column(invoke, word_file):
    bad = word_file("balance", "  b4d")
    result = invoke("words", "check", "x", "--words", bad)
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"kitgen: {bad}:3:3: 'b4d' is not a word (letters, spaces, hyphens and apostrophes only)")


def test_bad_pattern_is_exit_2(invoke):
    result = invoke("words", "match", "A1?")
    assert result.exit_code == 2 and "bad pattern" in result.stderr


def test_usage_error_is_exit_2(invoke):
    assert invoke("no-such-command").exit_code == 2
    assert invoke("words", "check").exit_code == 2


def test_console_script_and_module_run():
    result = subprocess.run([sys.executable, "-m", "kitgen", "words", "check", "qzxvkj"],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr


def test_help_does_not_import_heavy_libraries():
    code = ("import sys; from kitgen.cli.app import app; "
            "heavy = [m for m in ('reportlab', 'weasyprint', 'pypdf', 'pypdfium2') if m in sys.modules]; "
            "print(','.join(heavy))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


def test_output_into_a_closed_pipe_is_not_an_error():
    """`kitgen words match ... | head -1`: the reader leaving early is no internal error."""
    result = subprocess.run(f"{sys.executable} -m kitgen words match '?????' | head -1", shell=True,
                            capture_output=True, text=True)
    assert len(result.stdout.splitlines()) == 1
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr


def test_usage_errors_are_one_line_naming_the_help_to_read(invoke):
    for args, words in ((["deal", "poker"], "No such command 'poker'"),
                        (["sheet", "--count", "x"], "Invalid value for '--count'"),
                        (["sheet", "--nope"], "No such option: --nope")):
        result = invoke(*args)
        assert result.exit_code == 2
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("kitgen: ") and words in lines[0]
        assert "(see: " in lines[0] and f"{args[0]} --help)" in lines[0] and "Traceback" not in result.output


def test_a_group_alone_shows_its_help(invoke):
    result = invoke("deal")
    assert result.exit_code == 2 and "word-solitaire" in result.output


def test_debug_leaves_input_errors_one_line(invoke, tmp_path):
    """--debug adds a traceback to internal errors only; a missing file stays one line, exit 2 (issue 17)."""
    result = invoke("--debug", "verify", "crossword", tmp_path / "none.txt")
    assert result.exit_code == 2
    assert result.stderr == f"kitgen: {tmp_path / 'none.txt'}: no such file\n"


def test_debug_shows_the_traceback_of_an_internal_error(invoke, monkeypatch):
    monkeypatch.setattr("kitgen.api.match", lambda *a, **k: 1 / 0)
    plain = invoke("words", "match", "c?t")
    assert plain.exit_code == 2 and plain.stderr.startswith("kitgen: internal error: ZeroDivisionError")
    assert "Traceback" not in plain.stderr
    debug = invoke("--debug", "words", "match", "c?t")
    assert debug.exit_code == 2, debug.output
    assert "Traceback (most recent call last)" in debug.stderr
    assert debug.stderr.rstrip().splitlines()[-1].startswith("kitgen: internal error: ZeroDivisionError")


@pytest.mark.parametrize("value", ["nan", "-nan", "NaN"])
def test_seconds_nan_says_what_is_accepted(invoke, value):
    from pathlib import Path

    sheet = Path(__file__).resolve().parents[2] / "samples" / "wordsearch" / "deal-1.txt"
    result = invoke("verify", "wordsearch", sheet, "--seconds", value)
    assert result.exit_code == 2
    assert result.stderr == "kitgen: --seconds must be a number between 0.1 and 600 (got nan)\n", result.stderr
