"""Every page in every language, in a real browser (issue 28: "a browser test switches language on every page and
finds no untranslated catalogue string"): on the home, deal, check, print, class and room pages, the language
menu switches the page; ``<html lang>`` follows, and the text on screen once the page's scripts have run (what
they draw from the page's data-texts too) holds none of the English page's catalogue phrases. Skipped with one
line without Chromium."""

from __future__ import annotations

from typing import Any

import browsing  # noqa: F401  (skips this module, with one line, without Chromium or Playwright)
import pytest
from browsing import until
from conftest import ROOT
from untranslated import english_left

LANGUAGES = ("de", "es", "fr", "it", "nl", "pt")
PAGES = [
    ("/", "document.querySelectorAll('ul.games li').length > 0"),
    ("/deal/word-solitaire?seed=5", "!!document.querySelector('.play')"),
    ("/deal/wordsearch?seed=2", "document.querySelectorAll('.deal-view ol.words li').length === 25"),
    ("/check", "true"),
    ("/check/wordsearch", "true"),
    ("/check/solitaire", "!!document.querySelector('.sol-deal .pile')"),
    ("/print/wordsearch", "true"),
]
SHEET = [line for line in (ROOT / "samples" / "wordsearch" / "deal-1.txt").read_text().splitlines()
         if line and not line.startswith("#")][:5]


def _class_and_room(page: Any, server: str) -> list[tuple[str, str]]:
    """A class session (the teacher's page, the caller, a student's page, a sent sheet) and a game room (before
    and after a seat is taken), made through their pages."""
    page.goto(server + "/class?lang=en")
    page.fill("input[name=title]", "Zyx Qwv")
    page.fill("input[name=deal]", "1")
    page.click("button[type=submit]")
    page.wait_for_selector("h1:has-text('Zyx Qwv')")
    teacher = page.url.split("?")[0]
    session = teacher.rstrip("/").rsplit("/", 1)[-1]
    page.goto(f"{server}/s/{session}")
    for k, letter in enumerate("".join(SHEET)):
        page.locator(".ws-grid input").nth(k).fill(letter)
    until(page, "document.querySelector('.result .score') !== null")
    page.fill("input.player", "Ann")
    page.click("button.send")
    page.wait_for_selector("h1:has-text('Your sheet is with your teacher')")
    sent = page.url
    page.goto(server + "/room")
    page.fill("input[name=players]", "ANN BOB")
    page.click("button[type=submit]")
    page.wait_for_selector("form[action$='/seat']")
    room = page.url
    page.locator("form[action$='/seat'] button").first.click()
    playing = "document.querySelectorAll('.room-grid .cell').length > 0"
    return [("/class", "true"), (teacher, "document.querySelectorAll('table.ranking tbody tr td').length > 1"),
            (f"{teacher}/caller", "true"), (f"{server}/s/{session}", "true"), (sent, "true"), ("/room", "true"),
            (room, playing)]


def _switch(page: Any, lang: str, ready: str) -> str:
    """Choose ``lang`` in the language menu; the page's text once its scripts have drawn it."""
    with page.expect_navigation():
        page.locator(f"nav.langs a[hreflang={lang}]").click()
    page.wait_for_load_state("load")
    assert page.evaluate("document.documentElement.lang") == lang
    until(page, ready)
    page.wait_for_timeout(300)  # what the scripts draw after their first answer
    return str(page.evaluate("document.body.innerText"))


def test_every_page_switches_language_and_leaves_no_english(server: str, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    pages = PAGES + _class_and_room(page, server)
    left: dict[str, list[str]] = {}
    for path, ready in pages:
        page.goto(path if path.startswith("http") else server + path)
        english = _switch(page, "en", ready)
        for lang in LANGUAGES:
            translated = _switch(page, lang, ready)
            found = english_left(english, translated, lang)
            if found:
                left[f"{path} {lang}"] = sorted(found)[:8]
        _switch(page, "en", "true")
    context.close()
    assert not left, "\n".join(f"{k}: {v}" for k, v in left.items())


@pytest.mark.parametrize("lang", ["fr"])
def test_the_language_menu_says_where_you_are(server: str, browser: Any, lang: str) -> None:
    """The chosen language is marked in the menu, and the next page keeps it (the cookie)."""
    page = browser.new_page()
    page.goto(server + "/check")
    with page.expect_navigation():
        page.locator(f"nav.langs a[hreflang={lang}]").click()
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator("nav.langs a[aria-current=true]").inner_text() == "Fran\u00e7ais"
    page.goto(server + "/room")
    assert page.evaluate("document.documentElement.lang") == lang
    page.close()
