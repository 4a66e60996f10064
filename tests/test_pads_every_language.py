"""Issue 28 and 32: every score pad and score table a player writes in, on every paper and in every language the
text is printed in, keeps each label inside its column. The German and Swedish Guess-O-Gram pads on A5 ran
"BUCHSTABE" / "BOKSTAV" across the log column's rule (the pads were checked on every paper in English and in every
language only on A4 and A5 for one pad); ``layout_problems`` finds any text a rule runs through, any text over
text, type under the pad's minimum and text within the margin."""

from __future__ import annotations

from functools import partial

import pytest
from pdflayout import layout_problems

from kitgen.core.i18n import speaking
from kitgen.io.pdf import MM, Paper, canvas_bytes

LANGS = ["en", "de", "el", "es", "fr", "it", "nl", "pl", "pt", "ru", "sv", "tr"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(Paper))
def test_no_pad_label_overflows_its_column(paper: Paper, lang: str) -> None:
    """The Game of Words' three pads (docs/game-of-words.md, ruling 19), the 3DXWORD score pad (docs/3dxword.md),
    the Wordsearch score sheet (docs/wordsearch.md) and the crossword score table (docs/crossword.md), translated."""
    from kitgen.games.crossword import render as crossword
    from kitgen.games.crossword.rules.generate import generate
    from kitgen.games.game_of_words.render.score_pads import MARGIN, score_pads_bytes
    from kitgen.games.wordsearch.render import sheets_pdf
    from kitgen.games.xword3d.render import draw_score_pad

    grid = generate(15, 15, "american", "rotational", 0)
    with speaking(lang):
        pads = {
            "game of words": (score_pads_bytes(paper), MARGIN, 8.0),
            "3dxword": (canvas_bytes(lambda c: draw_score_pad(c, paper, 7), paper), 10 * MM, 8.0),
            "wordsearch": (sheets_pdf(paper, 1, 1, None, "deal 3"), 5 * MM, 7.0),
            "crossword": (canvas_bytes(partial(crossword.draw_patterns, patterns=[grid], paper=paper, per_page=1,
                                               players=["Anna", "Ben", "Cleo", "Dan"]), paper), 5 * MM, 7.0),
        }
    for name, (data, margin, min_type) in pads.items():
        assert layout_problems(data, margin, min_type=min_type, min_row=6 * MM) == [], name
