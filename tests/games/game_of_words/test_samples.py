"""The shipped samples (samples/game-of-words/) verify as their comments say; readers never crash (issue 5)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.core.errors import InputError
from kitgen.core.text import TextSource
from kitgen.games.game_of_words.formats.solitaire import parse_grid, parse_solution

Invoke = Callable[..., Result]
WordFile = Callable[..., Path]


ROOT = Path(__file__).resolve().parents[3]

S = ROOT / "samples" / "game-of-words"


def sample_words(name: str) -> list[str]:
    return [line.split()[0] for line in (S / name).read_text().splitlines() if line and not line.startswith("#")]


def test_word_solitaire_sample_wins_and_broken_one_fails_at_its_line(invoke: Invoke, word_file: WordFile) -> None:
    words = word_file(*sample_words("word-solitaire-1.txt"))
    r = invoke("verify", "solitaire", S / "word-solitaire-1.txt", "--seed", "1", "--words", words)
    assert r.exit_code == 0 and "won deal 1" in r.stdout
    r = invoke("verify", "solitaire", S / "word-solitaire-1-broken.txt", "--seed", "1", "--words", words)
    assert r.exit_code == 1 and "word-solitaire-1-broken.txt:3:1: SCREEN" in r.stderr


def test_crossword_solitaire_samples_with_the_mini_decks(invoke: Invoke, word_file: WordFile) -> None:
    words = word_file("beam", "earn", "moor", "north")
    for spec in ("mini-deck.toml", "mini-deck.csv"):
        r = invoke("verify", "solitaire", S / "crossword-solitaire-b.txt", "--game", "crossword-solitaire-b",
                   "--seed", "1", "--spec", S / spec, "--words", words)
        assert r.exit_code == 0, r.stderr
    r = invoke("verify", "solitaire", S / "crossword-solitaire-b-broken.txt", "--game", "crossword-solitaire-b",
               "--seed", "1", "--spec", S / "mini-deck.toml", "--words", words)
    assert r.exit_code == 1 and "crossword-solitaire-b-broken.txt:5:2: NORHT" in r.stderr
    # with the full deck most of the pack is unused
    r = invoke("verify", "solitaire", S / "crossword-solitaire-b.txt", "--game", "crossword-solitaire-a",
               "--seed", "1", "--words", words)
    assert r.exit_code == 1 and "These cards of the pack are not in the crossword: " in r.stderr


def test_bad_deck_sample_is_located(invoke: Invoke, tmp_path: Path) -> None:
    r = invoke("deck", "--spec", S / "bad-deck.toml", "--out", tmp_path / "x.pdf")
    assert r.exit_code == 2 and "bad-deck.toml:4:1: count of Q" in r.stderr
    assert not (tmp_path / "x.pdf").exists()


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_fuzz_solution_reader(text: str) -> None:
    try:
        words = parse_solution(TextSource("fuzz.txt", text))
        assert all(w.word.isalpha() for w in words)
    except InputError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ABCxyz. #\n\t9é", max_size=200))
def test_fuzz_grid_reader(text: str) -> None:
    try:
        grid = parse_grid(TextSource("fuzz.txt", text))
        assert all("A" <= ch <= "Z" for ch in grid.cells.values())
    except InputError:
        pass


HAND_WORDS = ("spew", "why", "yeti", "snot", "ex", "pus", "jab")


def test_crossword_hand_sample_replays_with_scores(invoke: Invoke, word_file: WordFile) -> None:
    import json

    r = invoke("verify", "crossword-hand", S / "crossword-hand-3.txt", "--seed", "3", "--json",
               "--words", word_file(*HAND_WORDS))
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["out"] == 1 and doc["penalties"] == [0, 10]
    # P2 is left holding A H B G J (10 + 8 + 2 + 4 + 6) and the wrong challenge's 10
    assert doc["scores"] == [0, 40]
    assert [p["words"] for p in doc["plays"]][-1] == ["PUS"]


def test_crossword_hand_broken_sample_and_bad_records(invoke: Invoke, word_file: WordFile, tmp_path: Path) -> None:
    words = word_file(*HAND_WORDS)
    r = invoke("verify", "crossword-hand", S / "crossword-hand-3-broken.txt", "--seed", "3", "--words", words)
    assert r.exit_code == 1 and "crossword-hand-3-broken.txt:4:4: every play after the first must join" in r.stderr
    bad = tmp_path / "h.txt"
    bad.write_text("P1 SPEW 0;0 across\n", encoding="utf-8")
    r = invoke("verify", "crossword-hand", bad, "--seed", "3")
    assert r.exit_code == 2 and "h.txt:1:9:" in r.stderr
    bad.write_text("P3 SPEW 0,0 across\n", encoding="utf-8")
    r = invoke("verify", "crossword-hand", bad, "--seed", "3")
    assert r.exit_code == 2 and "h.txt:1:1:" in r.stderr
    bad.write_text("P2 SPEW 0,0 across\n", encoding="utf-8")
    r = invoke("verify", "crossword-hand", bad, "--seed", "3", "--words", words)
    assert r.exit_code == 1 and "player 1's turn" in r.stderr


def test_a_broken_hand_keeps_the_game_up_to_the_refused_turn(invoke: Invoke, word_file: WordFile) -> None:
    """Issue 25: the refusal stops the replay, and the document holds what stood before it (SPEW), not nothing."""
    import json

    words = word_file(*HAND_WORDS)
    r = invoke("verify", "crossword-hand", S / "crossword-hand-3-broken.txt", "--seed", "3", "--words", words, "--json")
    document = json.loads(r.stdout)
    assert r.exit_code == 1
    assert [p["words"] for p in document["plays"]] == [["SPEW"]]  # P2's JAB (line 4) refused, P1's SPEW stands
    assert document["hands"][0]["plays"] == document["plays"] and document["seed"] == 3
    assert (document["game_over"], document["winners"], document["out"]) == (False, [], None)
    assert [(p["code"], p["line"], p["col"]) for p in document["problems"]] == [("not-joined", 4, 4)]
    assert "before the turn the rules refuse" in invoke("verify", "crossword-hand", S / "crossword-hand-3-broken.txt",
                                                        "--seed", "3", "--words", words).stdout


def test_a_hand_that_may_not_start_keeps_the_hands_before_it(invoke: Invoke, word_file: WordFile,
                                                                tmp_path: Path) -> None:
    import json

    record = tmp_path / "two.txt"
    record.write_text("players: 2\nhand 3\nP1 SPEW 0,0 across\nhand 4\nP1 SPEW 0,0 across\n", encoding="utf-8")
    r = invoke("verify", "crossword-hand", record, "--words", word_file(*HAND_WORDS), "--json")
    document = json.loads(r.stdout)
    assert r.exit_code == 1
    assert [h["seed"] for h in document["hands"]] == [3]  # hand 3 kept; hand 4 may not start (hand 3 not over)
    assert [p["words"] for p in document["hands"][0]["plays"]] == [["SPEW"]]
    assert [(p["code"], p["line"]) for p in document["problems"]] == [("hand-not-over", 4)]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="P12 SPEWdiscardchallengeblindturned,0-9acrossdown:\n#", max_size=200))
def test_fuzz_crossword_hand_reader(text: str) -> None:
    from kitgen.games.game_of_words.formats.record import parse_record

    try:
        parse_record(TextSource("fuzz.txt", text))
    except InputError:
        pass


def test_a_crossword_hand_refusal_is_a_rule_broken_located_where_it_is_raised(tmp_path: Path) -> None:
    """Issue 25, one rule-error model: the refused turn and the hand that may not start are ``RuleBroken``s with
    their ``Code``, the offending turn (or hand) and the record's ``FILE:LINE:COL``, set when the replay
    refuses them, not looked up from an index afterwards."""
    from kitgen.core.errors import Location, RuleBroken
    from kitgen.core.lexicon import Lexicon
    from kitgen.core.text import TextSource
    from kitgen.games.game_of_words.formats.deck_spec import preset
    from kitgen.games.game_of_words.formats.record import parse_record
    from kitgen.games.game_of_words.formats.results import check_hand
    from kitgen.games.game_of_words.rules.common import Code
    from kitgen.games.game_of_words.rules.crossword_game import IllegalHand, IllegalPlay

    words = Lexicon.from_entries([(w, 10) for w in HAND_WORDS])
    broken_turn = S / "crossword-hand-3-broken.txt"
    record = parse_record(TextSource.from_path(broken_turn))
    refused = check_hand(record, preset(), words, 3, 50, False).done.broken
    assert type(refused) is IllegalPlay and isinstance(refused, RuleBroken) and refused.exit_code == 1  # unwrapped
    assert refused.code is Code.NOT_JOINED and refused.where == Location(str(broken_turn), 4, 4)
    assert refused.offending == {(10, 10): "J", (11, 10): "A", (12, 10): "B"}  # P2's JAB, the letters laid
    two = tmp_path / "two.txt"
    two.write_text("players: 2\nhand 3\nP1 SPEW 0,0 across\nhand 4\nP1 SPEW 0,0 across\n", encoding="utf-8")
    refused = check_hand(parse_record(TextSource.from_path(two)), preset(), words, 1, 50, False).done.broken
    assert isinstance(refused, IllegalHand) and refused.code is Code.HAND_NOT_OVER
    assert refused.where == Location(str(two), 4, 1) and refused.offending == 1


def test_the_crossword_games_rules_raise_their_refusals_where_the_turn_was_typed() -> None:
    """Issue 25: ``IllegalPlay`` is a ``RuleBroken`` (no ``ValueError`` wrapped in an ``IllegalTurn`` afterwards):
    the hand raises it at ``Hand.at`` (where a replay says the turn was typed), ``placement_for`` at the ``where``
    it is given, each with its ``Code`` and the offending input."""
    from kitgen.core.errors import Location, RuleBroken
    from kitgen.core.lexicon import Lexicon
    from kitgen.games.game_of_words.formats.deck_spec import preset
    from kitgen.games.game_of_words.rules import crossword_game
    from kitgen.games.game_of_words.rules.common import Code
    from kitgen.games.game_of_words.rules.crossword_game import Hand, IllegalPlay, placement_for

    assert issubclass(IllegalPlay, RuleBroken) and not issubclass(IllegalPlay, ValueError)
    assert not hasattr(crossword_game, "IllegalTurn")
    words = Lexicon.from_entries([(w, 10) for w in HAND_WORDS])
    at = Location("game.txt", 7, 4)
    hand = Hand([list("SPEW"), list("JAB")], list("XYZ"), ["Q"], words, {c.letter: c.value for c in preset().cards},
                at=at)
    with pytest.raises(IllegalPlay) as caught:
        hand.play(1, {(0, 0): "J", (1, 0): "A", (2, 0): "B"})
    assert (caught.value.code, caught.value.where, caught.value.offending) == (
        Code.NOT_YOUR_TURN, at, None)
    with pytest.raises(IllegalPlay) as caught:
        hand.discard(0, "Q")
    assert (caught.value.code, caught.value.where, str(caught.value)) == (
        Code.CARD_NOT_HELD, at, "game.txt:7:4: player 1 holds no Q")
    hand.play(0, {(0, 0): "S", (1, 0): "P", (2, 0): "E", (3, 0): "W"})
    with pytest.raises(IllegalPlay) as caught:
        placement_for(hand.board, "AS", -2, 0, True, where=at)
    assert (caught.value.code, caught.value.where, caught.value.offending) == (Code.WRONG_RUN, at, "AS")


def test_anagrams_table_raises_its_refusal_at_the_turn() -> None:
    """Issue 25: Anagrams' ``IllegalAnagram`` is raised by the table where the turn was typed (``Anagrams.at``),
    with the code of the rule it breaks and the word, and a replay's refusal is that exception itself (it was
    re-raised as an ``AnagramsBroken`` with its message)."""
    from kitgen.core.errors import Location
    from kitgen.core.lexicon import Lexicon
    from kitgen.core.text import TextSource
    from kitgen.games.game_of_words.formats.table_games import parse_anagrams
    from kitgen.games.game_of_words.rules.anagrams import Anagrams, IllegalAnagram
    from kitgen.games.game_of_words.rules.anagrams_replay import new_game, replay_anagrams
    from kitgen.games.game_of_words.rules.common import Code

    words = Lexicon.from_entries([(w, 10) for w in ("car", "cars")])
    at = Location("game.txt", 3, 1)
    table = Anagrams(2, words, {}, at=at)
    with pytest.raises(IllegalAnagram) as caught:
        table.form(0, "CA")
    assert (caught.value.code, caught.value.where, caught.value.offending) == (Code.SHORT_WORD, at, "CA")
    path = S / "anagrams-broken.txt"
    players, turns = parse_anagrams(TextSource.from_path(path))
    with pytest.raises(IllegalAnagram) as caught:
        replay_anagrams(new_game(len(players.names), words, {}, list("CARS" * 3), None, 0), turns)
    assert type(caught.value) is IllegalAnagram and caught.value.where == Location(str(path), 7, 1)
    assert caught.value.offending == "CARS" and caught.value.code is Code.PLURAL_STEAL
