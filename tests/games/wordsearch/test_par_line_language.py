"""A par line's numbers as the text language writes them (issue 28): thousands grouped by the language
(200.000 Schritte in German, 200 000 in French), seconds with its decimal comma; English as before."""

from __future__ import annotations

from kitgen.core.i18n import speaking
from kitgen.games.wordsearch.formats.results import par_line
from kitgen.games.wordsearch.rules.bound import Bound
from kitgen.games.wordsearch.rules.par import ParResult

FOUND = ParResult(cells="A" * 25, turns=(), score=57, seconds=3.14, evaluations=1, steps=123456, budget=200000,
                  capped=True)
BOUND = Bound(score=61, five_lines=2, sets_tried=1)


def test_english_groups_with_commas_as_before() -> None:
    assert par_line(FOUND, BOUND, nodes=4321) == (
        "par 57 of at most 61 (budget 200,000 steps and 4,321 nodes of the exact search, 3.1 s; stopped by "
        "--seconds after 123,456 steps, so it depends on this machine)")


def test_german_groups_with_points_and_writes_a_decimal_comma() -> None:
    with speaking("de"):
        said = par_line(FOUND, BOUND, nodes=4321)
    assert "200.000" in said and "4.321" in said and "123.456" in said and "3,1 s" in said, said
    assert "200,000" not in said, said
