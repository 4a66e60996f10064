"""Letter Patience, Anagrams, the O-U-T Game, Guess-O-Gram and Crossword Solitaire A/B (issue 5; seed 3-8)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from click.testing import Result

from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.formats.deck_spec import preset
from kitgen.games.game_of_words.rules.anagrams import Anagrams, IllegalAnagram, Word
from kitgen.games.game_of_words.rules.crossword_solitaire import check_crossword
from kitgen.games.game_of_words.rules.guess_o_gram import GuessError, GuessOGram
from kitgen.games.game_of_words.rules.letter_patience import IllegalMove, LetterPatience
from kitgen.games.game_of_words.rules.out_game import OutError, ScoreSheet, completes, legal_next

Invoke = Callable[..., Result]
WordFile = Callable[..., Path]


VALUES = {c.letter: c.value for c in preset().cards}


def lex(*words: str) -> Lexicon:
    return Lexicon.from_entries([(w, 10) for w in words])


# -- Letter Patience -------------------------------------------------------------

def patience(piles: Sequence[str], stock: str = "",
             words: Sequence[str] = ("game", "cake", "mike", "mica", "gem", "aria")) -> LetterPatience:
    return LetterPatience([list(p) for p in piles], list(stock), lex(*words))


def test_patience_seed_example_game_from_the_top_cards() -> None:
    # The seed's Diagram 3 example: GAME, CAKE, MIKE, MICA are available from the seven up-turned cards.
    g = patience(["G", "XA", "XXM", "XXXE", "XXXXC", "XXXXXK", "XXXXXXI"])
    g.play("GAME", ["0", "1", "2", "3"])
    assert g.used == ["G", "A", "M", "E"]
    assert [p[-1] if p else None for p in g.piles] == [None, "X", "X", "X", "C", "K", "I"]


def test_patience_one_card_a_pile_and_four_letters() -> None:
    g = patience(["G", "MA", "E", "X"], words=("game", "gem"))
    with pytest.raises(IllegalMove, match="one card of pile"):
        g.play("GAME", ["0", "1", "1", "2"])
    with pytest.raises(IllegalMove, match="four or more"):
        g.play("GEM", ["0", "2", "1"])


def test_patience_spaces_filled_with_vowels_first_then_waste() -> None:
    g = patience(["G", "XA", "XM", "XE", "XO"], stock="QR", words=("game",))
    g.play("GAME", ["0", "1", "2", "3"])
    with pytest.raises(IllegalMove, match="fill the space"):
        g.turn()
    g.fill(0, "4")  # the exposed O moves into the space
    assert g.piles[0] == ["O"]
    g2 = patience(["G", "XA", "XM", "XE", "XZ"], stock="QR", words=("game",))
    g2.turn()
    g2.play("GAME", ["0", "1", "2", "3"])
    g2.fill(0, "W")  # no vowel exposed: the face-up pile's top
    assert g2.piles[0] == ["Q"]


def test_patience_vowel_must_be_used_if_possible() -> None:
    g = patience(["G", "XA", "XM", "XE", "XO"], stock="Q", words=("game",))
    g.turn()
    g.play("GAME", ["0", "1", "2", "3"])
    with pytest.raises(IllegalMove, match="vowels must be used"):
        g.fill(0, "W")


def test_patience_sub_cards_once_each_and_waste_top_only() -> None:
    g = patience(["G", "A", "M"], stock="E", words=("game", "mage"))
    g.subs = 1
    g.turn()
    g.play("GAME", ["0", "*", "2", "W"])
    assert g.subs == 0
    with pytest.raises(IllegalMove, match="Sub Card"):
        LetterPatience([["G"], ["A"]], [], lex("game"), 0).play("GAME", ["0", "1", "*", "*"])


def test_patience_won_when_everything_used() -> None:
    g = patience(["G", "A", "M", "E"], words=("game",))
    g.play("GAME", ["0", "1", "2", "3"])
    assert g.won


# -- Anagrams -------------------------------------------------------------------

def table(words: Sequence[str] = ("eat", "eats", "tea", "seat", "heat", "heats", "ate", "rate", "rated", "trade",
                                  "tread")) -> Anagrams:
    return Anagrams(2, lex(*words), VALUES)


def test_anagrams_form_three_letters_from_centre_and_held_card() -> None:
    t = table()
    t.centre = ["E", "A"]
    t.holding = ["T", "X"]
    made = t.form(0, "EAT", use_held=True)
    assert made.text == "EAT" and t.centre == [] and t.holding[0] is None
    t.centre = ["A", "T"]
    with pytest.raises(IllegalAnagram, match="less than three"):
        t.form(1, "AT")


def test_anagrams_no_steal_by_a_plural_or_a_tense_but_own_word_may() -> None:
    t = table(("eat", "eats", "tea", "seat", "seats", "rate", "rated", "trade"))
    t.words[0] = [Word("SEAT", list("SEAT"))]
    t.holding = ["H", "S"]
    with pytest.raises(IllegalAnagram, match="SEATS is the plural of SEAT"):
        t.take(1, 0, "SEAT", "SEATS", use_held=True)
    t.words[0] = [Word("EAT", ["E", "A", "T"])]
    t.take(1, 0, "EAT", "SEAT", use_held=True)  # a new word, not a plural: allowed
    assert [w.text for w in t.words[1]] == ["SEAT"]
    t.holding[1] = "D"
    t.words[1][0].text, t.words[1][0].cards = "RATE", list("RATE")
    t.take(1, 1, "RATE", "RATED", use_held=True)  # his own word: allowed
    t.words[0] = [Word("RATE", list("RATE"))]
    t.holding[1] = "D"
    with pytest.raises(IllegalAnagram, match="RATED is a past form of RATE"):
        t.take(1, 0, "RATE", "RATED", use_held=True)
    t.take(1, 0, "RATE", "TRADE", use_held=True)  # rearranged into a new word: allowed
    assert [w.text for w in t.words[1]] == ["RATED", "TRADE"] and t.words[0] == []


def test_anagrams_no_duplicate_word_per_player_and_scores() -> None:
    t = table()
    t.centre = list("EATTEA")
    t.form(0, "EAT")
    with pytest.raises(IllegalAnagram, match="already has EAT"):
        t.form(0, "EAT")
    t.form(1, "TEA")
    assert t.scores() == [10 + 10 + 8, 8 + 10 + 10]


# -- O-U-T and Guess-O-Gram -------------------------------------------------------

def test_out_letters_must_lead_to_nine_letter_words() -> None:
    words = lex("excellent", "excellence", "exciting", "education")
    assert legal_next(words, "EXC", "E")
    assert not legal_next(words, "EXC", "I")  # EXCITING has only eight letters
    assert completes(words, "EXCELLENT") and not completes(words, "EXCELLEN")


def test_out_penalties_o_u_t_and_e_cancels() -> None:
    s = ScoreSheet(4)
    assert s.penalty(0) == "O" and s.penalty(0) == "OU"
    assert s.excellence(0) == "O"  # the E cancels the U
    assert s.excellence(1) == "E" and s.penalty(1) == ""  # an E in credit cancels the next O
    s.penalty(0), s.penalty(0)
    assert s.is_out(0)
    with pytest.raises(OutError):
        s.penalty(0)
    with pytest.raises(OutError):
        ScoreSheet(3)


def test_out_asking_the_preceding_player() -> None:
    words = lex("excellent")
    s = ScoreSheet(4)
    assert s.ask(1, 0, "excellent", words, "EXC") == 1
    assert s.ask(2, 1, None, words, "EXC") == 1 and s.sheet(1) == "OU"


def test_guess_o_gram_points_and_next_thinker() -> None:
    g = GuessOGram(3, lex("education"))
    g.think("education")
    assert g.scores == [18, 0, 0] and g.turn == 1
    assert g.guess_letter(1, "A") == 1 and g.scores[1] == 2 and g.turn == 1
    assert g.guess_letter(1, "Z") == 0 and g.turn == 2
    assert g.guess_word(2, "EDUCATION") is True
    assert g.scores[2] == 2 * 8 and g.thinker == 2
    with pytest.raises(GuessError, match="nine or more"):
        g.think("cat")


# -- Crossword Solitaire A/B ----------------------------------------------------------

def grid(text: str) -> dict[tuple[int, int], str]:
    return {(x, y): ch for y, row in enumerate(text.splitlines()) for x, ch in enumerate(row) if ch != "."}


def test_crossword_solitaire_accepts_one_connected_crossword_using_every_card() -> None:
    words = lex("beam", "earn", "moor", "north")
    cells = grid("BEAM..\n.A.O..\n.R.O..\n.NORTH")
    report = check_crossword(cells, "BEAMARNOORTHO", words)
    assert report.won, report.problems


def test_crossword_solitaire_refuses_missing_cards_bad_words_and_islands() -> None:
    words = lex("beam", "earn", "moor", "north", "at")
    cells = grid("BEAM..\n.A.O..\n.R.O..\n.NORTH")
    report = check_crossword(cells, "BEAMARNOORTHOZ", words)
    assert not report.won and "not in the crossword: Z." in report.problems[0].message
    assert (report.problems[0].code, report.problems[0].offending) == ("not-used", "Z")
    bad = grid("BEAM..\n.A.O..\n.R.O..\n.NORTX")
    assert any("NORTX" in p.message for p in check_crossword(bad, "BEAMARNOORTXO", words).problems)
    island = grid("BEAM....\n.A.O....\n.R.O....\n.NORTH.AT")
    msgs = [p.message for p in check_crossword(island, "BEAMARNOORTHOAT", words).problems]
    assert any("do not join" in m for m in msgs)


# -- Letter Patience solver ----------------------------------------------------------

DEAL2_WORDS = ["band", "guys", "jaws", "lunch", "moxie", "overkill", "poet", "quai", "refl", "rest", "what", "whiz"]


def test_patience_solver_wins_deal_2_and_the_rules_class_replays_it() -> None:
    from kitgen.games.game_of_words.formats.deck_spec import preset
    from kitgen.games.game_of_words.rules.deals import deal_letter_patience
    from kitgen.games.game_of_words.rules.patience_solver import PatienceSolver

    dealt = deal_letter_patience(preset(), 2)
    words = lex(*DEAL2_WORDS)
    moves = PatienceSolver(words).solve(dealt.piles, "".join(dealt.stock), 2)
    assert moves is not None
    game = LetterPatience.from_deal(dealt, words)
    for move in moves:
        move.apply(game)
    assert game.won


def test_patience_solver_proves_a_loss() -> None:
    from kitgen.games.game_of_words.rules.letter_patience import WordMove
    from kitgen.games.game_of_words.rules.patience_solver import PatienceSolver

    assert PatienceSolver(lex("game")).solve(["G", "A", "M", "E"], "XQ", 0) is None
    assert PatienceSolver(lex("game")).solve(["G", "A", "M", "E"], "", 0) == [WordMove("GAME", ("0", "1", "2", "3"))]


def test_cli_letter_patience_solve_json(invoke: Invoke, word_file: WordFile) -> None:
    import json

    r = invoke("deal", "letter-patience", "--seed", "2", "--solve", "--json", "--words", word_file(*DEAL2_WORDS))
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["winnable"] is True and doc["solution"][0]["move"] in ("word", "fill", "turn")
    turned = [m["card"] for m in doc["solution"] if m["move"] == "turn"]
    assert turned == doc["stock"][:len(turned)]


def test_a_finished_crossword_s_verdict_names_the_cards_left_out_and_the_words_that_are_not_words() -> None:
    """Issue 27: the check page says which cards a finished Crossword Solitaire leaves out and which word is not a
    word; its JSON holds them apart from the English messages (``unused``, a letter a card; ``not_words``)."""
    from kitgen import api

    typed = "BEAM.\n.A.O.\n.R.O.\n.NORHT\n"
    found = api.verify("solitaire", typed, source="grid.txt", game="crossword-solitaire-b", seed=1).to_json()
    assert found["not_words"] == ["NORHT"]
    assert found["unused"][:4] == ["A", "A", "C", "D"] and len(found["unused"]) == 39  # 52 cards, 13 in the grid
    assert [p["code"] for p in found["problems"]].count("not-a-word") == 1
    words = lex("beam", "earn", "moor", "north")
    report = check_crossword(grid("BEAM..\n.A.O..\n.R.O..\n.NORTX"), "BEAMARNOORTXOZZ", words)
    assert [(p.code, p.offending) for p in report.problems if p.code in ("not-used", "not-a-word")] == [
        ("not-used", "ZZ"), ("not-a-word", "NORTX")]


def test_a_crossword_solitaire_move_refused_for_a_non_word_names_it() -> None:
    from kitgen import api

    def verdict(moves: str) -> dict[str, object]:
        return api.verify("solitaire", moves, source="moves.txt", game="crossword-solitaire-a", seed=1).to_json()

    assert verdict("RTC 0,0 across\n")["not_words"] == ["RTC"]  # deal 1's cards: C I N R T T, the face-up L
    assert verdict("BEAM 0,0 across\n")["not_words"] == []  # refused for another reason: no card for its letters
