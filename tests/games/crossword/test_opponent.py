"""The computer's turn in the Crossword game (docs/crossword.md, ruling 8): an entry from the move generator."""

from __future__ import annotations

import pytest

from kitgen.core.errors import RuleBroken
from kitgen.core.lexicon import Lexicon, get_lexicon
from kitgen.core.text import TextSource
from kitgen.games.crossword.formats.record import parse_record
from kitgen.games.crossword.rules.game import CrosswordGame
from kitgen.games.crossword.rules.moves import legal_entries
from kitgen.games.crossword.rules.opponent import position, reply

GRID = ".......\n#.#.#.#\n.......\n"
WORDS = ("art", "ape", "cap", "act", "arc", "balance", "attempt", "ate")


@pytest.fixture
def lexicon(word_file) -> Lexicon:
    return get_lexicon(word_file(*WORDS))


def record(*turns: str):
    text = "pattern:\n" + GRID + "players: ANN CPU\n" + "".join(t + "\n" for t in turns)
    return parse_record(TextSource("<text>", text))


def test_the_first_entry_goes_in_the_shortest_light(lexicon: Lexicon) -> None:
    first = reply(position(record(), lexicon), lexicon, 5)
    assert first.player == "ANN" and first.light == "2D" and first.score == 6  # 2 a letter, 3 letters
    assert first.line == f"ANN 2D {first.word}" and first.word in ("ACT", "APE", "ARC", "ART", "ATE")


def test_level_5_plays_the_best_scoring_light_and_its_move_is_legal(lexicon: Lexicon) -> None:
    game = position(record("ANN 2D ART"), lexicon)
    best = reply(game, lexicon, 5)
    scores = {o.light.name: o.score for o in legal_entries(game)}
    assert best.light is not None and best.word is not None
    assert best.player == "CPU" and best.score == max(scores.values()) == scores[best.light]
    move = game.play(best.light, best.word, best.player)  # the rules take what the computer writes
    assert move.score == best.score


def test_lower_levels_choose_among_more_lights_and_always_the_same_one(lexicon: Lexicon) -> None:
    game = position(record("ANN 2D ART"), lexicon)
    lights = {reply(game, lexicon, level).light for level in (1, 2, 3, 4, 5)}
    assert lights <= {o.light.name for o in legal_entries(game)}
    assert reply(game, lexicon, 2) == reply(position(record("ANN 2D ART"), lexicon), lexicon, 2)


def test_with_no_legal_entry_the_computer_passes(word_file) -> None:
    empty = get_lexicon(word_file("zz"))  # no 3-letter word for the first light
    done = reply(position(record(), empty), empty, 5)
    assert done.light is None and done.line == "ANN pass" and done.score == 0


def test_a_finished_game_or_a_broken_record_is_refused(lexicon: Lexicon) -> None:
    with pytest.raises(RuleBroken, match="game is over"):
        reply(position(record("ANN pass", "CPU pass"), lexicon), lexicon, 3)
    with pytest.raises(RuleBroken) as broken:
        position(record("ANN 1A BALANCE"), lexicon)
    assert broken.value.where is not None and broken.value.where.line == 6


def test_position_is_the_game_after_the_turns(lexicon: Lexicon) -> None:
    game = position(record("ANN 2D ART", "CPU pass"), lexicon)
    assert isinstance(game, CrosswordGame) and not game.finished and game.to_play == "ANN"
