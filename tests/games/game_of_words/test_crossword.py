"""The Crossword Game (issue 5; seed section 1): joins, ends, plurals, discards, Sub Cards, challenges, scores."""

from __future__ import annotations

from typing import Any

import pytest

from kitgen.core.board import Board, Coord, placement_along
from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.formats.deck_spec import preset
from kitgen.games.game_of_words.rules.crossword_game import Hand, IllegalPlay, Match

WORDS = ["beam", "earn", "moor", "north", "beaming", "seal", "moors", "ha", "te", "ear", "near", "tan", "dusk",
         "at", "an", "ax"]
LEX = Lexicon.from_entries([(w, 10) for w in WORDS])
VALUES = {c.letter: c.value for c in preset().cards}


def hand(*hands: str, blind: str = "QRSTUV", turned: str = "Z", first: int = 0, **kw: Any) -> Hand:
    return Hand([list(h) for h in hands], list(blind), list(turned), LEX, VALUES, first=first, **kw)


def across(board: Board, x: int, y: int, word: str) -> dict[Coord, str]:
    return placement_along((x, y), 0, word, board)


def down(board: Board, x: int, y: int, word: str) -> dict[Coord, str]:
    return placement_along((x, y), 1, word, board)


def test_diagram_one_beam_earn_moor_north_seal() -> None:
    """The seed's Diagram 1: BEAM, then EARN, MOOR, NORTH, BEAMING, and SEAL with the S on MOOR."""
    g = hand("BEAMING", "ARNXXX", "OORXXX", "OTHXXX", "SEALXX")
    g.play(0, across(g.board, 0, 0, "BEAM"))
    g.play(1, down(g.board, 1, 0, "EARN"))
    g.play(2, down(g.board, 3, 0, "MOOR"))
    g.play(3, across(g.board, 1, 3, "NORTH"))
    assert [r.word for r in g.plays[-1].words] == ["NORTH"]
    g.play(4, down(g.board, 3, 0, "MOORS") | across(g.board, 3, 4, "SEAL"))
    formed = sorted(r.word for r in g.plays[-1].words)
    assert formed == ["HA", "MOORS", "SEAL", "TE"]
    g.play(0, across(g.board, 0, 0, "BEAMING"))  # letters added to the end of BEAM
    assert [r.word for r in g.plays[-1].words] == ["BEAMING"] and g.out == 0


def test_first_word_two_to_four_letters_by_first_player() -> None:
    g = hand("BEAMING", "XX")
    with pytest.raises(IllegalPlay, match="only the first player"):
        g.turn = 1
        g.play(1, {(0, 0): "X", (1, 0): "X"})
    g.turn = 0
    with pytest.raises(IllegalPlay, match="two to 4 letters"):
        g.play(0, across(g.board, 0, 0, "BEAMING"))
    raised = hand("BEAMING", "XX", first_limit=7)
    raised.play(0, across(raised.board, 0, 0, "BEAMING"))


def test_later_plays_must_join_in_one_line() -> None:
    g = hand("BEAMX", "TANXX")
    g.play(0, across(g.board, 0, 0, "BEAM"))
    with pytest.raises(IllegalPlay, match="join"):
        g.play(1, across(g.board, 0, 5, "TAN"))
    with pytest.raises(IllegalPlay, match="one line"):
        g.play(1, {(4, 0): "T", (5, 1): "A"})


def test_adding_to_either_end() -> None:
    g = hand("EARX", "NXXX", "NXXX")
    g.play(0, across(g.board, 0, 0, "EAR"))
    g.play(1, {(-1, 0): "N"})  # NEAR
    assert g.board.run_through((0, 0), 0).word == "NEAR"
    g2 = hand("EARX", "NXXX")
    g2.play(0, across(g2.board, 0, 0, "EAR"))
    g2.play(1, {(3, 0): "N"})  # EARN
    assert g2.board.run_through((0, 0), 0).word == "EARN"


def test_plural_rule_and_free_for_all() -> None:
    g = hand("MOORX", "SXXX")
    g.play(0, across(g.board, 0, 0, "MOOR"))
    with pytest.raises(IllegalPlay, match="plural"):
        g.play(1, {(4, 0): "S"})
    ffa = hand("MOORX", "SXXX", free_for_all=True)
    ffa.play(0, across(ffa.board, 0, 0, "MOOR"))
    ffa.play(1, {(4, 0): "S"})


def test_cards_must_come_from_the_hand_and_sub_cards_are_fixed() -> None:
    g = hand("DUS*X", "TANX")
    with pytest.raises(IllegalPlay, match="holds no K"):
        g.play(0, across(g.board, 0, 0, "DUSK"))
    g.play(0, across(g.board, 0, 0, "DUSK"), wild_cells={(3, 0)})
    assert g.board.letter((3, 0)) == "K" and (3, 0) in g.wild_cells
    # the Sub Card is a K now: A and N under it spell KAN, not TAN
    g.play(1, {(3, 1): "A", (3, 2): "N"})
    assert [r.word for r in g.plays[-1].words] == ["KAN"]
    assert g.challenge(0) is True


def test_discard_then_take_exposed_or_blind_and_turn_passes() -> None:
    g = hand("ABC", "DEF", blind="XY", turned="Z")
    assert g.discard(0, "A", "turned") == "Z" and g.turned == ["A"] and g.turn == 1
    assert g.discard(1, "D", "blind") == "X" and g.turned == ["A", "D"] and g.blind == ["Y"]
    with pytest.raises(IllegalPlay, match="holds no Q"):
        g.discard(0, "Q")


def test_blind_pile_renewed_from_discards() -> None:
    g = hand("ABC", "DEF", blind="", turned="ZYX", seed=3)
    got = g.discard(0, "A", "blind")
    # the discards (Z Y X and the A just discarded) are shuffled into a new blind pile, its top turned up
    assert got in "ZYXA" and len(g.turned) == 1 and len(g.blind) == 2
    assert sorted(g.hands[0] + g.turned + g.blind) == sorted("BCZYXA")


def test_challenges_upheld_and_wrong() -> None:
    g = hand("BEAMX", "XQZ", "OORX")
    g.play(0, across(g.board, 0, 0, "BEAM"))
    g.play(1, {(0, 1): "X"})  # BX down: not a word
    assert g.challenge(2) is True
    assert (0, 1) not in g.board and sorted(g.hands[1]) == ["Q", "X", "Z"] and g.turn == 2
    g.play(2, down(g.board, 3, 0, "MOOR"))
    assert g.challenge(1) is False and g.penalties[1] == 10


def test_hand_scores_count_cards_left_and_low_score_wins() -> None:
    g = hand("AT", "ZQ*")
    g.play(0, across(g.board, 0, 0, "AT"))
    assert g.out == 0
    assert g.hand_scores() == [0, 2 + 4 + 15]
    with pytest.raises(IllegalPlay, match="over"):
        g.play(1, {(0, 1): "Z"})
    m = Match(2, target=50)
    m.add_hand([0, 21])
    assert not m.over
    m.add_hand([30, 30])
    assert m.over and m.winners() == [0]


def test_placement_for_reads_whole_words_and_marks_sub_cards() -> None:
    from kitgen.games.game_of_words.rules.crossword_game import placement_for

    g = hand("SNOTX", "TUX")
    g.play(0, across(g.board, 0, 0, "SNOT"))
    with pytest.raises(IllegalPlay, match="make SNOTUX"):
        placement_for(g.board, "TUX", 3, 0, True)
    with pytest.raises(IllegalPlay, match="already on the table"):
        placement_for(g.board, "SNOT", 0, 0, True)
    placement, wild = placement_for(g.board, "TUX", 3, 0, False, (2,))
    assert placement == {(3, 1): "U", (3, 2): "X"} and wild == {(3, 2)}
    with pytest.raises(IllegalPlay, match="not a new Sub Card"):
        placement_for(g.board, "TUX", 3, 0, False, (0,))


@pytest.mark.parametrize("head", ["players: 3", "target: 60"])
def test_a_hand_refuses_a_second_players_or_target_line(head):
    """A repeated header is a mistake to point at, not a value to replace silently (issue 17)."""
    from kitgen.core.errors import InputError
    from kitgen.core.text import TextSource
    from kitgen.games.game_of_words.formats.record import parse_record

    key = head.split(":")[0]
    text = f"players: 2\ntarget: 50\n# then again\n{head}\nP1 SPEW 0,0 across\n"
    with pytest.raises(InputError) as exc:
        parse_record(TextSource("hand.txt", text))
    assert str(exc.value) == f"hand.txt:4:1: a second {key}: line (the first is on line {1 if key == 'players' else 2})"
