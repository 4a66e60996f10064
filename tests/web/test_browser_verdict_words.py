"""A verdict's nested values in the page's words (issue 27, "Written for people"): a Crossword Game hand's plays
inside its hands read "Joueur 1 · Mots SPEW · Cartes 4" on a French page, never the JSON's keys ("Coups player 1"),
and its ten-column table of hands never makes the page scroll sideways, on half a wide screen or on a phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from browsing import until

RECORD = (Path(__file__).resolve().parents[2] / "samples" / "game-of-words" / "crossword-hand-3.txt").read_text(
    encoding="utf-8")


@pytest.mark.parametrize("width", [1280, 390])
def test_a_hand_s_plays_are_said_in_the_page_s_words_and_fit(server: str, browser: Any, width: int) -> None:
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(f"{server}/check/crossword-hand?lang=fr&seed=3&record={quote(RECORD)}")
    until(page, "document.querySelectorAll('.result .document table').length >= 2")
    hands = page.locator(".result .document table").last.inner_text()
    assert "Joueur 1 · Mots SPEW · Cartes 4; Joueur 2 · Mots WHY" in hands, hands
    assert "player" not in hands and "words" not in hands and "cards" not in hands
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    summary = page.locator(".result .document .summary").inner_text()
    assert "P1 0 · P2 0" in summary and "0,0" not in summary  # a number a player, not a French decimal
    page.close()
