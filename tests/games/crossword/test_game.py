"""The two-player Crossword game (seed crossword-game.txt, DESIGN.md Crossword rulings 2-6)."""

from __future__ import annotations

import pytest

from kitgen.core.errors import InputError
from kitgen.core.grid import Grid
from kitgen.core.lexicon import Lexicon
from kitgen.games.crossword.rules import (
    BadEntry,
    CrosswordGame,
    GameOver,
    LetterClash,
    LightTaken,
    NoLink,
    NoNewLetter,
    NotAWord,
    NotShortestLight,
    OutOfTurn,
    UnknownLight,
    UnknownPlayer,
    WrongLength,
    ink_fit,
)
from kitgen.games.crossword.rules.moves import best, count, legal_entries

# 1A and 5A are 7 long; 2D, 3D, 4D are 3 long and cross both at columns 1, 3, 5.
LADDER = Grid([".......", "#.#.#.#", "......."])
# 1A is 7 long; 2D (column 2) is the only other light.
ONE_LINK = Grid([".......", "##.####", "##.####"])
WORDS = ["art", "attempt", "ape", "cap", "balance", "lot", "take cover", "tap", "cat", "act"]


def lex(*extra: str) -> Lexicon:
    return Lexicon.from_entries([(w, 10) for w in (*WORDS, *extra)])


def game(grid: Grid = LADDER, **kw) -> CrosswordGame:
    kw.setdefault("lexicon", lex())
    return CrosswordGame(grid, ("ANN", "BOB"), **kw)


def ladder_to_balance(g: CrosswordGame) -> None:
    g.play("2D", "art")       # first entry: 2 a letter
    g.play("5A", "attempt")   # ?T?????: 1 link
    g.play("3D", "ape")       # ??E
    g.play("4D", "cap")       # ??P


def test_seed_example_balance_into_star_a_star_a_star_c_star_scores_21():
    g = game()
    ladder_to_balance(g)
    assert g.pattern_of(g.light("1A")) == "?A?A?C?"
    move = g.play("1A", "BALANCE")
    assert (move.links, move.score) == (3, 21)


def test_seed_example_balance_into_star_star_l_scores_7():
    g = game(ONE_LINK)
    first = g.play("2D", "lot")
    assert first.score == 6  # "2 points per letter (therefore usually 6 or 8 points)"
    assert g.pattern_of(g.light("1A")) == "??L????"
    move = g.play("1A", "balance")
    assert (move.links, move.score) == (1, 7)


def test_first_entry_scores_two_a_letter_and_later_length_times_links():
    g = game()
    assert g.play("2D", "art").score == 6
    assert g.play("5A", "attempt").score == 7 * 1


def test_first_entry_must_be_the_shortest_lowest_numbered_light():
    g = game()
    with pytest.raises(NotShortestLight, match="2D"):
        g.play("3D", "ape")
    with pytest.raises(NotShortestLight):
        g.play("1A", "balance")


def test_wrong_length():
    g = game()
    with pytest.raises(WrongLength, match="4 letters; 2D has 3") as exc:
        g.play("2D", "tape")
    assert exc.value.code == "wrong-length" and exc.value.light == "2D" and exc.value.offending == "tape"
    assert exc.value.where is None  # played from no record: nowhere to point at


def test_a_refusal_is_raised_at_the_part_of_the_turn_it_refuses():
    from kitgen.core.errors import Location
    from kitgen.games.crossword.rules.game import OutOfTurn, Spots

    at = Spots(Location("r.txt", 4, 1), Location("r.txt", 4, 5), Location("r.txt", 4, 8))
    with pytest.raises(WrongLength) as wrong:
        game().play("2D", "tape", at=at)
    assert wrong.value.where == at.word
    with pytest.raises(NotShortestLight) as light:
        game().play("3D", "ape", at=at)
    assert light.value.where == at.light
    with pytest.raises(OutOfTurn) as turn:
        game().play("2D", "art", "BOB", at=at)
    assert turn.value.where == at.player


def test_letter_clash():
    g = game()
    g.play("2D", "art")
    with pytest.raises(LetterClash, match="letter 2 is T"):
        g.play("5A", "balance")


def test_no_link():
    g = game(Grid(["...#...", "#.#####", "#.#####"]))
    # lights: 1A(3), 2D(3), 3A(3): first entry in 1A.
    g.play("1A", "cat")
    with pytest.raises(NoLink):
        g.play("3A", "ape")


def test_light_already_entered():
    g = game()
    ladder_to_balance(g)
    g.play("1A", "balance")
    with pytest.raises(LightTaken):
        g.play("1A", "balance")


def test_no_new_letter():
    g = game(Grid(["...", "...", "..."]))
    g.play("1A", "cat")
    g.play("1D", "cat")
    g.play("2D", "ape")
    g.play("3D", "tap")
    light = g.light("4A")
    assert g.pattern_of(light) == "APA"          # filled by crossings, never entered
    with pytest.raises(NoNewLetter):
        g.play("4A", "apa")


def test_not_in_the_lexicon():
    g = game()
    with pytest.raises(NotAWord) as exc:
        g.play("2D", "zzt")
    assert exc.value.code == "not-in-lexicon"


def test_without_a_lexicon_any_word_fits():
    g = game(lexicon=None)
    assert g.play("2D", "zzt").score == 6


def test_entries_are_normalised_phrases_fill_one_light():
    g = game(Grid([".........", "#.#######", "#.#######"]))
    g.play("2D", "art")                     # 2D is the 3-light; (0,1) = A
    move = g.play("1A", "Take Cover")       # TAKE COVER fills a 9-light: ?A???????
    assert move.word == "TAKECOVER" and move.shown == "Take Cover" and move.score == 9
    with pytest.raises(BadEntry):
        game().play("2D", "a1t")


def test_apostrophes_go_and_accents_fold_ruling_4():
    g = game(ONE_LINK, lexicon=lex("it's", "edition"))
    first = g.play("2D", "It's")                 # the apostrophe takes no square: ITS fills the 3-light
    assert (first.word, first.shown, first.score) == ("ITS", "It's", 6)
    move = g.play("1A", "\u00c9dition")           # \u00c9 folds to E: EDITION agrees with ??I????
    assert (move.word, move.links, move.score) == ("EDITION", 1, 7)
    assert g.pattern_of(g.light("1A")) == "EDITION"


def test_turns_alternate_and_players_must_be_listed():
    g = game()
    with pytest.raises(OutOfTurn, match="ANN's turn"):
        g.play("2D", "art", player="BOB")
    g.play("2D", "art", player="ann")       # names are case-insensitive
    with pytest.raises(UnknownPlayer):
        g.play("5A", "attempt", player="CAL")
    with pytest.raises(UnknownLight):
        g.play("9D", "attempt")
    assert isinstance(UnknownLight("9D"), InputError)


def test_passing_ending_and_the_last_entry_bonus():
    g = game()
    g.play("2D", "art")                     # ANN 6
    g.pass_turn()                           # BOB
    g.play("5A", "attempt")                 # ANN 7 (one pass is not the end)
    g.pass_turn()
    assert not g.finished
    g.pass_turn()                           # every player has passed in succession
    assert g.finished
    result = g.result()
    assert result.bonus_player == "ANN" and result.scores == {"ANN": 6 + 7 + 10, "BOB": 0}
    assert result.winner == "ANN"
    with pytest.raises(GameOver):
        g.pass_turn()


def test_three_players_must_all_pass():
    g = CrosswordGame(LADDER, ("ANN", "BOB", "CAL"), lex())
    g.play("2D", "art")
    g.pass_turn()
    g.pass_turn()
    assert not g.finished and g.to_play == "ANN"
    g.pass_turn()
    assert g.finished and g.result().scores["ANN"] == 16


def test_unfinished_game_has_no_winner_and_a_tie_has_none():
    g = game()
    g.play("2D", "art")
    assert g.result().winner is None and not g.result().finished
    t = game()
    t.pass_turn()
    t.pass_turn()
    r = t.result()
    assert r.finished and r.winner is None and r.tied == ["ANN", "BOB"] and r.bonus_player is None


def test_a_full_grid_ends_the_game_on_close():
    g = game(ONE_LINK)
    g.play("2D", "lot")
    g.play("1A", "balance")
    g.close()
    assert g.finished and g.result().bonus_player == "BOB"


# -- ink mode (ruling 6) -----------------------------------------------------------

def test_ink_fit_pads_with_the_last_letter_or_cuts_the_tail():
    assert ink_fit("CAT", 5) == "CATTT"
    assert ink_fit("BALANCE", 4) == "BALA"
    assert ink_fit("ART", 3) == "ART"


def test_ink_mistakes_stand_score_nothing_and_cost_ten():
    g = game(ink=True)
    short = g.play("2D", "at")              # too short: AT -> ATT
    assert (short.word, short.score, short.fault) == ("ATT", -10, "wrong-length")
    assert g.scores["ANN"] == -10
    clash = g.play("5A", "balance")         # ?T?????: clash; the T stays (ink cannot be rubbed out)
    assert (clash.word, clash.fault, clash.score) == ("BTLANCE", "letter-clash", -10)
    misspelt = g.play("3D", "lza")          # ??A: fits, but not in the lexicon
    assert misspelt.fault == "not-in-lexicon" and g.pattern_of(g.light("3D")) == "LZA"


def test_ink_does_not_excuse_choosing_the_wrong_light():
    g = game(ink=True)
    with pytest.raises(NotShortestLight):
        g.play("3D", "ape")


def test_pencil_mode_refuses_what_ink_lets_stand():
    with pytest.raises(WrongLength):
        game().play("2D", "at")


# -- the move generator --------------------------------------------------------------

def test_first_position_offers_only_the_first_light():
    options = legal_entries(game())
    assert {o.light.name for o in options} == {"2D"}
    assert set(options[0].words) == {"ART", "APE", "CAP", "LOT", "TAP", "CAT", "ACT"}
    assert options[0].score == 6


def test_generated_moves_are_exactly_the_legal_ones_best_first():
    g = game()
    ladder_to_balance(g)
    options = legal_entries(g)
    moves = [(o.score, o.light.name, w) for o in options for w in o.words]
    assert moves[0] == (21, "1A", "BALANCE")
    scores = [m[0] for m in moves]
    assert scores == sorted(scores, reverse=True)
    # brute force: every (light, word) of the lexicon that check() accepts.
    lx = g.lexicon
    assert lx is not None
    brute = set()
    for light in g.grid.lights:
        for w in lx.words(light.length):
            try:
                brute.add((g.check(light.name, w).score, light.name, w))
            except Exception:
                pass
    assert set(moves) == brute and count(options) == len(brute)


def test_best_prefers_score_then_common_words():
    lx = Lexicon.from_entries([("art", 10), ("ape", 10), ("act", 40), ("cat", 20)])
    g = CrosswordGame(LADDER, ("A", "B"), lx)
    assert best(legal_entries(g), lx, 2) == [(6, "2D", "APE"), (6, "2D", "ART")]
