"""Make a Wordsearch rules (issue 4): the line rule, the letter rule, scoring; seed examples included.

Every test passes its own words, so none depends on the default lexicon.
"""

from __future__ import annotations

import pytest

from kitgen.core.errors import RuleBroken
from kitgen.games.wordsearch.rules import (
    SUPER_GREAT,
    BoxTaken,
    GameIncomplete,
    LetterMismatch,
    LetterNotInWord,
    NotTheDealtWord,
    Turn,
    WordIndex,
    WrongLine,
    allowed_lines,
    grid_cells,
    lengths_for_line,
    reconstruct,
    replay,
    target_line,
)

FULL, EMPTY = 5, 0


def filled(*full: int) -> list[int]:
    """Fill counts with the given lines full and the others empty."""
    return [FULL if n in full else EMPTY for n in range(1, 6)]


# -- the line rule -------------------------------------------------------------

@pytest.mark.parametrize("length, line", [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 1), (7, 2), (8, 3),
                                          (9, 4), (10, 5), (11, 1), (12, 2), (15, 5), (16, 1)])
def test_word_length_gives_the_line_and_wraps_around(length: int, line: int) -> None:
    assert target_line(length) == line
    assert allowed_lines(length, filled()) == (line,)


def test_lengths_for_line_is_the_printed_table() -> None:
    assert lengths_for_line(1, 16) == [1, 6, 11, 16]
    assert lengths_for_line(4, 16) == [4, 9, 14]


def test_playfully_lines_3_and_4_full_goes_to_line_2_or_5() -> None:
    # Seed: 'playfully' (9 letters, line 4); lines 3 and 4 full -> lines 2 or 5.
    assert target_line(len("playfully")) == 4
    assert allowed_lines(len("playfully"), filled(3, 4)) == (2, 5)


def test_playfully_lines_3_4_and_5_full_goes_to_line_2_only() -> None:
    assert allowed_lines(len("playfully"), filled(3, 4, 5)) == (2,)


def test_a_partly_filled_line_is_not_full() -> None:
    counts = filled(3)
    counts[3] = 4  # line 4 has one free box
    assert allowed_lines(9, counts) == (4,)


def test_lines_do_not_wrap_for_overflow() -> None:
    # Line 1 full: a 1-letter word may only go to line 2 (line 5 is not next to line 1).
    assert allowed_lines(1, filled(1)) == (2,)
    assert allowed_lines(5, filled(5)) == (4,)
    assert allowed_lines(1, filled(1, 2, 3)) == (4,)
    assert allowed_lines(3, filled(2, 3, 4)) == (1, 5)


def test_full_grid_allows_nothing() -> None:
    assert allowed_lines(3, filled(1, 2, 3, 4, 5)) == ()


def test_zero_length_word_is_refused() -> None:
    with pytest.raises(ValueError):
        target_line(0)


# -- scoring -------------------------------------------------------------------

def rows(*lines: str) -> str:
    """A grid from up to five rows; missing rows and short rows are padded with X (no word uses X)."""
    padded = [line.ljust(5, "X") for line in lines] + ["XXXXX"] * (5 - len(lines))
    return grid_cells(padded)


def test_boats_scores_and_boat_inside_it_does_not() -> None:
    idx = WordIndex(["boats", "boat", "oats", "oat", "bot"])
    score = idx.score(rows("BOATS"))
    assert [f.word for f in score.words] == ["BOATS"]
    assert (score.boxes, score.bonus, score.total) == (5, 3, 8)


def test_etone_gives_tone_and_note_for_two_bonus_points() -> None:
    idx = WordIndex(["tone", "note", "ton", "one", "not", "ten"])
    score = idx.score(rows("ETONE"))
    assert sorted(f.word for f in score.words) == ["NOTE", "TONE"]
    assert score.bonus == 2
    assert score.boxes == 5
    assert score.total == 7


def test_word_and_reverse_on_the_same_cells_count_once() -> None:
    idx = WordIndex(["stop", "pots"])
    score = idx.score(rows("STOPX"))
    assert len(score.words) == 1
    only = score.words[0]
    assert {only.word, only.also} == {"STOP", "POTS"}
    assert (score.boxes, score.bonus) == (4, 1)


def test_palindrome_counts_once() -> None:
    idx = WordIndex(["level"])
    score = idx.score(rows("LEVEL"))
    assert len(score.words) == 1 and score.words[0].also is None
    assert score.total == 8


def test_words_read_in_all_eight_directions() -> None:
    idx = WordIndex(["cat"])
    cat_right = rows("CAT")
    cat_left = rows("TAC")
    cat_down = rows("C", "A", "T")
    cat_up = rows("T", "A", "C")
    cat_diag = rows("C", "XA", "XXT")
    cat_diag_up_left = rows("T", "XA", "XXC")
    cat_anti = rows("XXC", "XA", "T")
    cat_anti_up = rows("XXT", "XA", "C")
    for grid in (cat_right, cat_left, cat_down, cat_up, cat_diag, cat_diag_up_left, cat_anti, cat_anti_up):
        score = idx.score(grid)
        assert [f.word for f in score.words] == ["CAT"], grid
        assert score.total == 3


def test_cells_are_listed_in_reading_order() -> None:
    idx = WordIndex(["cat"])
    score = idx.score(rows("TAC"))
    assert score.words[0].cells == ((1, 3), (1, 2), (1, 1))


def test_no_looping_around_the_edge() -> None:
    idx = WordIndex(["cat"])
    assert idx.score(rows("ATXXC")).words == ()   # C..AT would need to wrap
    assert idx.score(rows("XXXXC", "ATXXX")).words == ()  # nor from one line to the next


def test_words_must_have_three_letters() -> None:
    idx = WordIndex(["at", "a", "cat"])
    assert idx.score(rows("ATXAT")).words == ()


def test_a_short_word_inside_a_longer_one_on_another_line_still_counts() -> None:
    # CAT across row 1 and CATS down column 1 share only the C: both count.
    idx = WordIndex(["cat", "cats"])
    score = idx.score(rows("CAT", "A", "T", "S"))
    assert sorted(f.word for f in score.words) == ["CAT", "CATS"]
    assert score.boxes == 6 and score.bonus == 1


def test_overlapping_words_both_count_and_boxes_are_counted_once() -> None:
    idx = WordIndex(["ten", "net"])
    # TENET: TEN (1-3), NET (3-5); TENET itself not a word here.
    score = idx.score(rows("TENET"))
    assert sorted(f.word for f in score.words) == ["NET", "TEN"]
    assert score.boxes == 5 and score.bonus == 0


def test_tutorial_scores_boxes_only() -> None:
    idx = WordIndex(["tone", "note"])
    score = idx.score(rows("ETONE"), tutorial=True)
    assert score.total == 5 == score.boxes
    assert not score.super_great


def test_forty_points_is_super_great() -> None:
    words = ["abcde", "fghij", "klmno", "pqrst", "uvwyz"]
    idx = WordIndex(words)
    score = idx.score(rows(*[w.upper() for w in words]))
    assert score.boxes == 25 and score.bonus == 15 and score.total == SUPER_GREAT
    assert score.super_great
    one_less = WordIndex(words[:4])
    assert not one_less.score(rows(*[w.upper() for w in words])).super_great


def test_quick_score_agrees_with_score() -> None:
    idx = WordIndex(["tone", "note", "cat", "cats", "act", "tan", "ant", "net", "ten", "eat", "tea", "ate"])
    for grid in (rows("ETONE", "CATSX", "ANTEA", "TEATE", "SCATS"), rows("CAT", "A", "T", "S"),
                 rows("TACTA", "EATEN", "NOTEN", "SANTA", "CATCH")):
        assert idx.quick_score(grid) == idx.score(grid).total
        assert idx.quick_score(grid, tutorial=True) == idx.score(grid, tutorial=True).total


# -- shorter words (--min-length 2: the seed's "maybe allow shorter words!") --------------

def test_two_letter_words_score_their_boxes_and_no_bonus() -> None:
    idx = WordIndex(["at", "cat"], shortest=2)
    score = idx.score(rows("ATXXX"))
    assert [f.word for f in score.words] == ["AT"]
    assert (score.boxes, score.bonus, score.total, score.shortest) == (2, 0, 2, 2)
    assert WordIndex(["at", "cat"]).score(rows("ATXXX")).words == ()  # the seed's own rules: 3 letters or more


def test_two_letter_words_inside_the_seeds_examples_do_not_count() -> None:
    # BOATS, not BOAT: nor AT; ETONE gives TONE and NOTE, not TO, ON or NE inside them; HE inside HEARD.
    words = ["boats", "boat", "at", "tone", "note", "to", "on", "ne", "heard", "he"]
    score = WordIndex(words, shortest=2).score(rows("ETONE", "XXXXX", "BOATS", "XXXXX", "HEARD"))
    assert sorted(f.word for f in score.words) == ["BOATS", "HEARD", "NOTE", "TONE"]
    assert (score.boxes, score.bonus, score.total) == (15, 8, 23)


def test_two_letter_words_on_the_corner_diagonals_count() -> None:
    # The 2-box diagonal at a corner is a line only when 2-letter words count: TO reads down-left from (1,2).
    score = WordIndex(["to", "tone"], shortest=2).score(rows("ETONE", "OXXXX"))
    assert [(f.word, f.cells) for f in score.words if len(f.word) == 2] == [("TO", ((1, 2), (2, 1)))]
    assert (score.boxes, score.total) == (5, 5 + 1)


def test_two_letter_words_allowed_is_not_super_great() -> None:
    words = ["abcde", "fghij", "klmno", "pqrst", "uvwyz"]
    grid = rows(*[w.upper() for w in words])
    score = WordIndex(words, shortest=2).score(grid)
    assert score.total == SUPER_GREAT and not score.super_great  # the seed's mark is for its own rules
    assert WordIndex(words, shortest=2).quick_score(grid) == score.total


def test_the_shortest_words_are_two_or_three_letters() -> None:
    with pytest.raises(ValueError):
        WordIndex(["a"], shortest=1)


def test_grid_cells_refuses_bad_grids() -> None:
    with pytest.raises(ValueError):
        grid_cells(["ABCDE"] * 4)
    with pytest.raises(ValueError):
        grid_cells(["ABCD1"] * 5)


# -- the turn log ----------------------------------------------------------------

# A legal game: 25 words whose lengths send 5 letters to each line, in order.
DEAL = ["a", "is", "cat", "tone", "boats"] * 5
GRID = rows("AAAAA", "IIIII", "CCCCC", "TTTTT", "BBBBB")


def legal_log(deal: list[str] = DEAL, grid: str = GRID) -> list[Turn]:
    found = reconstruct(grid, deal)
    assert found.turns is not None
    return list(found.turns)


def test_legal_log_replays() -> None:
    turns = [Turn(t + 1, w, w[0].upper(), (t % 5) + 1, t // 5 + 1) for t, w in enumerate(DEAL)]
    assert replay(GRID, turns, DEAL) == [5] * 5


def test_letter_must_be_in_the_word() -> None:
    turns = [Turn(1, "a", "B", 1, 1)]
    with pytest.raises(LetterNotInWord, match="B is not a letter of 'a'"):
        replay(rows("B"), turns)


def test_letter_must_match_the_grid() -> None:
    with pytest.raises(LetterMismatch):
        replay(rows("XAXXX"), [Turn(1, "a", "A", 1, 1)])


def test_box_cannot_be_filled_twice() -> None:
    turns = [Turn(1, "a", "A", 1, 1), Turn(2, "a", "A", 1, 1)]
    with pytest.raises(BoxTaken, match="already filled on turn 1"):
        replay(rows("A"), turns)


def test_wrong_line_is_refused_and_says_which_line() -> None:
    with pytest.raises(WrongLine, match="a 3-letter word goes on line 3, not line 2"):
        replay(rows("X", "C"), [Turn(1, "cat", "C", 2, 1)])


def test_playfully_overflow_in_a_log() -> None:
    # Lines 3 and 4 filled by 3- and 4-letter words, then 'playfully' goes to line 2 or 5, not 1.
    turns = [Turn(t + 1, "cat", "C", 3, t + 1) for t in range(5)]
    turns += [Turn(t + 6, "tone", "T", 4, t + 1) for t in range(5)]
    grid = rows("XXXXX", "YXXXX", "CCCCC", "TTTTT", "YXXXX")
    for ok in (Turn(11, "playfully", "Y", 2, 1), Turn(11, "playfully", "Y", 5, 1)):
        with pytest.raises(GameIncomplete):  # legal, but the game is not over
            replay(grid, turns + [ok])
    with pytest.raises(WrongLine, match="may go on line 2 or 5, not line 1"):
        replay(rows("PXXXX", "XXXXX", "CCCCC", "TTTTT"), turns + [Turn(11, "playfully", "P", 1, 1)])


def test_playfully_with_lines_3_4_and_5_full_in_a_log_goes_to_line_2_only() -> None:
    turns = [Turn(t + 1, "cat", "C", 3, t + 1) for t in range(5)]
    turns += [Turn(t + 6, "tone", "T", 4, t + 1) for t in range(5)]
    turns += [Turn(t + 11, "boats", "B", 5, t + 1) for t in range(5)]
    grid = rows("PXXXX", "YXXXX", "CCCCC", "TTTTT", "BBBBB")
    with pytest.raises(GameIncomplete):  # line 2: legal
        replay(grid, turns + [Turn(16, "playfully", "Y", 2, 1)])
    with pytest.raises(WrongLine, match="with line\\(s\\) 3, 4, 5 full it may go on line 2, not line 1"):
        replay(grid, turns + [Turn(16, "playfully", "P", 1, 1)])


def test_dealt_word_must_match() -> None:
    turns = [Turn(1, "is", "I", 2, 1)]
    with pytest.raises(NotTheDealtWord):
        replay(rows("X", "I"), turns, DEAL)


def test_rule_errors_are_exit_1() -> None:
    assert issubclass(WrongLine, RuleBroken) and WrongLine.exit_code == 1


def test_reconstruct_finds_a_legal_order_or_proves_there_is_none() -> None:
    found = reconstruct(GRID, DEAL)
    assert found.decided and found.turns is not None
    assert replay(GRID, list(found.turns), DEAL) == [5] * 5
    # Swap two rows: the 'a' words cannot put A on line 2 (line 1 is never full when they come).
    bad = rows("IIIII", "AAAAA", "CCCCC", "TTTTT", "BBBBB")
    none = reconstruct(bad, DEAL)
    assert none.decided and none.turns is None


def test_reconstruct_uses_overflow() -> None:
    # Six 3-letter words: the sixth must overflow to line 2 or 4.
    deal = ["cat"] * 6 + ["a"] * 5 + ["is"] * 4 + ["tone"] * 5 + ["boats"] * 5
    grid = rows("AAAAA", "IIIIC", "CCCCC", "TTTTT", "BBBBB")
    found = reconstruct(grid, deal)
    assert found.turns is not None
    sixth = found.turns[5]
    assert (sixth.row, sixth.letter) == (2, "C")


# -- the par search -------------------------------------------------------------------

def test_par_search_is_legal_reproducible_and_improves() -> None:
    from kitgen.games.wordsearch.rules.par import search_par

    deal = ["a", "is", "cat", "tone", "boats", "planet", "playfully", "of", "eat", "note", "tea", "ate", "stone",
            "eats", "toast", "an", "at", "tan", "ant", "neat", "seat", "east", "tones", "notes", "oats"]
    idx = WordIndex(["cat", "tone", "note", "boats", "boat", "eat", "tea", "ate", "stone", "notes", "tones", "oats",
                     "east", "seat", "neat", "ant", "tan", "sat", "set", "ten", "net", "toe", "one", "eon", "ton",
                     "not", "sea", "sat", "tat", "taste", "state", "tote", "toast"])
    first = search_par(deal, idx, budget=4000, seed=1)
    again = search_par(deal, idx, budget=4000, seed=1)
    assert (first.cells, first.turns) == (again.cells, again.turns)
    assert replay(first.cells, list(first.turns), deal) == [5] * 5  # the par sheet is a legal game
    assert idx.score(first.cells).total == first.score
    short = search_par(deal, idx, budget=50, seed=1)
    assert first.score >= short.score and first.score > 20


def test_vowelless_abbreviations_of_the_bundled_lexicon_do_not_score() -> None:
    from kitgen.core.lexicon import Lexicon, default_lexicon
    from kitgen.games.wordsearch.rules import index_for
    from kitgen.games.wordsearch.rules.scoring import is_abbreviation

    assert is_abbreviation("TSP") and is_abbreviation("MPH")
    assert not is_abbreviation("HMM") and not is_abbreviation("SHY") and not is_abbreviation("CAT")
    bundled = index_for(default_lexicon())
    assert "TSP" not in bundled and "HMM" in bundled and "CAT" in bundled
    own = index_for(Lexicon.from_entries([("tsp", 10), ("cat", 10)], name="mine.txt"))
    assert "TSP" in own  # a --words list is the players' own dictionary


# -- independent re-statements of the rules, checked exhaustively / on random grids ----------------

def _seed_overflow(target: int, counts: list[int]) -> set[int]:
    """The seed's wording, step by step: the line; if full, an adjacent line; if that is full too, a line
    adjacent to THAT filled line, and so on (lines 1 and 5 are not adjacent)."""
    if counts[target - 1] < FULL:
        return {target}
    seen, todo, out = {target}, [target], set()
    while todo:
        line = todo.pop()
        for nxt in (line - 1, line + 1):
            if 1 <= nxt <= 5 and nxt not in seen:
                seen.add(nxt)
                if counts[nxt - 1] < FULL:
                    out.add(nxt)
                else:
                    todo.append(nxt)
    return out


def test_allowed_lines_match_the_seed_wording_for_every_fill_state() -> None:
    import itertools

    for counts in itertools.product(range(FULL + 1), repeat=5):
        for length in range(1, 6):
            got = allowed_lines(length, list(counts))
            assert set(got) == _seed_overflow(length, list(counts)), (length, counts, got)
            assert list(got) == sorted(got)


def _naive_total(cells: str, words: set[str], tutorial: bool = False) -> int:
    """Scoring as the seed says it, the slow way: every straight 3-5 box run in 8 directions that reads a word;
    drop runs whose boxes lie inside another found run's boxes; a run and its reverse count once."""
    found: list[tuple[str, frozenset[tuple[int, int]]]] = []
    for r in range(5):
        for c in range(5):
            for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1), (1, -1), (-1, 1)):
                for n in (3, 4, 5):
                    path = [(r + dr * i, c + dc * i) for i in range(n)]
                    if all(0 <= y < 5 and 0 <= x < 5 for y, x in path):
                        text = "".join(cells[y * 5 + x] for y, x in path)
                        if text in words:
                            found.append((text, frozenset(path)))
    counted: list[tuple[str, frozenset[tuple[int, int]]]] = []
    for word, boxes in found:
        if any(boxes < other for _, other in found) or any(boxes == other for _, other in counted):
            continue
        counted.append((word, boxes))
    used = len(frozenset().union(*(b for _, b in counted))) if counted else 0
    return used if tutorial else used + sum({4: 1, 5: 3}.get(len(w), 0) for w, _ in counted)


def test_scoring_agrees_with_the_naive_reading_on_random_grids() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    words = {"TON", "TONE", "NOTE", "NOT", "ONE", "EON", "TEN", "NET", "SET", "TOE", "ETON", "STONE", "NOTES",
             "ONSET", "SETON", "TONES", "TENON", "TENT", "TEST", "SETT", "NEST", "SENT", "TEEN", "STET", "OTTO"}
    idx = WordIndex(words)

    @settings(max_examples=300, deadline=None)
    @given(st.text(alphabet="ETONS", min_size=25, max_size=25))
    def check(cells: str) -> None:
        score = idx.score(cells)
        assert score.total == _naive_total(cells, words), cells
        assert idx.quick_score(cells) == score.total
        assert idx.score(cells, tutorial=True).total == _naive_total(cells, words, tutorial=True)
        boxes = [frozenset(f.cells) for f in score.words]
        assert not any(a < b for a in boxes for b in boxes)  # no counted word inside another
        assert len(set(boxes)) == len(boxes)                 # a word and its reverse: once

    check()
