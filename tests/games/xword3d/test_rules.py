"""3DXWORD rules (seed 3dxword.txt): table version, 3-D version, each refusal by name."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.core.lexicon import Lexicon
from kitgen.games.xword3d.rules import game as g
from kitgen.games.xword3d.rules.draw import BadDraw, distance_from_x, first_player
from kitgen.games.xword3d.rules.pieces import piece_set
from kitgen.games.xword3d.rules.racks import (
    BadAge,
    BadExchange,
    Pool,
    deal_racks,
    exchange,
    play_from_rack,
    rack_size,
    refill,
)

WORDS = ["brand", "brands", "branded", "to", "no", "toy", "oy", "cat", "top", "cog", "ape", "pea", "ten", "net",
         "tab", "bat", "at", "tea", "eat", "ate", "arm", "ram", "mar", "tar", "rat", "art", "ant", "tan", "nab",
         "pat", "tap", "apt", "pot", "opt", "sat", "set", "sea", "yes"]


def lex(*extra: str) -> Lexicon:
    return Lexicon.from_entries([(w, 10) for w in WORDS + list(extra)])


def game(players=("ANN", "BOB"), version="3d", **kw) -> g.Game:
    return g.Game(list(players), lex(), version=version, **kw)


# -- table version: the seed's examples -------------------------------------------------------
def test_brand_brands_branded_score_the_whole_word():
    """Table rule 9: adding S (BRANDS) scores 6, adding ED (BRANDED) scores 7."""
    a = game()
    assert a.play("ANN", "BRAND", (3, 0), "across").score == 5
    r = a.play("BOB", "BRANDS", (3, 0), "across")
    assert [w.word for w in r.words] == ["BRANDS"] and r.score == 6
    b = game()
    b.play("ANN", "BRAND", (3, 0), "across")
    r = b.play("BOB", "BRANDED", (3, 0), "across")
    assert r.score == 7 and r.new_cells == ((8, 0, 0), (9, 0, 0))


def test_to_made_no_and_toy_both_directions_count_in_full():
    """Table rule 10: a play forming words in two directions scores both (TO made NO and TOY)."""
    a = game()
    a.play("ANN", "TO", (0, 1), "across")
    r = a.play("BOB", "NO", (1, 0), "across")  # N above the O of TO: NO across and NO down
    assert sorted((w.word, w.axis) for w in r.words) == [("NO", 0), ("NO", 1)] and r.score == 4
    r = a.play("ANN", "OY", (2, 0), "down")  # Y after TO: OY down and TOY across
    assert [w.word for w in r.words] == ["OY", "TOY"] and r.score == 5
    assert a.scores == {"ANN": 7, "BOB": 4}


def test_unused_letters_come_off_at_the_end():
    a = game()
    a.play("ANN", "BRAND", (0, 0), "across")
    assert a.final_scores({"ANN": 2, "BOB": 3}) == {"ANN": 3, "BOB": -3}
    with pytest.raises(g.BadPlayer):
        a.final_scores({"CY": 1})


def test_play_goes_round_in_seating_order():
    a = game(("ANN", "BOB", "CY"), first="BOB")
    with pytest.raises(g.OutOfTurn):
        a.play("ANN", "CAT", (0, 0), "across")
    a.pass_turn("BOB")
    assert a.to_play == "CY"
    a.pass_turn("CY")
    assert a.to_play == "ANN"


def test_game_ends_after_a_full_round_of_passes():
    a = game()
    a.play("ANN", "CAT", (0, 0), "across")
    a.pass_turn("BOB")
    a.pass_turn("ANN")
    assert a.over
    with pytest.raises(g.GameOver):
        a.play("BOB", "TOP", (2, 0), "down")


def test_passes_broken_by_a_play_do_not_end_the_game():
    a = game()
    a.pass_turn("ANN")
    a.play("BOB", "CAT", (0, 0), "across")
    a.pass_turn("ANN")
    assert not a.over


# -- refusals (table version) ------------------------------------------------------------------
def test_first_word_lies_flat_on_the_table():
    with pytest.raises(g.FirstWordOffTable):
        game().play("ANN", "TOP", (0, 0, 0), "up")
    with pytest.raises(g.FirstWordOffTable):
        game().play("ANN", "CAT", (0, 0, 2), "across")


def test_later_words_must_join():
    a = game()
    a.play("ANN", "CAT", (0, 0), "across")
    with pytest.raises(g.NotJoined):
        a.play("BOB", "TOP", (5, 5), "across")


def test_clash_with_a_letter_on_the_table():
    a = game()
    a.play("ANN", "CAT", (0, 0), "across")
    with pytest.raises(g.Clash, match="already holds A"):
        a.play("BOB", "TOP", (1, 0), "down")


def test_no_new_letter():
    a = game()
    a.play("ANN", "BRANDS", (0, 0), "across")
    with pytest.raises(g.NoNewLetter):
        a.play("BOB", "BRAND", (0, 0), "across")


def test_the_word_given_must_be_the_whole_line():
    a = game()
    a.play("ANN", "BRAND", (1, 0), "across")
    with pytest.raises(g.RunsOn, match="reads BRANDED"):
        a.play("BOB", "ED", (6, 0), "across")  # ED tacked on: the line is BRANDED
    with pytest.raises(g.RunsOn):
        a.play("BOB", "AT", (-1, 0), "across")  # AT then BRAND: reads ATBRAND


def test_every_word_formed_must_be_a_word():
    a = game()
    a.play("ANN", "CAT", (0, 0), "across")
    with pytest.raises(g.NotAWord, match="CATS"):
        a.play("BOB", "SEA", (3, 0), "down")  # S after CAT forms CATS, not in this list
    with pytest.raises(g.NotAWord, match="TAC"):
        a.play("BOB", "TAC", (2, 0), "down")


def test_one_letter_is_not_a_word():
    with pytest.raises(g.TooShort):
        game().play("ANN", "A", (0, 0), "across")


def test_table_version_is_flat_and_has_no_joiners():
    a = game(version="table")
    a.play("ANN", "CAT", (0, 0), "across")
    with pytest.raises(g.TableVersionOnly):
        a.play("BOB", "TOP", (2, 0, 0), "up")
    with pytest.raises(g.TableVersionOnly):
        a.play("BOB", "TAB", (2, 0), "down", joiner="red")


# -- 3-D version ---------------------------------------------------------------------------------
def four_words(a: g.Game) -> None:
    a.play("ANN", "CAT", (0, 0), "across")
    a.play("BOB", "ART", (1, 0), "down")  # A of CAT down: A R T
    a.play("ANN", "TEN", (1, 2), "across")  # T of ART across: T E N
    a.play("BOB", "NET", (3, 2), "down")


def test_no_3d_building_until_four_words():
    a = game()
    a.play("ANN", "CAT", (0, 0), "across")
    with pytest.raises(g.TooEarlyFor3D, match="1 word played, 4 needed"):
        a.play("BOB", "TOP", (2, 0, 0), "up")
    b = game()
    four_words(b)
    r = b.play("ANN", "TOP", (2, 0, 0), "up")
    assert r.words[0].word == "TOP" and r.words[0].axis == 2


def test_more_than_four_players_wait_until_everyone_has_had_a_turn():
    names = ("A1", "B2", "C3", "D4", "E5")
    a = game(names)
    a.play("A1", "CAT", (0, 0), "across")
    for p in ("B2", "C3", "D4"):
        a.pass_turn(p)
    with pytest.raises(g.TooEarlyFor3D, match="every player"):
        a.play("E5", "TOP", (2, 0, 0), "up")
    a.pass_turn("E5")
    assert a.play("A1", "TOP", (2, 0, 0), "up").score == 3


def test_up_reads_upwards_and_drop_reads_downwards():
    a = g.Game(["ANN", "BOB"], lex("arc"))  # ARC is a word, CRA is not
    four_words(a)
    r = a.play("ANN", "TOP", (2, 0, 0), "up")  # T is CAT's T; O at z=1, P at z=2
    assert r.words[0].word == "TOP" and a.board.letter((2, 0, 2)) == "P"
    r = a.play("BOB", "ARC", (0, 0, 2), "drop")  # A at z=2, R at z=1, down to the C of CAT
    assert [w.word for w in r.words] == ["ARC"] and r.words[0].cells[0] == (0, 0, 2)
    assert r.new_cells == ((0, 0, 2), (0, 0, 1)) and r.score == 3


def test_below_the_table_is_refused():
    a = game()
    four_words(a)
    with pytest.raises(g.BelowTable):
        a.play("ANN", "COG", (0, 0, 0), "drop")


def test_a_vertical_word_made_in_passing_reads_up_or_else_down():
    a = g.Game(["ANN", "BOB"], lex("pa", "po"))
    four_words(a)
    a.play("ANN", "TOP", (2, 0, 0), "up")
    r = a.play("BOB", "PO", (1, 0, 1), "across")  # P above the A of CAT: AP upwards is no word, PA downwards is
    assert [w.word for w in r.words] == ["PO", "PA"] and r.score == 4
    b = g.Game(["ANN", "BOB"], lex("pa", "po", "ap"))
    four_words(b)
    b.play("ANN", "TOP", (2, 0, 0), "up")
    assert [w.word for w in b.play("BOB", "PO", (1, 0, 1), "across").words] == ["PO", "AP"]  # upwards first


def test_leg_scores_double():
    """3-D rule 7: a vertical word ending flat on the table, touching no other piece there, scores double."""
    a = game()
    four_words(a)
    r = a.play("ANN", "TOP", (2, 0, 0), "up")  # its foot is CAT's T, touching the A: not a leg
    assert r.words[0].leg is False and r.score == 3
    r = a.play("BOB", "PAT", (2, 0, 2), "across")  # P A T at height 2
    assert r.score == 3 and not r.words[0].leg
    r = a.play("ANN", "TEA", (4, 0, 2), "drop")  # from the T of PAT down to the table at 4,0,0, alone there
    assert r.words[0].word == "TEA" and r.words[0].leg and r.score == 6


def test_joiner_trebles_and_doubles_the_play():
    a = game()
    four_words(a)
    r = a.play("ANN", "TOP", (2, 0, 0), "up", joiner="red")  # T ends CAT and starts TOP: a right angle
    assert r.score == 9 and r.joiner == "red"
    r = a.play("BOB", "PAT", (2, 0, 2), "across", joiner="blue")  # P ends TOP: right angle
    assert r.score == 6


def test_joiner_needs_a_right_angle_or_t_turn_on_a_matching_letter():
    a = game()
    a.play("ANN", "BRAND", (0, 0), "across")
    with pytest.raises(g.JoinerNotAtTurn, match="shares no letter"):
        a.play("BOB", "BRANDS", (0, 0), "across", joiner="red")  # extends in line: no turn
    b = game()
    b.play("ANN", "TEA", (0, 1), "across")
    with pytest.raises(g.JoinerNotAtTurn, match="middle"):
        b.play("BOB", "SET", (1, 0), "down", joiner="blue")  # crosses the E in the middle of both: a cross
    assert b.play("BOB", "ATE", (2, 1), "down", joiner="blue").score == 6  # T: A ends TEA, starts ATE
    c = game()
    c.play("ANN", "TEA", (0, 1), "across")
    assert c.play("BOB", "ATE", (1, -1), "down", joiner="red").score == 9  # T: ATE ends on the E of TEA


def test_joiner_t_turn_on_the_end_of_the_word_it_joins():
    """A T the other way round: the shared A ends TEA and sits in the middle of the new word TAB."""
    a = game()
    a.play("ANN", "TEA", (0, 1), "across")
    r = a.play("BOB", "TAB", (2, 0), "down", joiner="red")
    assert [w.word for w in r.words] == ["TAB"] and r.score == 9 and a.joiners_used["BOB"]["red"] == 1


def test_joiner_needs_a_shared_letter_not_just_a_touch():
    """NO laid above TO touches it (forming NO down) but shares no letter with it: no turn for a Joiner."""
    a = game()
    a.play("ANN", "TO", (0, 1), "across")
    with pytest.raises(g.JoinerNotAtTurn, match="shares no letter"):
        a.play("BOB", "NO", (1, 0), "across", joiner="blue")
    assert a.play("BOB", "NO", (1, 0), "across").score == 4 and a.joiners_used["BOB"]["blue"] == 0


def test_joiner_refused_leaves_the_game_unchanged():
    a = game()
    a.play("ANN", "BRAND", (0, 0), "across")
    with pytest.raises(g.JoinerNotAtTurn):
        a.play("BOB", "BRANDS", (0, 0), "across", joiner="red")
    assert a.to_play == "BOB" and len(a.board) == 5 and a.scores == {"ANN": 5, "BOB": 0}
    assert a.joiners_left("red") == 2


def test_four_players_still_need_four_words():
    """With 4 players (not more than 4) the four-word rule holds even once everyone has had a turn."""
    a = game(("A1", "B2", "C3", "D4"))
    a.play("A1", "CAT", (0, 0), "across")
    for p in ("B2", "C3", "D4"):
        a.pass_turn(p)
    with pytest.raises(g.TooEarlyFor3D, match="1 word played, 4 needed"):
        a.play("A1", "TOP", (2, 0, 0), "up")


def test_a_leg_doubles_its_own_word_only():
    """SEA dropped from the end of PAT stands alone on the table (a leg, 3 x2) and makes PATS (4, not doubled)."""
    a = g.Game(["ANN", "BOB"], lex("pats"))
    four_words(a)
    a.play("ANN", "TOP", (2, 0, 0), "up")
    a.play("BOB", "PAT", (2, 0, 2), "across")
    r = a.play("ANN", "SEA", (5, 0, 2), "drop")
    assert [(w.word, w.leg, w.score) for w in r.words] == [("SEA", True, 6), ("PATS", False, 4)]
    assert r.score == 10


def test_a_vertical_word_hanging_above_the_table_is_no_leg():
    """TA stood on the T of PAT (height 2 to 3) is a vertical word whose foot is not on the table: not a leg."""
    a = g.Game(["ANN", "BOB"], lex("ta"))
    four_words(a)
    a.play("ANN", "TOP", (2, 0, 0), "up")
    a.play("BOB", "PAT", (2, 0, 2), "across")
    r = a.play("ANN", "TA", (4, 0, 2), "up")
    assert [(w.word, w.axis, w.leg) for w in r.words] == [("TA", 2, False)] and r.score == 2



def test_joiner_limits_two_a_player_and_2p_minus_2_in_the_game():
    a = game()
    four_words(a)
    assert a.joiner_supply == 2 and a.joiners_left("red") == 2
    a.play("ANN", "TOP", (2, 0, 0), "up", joiner="red")
    a.play("BOB", "PAT", (2, 0, 2), "across", joiner="red")
    with pytest.raises(g.NoJoinersLeft):
        a.play("ANN", "TEA", (4, 0, 2), "drop", joiner="red")
    three = game(("ANN", "BOB", "CY"))
    assert three.joiner_supply == 4
    three.play("ANN", "CAT", (0, 0), "across")
    three.play("BOB", "ART", (1, 0), "down")
    three.play("CY", "TEN", (1, 2), "across")
    three.play("ANN", "NET", (3, 2), "down")
    three.pass_turn("BOB")
    three.pass_turn("CY")
    three.play("ANN", "TOP", (2, 0, 0), "up", joiner="blue")
    three.pass_turn("BOB")
    three.pass_turn("CY")
    three.play("ANN", "PAT", (2, 0, 2), "across", joiner="blue")
    three.pass_turn("BOB")
    three.pass_turn("CY")
    with pytest.raises(g.JoinerLimit):
        three.play("ANN", "TEA", (4, 0, 2), "drop", joiner="blue")
    assert three.play("ANN", "TEA", (4, 0, 2), "drop", joiner="red").score == 18  # leg x2, red x3


# -- the draw and the racks ------------------------------------------------------------------------
def test_first_player_is_nearest_x():
    assert distance_from_x("X") == 0 and distance_from_x("A") == 23
    assert first_player({"ANN": "A", "BOB": "X"}).winner == "BOB"
    assert first_player({"ANN": "Z", "BOB": "T"}).winner == "ANN"  # Z is 2 from X, T is 4
    tie = first_player({"ANN": "W", "BOB": "Y", "CY": "B"})
    assert tie.winner is None and tie.redraw == ("ANN", "BOB")
    with pytest.raises(BadDraw):
        first_player({"ANN": "?"})


def test_rack_sizes():
    assert rack_size() == 8 and rack_size(12) == 8 and rack_size(40) == 8
    assert rack_size(11) == 9 and rack_size(7) == 13
    with pytest.raises(BadAge):
        rack_size(0)


def test_pool_racks_exchange_and_refill_are_seeded():
    pieces = piece_set(2).pool()
    p1, p2 = Pool(pieces, 7), Pool(pieces, 7)
    racks = deal_racks(p1, ["ANN", "KID"], {"KID": 9})
    assert racks == deal_racks(p2, ["ANN", "KID"], {"KID": 9})
    assert len(racks["ANN"]) == 8 and len(racks["KID"]) == 11 and len(p1) == 40 - 19
    rack = racks["ANN"]
    before = len(p1)
    out = rack[:2]
    old_rack = list(rack)
    new = exchange(rack, "".join(out), p1)
    assert len(new) == 2 and len(rack) == 8 and len(p1) == before
    assert Counter(rack) == Counter(old_rack) - Counter(out) + Counter(new)  # the unwanted letters left the rack
    p3 = Pool(pieces, 7)
    deal_racks(p3, ["ANN", "KID"], {"KID": 9})
    held = p3.draw(len(p3))  # what the pool held before the exchange
    kept = Pool(pieces, 7)
    deal_racks(kept, ["ANN", "KID"], {"KID": 9})
    exchange(list(old_rack), "".join(out), kept)
    assert Counter(kept.draw(len(kept))) == Counter(held) - Counter(new) + Counter(out)  # back into the pool
    with pytest.raises(BadExchange):
        exchange(rack, "QQQQQQQQQ", p1)
    play_from_rack(rack, "".join(rack[:3]))
    assert len(rack) == 5
    refill(rack, 8, p1)
    assert len(rack) == 8
    rest = Pool(pieces, 1)
    rest.draw(39)
    r2: list[str] = []
    assert len(refill(r2, 8, rest)) == 1  # the pool runs out


# -- an independent oracle: every play's words are the runs the play adds to the whole board ----------------
ORACLE_WORDS = ("cat act tac art rat tar tea eat ate sea set tee ten net not ton one eon nor ore roe toe tot oat "
                "sat ant tan nat ran ear era are tar sir its tie tin nit sit inn ins sin son nos oar rot sot".split())


# -- the way up and X pieces (3-D rules 4, 5, 6) --------------------------------------------------------------
def test_a_plays_letters_stand_the_same_way_up_as_the_word_they_join():
    """3-D rule 4: '...the letters must be the same way up as the word they are joined to, unless an X or Joiner
    piece is used'. TOP stood on the T of CAT (upright) may not stand upside down on its own; with an X piece or
    a red Joiner it may, and the X piece scores nothing."""
    a = game()
    four_words(a)
    with pytest.raises(g.WayUp, match="the T of CAT at 2,0,0 stands upright") as refused:
        a.play("ANN", "TOP", (2, 0, 0), "up", upside_down=True)
    assert refused.value.reason == "way-up" and a.to_play == "ANN" and not a.upside_down
    for kw, score in (({"x_piece": True}, 3), ({"joiner": "red"}, 9)):
        b = game()
        four_words(b)
        r = b.play("ANN", "TOP", (2, 0, 0), "up", upside_down=True, **kw)
        assert r.score == score and r.upside_down
        assert b.upside_down == {(2, 0, 1), (2, 0, 2)}  # the new letters; CAT's T stays upright
    c = game()
    four_words(c)
    assert c.play("ANN", "TOP", (2, 0, 0), "up").score == 3 and not c.upside_down  # upright, as CAT


def test_an_x_piece_may_leave_a_word_upside_down_and_words_joined_to_it_follow_it():
    """3-D rule 5: 'Use of X pieces may even result in words being upside down. This is permitted.' A word joined
    to the upside-down TOP stands upside down too (rule 4), with no X piece; an upright one needs a piece."""
    a = game()
    four_words(a)
    a.play("ANN", "TOP", (2, 0, 0), "up", x_piece=True, upside_down=True)
    with pytest.raises(g.WayUp, match="the P of TOP at 2,0,2 stands upside down"):
        a.play("BOB", "PAT", (2, 0, 2), "across")
    r = a.play("BOB", "PAT", (2, 0, 2), "across", upside_down=True)
    assert r.score == 3 and r.as_json() == {"player": "BOB", "words": ["PAT"], "score": 3, "upside_down": True,
                                            "way": "upside-down"}
    assert a.play("ANN", "TEA", (4, 0, 2), "drop", x_piece=True).score == 6  # upright again, through an X piece


def test_an_x_piece_joins_at_any_part_of_a_word_where_a_joiner_needs_a_turn():
    """3-D rule 6: 'X and Joiner pieces may be joined to any part of a word'; a Joiner is used only at a right
    angle or T turn (rule 3). SET crossing TEA through the E in the middle of both, upside down: a Joiner cannot
    make that join, an X piece can."""
    a = game()
    a.play("ANN", "TEA", (0, 1), "across")
    with pytest.raises(g.JoinerNotAtTurn, match="middle"):
        a.play("BOB", "SET", (1, 0), "down", joiner="blue", upside_down=True)
    r = a.play("BOB", "SET", (1, 0), "down", x_piece=True, upside_down=True)
    assert r.score == 3 and r.as_json() == {"player": "BOB", "words": ["SET"], "score": 3, "x_piece": True,
                                            "upside_down": True, "way": "upside-down"}
    assert a.x_pieces_used == 1


def test_the_first_word_sets_which_way_is_up_and_uses_no_x_piece():
    a = game()
    with pytest.raises(g.WayUp, match="the first word sets which way is up"):
        a.play("ANN", "CAT", (0, 0), "across", upside_down=True)
    with pytest.raises(g.XPieceNotJoined, match="joins none"):
        a.play("ANN", "CAT", (0, 0), "across", x_piece=True)
    assert not len(a.board) and a.x_pieces_used == 0


def test_a_game_has_one_x_piece_a_player():
    """The standard set prints one X piece a player (docs/3dxword.md, "Piece sets"): the game has as many."""
    a = game()
    assert a.x_piece_supply == piece_set(2).x_pieces == 2
    four_words(a)
    a.play("ANN", "TOP", (2, 0, 0), "up", x_piece=True)
    a.play("BOB", "PAT", (2, 0, 2), "across", x_piece=True)
    with pytest.raises(g.NoXPiecesLeft, match="the 2 of a game of 2 players"):
        a.play("ANN", "TEA", (4, 0, 2), "drop", x_piece=True)
    assert a.play("ANN", "TEA", (4, 0, 2), "drop").score == 6


def test_the_table_version_has_no_x_pieces_and_no_word_upside_down():
    a = game(version="table")
    a.play("ANN", "TEA", (0, 1), "across")
    with pytest.raises(g.TableVersionOnly, match="3-D version"):
        a.play("BOB", "ATE", (2, 1), "down", x_piece=True)
    with pytest.raises(g.TableVersionOnly, match="3-D version"):
        a.play("BOB", "ATE", (2, 1), "down", upside_down=True)
    assert a.play("BOB", "ATE", (2, 1), "down").score == 3


def _all_runs(board) -> set:
    runs = set()
    for c in board:
        for axis in range(3):
            if c[:axis] + (c[axis] - 1,) + c[axis + 1:] in board:
                continue
            cells = [c]
            while (nxt := cells[-1][:axis] + (cells[-1][axis] + 1,) + cells[-1][axis + 1:]) in board:
                cells.append(nxt)
            if len(cells) >= 2:
                runs.add(tuple(cells))
    return runs


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_legal_games_match_a_whole_board_rescan(seed):
    from kitgen.core.random import SeededRandom

    rng = SeededRandom(seed, stream="test-3dxword")
    lexicon = Lexicon.from_entries([(w, 10) for w in ORACLE_WORDS])
    words = [w.upper() for w in ORACLE_WORDS]
    a = g.Game(["ANN", "BOB", "CY"], lexicon)
    a.play("ANN", "CAT", (0, 0, 0), "across")
    dirs = [("across", 0, 1), ("down", 1, 1), ("up", 2, 1), ("drop", 2, -1)]
    for _ in range(4000):
        if a.plays_made >= 30:
            break
        cells = list(a.board.items())
        cell, letter = cells[rng.below(len(cells))]
        name, axis, step = dirs[rng.below(4)]
        word = rng.choice([w for w in words if letter in w])
        i = word.index(letter)
        start = cell[:axis] + (cell[axis] - i * step,) + cell[axis + 1:]
        before = _all_runs(a.board)
        try:
            r = a.play(a.to_play, word, start, name)
        except g.IllegalPlay:
            continue
        added = _all_runs(a.board) - before
        assert {frozenset(w.cells) for w in r.words} == {frozenset(x) for x in added}
        assert all(lexicon.contains(w.word) for w in r.words)
        assert r.score == sum(len(w.word) * (2 if w.leg else 1) for w in r.words)
    assert a.plays_made == 30 and any(c[2] > 0 for c in a.board)  # it built upwards too
    assert sum(a.scores.values()) == sum(p.score for p in a.history)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["ANN", "BOB"]), st.sampled_from([w.upper() for w in WORDS] + ["QZX", "A"]),
                          st.tuples(st.integers(-3, 3), st.integers(-3, 3), st.integers(-2, 3)),
                          st.sampled_from(list(g.DIRECTIONS)), st.sampled_from([None, None, "red", "blue"]),
                          st.booleans(), st.booleans(), st.booleans()), max_size=25),
       st.sampled_from(["3d", "table"]))
def test_fuzz_plays_only_named_refusals(moves, version):
    """Any sequence of plays and passes: each is accepted or refused by a named rule, and the books balance."""
    a = game(version=version)
    for player, word, start, direction, joiner, passing, x_piece, upside_down in moves:
        try:
            if passing:
                a.pass_turn(player)
            else:
                r = a.play(player, word, start, direction, joiner, x_piece=x_piece, upside_down=upside_down)
                assert r.score >= len(word) and r.new_cells
        except g.IllegalPlay as exc:
            assert exc.reason != "illegal"
    assert sum(a.scores.values()) == sum(r.score for r in a.history)
    assert len(a.board) == sum(len(r.new_cells) for r in a.history)
    assert a.x_pieces_used == sum(r.x_piece for r in a.history) <= a.x_piece_supply
    assert a.upside_down == {c for r in a.history if r.upside_down for c in r.new_cells}
    if version == "table":
        assert all(c[2] == 0 for c in a.board) and not a.upside_down


@pytest.mark.parametrize("players", [2, 3, 5, 12])
def test_the_game_issues_the_joiners_the_kit_prints(players):
    """3-D rule 3: two less than double the players, of each colour, in the game and in the printed set."""
    a = game(tuple(f"P{i}" for i in range(players)))
    s = piece_set(players)
    assert a.joiner_supply == s.red == s.blue == 2 * players - 2
    assert a.joiners_left("red") == a.joiners_left("blue") == 2 * players - 2


def test_a_refusal_is_a_rule_break_raised_where_the_turn_was_written():
    """Issue 25, one rule-error model: a refusal is a ``RuleBroken`` whose code is a ``PlayCode``, whose offending
    input is what was refused, and whose location is the part of the log line given with the turn (``Spots``), set
    where it is raised: the player for a turn out of order, the word otherwise."""
    from kitgen.core.errors import Location, RuleBroken

    spots = g.Spots(Location("log.txt", 3, 1), Location("log.txt", 3, 5), "BOB CAT")
    a = game()
    with pytest.raises(g.OutOfTurn) as turn:
        a.play("BOB", "CAT", (0, 0), "across", at=spots)
    assert isinstance(turn.value, RuleBroken) and turn.value.code is g.PlayCode.OUT_OF_TURN
    assert (turn.value.where, turn.value.offending) == (spots.player, "BOB")
    assert str(turn.value) == "log.txt:3:1: BOB CAT: it is ANN's turn, not BOB's (play goes round in seating " \
                              "order) [out-of-turn]"
    with pytest.raises(g.NotAWord) as word:
        a.play("ANN", "CTA", (0, 0), "across", at=g.Spots(spots.player, spots.word, "ANN CTA"))
    assert (word.value.code, word.value.where, word.value.offending) == (g.PlayCode.NOT_A_WORD, spots.word, "CTA")
    with pytest.raises(g.NotAWord) as bare:  # a play from no log: the rule's own words, nowhere
        a.play("ANN", "CTA", (0, 0), "across")
    assert (bare.value.where, str(bare.value)) == (None, "CTA is not in the dictionary")


def test_the_replay_keeps_the_refusal_the_rules_raised():
    """No re-raise: the replay's ``broken`` is the very refusal ``Game.play`` raised (located by the turn's spots)."""
    from kitgen.core.text import TextSource
    from kitgen.games.xword3d.formats.log import parse_log
    from kitgen.games.xword3d.rules.log import replay

    log = parse_log(TextSource("log.txt", "players: ANN BOB\nANN CAT 0,0 across\nBOB TOP 2,0 up\n"))
    raised: list[g.IllegalPlay] = []
    play = g.Game.play

    def spy(self: g.Game, *args: object, **kwargs: object) -> g.PlayResult:
        try:
            return play(self, *args, **kwargs)  # type: ignore[arg-type]
        except g.IllegalPlay as exc:
            raised.append(exc)
            raise

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(g.Game, "play", spy)
        done = replay(log, lex())
    assert done.broken is not None and [done.broken] == raised
    assert done.broken.code is g.PlayCode.TOO_EARLY_FOR_3D and done.broken.offending == "TOP"
    assert str(done.broken.where) == "log.txt:3:5"
