"""The Crossword game page in plain words and in the page's language (issue 27's leftovers): a refused turn in the
turn list reads as a person says it ("ANN tried AAAA in 1 across"), not as the record writes it ("ANN 1A AAAA"); a
new game's words are in the page's language, even where this browser kept a game started on an English page.
Screenshots at 1280 and 390 px, French. Skipped with one line without Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import browsing  # noqa: F401  (skips this module, with one line, without Chromium or Playwright)
import pytest
from browsing import WIDTHS, fits, shoot, until

REFUSED = "/check/crossword?size=9&seed=1&players=ANN+BOB&computer=0&turn=ANN+1A+AAAA"
LISTED = "document.querySelectorAll('ol.turns li.refused').length > 0"


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "ANN tried AAAA in 1 across: not allowed"),
    ("fr", "ANN a essay\u00e9 AAAA en 1 horizontal\u00a0: pas permis"),
    ("ru", "ANN \u043f\u0440\u043e\u0431\u043e\u0432\u0430\u043b(\u0430) AAAA \u0432 1 \u043f\u043e "
           "\u0433\u043e\u0440\u0438\u0437\u043e\u043d\u0442\u0430\u043b\u0438: \u043d\u0435\u043b\u044c\u0437\u044f"),
])
def test_a_refused_turn_is_listed_in_plain_words(server: str, browser: Any, lang: str, said: str) -> None:
    page = browser.new_page()
    page.goto(f"{server}{REFUSED}&lang={lang}")
    until(page, LISTED)
    listed = page.locator("ol.turns li.refused").inner_text()
    page.close()
    assert listed.startswith(said), listed
    assert "1A" not in listed  # the record's way of naming the light stays in the record


def test_a_refused_pass_and_a_line_that_is_no_turn(server: str, browser: Any) -> None:
    """A pass out of turn says who tried to pass; a line that names no light is shown as it was typed."""
    page = browser.new_page()
    listed = []
    for turn in ("BOB+pass", "ANN+XYZ"):
        page.goto(f"{server}/check/crossword?lang=en&size=9&seed=1&players=ANN+BOB&computer=0&turn={turn}")
        until(page, LISTED)
        listed.append(page.locator("ol.turns li.refused").inner_text())
    page.close()
    assert listed[0].startswith("BOB tried to pass: not allowed"), listed
    assert listed[1].startswith("ANN XYZ: not allowed"), listed


def _words_language(page: Any) -> str:
    return str(page.evaluate("document.querySelector('form.new-game select[name=lang]').value"))


def test_a_new_game_takes_the_pages_language_of_the_words_though_an_english_game_was_kept(server: str,
                                                                                          browser: Any) -> None:
    """Opening the page once in English keeps that game in the browser; a French page then starts its words in
    French, as its form offers (no turn was played, so nothing is lost). A game with turns played keeps its words
    (its turns are English words)."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server}/check/crossword?lang=en")
    until(page, "document.querySelectorAll('.xw .cell').length > 0")
    until(page, "!!localStorage.getItem('kitgen.crossword.game')")
    assert _words_language(page) == "en"
    context.add_cookies([{"name": "kitgen-lang", "value": "fr", "url": server}])
    page.goto(f"{server}/check/crossword")  # the menu's Check a game: no game in the address, the kept game resumes
    until(page, "document.querySelectorAll('.xw .cell').length > 0 && !document.querySelector('.resumed').hidden")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert _words_language(page) == "fr"
    page.goto(f"{server}/check/crossword?lang=en&size=9&seed=1&players=ANN+BOB&computer=0&turn=ANN+pass")
    until(page, "document.querySelectorAll('ol.turns li').length === 1")
    context.add_cookies([{"name": "kitgen-lang", "value": "fr", "url": server}])  # the address chose English
    page.goto(f"{server}/check/crossword")
    until(page, "document.querySelectorAll('ol.turns li').length === 1")
    assert _words_language(page) == "en"  # its turns were played with English words
    context.close()


@pytest.mark.parametrize("width, height, name", WIDTHS)
def test_the_french_turn_list_at_both_widths(server: str, browser: Any, width: int, height: int, name: str,
                                             tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{server}{REFUSED}&turn=ANN+pass&lang=fr")
    until(page, LISTED)
    assert fits(page, width)
    shoot(page, f"check-crossword-refused-fr-{name}", tmp_path)
    page.close()
