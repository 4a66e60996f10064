"""Every label of a Make a Wordsearch sheet fits the room it is given, in every text language: a label shrinks to fit
but never below 7 pt (issue 32), so a translation longer than its box would run into the next one (the score box's
"Boxes used", "4-letter words", "5-letter words" side by side on a two-a-page sheet ran over in all eleven
translations)."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

import kitgen.games.wordsearch.render as render
from kitgen import api


@pytest.mark.parametrize("lang", api.TEXT_LANGUAGES)
def test_every_label_fits_its_box(lang: str) -> None:
    drawn = render._text
    over: list[tuple[str, float, float]] = []
    measured = 0

    def spy(c: Any, x: float, y: float, text: str, font: str, size: float, *args: Any, **kwargs: Any) -> None:
        nonlocal measured
        width = kwargs.get("width", args[2] if len(args) > 2 else None)
        if width is not None:
            measured += 1
            wide = stringWidth(text, font, render._fit(c, text, font, size, width))
            if wide > width + 0.01:
                over.append((text, round(wide, 1), round(width, 1)))
        drawn(c, x, y, text, font, size, *args, **kwargs)

    with mock.patch.object(render, "_text", spy), api.speaking(lang):
        for per_page in ("1", "2"):
            for paper in ("a4", "letter"):
                api.render("wordsearch", "sheet", lang=lang, per_page=per_page, paper=paper)
    assert measured > 20
    assert not over, sorted(set(over))
