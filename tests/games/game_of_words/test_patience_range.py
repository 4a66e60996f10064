"""``kitgen deal letter-patience --range A-B --solve``: one JSON line a deal, each as ``--seed N --solve`` decides it
(docs/game-of-words.md, "Letter Patience solver")."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kitgen.core.lexicon import Lexicon
from kitgen.games.game_of_words.formats.deck_spec import default_deck
from kitgen.games.game_of_words.rules.patience_solver import PatienceRangeWorker

WINS_1_AND_2 = ["wart", "city", "view", "trug", "ixia", "rune", "daze", "half", "hash", "monks", "jowl", "quod",
                "plebs", "viol", "ruck", "whiz", "wept", "jeans", "hall", "abhor", "fest", "drew", "next", "quai",
                "yous", "magi"]
"""The words of wins of deals 1 and 2 (found by the solver with the default lexicon, pinned here as data): with
them alone deals 1 and 2 are won and deal 4 is lost."""


def test_range_lines_are_the_single_deal_decisions_in_one_process_or_two(
        invoke: Callable[..., Any], word_file: Callable[..., Path]) -> None:
    words = str(word_file(*WINS_1_AND_2))
    for jobs in ("1", "2"):
        r = invoke("deal", "letter-patience", "--range", "1-2", "--solve", "--json", "--jobs", jobs,
                   "--words", words, "--all-words")
        assert r.exit_code == 0, r.stderr
        lines = [json.loads(line) for line in r.stdout.splitlines()]
        assert [(line["game"], line["seed"], line["winnable"]) for line in lines] == [
            ("letter-patience", 1, True), ("letter-patience", 2, True)]
        for line in lines:
            single = json.loads(invoke("deal", "letter-patience", "--seed", str(line["seed"]), "--solve", "--json",
                                       "--words", words, "--all-words").stdout)
            assert line["winnable"] == single["winnable"] and line["solution"] == single["solution"]
        assert "deals 1-2: 2 of 2 winnable (100.0%), 0 lost, 0 undecided" in r.stderr


def test_a_lost_deal_is_counted_lost(invoke: Callable[..., Any], word_file: Callable[..., Path]) -> None:
    r = invoke("deal", "letter-patience", "--range", "4-4", "--solve", "--words", str(word_file(*WINS_1_AND_2)),
               "--all-words")
    assert r.exit_code == 0 and "0 of 1 winnable (0.0%), 1 lost, 0 undecided" in r.output and "lost: 4" in r.output


def test_a_deals_line_does_not_depend_on_the_deals_decided_before_it() -> None:
    """The split checks' answers are forgotten between deals (a check that ran out of steps could finish with a
    previous deal's answers and steer the search elsewhere), so a line is the same in any order, in any worker."""
    words = Lexicon.from_entries([(w, 10) for w in WINS_1_AND_2])
    alone = PatienceRangeWorker(words, default_deck())
    line = alone(2)
    after = PatienceRangeWorker(words, default_deck())
    after(1), after(4)
    assert after(2) == line and line["winnable"] is True
    assert after.index.splits == alone.index.splits  # deal 2 searched with what deal 2 alone remembers
