"""Crossword Solitaire A and B replayed move by move against the deal (issue 15; docs/game-of-words.md, ruling 15)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.core.errors import InputError, Location
from kitgen.core.lexicon import Lexicon
from kitgen.core.text import TextSource
from kitgen.games.game_of_words.formats.deck_spec import preset
from kitgen.games.game_of_words.formats.solitaire import parse_moves
from kitgen.games.game_of_words.rules.common import Code
from kitgen.games.game_of_words.rules.deals import CrosswordSolitaireADeal, CrosswordSolitaireBDeal
from kitgen.games.game_of_words.rules.solitaire_replay import SolitaireReplay, replay_solitaire

Invoke = Callable[..., Result]
S = Path(__file__).resolve().parents[3] / "samples" / "game-of-words"
MINI = S / "mini-deck.toml"
WORDS = Lexicon.from_entries([(w, 10) for w in ("beam", "earn", "moor", "north", "boat", "era", "at", "ta", "am",
                                                "ma", "moors", "sea", "seam", "tab", "tabs", "cars", "car", "arc",
                                                "mat", "mats", "mast")])


def a_deal(row: str, turned: str, blind: str) -> CrosswordSolitaireADeal:
    return CrosswordSolitaireADeal(1, preset(), (), tuple(row), turned, tuple(blind), ("*", "*"))


def b_deal(hand: str, blind: str) -> CrosswordSolitaireBDeal:
    return CrosswordSolitaireBDeal(1, preset(), (), tuple(hand), tuple(blind), ("*", "*"))


def play(dealt: CrosswordSolitaireADeal | CrosswordSolitaireBDeal, text: str) -> SolitaireReplay:
    return replay_solitaire(dealt, parse_moves(TextSource("game.txt", text)), WORDS, "game.txt")


def refused(done: SolitaireReplay) -> Code:
    """The code of the rule that stopped the replay."""
    assert done.broken is not None
    return done.broken.code


def test_a_row_of_six_refilled_from_the_pack_and_the_turned_card() -> None:
    done = play(a_deal("ATRBRM", "O", "NHOOEA"), "BoAT 0,0 across\nMOOR 1,-1 down\nNORTH 3,-3 down\nERA 0,2 across")
    assert done.won and [m["faceup"] for m in done.moves] == [True, False, False, False]


def test_a_first_word_from_the_row_and_the_turned_card_only() -> None:
    assert refused(play(a_deal("ATRBRM", "O", "NHOOEA"), "BEAM 0,0 across")) is Code.CARD_NOT_HELD
    # the turned O is taken when the row lacks it, without a mark
    assert play(a_deal("ATRBRM", "O", "NHOOEA"), "BOAT 0,0 across").moves[0]["faceup"] is True


def test_first_word_two_to_four_letters() -> None:
    assert refused(play(b_deal("NORTHXXXXXXX", ""), "NORTH 0,0 across")) is Code.FIRST_WORD_LENGTH
    assert refused(play(b_deal("NORTHXXXXXXX", ""), "N 0,0 across")) is Code.FIRST_WORD_LENGTH


def test_later_words_join_in_one_line() -> None:
    assert refused(play(b_deal("BEAMMOORXXXX", ""), "BEAM 0,0 across\nMOOR 9,9 down")) is Code.NOT_JOINED


def test_b_hand_and_the_discard_pile_top_once_a_play() -> None:
    deal = b_deal("ATRBRMONHOOE", "A")
    won = play(deal, "BEAM 0,0 across\nMOOR 3,0 down\ndraw\nEaRN 1,0 down\nNORTH 1,3 across")
    assert won.won, won.broken
    # no refill in B: after BEAM the hand has no A, and the blind A is not drawn yet
    assert refused(play(deal, "BEAM 0,0 across\nEARN 1,0 down")) is Code.CARD_NOT_HELD
    # a lower-case letter must be the face-up top
    assert refused(play(deal, "BEAM 0,0 across\ndraw\nEARn 1,0 down")) is Code.NOT_ON_TOP


def test_the_pack_goes_through_once() -> None:
    done = play(b_deal("ATRBRMONHOOE", "A"), "BEAM 0,0 across\ndraw\ndraw")
    assert done.broken is not None and done.broken.code is Code.PACK_GONE_THROUGH
    assert done.broken.where == Location("game.txt", 3, 1)  # raised at the third move, where it was typed


def test_plural_rules_apply_at_once() -> None:
    # MOOR + S alone makes MOOR plural: refused; MATS laid fresh is a plural that forms no new word: refused
    assert refused(play(b_deal("MOORSXXXXXXX", ""), "MOOR 0,0 across\nMOORS 0,0 across")) is Code.BARE_PLURAL
    assert refused(play(b_deal("TABMTSXXXXXX", ""), "TAB 0,0 across\nMATS 1,-1 down")) is Code.PLURAL
    assert refused(play(b_deal("TABMTSXXXXXX", ""), "TAB 0,0 across\nMAST 1,-1 down")) is Code.CARDS_LEFT


def test_every_card_must_be_in_the_crossword() -> None:
    done = play(b_deal("BEAMX", ""), "BEAM 0,0 across")
    assert not done.won and refused(done) is Code.CARDS_LEFT and done.cards_left == 1


def test_cli_samples_move_by_move(invoke: Invoke) -> None:
    for game, name in (("crossword-solitaire-a", "crossword-solitaire-a-1"),
                       ("crossword-solitaire-b", "crossword-solitaire-b-1")):
        r = invoke("verify", "solitaire", S / f"{name}.txt", "--game", game, "--seed", "1", "--spec", MINI, "--json")
        assert r.exit_code == 0, r.stderr
        doc = json.loads(r.stdout)
        assert doc["won"] and doc["replayed"] and len(doc["words"]) == 4
        r = invoke("verify", "solitaire", S / f"{name}-broken.txt", "--game", game, "--seed", "1", "--spec", MINI)
        assert r.exit_code == 1
    r = invoke("verify", "solitaire", S / "crossword-solitaire-a-1-broken.txt", "--game", "crossword-solitaire-a",
               "--seed", "1", "--spec", MINI)
    assert "crossword-solitaire-a-1-broken.txt:2:1: no card for E" in r.stderr
    # the same moves on another deal do not replay: the deal is checked, not only the pack
    r = invoke("verify", "solitaire", S / "crossword-solitaire-a-1.txt", "--game", "crossword-solitaire-a",
               "--seed", "2", "--spec", MINI)
    assert r.exit_code == 1


def test_cli_a_finished_grid_is_read_but_says_the_order_is_not_checked(invoke: Invoke) -> None:
    r = invoke("verify", "solitaire", S / "crossword-solitaire-b.txt", "--game", "crossword-solitaire-b", "--seed",
               "1", "--spec", MINI, "--json")
    assert r.exit_code == 0 and json.loads(r.stdout)["replayed"] is False


@pytest.mark.parametrize(("text", "where"), [("BEAM 0;0 across\n", "m.txt:1:6:"),
                                             ("BEAM 0,0 sideways\n", "m.txt:1:10:"),
                                             ("BE4M 0,0 across\n", "m.txt:1:1:"), ("turn\nBEAM 0,0\n", "m.txt:2:1:")])
def test_cli_malformed_moves_are_located(invoke: Invoke, tmp_path: Path, text: str, where: str) -> None:
    bad = tmp_path / "m.txt"
    bad.write_text(text, encoding="utf-8")
    r = invoke("verify", "solitaire", bad, "--game", "crossword-solitaire-a", "--seed", "1")
    assert r.exit_code == 2 and where in r.stderr, r.stderr


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="BEAMturndw 0123,-acrossdown#\n", max_size=200))
def test_fuzz_moves_reader(text: str) -> None:
    try:
        moves = parse_moves(TextSource("fuzz.txt", text))
        assert all(m.kind in ("play", "turn") for m in moves)
    except InputError as exc:
        assert str(exc).startswith("fuzz.txt:")
