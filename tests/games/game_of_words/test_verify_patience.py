"""Letter Patience typed back in and replayed against its deal (issue 15; docs/game-of-words.md, ruling 14)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import Result
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.core.errors import InputError
from kitgen.core.lexicon import Lexicon
from kitgen.core.text import TextSource
from kitgen.games.game_of_words.formats.deck_spec import preset
from kitgen.games.game_of_words.formats.patience import parse_patience
from kitgen.games.game_of_words.rules.deals import deal_letter_patience
from kitgen.games.game_of_words.rules.patience_replay import TypedMove, replay_patience
from kitgen.games.game_of_words.rules.patience_solver import PatienceSolver

Invoke = Callable[..., Result]
WordFile = Callable[..., Path]

S = Path(__file__).resolve().parents[3] / "samples" / "game-of-words"
DEAL2_WORDS = ["band", "guys", "jaws", "lunch", "moxie", "overkill", "poet", "quai", "refl", "rest", "what", "whiz"]


def lex(*words: str) -> Lexicon:
    return Lexicon.from_entries([(w, 10) for w in words])


def moves(text: str) -> list[TypedMove]:
    return parse_patience(TextSource("game.txt", text))


def test_the_solvers_solution_replays_and_wins() -> None:
    dealt = deal_letter_patience(preset(), 2)
    words = lex(*DEAL2_WORDS)
    solution = PatienceSolver(words).solve(dealt.piles, "".join(dealt.stock), 2)
    assert solution is not None
    typed = moves("\n".join(m.describe() for m in solution))
    done = replay_patience(dealt, typed, words)
    assert done.won and list(done.moves) == solution


def test_sources_may_be_left_out_and_every_choice_is_tried() -> None:
    dealt = deal_letter_patience(preset(), 2)
    words = lex(*DEAL2_WORDS)
    solution = PatienceSolver(words).solve(dealt.piles, "".join(dealt.stock), 2)
    assert solution is not None
    text = "\n".join(m.describe().split()[0] if m.describe()[0].isupper() else m.describe() for m in solution)
    assert replay_patience(dealt, moves(text), words).won


def rules_case(text: str, piles: tuple[str, ...] = ("G", "XA", "XM", "XE", "XO", "XZ", "XQ"),
               stock: str = "RST") -> tuple[bool, str, int | None]:
    """Whether the moves win, the code of the rule broken and the line of the move it was raised at."""
    from kitgen.games.game_of_words.rules.deals import LetterPatienceDeal

    dealt = LetterPatienceDeal(1, preset(), (), tuple(tuple(p) for p in piles), tuple(stock), ("*", "*"))
    done = replay_patience(dealt, moves(text), lex("game", "gaze", "roze"), "game.txt")
    broken = done.broken
    return done.won, broken.code.value if broken else "", broken.where.line if broken and broken.where else None


def test_each_rule_refuses_with_its_code() -> None:
    assert rules_case("GAME 1 2 3 4\nturn")[1:] == ("fill-first", 2)  # pile 1 empty: fill it first
    assert rules_case("GAME 1 2 3 4\nfill 1 from W")[1:] == ("vowel-first", 2)  # the O on pile 5 must go
    assert rules_case("GAME 1 2 3 4\nfill 1 from 5\nturn Q")[1:] == ("wrong-card", 3)  # the stock turns R
    assert rules_case("GAM 1 2 3")[1:] == ("too-short", 1)
    assert rules_case("GAMY")[1:] == ("not-in-lexicon", 1)
    assert rules_case("GAZE 1 2 3 6")[1:] == ("wrong-card", 1)  # pile 3 shows M
    assert rules_case("GAME 1 2 3 4\nfill 1 5\nturn\nturn\nturn\nturn")[1:] == ("stock-used", 6)
    assert rules_case("GAME 1 2 3 4\nfill 1 5")[1] == "cards-left"
    assert rules_case("GAME 1 1 3 4")[1:] == ("one-card-a-pile", 1)


def test_sub_cards_once_each() -> None:
    # GAZE with a Sub Card for the A: two Sub Cards, so two such words, not three
    piles = ("XG", "XZ", "XE", "XXG", "XXXZ", "XXXXE", "XXXXXQ")
    assert rules_case("GAZE 1 * 2 3\nGAZE 4 * 5 6", piles)[1:] == ("cards-left", 2)  # at the last move's line
    assert rules_case("GAZE 1 * 2 3\nGAZE 4 * 5 6\nGAZE * * * *", piles)[1:] == ("sub-cards", 3)


def test_cli_samples(invoke: Invoke) -> None:
    r = invoke("verify", "solitaire", S / "letter-patience-2.txt", "--game", "letter-patience", "--seed", "2")
    assert r.exit_code == 0 and "won deal 2" in r.stdout, r.stderr
    r = invoke("verify", "solitaire", S / "letter-patience-2-broken.txt", "--game", "letter-patience", "--seed", "2",
               "--json")
    assert r.exit_code == 1
    doc = json.loads(r.stdout)
    assert doc["won"] is False and "fill the space at pile 1" in doc["error"] and doc["cards_left"] == 46
    r = invoke("verify", "solitaire", S / "letter-patience-2-broken.txt", "--game", "letter-patience", "--seed", "2")
    assert "letter-patience-2-broken.txt:4:1: fill the space at pile 1 first" in r.stderr


def test_cli_malformed_records_are_located(invoke: Invoke, tmp_path: Path) -> None:
    bad = tmp_path / "p.txt"
    for text, where in (("GAME 1 2 9 4\n", "p.txt:1:10:"), ("fill 8 from 2\n", "p.txt:1:6:"),
                        ("turn KK\n", "p.txt:1:1:"), ("GAME 1 2\n", "p.txt:1:6:"), ("G4ME\n", "p.txt:1:1:"),
                        ("# nothing\n", "p.txt:1:1:")):
        bad.write_text(text, encoding="utf-8")
        r = invoke("verify", "solitaire", bad, "--game", "letter-patience", "--seed", "2")
        assert r.exit_code == 2 and where in r.stderr, (text, r.stderr)


def test_turn_and_fill_the_words_take_their_sources() -> None:
    typed = moves("TURN 1 2 3 W\nturn\nFILL 1 2 3 4\nfill 2 W")
    assert [(m.kind, m.word) for m in typed] == [("word", "TURN"), ("turn", ""), ("word", "FILL"), ("fill", "")]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="GAMEturnfil 0123456789W*#\nxq", max_size=200))
def test_fuzz_patience_reader(text: str) -> None:
    try:
        typed = parse_patience(TextSource("fuzz.txt", text))
        assert all(m.kind in ("word", "fill", "turn") for m in typed)
    except InputError as exc:
        assert str(exc).startswith("fuzz.txt:")
