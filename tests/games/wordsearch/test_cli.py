"""``kitgen verify wordsearch`` and ``kitgen deal wordsearch`` (issue 4): hand-made sheets with --words lists."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis.strategies import SearchStrategy

from kitgen.games.wordsearch.rules import WordIndex
from kitgen.games.wordsearch.rules.book import deal_words
from kitgen.games.wordsearch.rules.par import ParResult, search_par

WORDS = ("tone", "note", "boats", "boat", "oats", "ton", "one", "crisp", "heard", "hear", "ear", "later", "late",
         "ate", "tea", "eat")

Invoke = Callable[..., Result]
"""The ``invoke`` fixture: ``invoke("verify", "wordsearch", ...)`` runs kitgen in-process."""
WordFile = Callable[..., Path]
"""The ``word_file`` fixture: writes a ``--words`` list."""



def write(tmp_path: Path, text: str, name: str = "sheet.txt") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


HAND = "ETONE\nXXXXX\nBOATS\nXXXXX\nHEARD\n"


def test_hand_made_sheet_scores(invoke: Invoke, word_file: WordFile, tmp_path: Path) -> None:
    # Worked by hand: rows 2 and 4 are X, so every column or diagonal word would cross an X: only rows count.
    # ETONE -> TONE and NOTE (5 boxes, +1 +1; TON, ONE inside them dropped); BOATS (5 boxes, +3; BOAT, OATS
    # dropped); HEARD (5 boxes, +3; HEAR, EAR dropped). 15 boxes + 8 bonus = 23.
    sheet = write(tmp_path, HAND)
    result = invoke("verify", "wordsearch", sheet, "--words", word_file(*WORDS), "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert sorted(w["word"] for w in data["words"]) == ["BOATS", "HEARD", "NOTE", "TONE"]
    found = {w["word"]: w for w in data["words"]}
    assert found["TONE"]["cells"] == [[1, 2], [1, 3], [1, 4], [1, 5]]
    assert found["NOTE"]["cells"] == [[1, 4], [1, 3], [1, 2], [1, 1]]
    assert (data["boxes"], data["bonus"], data["score"]) == (15, 8, 23)
    assert data["super_great"] is False and data["legal"] is None


def test_dense_sheet_counts_no_word_inside_another(invoke: Invoke, word_file: WordFile, tmp_path: Path) -> None:
    sheet = write(tmp_path, "ETONE\nBOATS\nCRISP\nHEARD\nLATER\n")
    data = json.loads(invoke("verify", "wordsearch", sheet, "--words", word_file(*WORDS), "--json").stdout)
    assert {"TONE", "NOTE", "BOATS", "CRISP", "HEARD", "LATER"} <= {w["word"] for w in data["words"]}
    cells = [frozenset(map(tuple, w["cells"])) for w in data["words"]]
    assert not any(a < b for a in cells for b in cells)
    assert data["boxes"] == len(frozenset().union(*cells)) == 25
    assert data["bonus"] == sum({4: 1, 5: 3}.get(len(w["word"]), 0) for w in data["words"])
    assert data["score"] == data["boxes"] + data["bonus"] and data["super_great"] is (data["score"] >= 40)


def test_human_output_marks_used_and_unused_boxes(invoke: Invoke, word_file: WordFile, tmp_path: Path) -> None:
    sheet = write(tmp_path, "ETONE\nXXXXX\nXXXXX\nXXXXX\nXXXXX\n")
    result = invoke("verify", "wordsearch", sheet, "--words", word_file("tone", "note"))
    assert result.exit_code == 0
    out = result.stdout
    assert "E  T  O  N  E" in out          # the used boxes in capitals
    assert "x  x  x  x  x" in out          # unused boxes in lower case
    assert "TONE" in out and "NOTE" in out and "total  7" in out


def test_tutorial_scores_boxes_only(invoke: Invoke, word_file: WordFile, tmp_path: Path) -> None:
    sheet = write(tmp_path, "ETONE\nXXXXX\nXXXXX\nXXXXX\nXXXXX\n")
    data = json.loads(invoke("verify", "wordsearch", sheet, "--words", word_file("tone", "note"), "--json",
                             "--tutorial").stdout)
    assert (data["score"], data["boxes"], data["bonus"]) == (5, 5, 0)


def test_malformed_sheet_is_exit_2_with_location(invoke: Invoke, tmp_path: Path) -> None:
    sheet = write(tmp_path, "ETONE\nBOA\nCRISP\nHEARD\nLATER\n")
    result = invoke("verify", "wordsearch", sheet)
    assert result.exit_code == 2
    assert result.stderr.strip() == f"kitgen: {sheet}:2:4: line 2 of the grid has 3 boxes; a line has 5"


def test_missing_sheet_is_exit_2(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke("verify", "wordsearch", tmp_path / "nope.txt")
    assert result.exit_code == 2 and "no such file" in result.stderr


# A full legal log: five 1-letter 'a', five 'is', five 'cat', five 'tone', five 'boats', line by line.
LOG_WORDS = ["a"] * 5 + ["is"] * 5 + ["cat"] * 5 + ["tone"] * 5 + ["boats"] * 5
LOG_GRID = "AAAAA\nIIIII\nCATCA\nTONEN\nBOATS\n"


def log_lines(words: list[str] = LOG_WORDS, grid: str = LOG_GRID) -> list[str]:
    rows = grid.split()
    out = []
    for t, w in enumerate(words):
        r, c = t // 5 + 1, t % 5 + 1
        out.append(f"{t + 1} {w} {rows[r - 1][c - 1]} {r} {c}")
    return out


def test_legal_turn_log_passes(invoke: Invoke, word_file: WordFile, tmp_path: Path) -> None:
    sheet = write(tmp_path, LOG_GRID + "\n".join(log_lines()) + "\n")
    result = invoke("verify", "wordsearch", sheet, "--words", word_file("cat", "tone", "boats"))
    assert result.exit_code == 0, result.stderr
    assert "turn log legal (25 turns)" in result.stdout


def test_letter_not_in_word_is_exit_1_at_the_turn(invoke: Invoke, word_file: WordFile, tmp_path: Path) -> None:
    lines = log_lines()
    lines[11] = "12 cat X 3 2"  # X not in CAT (grid has A there anyway)
    sheet = write(tmp_path, LOG_GRID + "\n".join(lines) + "\n")
    result = invoke("verify", "wordsearch", sheet, "--words", word_file(*WORDS))
    assert result.exit_code == 1
    assert result.stderr.strip() == f"kitgen: {sheet}:17:1: turn 12: X is not a letter of 'cat'"


def test_wrong_line_is_exit_1(invoke: Invoke, word_file: WordFile, tmp_path: Path) -> None:
    grid = "AAAAA\nIIIII\nCATCA\nTONEN\nBOATS\n"
    lines = log_lines()
    # swap turn 1 (a -> line 1) and turn 6 (is -> line 2) boxes: 'a' written on line 2 breaks the line rule
    lines[0] = "1 a A 2 1"
    sheet = write(tmp_path, grid + "\n".join(lines) + "\n")
    result = invoke("verify", "wordsearch", sheet, "--words", word_file(*WORDS))
    assert result.exit_code == 1
    assert "sheet.txt:6:1: turn 1: a 1-letter word goes on line 1, not line 2" in result.stderr


def test_incomplete_log_is_exit_1(invoke: Invoke, word_file: WordFile, tmp_path: Path) -> None:
    sheet = write(tmp_path, LOG_GRID + "\n".join(log_lines()[:3]) + "\n")
    result = invoke("verify", "wordsearch", sheet, "--words", word_file(*WORDS))
    assert result.exit_code == 1 and "stops after 3 turns" in result.stderr


def test_broken_rule_in_json_mode_still_prints_the_score(invoke: Invoke, word_file: WordFile, tmp_path: Path) -> None:
    lines = log_lines()
    lines[0] = "1 a A 2 1"
    sheet = write(tmp_path, LOG_GRID + "\n".join(lines) + "\n")
    result = invoke("verify", "wordsearch", sheet, "--words", word_file(*WORDS), "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["legal"] is False and "turn 1" in data["problems"][0]["message"] and "broken" not in data


def test_deal_words_must_match_the_log(invoke: Invoke, word_file: WordFile, tmp_path: Path) -> None:
    dealt = [w.lower() for w in deal_words(5)]
    lines = log_lines()  # words of LOG_WORDS, not deal 5's
    sheet = write(tmp_path, LOG_GRID + "\n".join(lines) + "\n")
    result = invoke("verify", "wordsearch", sheet, "--words", word_file(*WORDS), "--deal", "5")
    assert result.exit_code == 1
    assert f"turn 1: the deal's word is '{dealt[0].upper()}'" in result.stderr


@pytest.fixture(scope="module")
def par_sheet() -> ParResult:
    """A sheet made from deal 3 by the par search (a legal game), with its log."""
    idx = WordIndex(WORDS)
    found = search_par(deal_words(3), idx, budget=3000, seed=3)
    return found


def test_deal_without_a_log_checks_a_legal_order_exists(invoke: Invoke, word_file: WordFile, tmp_path: Path,
                                                        par_sheet: ParResult) -> None:
    sheet = write(tmp_path, "\n".join(par_sheet.rows) + "\n")
    result = invoke("verify", "wordsearch", sheet, "--words", word_file(*WORDS), "--deal", "3", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["legal"] is True and len(data["log"]) == 25
    # A grid of letters no word of deal 3 has cannot be made from it.
    letters = set("".join(deal_words(3)))
    missing = next(ch for ch in "QZXJKVWYBFGHMPU" if ch not in letters)
    bad = write(tmp_path, (missing * 5 + "\n") * 5, "bad.txt")
    result = invoke("verify", "wordsearch", bad, "--words", word_file(*WORDS), "--deal", "3")
    assert result.exit_code == 1
    assert f"{bad}:1:1: no order of deal 3's words makes this grid" in result.stderr


def test_par_sheet_log_verifies_against_its_deal(invoke: Invoke, word_file: WordFile, tmp_path: Path,
                                                 par_sheet: ParResult) -> None:
    log = "\n".join(f"{t.number} {t.word.lower()} {t.letter} {t.row} {t.col}" for t in par_sheet.turns)
    sheet = write(tmp_path, "\n".join(par_sheet.rows) + "\n" + log + "\n")
    result = invoke("verify", "wordsearch", sheet, "--deal", "3", "--words", word_file(*WORDS), "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["score"] == par_sheet.score


def test_deal_prints_25_words_deterministically(invoke: Invoke) -> None:
    first = invoke("deal", "wordsearch", "--seed", "11", "--json")
    again = invoke("deal", "wordsearch", "--seed", "11", "--json")
    assert first.exit_code == 0 and first.stdout == again.stdout
    data = json.loads(first.stdout)
    assert data["game"] == "wordsearch" and data["seed"] == 11
    assert data["words"] == [w.lower() for w in deal_words(11)]
    assert data["lines"] == [(len(w) - 1) % 5 + 1 for w in data["words"]]
    text = invoke("deal", "wordsearch", "--seed", "11")
    assert text.exit_code == 0 and data["words"][0] in text.stdout
    assert " 1 letters" not in text.stdout


def test_deal_text_says_1_letter(invoke: Invoke, tmp_path: Path) -> None:
    book = write(tmp_path, "\n".join(["I", "am"] * 13) + "\n", "book.txt")
    text = invoke("deal", "wordsearch", "--book", book).stdout
    assert "  1  i                   1 letter  -> line 1" in text
    assert "  2  am                  2 letters -> line 2" in text


def test_deal_needs_a_seed_or_a_book(invoke: Invoke) -> None:
    result = invoke("deal", "wordsearch")
    assert result.exit_code == 2 and "--seed" in result.stderr
    assert invoke("deal", "wordsearch", "--seed", "-4").exit_code == 2


def test_deal_from_a_book(invoke: Invoke, tmp_path: Path) -> None:
    book = write(tmp_path, "\n".join(f"Word{'s' * (n % 7)} and more" for n in range(30)) + "\n", "book.txt")
    data = json.loads(invoke("deal", "wordsearch", "--book", book, "--json").stdout)
    assert data["words"][:3] == ["word", "words", "wordss"]
    assert data["lines"][:3] == [4, 5, 1]


def test_deal_par_reports_score_and_time(invoke: Invoke, word_file: WordFile) -> None:
    result = invoke("deal", "wordsearch", "--seed", "3", "--par", "--budget", "3000", "--json",
                    "--words", word_file(*WORDS))
    assert result.exit_code == 0, result.stderr
    par = json.loads(result.stdout)["par"]
    assert par["score"] == par["par"] > 0 and par["evaluations"] > 0 and par["seconds"] > 0
    assert par["budget"] == par["steps"] == 3000 and par["capped"] is False and par["bound"] >= par["par"]
    text = invoke("deal", "wordsearch", "--seed", "3", "--par", "--budget", "3000", "--words", word_file(*WORDS))
    assert f"Par sheet: par {par['par']}" in text.stdout and f"{par['bound']}" in text.stdout
    assert len(par["grid"]) == 5 and len(par["log"]) == 25


def test_verify_shows_the_par_beside_the_score(invoke: Invoke, word_file: WordFile, tmp_path: Path,
                                               par_sheet: ParResult) -> None:
    sheet = write(tmp_path, "\n".join(par_sheet.rows) + "\n")
    result = invoke("verify", "wordsearch", sheet, "--deal", "3", "--par", "--budget", "2000",
                    "--words", word_file(*WORDS), "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["par"]["score"] > 0 and data["par"]["bound"] >= data["par"]["par"] and data["par"]["budget"] == 2000
    text = invoke("verify", "wordsearch", sheet, "--deal", "3", "--par", "--budget", "2000",
                  "--words", word_file(*WORDS))
    assert f"deal 3: par {data['par']['par']}" in text.stdout and f"this sheet: {data['score']}" in text.stdout
    assert invoke("verify", "wordsearch", sheet, "--par").exit_code == 2


SAMPLES = Path(__file__).resolve().parents[3] / "samples" / "wordsearch"


def test_samples_verify_as_documented(invoke: Invoke, word_file: WordFile) -> None:
    own = word_file(*WORDS)  # legality does not depend on the word list; the docs run these with the default
    assert invoke("verify", "wordsearch", SAMPLES / "deal-1.txt", "--words", own, "--deal", "1").exit_code == 0
    result = invoke("verify", "wordsearch", SAMPLES / "deal-1-grid-only.txt", "--words", own, "--deal", "1", "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["legal"] is True
    broken = invoke("verify", "wordsearch", SAMPLES / "deal-1-broken.txt", "--words", own, "--deal", "1")
    assert broken.exit_code == 1 and "turn 1: an 8-letter word goes on line 3, not line 2" in broken.stderr
    seed = invoke("verify", "wordsearch", SAMPLES / "seed-examples.txt", "--words", SAMPLES / "seed-words.txt",
                  "--json")
    assert json.loads(seed.stdout)["score"] == 23
    book = json.loads(invoke("deal", "wordsearch", "--book", SAMPLES / "poem.txt", "--json").stdout)
    assert book["words"][:3] == ["morning", "slowly", "and"]


def test_min_length_2_lets_a_player_score_two_letter_words(invoke: Invoke, word_file: WordFile,
                                                         tmp_path: Path) -> None:
    # The seed's example sheet with a 2-letter word of its own: TO down the corner diagonal from (1,2) to (2,1)
    # adds its one new box and no bonus; AT, TO, HE inside BOATS, TONE, HEARD count nothing (BOATS, not BOAT).
    sheet = write(tmp_path, "ETONE\nOQQQQ\nBOATS\nQQQQQ\nHEARD\n")
    words = word_file(*WORDS, "to", "at", "he")
    seed_rules = json.loads(invoke("verify", "wordsearch", sheet, "--words", words, "--json").stdout)
    result = invoke("verify", "wordsearch", sheet, "--words", words, "--min-length", "2", "--json")
    assert result.exit_code == 0, result.stderr
    short = json.loads(result.stdout)
    assert (seed_rules["score"], seed_rules["min_length"]) == (23, 3)
    assert (short["score"], short["boxes"], short["bonus"], short["min_length"]) == (24, 16, 8, 2)
    assert sorted(w["word"] for w in short["words"] if len(w["word"]) == 2) == ["TO"]
    assert all(w["bonus"] == 0 for w in short["words"] if len(w["word"]) == 2)
    text = invoke("verify", "wordsearch", sheet, "--words", words, "--min-length", "2")
    assert "total (2-letter words allowed)  24" in text.stdout
    refused = invoke("verify", "wordsearch", sheet, "--words", words, "--min-length", "1")
    assert refused.exit_code == 2 and "--min-length must be between 2 and 3 (got 1)" in refused.stderr


def test_verify_with_a_book_checks_the_log_words(invoke: Invoke, word_file: WordFile, tmp_path: Path) -> None:
    book = write(tmp_path, "\n".join(LOG_WORDS) + "\n", "book.txt")
    sheet = write(tmp_path, LOG_GRID + "\n".join(log_lines()) + "\n")
    result = invoke("verify", "wordsearch", sheet, "--words", word_file(*WORDS), "--book", book)
    assert result.exit_code == 0, result.stderr
    assert "turn log legal (25 turns, book book.txt)" in result.stdout
    other = write(tmp_path, "\n".join(["cat"] + LOG_WORDS[1:]) + "\n", "other.txt")
    result = invoke("verify", "wordsearch", sheet, "--words", word_file(*WORDS), "--book", other)
    assert result.exit_code == 1 and "turn 1: the deal's word is 'cat', not 'a'" in result.stderr


# -- fuzzed sheets through the whole command ---------------------------------------------

def _fuzz_sheet() -> SearchStrategy[str]:
    from hypothesis import strategies as st

    grid_line = st.one_of(st.text(alphabet="ETONEBOATSxyzÉß .#_?-1\t", max_size=8),
                          st.text(alphabet="ETONEBOATS", min_size=5, max_size=5))
    turn_line = st.builds(lambda *parts: " ".join(parts),
                          st.sampled_from(["1", "2", "3", "25", "26", "0", "x", "", "9999", "1.5"]),
                          st.sampled_from(["a", "is", "cat", "tone", "boats", "playfully", "ﬁsh", "straße", "x-ray",
                                           "don't", "3d", "", "--", "Étude"]),
                          st.sampled_from(["A", "T", "O", "E", "ß", "AB", "1", "", "é"]),
                          st.sampled_from(["1", "3", "5", "6", "0", "-1", "x", ""]),
                          st.sampled_from(["1", "2", "5", "6", "", "١"]))
    return st.lists(st.one_of(grid_line, turn_line, st.just("ETONE"), st.just("")), max_size=34).map("\n".join)


def test_fuzzed_sheets_through_verify_exit_cleanly(invoke: Invoke, word_file: WordFile, tmp_path: Path) -> None:
    """The bar: a fuzzed sheet gives exit 0, exit 1 (a broken rule) or the one-line exit-2 error, never more."""
    from hypothesis import HealthCheck, given, settings

    words = word_file(*WORDS)
    sheet = tmp_path / "fuzz.txt"

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(_fuzz_sheet())
    def check(text: str) -> None:
        sheet.write_text(text, encoding="utf-8")
        result = invoke("verify", "wordsearch", sheet, "--words", words, "--json")
        assert result.exit_code in (0, 1, 2), (text, result.output)
        if result.exit_code:
            lines = result.stderr.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith(f"kitgen: {sheet}"), (text, result.stderr)
            assert "internal error" not in result.stderr and "Traceback" not in result.output
        if result.exit_code in (0, 1):
            json.loads(result.stdout)  # the score is printed even when a rule is broken

    check()


def test_fuzzed_grids_against_a_deal_exit_cleanly(invoke: Invoke, word_file: WordFile, tmp_path: Path) -> None:
    """With --deal and no log the verifier searches for a legal order: it must answer, not crash or hang."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    words = word_file(*WORDS)
    sheet = tmp_path / "fuzz.txt"
    letters = "".join(sorted(set("".join(deal_words(2)))))

    @settings(max_examples=25, deadline=None)
    @given(st.lists(st.text(alphabet=letters, min_size=5, max_size=5), min_size=5, max_size=5))
    def check(rows: list[str]) -> None:
        sheet.write_text("\n".join(rows) + "\n", encoding="utf-8")
        result = invoke("verify", "wordsearch", sheet, "--deal", "2", "--words", words)
        assert result.exit_code in (0, 1), result.output
        if result.exit_code == 1:
            assert result.stderr.startswith(f"kitgen: {sheet}:1:1: no order of deal 2's words"), result.stderr

    check()
