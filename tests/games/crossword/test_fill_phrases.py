"""Long entries only from phrases with a real frequency (issue 31): an English phrase ranks from its SemCor count
(WordNet's ``cntlist.rev``, scripts/build_lexicon.py), and a phrase SemCor never counted (MADDER FAMILY, HUSSAR
MONKEY) is still a word of the lexicon (a verifier accepts it) but no fill proposes it. A ``--words`` list is
filled from whole, as before."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest
from script_module import load_script

from kitgen.core.grid import Grid
from kitgen.core.lexicon import FILL_RANK, Lexicon, default_lexicon
from kitgen.games.crossword.rules.fill import fill

ROOT = Path(__file__).resolve().parents[3]
UNCOUNTED = Grid(["MADDERFAMIL.", "############", "HUSSARMONKE."])   # each light has one word: an uncounted phrase


def _build_script() -> ModuleType:
    module: ModuleType = load_script("build_lexicon")
    return module


def test_a_phrase_ranks_from_its_semcor_count():
    rank = _build_script().phrase_rank
    assert [rank(n) for n in (0, 1, 2, 3, 4, 9, 10, 25)] == [80, 70, 55, 55, 40, 40, 35, 35]


@pytest.mark.parametrize(("phrase", "rank"), [
    ("a lot", 35),           # 17 tags in SemCor
    ("take care", 35),       # 9 + 8 + 6 over its three senses
    ("ice cream", 70),       # 1
    ("madder family", 80),   # none: still a word
    ("hussar monkey", 80),
])
def test_the_shipped_lexicon_ranks_phrases_by_count(phrase, rank):
    lexicon = default_lexicon()
    assert lexicon.rank(phrase) == rank
    assert phrase in lexicon   # a verifier accepts it whatever its count


def test_a_word_beats_a_counted_phrase_of_the_same_letters():
    """SemCor tagged break out 11 times (rank 35), but BREAKOUT is the word breakout (SCOWL's rank 55, shown as
    the word), as when every phrase ranked 80: a phrase's count never changes how a single word is shown."""
    lexicon = default_lexicon()
    assert lexicon.display("BREAKOUT") == "breakout" and lexicon.rank("BREAKOUT") == 55
    assert lexicon.display("BREAKUP") == "breakup" and lexicon.display("BULLSEYE") == "bullseye"


def test_a_fill_does_not_propose_an_uncounted_phrase():
    proposals = default_lexicon().proposals()
    found = fill(UNCOUNTED, proposals)   # what proposals held before: the two phrases
    assert found is not None and found.words == {"1A": "MADDERFAMILY", "2A": "HUSSARMONKEY"}
    fills = proposals.for_fills()
    assert fill(UNCOUNTED, fills) is None
    assert "MADDERFAMILY" not in fills and "ICECREAM" in fills and fills.rank("ICECREAM") == 70 <= FILL_RANK
    assert default_lexicon().proposals(all_words=True).for_fills().rank("MADDERFAMILY") is None


def test_a_counted_phrase_fills_from_its_count():
    found = fill(Grid(["ICECREA.", "########", "....LOT."]), default_lexicon().proposals().for_fills())
    assert found is not None and found.words["1A"] == "ICECREAM"


def test_the_command_line_fill_leaves_out_uncounted_phrases(invoke, tmp_path: Path):
    src = tmp_path / "theme.txt"
    src.write_text("MADDERFAMIL.\n############\n############\n")
    result = invoke("pattern", "--from", src, "--fill", "--out", tmp_path / "f.pdf")
    assert result.exit_code == 2 and "1A" in result.stderr, result.output
    assert not (tmp_path / "f.pdf").exists()


def test_a_words_list_fills_with_any_of_its_phrases(invoke, tmp_path: Path):
    words = tmp_path / "words.lst"
    words.write_text("madder family\nhussar monkey;1\nice cream;50\n")
    lexicon = Lexicon.from_entries([("madder family", 80)])
    assert lexicon.for_fills() is lexicon
    src = tmp_path / "theme.txt"
    src.write_text("MADDERFAMIL.\n############\nHUSSARMONKE.\n")
    result = invoke("pattern", "--from", src, "--fill", "--words", words, "--ipuz", tmp_path / "f.ipuz",
                    "--out", tmp_path / "f.pdf")
    assert result.exit_code == 0, result.output
    solution = json.loads((tmp_path / "f.ipuz").read_text())["solution"]
    assert "".join(solution[0]) == "MADDERFAMILY" and "".join(solution[2]) == "HUSSARMONKEY"


# The Crossword game's hints and computer player offer what a fill proposes: MAC, CONSEQUENCES and the four
# downs leave 1A as M?D?E?F?M?L?, which only MADDER FAMILY (uncounted, rank 80) fits in the default lexicon.
CROSSED = "............\n.#.#.#.#.#.#\n............\n"
CROSSED_TURNS = ("ANN 1D mac", "BOB 7A consequences", "ANN 2D den", "BOB 3D eye", "ANN 4D flu", "BOB 5D man",
                 "ANN 6D lie")


def _crossed_record(tmp_path: Path, *more: str) -> Path:
    path = tmp_path / "game.txt"
    path.write_text("pattern:\n" + CROSSED + "players: ANN BOB\n" + "\n".join((*CROSSED_TURNS, *more)) + "\n")
    return path


def _best_1a(invoke, record: Path, *args: str) -> list[dict[str, object]]:
    result = invoke("verify", "crossword", record, "--hints", "--json", *args)
    assert result.exit_code == 0, result.output
    return [b for b in json.loads(result.stdout)["moves"][7]["best"] if b["light"] == "1A"]


def test_hints_leave_out_an_uncounted_phrase_a_player_may_still_write(invoke, tmp_path: Path):
    from kitgen.core.text import TextSource
    from kitgen.games.crossword.formats.record import parse_record
    from kitgen.games.crossword.rules.record import replay

    record = _crossed_record(tmp_path, "BOB 1A madder family")
    lexicon = default_lexicon()
    before = replay(parse_record(TextSource(str(record), record.read_text())), lexicon, hints=3,
                    proposals=lexicon.proposals())   # what the hints drew from before: MADDER FAMILY offered
    assert before.hints is not None and before.hints[7] == [(72, "1A", "MADDERFAMILY")]
    assert _best_1a(invoke, record) == []
    assert _best_1a(invoke, record, "--all-words") == []
    result = invoke("verify", "crossword", record, "--json")   # the entry itself is legal: a word of the lexicon
    assert result.exit_code == 0 and json.loads(result.stdout)["moves"][7]["word"] == "MADDERFAMILY", result.output


def test_hints_offer_a_words_lists_phrase_whatever_its_score(invoke, tmp_path: Path, word_file):
    words = word_file("mac", "consequences", "den", "eye", "flu", "man", "lie", "madder family;1")
    best = _best_1a(invoke, _crossed_record(tmp_path, "BOB pass"), "--words", words)
    assert best == [{"light": "1A", "word": "MADDERFAMILY", "score": 72}]   # 12 letters x 6 links


def test_the_computer_player_does_not_write_an_uncounted_phrase(tmp_path: Path):
    from kitgen import api

    text = _crossed_record(tmp_path, "BOB pass").read_text()
    answer = api.reply("crossword", text, level=5)
    assert answer["player"] == "ANN" and answer["light"] is None and answer["line"] == "ANN pass"   # 1A is all left


def test_the_computer_player_writes_a_words_lists_phrase(tmp_path: Path, word_file):
    from kitgen import api

    words = word_file("mac", "consequences", "den", "eye", "flu", "man", "lie", "madder family;1")
    text = _crossed_record(tmp_path, "BOB pass").read_text()
    answer = api.reply("crossword", text, level=5, words=words)
    assert answer["line"] == "ANN 1A MADDER FAMILY" and answer["score"] == 72


# One referee: the computer player replays the record as ``verify crossword`` does, so a word of the classroom-safe
# list a player wrote (SNOT, a word of the lexicon kitgen never proposes) stands in both; the computer itself never
# writes one: 1D S??? fits only SMUT and SNOT (both on the list) and comes before 2D T??? in newspaper order.
RING = "....\n.##.\n.##.\n....\n"


def _ring_record(tmp_path: Path, *turns: str) -> Path:
    path = tmp_path / "ring.txt"
    path.write_text("pattern:\n" + RING + "players: ANN BOB\n" + "\n".join(turns) + "\n")
    return path


def test_the_computer_player_replays_a_record_as_verify_does(invoke, tmp_path: Path, word_file):
    from kitgen import api

    words = word_file("snot", "smut", "tent;2", "tint;1")   # TENT the commoner
    assert api.check_word("snot", words) and not api.proposed("snot", words)   # the referee's, not proposed
    assert not api.proposed("smut", words) and api.proposed("tent", words)
    record = _ring_record(tmp_path, "ANN 1A snot")
    result = invoke("verify", "crossword", record, "--words", words, "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["moves"][0]["word"] == "SNOT", result.output
    answer = api.reply("crossword", record.read_text(), level=5, words=words)   # refused SNOT before
    assert answer["line"] == "BOB 2D TENT" and answer["score"] == 4
    record = _ring_record(tmp_path, "ANN 1A snot", "BOB 2D tent", "ANN 3A tint")
    assert invoke("verify", "crossword", record, "--words", words).exit_code == 0
    answer = api.reply("crossword", record.read_text(), level=1, words=words)
    assert answer["line"] == "BOB pass"   # 1D S??T takes only SMUT or SNOT: the computer passes
