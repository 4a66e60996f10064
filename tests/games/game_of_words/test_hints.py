"""Hints from the current position (docs/web.md, "Play it"): ``api.reply("solitaire", record so far)`` gives the
solver's next move from wherever the player is, not from the solver's own line; solvers are kept per process."""

from __future__ import annotations

from typing import Any

import pytest

from kitgen import api
from kitgen.games.base import lexicon_for, proposals_for
from kitgen.games.game_of_words.formats.hint import step_line
from kitgen.games.game_of_words.rules import kept
from kitgen.games.game_of_words.rules.word_solitaire import position


def _solved(game: str, seed: int) -> list[dict[str, Any]]:
    document = api.run(api.deal_command(game), seed=seed, solve=True).document
    assert document["winnable"] is True
    steps: list[dict[str, Any]] = document["solution"]
    return steps


def _play_by_hints(game: str, seed: int, lines: list[str], most: int) -> list[str]:
    """Follow the hints from ``lines`` until the game is won (the verifier's word), ``most`` hints at most."""
    for _ in range(most):
        hint = api.reply("solitaire", "\n".join(lines) + "\n", game=game, seed=seed)
        if not hint["line"]:
            break
        assert hint["winnable"] is True and hint["line"] == step_line(hint["step"])
        lines.append(hint["line"])
    return lines


@pytest.mark.parametrize("game, seed", [("word-solitaire", 5), ("letter-patience", 2)])
def test_hints_alone_win_the_game(game: str, seed: int) -> None:
    first = step_line(_solved(game, seed)[0])
    lines = _play_by_hints(game, seed, [first], 200)
    verdict = api.verify("solitaire", "\n".join(lines) + "\n", game=game, seed=seed)
    assert verdict.exit_code == 0, verdict.to_json()


def test_a_hint_starts_from_where_the_player_went_not_from_the_solvers_line() -> None:
    steps = _solved("word-solitaire", 7)
    deal = api.run(api.deal_command("word-solitaire"), seed=7).document
    piles = ["".join(p) for p in deal["piles"]] + ([deal["extra"]] if deal["extra"] else [])
    lexicon = lexicon_for(None, "en")
    # A later word of the solver's played first (the rules allow it here): the player left the solver's line.
    other = next(s for s in steps[1:] if position(piles, [s["word"]], lexicon, [s["from"]]) is not None)
    assert other["word"] != steps[0]["word"]
    lines = _play_by_hints("word-solitaire", 7, [step_line(other)], 40)
    verdict = api.verify("solitaire", "\n".join(lines) + "\n", game="word-solitaire", seed=7)
    assert verdict.exit_code == 0, verdict.to_json()


def test_a_record_that_breaks_a_rule_gets_no_hint() -> None:
    with pytest.raises(api.InputError, match="breaks a rule"):
        api.reply("solitaire", "QUIZ 1 2 3 4\n", game="word-solitaire", seed=5)


def test_solvers_are_built_once_a_process_and_a_few_kept() -> None:
    kept.forget()
    english = proposals_for(None, "en", False)
    first = kept.word_solver(english, "ABCDEFGHIJ")
    assert kept.word_solver(english, "ABCDEFGHIJ") is first
    assert kept.word_solver(english, "ABCDEFGHIK") is not first
    for k in range(kept.KEPT):
        kept.word_solver(english, "ABCDEFGHI" + "LMNOPQ"[k])
    assert kept.word_solver(english, "ABCDEFGHIJ") is not first  # the oldest was let go
    kept.forget()


def test_a_warmed_web_worker_keeps_both_solvers_before_its_first_request() -> None:
    from kitgen.web.jobs import warm, warm_solvers

    kept.forget()
    warm(solvers=False)
    assert kept.built() == 0
    warm_solvers()
    assert kept.built() == 2  # Word Solitaire's and Letter Patience's, for the shipped English words
    kept.forget()
