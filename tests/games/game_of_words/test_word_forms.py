"""The plural and tense rules from real morphology (issue 15; docs/game-of-words.md, rulings 5, 9-12).

Every example word the issue names, and both readings of each ambiguity ruled on.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from kitgen.core.board import Board, Coord, placement_along
from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.formats.deck_spec import preset
from kitgen.games.game_of_words.rules.anagrams import Anagrams, IllegalAnagram, Word
from kitgen.games.game_of_words.rules.common import Code
from kitgen.games.game_of_words.rules.crossword_game import Hand, IllegalPlay
from kitgen.games.game_of_words.rules.word_solitaire import IllegalWord, legal_takes, replay

Invoke = Callable[..., Result]
WordFile = Callable[..., Path]

VALUES = {c.letter: c.value for c in preset().cards}
OWN_RIGHT = ["NEWS", "HERS", "ITS", "LENS", "GAS", "BUS", "BAND", "NEED", "RED"]


def lex(*words: str) -> Lexicon:
    return Lexicon.from_entries([(w, 10) for w in words])


# -- the Crossword Game -----------------------------------------------------------------------

def hand(words: Lexicon, *hands: str, **kw: Any) -> Hand:
    return Hand([list(h) for h in hands], list("QRSTUV"), ["Z"], words, VALUES, first_limit=7, **kw)


def across(board: Board, x: int, y: int, word: str) -> dict[Coord, str]:
    return placement_along((x, y), 0, word, board)


def down(board: Board, x: int, y: int, word: str) -> dict[Coord, str]:
    return placement_along((x, y), 1, word, board)


@pytest.mark.parametrize(("table", "added"), [("NEW", "S"), ("HER", "S"), ("IT", "S"), ("OUR", "S"),
                                              ("LEN", "S"), ("GA", "S"), ("BU", "S")])
def test_crossword_s_alone_making_a_word_in_its_own_right_stands(table: str, added: str) -> None:
    words = lex(table, table + added)
    g = hand(words, table + "X", added + "XX")
    g.play(0, across(g.board, 0, 0, table))
    g.play(1, {(len(table), 0): added})  # NEWS, HERS, ITS, OURS, LENS, GAS, BUS: no plural of the table word
    assert g.board.run_through((0, 0), 0).word == table + added
    assert g.challenge(0) is False and g.penalties[0] == 10  # and a challenge finds nothing wrong


@pytest.mark.parametrize(("table", "added"), [("MOOR", "S"), ("CAR", "S"), ("MAP", "S"), ("BOX", "ES"),
                                              ("GLASS", "ES")])
def test_crossword_s_or_es_alone_making_a_plural_is_refused(table: str, added: str) -> None:
    # GLASSES is a lemma in its own right too (spectacles), but adding ES to GLASS makes GLASS's plural:
    # the reading ruled (ruling 10) is what the play did to the word on the table
    g = hand(lex(table, table + added), table + "X", added + "XX")
    g.play(0, across(g.board, 0, 0, table))
    with pytest.raises(IllegalPlay, match="plural") as exc:
        g.play(1, {(len(table) + i, 0): ch for i, ch in enumerate(added)})
    assert exc.value.code.value == "bare-plural"


def test_crossword_s_with_other_letters_forming_a_new_word_is_allowed() -> None:
    # Diagram 1: S added to MOOR together with E, A, L forms SEAL; MOORS is redeemed by SEAL, so a challenge fails
    g = hand(lex("moor", "moors", "seal"), "MOORX", "SEALX")
    g.play(0, across(g.board, 0, 0, "MOOR"))
    g.play(1, down(g.board, 4, 0, "SEAL"))
    assert sorted(r.word for r in g.plays[-1].words) == ["MOORS", "SEAL"]
    assert g.challenge(0) is False


def test_crossword_a_fresh_plural_loses_a_challenge_and_stands_in_the_free_for_all() -> None:
    words = lex("ant", "maps", "sat")
    g = hand(words, "ANTX", "MPSX", "XXX")
    g.play(0, across(g.board, 0, 0, "ANT"))
    g.play(1, down(g.board, 0, -1, "MAPS"))  # MAPS through the A of ANT: a plural of MAP, no new word
    assert g.challenge(2) is True and (0, -1) not in g.board  # upheld: the cards go back
    ffa = hand(words, "ANTX", "MPSX", "XXX", free_for_all=True)
    ffa.play(0, across(ffa.board, 0, 0, "ANT"))
    ffa.play(1, down(ffa.board, 0, -1, "MAPS"))
    assert ffa.challenge(2) is False and ffa.penalties[2] == 10


def test_crossword_a_lemma_that_is_also_a_plural_stands_fresh() -> None:
    # the other reading of GLASSES: laid fresh it is a word in its own right, so the challenger pays
    g = hand(lex("ant", "glasses"), "ANTX", "GLSSESX", "XXX")
    g.play(0, across(g.board, 0, 0, "ANT"))
    g.play(1, down(g.board, 0, -2, "GLASSES"))
    assert g.challenge(2) is False


def test_crossword_free_for_all_takes_proper_nouns_the_standard_game_does_not() -> None:
    from kitgen.core.names import proper_nouns

    words = lex("ant")
    for free, upheld in ((False, True), (True, False)):
        g = hand(words, "ANTX", "PRISX", "XXX", free_for_all=free, names=proper_nouns())
        g.play(0, across(g.board, 0, 0, "ANT"))
        g.play(1, down(g.board, 0, -1, "PARIS"))
        assert g.challenge(2) is upheld


# -- Word Solitaire ------------------------------------------------------------------------------

@pytest.mark.parametrize("word", ["CARS", "BOXES", "CHILDREN", "MAPS"])
def test_word_solitaire_refuses_plurals(word: str) -> None:
    piles = list(word)
    with pytest.raises(IllegalWord) as exc:
        legal_takes(word, piles, [1] * len(piles), lex(word))
    assert exc.value.code is Code.PLURAL
    assert not replay(piles, [word], lex(word)).won


@pytest.mark.parametrize("word", [*OWN_RIGHT, "GLASSES"])
def test_word_solitaire_takes_words_in_their_own_right(word: str) -> None:
    # NEWS, LENS, BAND ... are no plurals; GLASSES is a lemma of its own (ruling 9), so it may be played
    piles = list(word)
    assert replay(piles, [word], lex(word)).won


def test_word_solitaire_solver_never_plays_a_plural() -> None:
    from kitgen.games.game_of_words.rules.word_solitaire import Solver

    piles = ["S", "R", "A", "C", "D", "R", "A", "C"]
    assert Solver(lex("cars", "card"), "CARSCARD").solve(piles) is None  # CARS is refused: no win
    steps = Solver(lex("cars", "card", "scar"), "CARSCARD").solve(piles)
    assert steps is not None and sorted(s.word for s in steps) == ["CARD", "SCAR"]


# -- Anagrams -----------------------------------------------------------------------------------------

def steal(old: str, new: str) -> Anagrams:
    t = Anagrams(2, lex(old, new), VALUES)
    t.words[0] = [Word(old, list(old))]
    t.centre = list(added_letters(new, old))
    t.take(1, 0, old, new)
    return t


def added_letters(new: str, old: str) -> str:
    from collections import Counter

    return "".join((Counter(new) - Counter(old)).elements())


@pytest.mark.parametrize(("old", "new"), [("NEW", "NEWS"), ("BAN", "BAND"), ("EAT", "EATS"), ("NEE", "NEED"),
                                          ("HER", "HERS"), ("LEN", "LENS")])
def test_anagrams_steal_allowed_when_no_plural_or_tense_is_made(old: str, new: str) -> None:
    # EATS is a verb form, no plural: the steal stands (the literal reading, "+S", would refuse it)
    t = steal(old, new)
    assert [w.text for w in t.words[1]] == [new]


@pytest.mark.parametrize(("old", "new", "what"), [("CAR", "CARS", "plural"), ("BOX", "BOXES", "plural"),
                                                  ("TALK", "TALKED", "past"), ("BAKE", "BAKED", "past"),
                                                  ("TAKE", "TAKEN", "past"), ("CHILD", "CHILDREN", "plural")])
def test_anagrams_steal_refused_for_a_true_plural_or_tense(old: str, new: str, what: str) -> None:
    # BOXES (ES), TAKEN and CHILDREN (irregular) too: the rule's intent, not only its letters S, D, ED
    with pytest.raises(IllegalAnagram, match=what):
        steal(old, new)


def test_anagrams_own_word_may_be_made_plural_or_past() -> None:
    t = Anagrams(2, lex("car", "cars", "bake", "baked"), VALUES)
    t.words[1] = [Word("CAR", list("CAR")), Word("BAKE", list("BAKE"))]
    t.centre = ["S", "D"]
    t.take(1, 1, "CAR", "CARS")
    t.take(1, 1, "BAKE", "BAKED")
    assert sorted(w.text for w in t.words[1]) == ["BAKED", "CARS"]


# -- the CLI: a one-letter first word, --free-for-all, --target -----------------------------------------

S = Path(__file__).resolve().parents[3] / "samples" / "game-of-words"
HAND_WORDS = ("spew", "why", "yeti", "snot", "ex", "pus", "jab")


def test_one_letter_first_word_is_a_broken_rule(invoke: Invoke, tmp_path: Path, word_file: WordFile) -> None:
    record = tmp_path / "h.txt"
    record.write_text("players: 2\nP1 S 0,0 across\n", encoding="utf-8")
    r = invoke("verify", "crossword-hand", record, "--seed", "3", "--words", word_file(*HAND_WORDS))
    assert r.exit_code == 1, r.stderr
    assert "h.txt:2:4: the first word has two to 4 letters" in r.stderr


def test_target_and_hands(invoke: Invoke, tmp_path: Path, word_file: WordFile) -> None:
    words = word_file(*HAND_WORDS)
    one = (S / "crossword-hand-3.txt").read_text(encoding="utf-8").split("players: 2\n")[1]
    record = tmp_path / "game.txt"
    record.write_text(f"players: 2\ntarget: 40\nhand 3\n{one}hand 3\n{one}", encoding="utf-8")
    r = invoke("verify", "crossword-hand", record, "--json", "--words", words)
    assert r.exit_code == 1 and "game.txt:14:1: the game is over" in r.stderr  # P2 reached 40 after hand one
    record.write_text(f"players: 2\nhand 3\n{one}hand 3\n{one}", encoding="utf-8")
    r = invoke("verify", "crossword-hand", record, "--json", "--words", words)
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["target"] == 50 and doc["totals"] == [0, 80] and doc["game_over"] and doc["winners"] == [1]
    assert [h["seed"] for h in doc["hands"]] == [3, 3]
    r = invoke("verify", "crossword-hand", record, "--json", "--words", words, "--target", "100")
    assert r.exit_code == 0 and not json.loads(r.stdout)["game_over"]
    r = invoke("verify", "crossword-hand", S / "crossword-hand-3.txt", "--seed", "3", "--words", words,
               "--target", "40")
    assert r.exit_code == 0 and "game over at 40" in r.stdout and "low score wins: P1" in r.stdout


def test_a_hand_must_be_over_before_the_next(invoke: Invoke, tmp_path: Path, word_file: WordFile) -> None:
    record = tmp_path / "game.txt"
    record.write_text("hand 3\nP1 SPEW 0,0 across\nhand 4\nP1 discard A blind\n", encoding="utf-8")
    r = invoke("verify", "crossword-hand", record, "--words", word_file(*HAND_WORDS))
    assert r.exit_code == 1 and "game.txt:3:1: the hand before is not over" in r.stderr


def test_target_option_may_not_contradict_the_record(invoke: Invoke, tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    record.write_text("players: 2\ntarget: 40\nP1 SPEW 0,0 across\n", encoding="utf-8")
    r = invoke("verify", "crossword-hand", record, "--seed", "3", "--target", "60")
    assert r.exit_code == 2 and "game.txt:2:1: --target 60 but the record says target: 40" in r.stderr
    record.write_text("P1 SPEW 0,0 across\nhand 3\n", encoding="utf-8")
    r = invoke("verify", "crossword-hand", record, "--seed", "3")
    assert r.exit_code == 2 and "game.txt:2:1:" in r.stderr


def test_free_for_all_flag_on_the_command(invoke: Invoke, tmp_path: Path, word_file: WordFile) -> None:
    # deal 3: P1 holds W S P Z X * E U S O; SPEW, then P2 plays WHY down; P1 adds S to SPEW: SPEWS is
    # a verb form (no plural), so try a bare plural the data knows: P2's WHY + S = WHYS (plural of WHY)
    record = tmp_path / "h.txt"
    record.write_text("P1 SPEW 0,0 across\nP2 WHY 3,0 down\nP1 WHYS 3,0 down\n", encoding="utf-8")
    words = word_file(*HAND_WORDS, "whys")
    r = invoke("verify", "crossword-hand", record, "--seed", "3", "--words", words)
    assert r.exit_code == 1 and "h.txt:3:4: adding S or ES only to make a plural" in r.stderr
    r = invoke("verify", "crossword-hand", record, "--seed", "3", "--words", words, "--free-for-all", "--json")
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["free_for_all"] is True
