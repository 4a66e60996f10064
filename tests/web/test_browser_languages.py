"""The language menu in a real browser (issue 28: "a browser test switches language on every page and finds no
untranslated catalogue string"): on the home, deal, check, print, class and room pages, the language menu switches
the page (to English and to another language, each language in turn, so every one of them is chosen from a menu);
``<html lang>`` follows, and the text on screen once the page's scripts have run (what they draw from the page's
data-texts too) holds none of the English page's catalogue phrases. Every page in every language, chosen by the
menu's cookie, is tests/web/test_browser_every_page.py's (this test switched each page to all ten other languages,
a second scan of the same pages). Skipped with one line without Chromium."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import browsing  # noqa: F401  (skips this module, with one line, without Chromium or Playwright)
import pytest
from browsing import until
from conftest import ROOT
from untranslated import LANGUAGES, NAMES, english_left

PAGES = [
    ("/", "document.querySelectorAll('ul.games li').length > 0"),
    ("/deal/word-solitaire?seed=5", "!!document.querySelector('.play')"),
    ("/deal/wordsearch?seed=2", "document.querySelectorAll('.deal-view ol.words li').length === 25"),
    ("/check", "true"),
    ("/check/wordsearch", "true"),
    ("/check/solitaire", "!!document.querySelector('.sol-deal .pile')"),
    ("/print/wordsearch", "true"),
]
EN_WORDS = ("(() => { const s = document.querySelector('select[name=lang]'); if (s.value !== 'en') {"
            " s.value = 'en'; s.dispatchEvent(new Event('change', {bubbles: true})); return false; } return %s; })()")
"""Ready once the record is checked with English words (the page's text language sets the words' language too):
a 3DXWORD sample's words are English."""


def _typed(name: str) -> str:
    """A 3DXWORD sample log without its comments (the English a person typed is not the page's)."""
    lines = (ROOT / "samples" / "3dxword" / name).read_text().splitlines()
    return "".join(line.split("#")[0].rstrip() + "\n" for line in lines if line.split("#")[0].strip())


THREE_D = _typed("x-pieces.txt")
TOO_EARLY = _typed("illegal-too-early.txt")
RECORD_PAGES = [
    (f"/check/3dxword?record={quote(THREE_D)}", EN_WORDS % "!!document.querySelector('.result table.named td')"),
    (f"/check/3dxword?record={quote(TOO_EARLY)}", EN_WORDS % "!!document.querySelector('.result .problem')"),
]
"""The generic verdict (a 3DXWORD log: its totals, its table of plays, its balance note, a refusal), typed into the
page's address so the language menu keeps it."""
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


def _record_pairs(path: str) -> set[tuple[str, str]]:
    """The pairs of words of the record a page's address holds (its keywords, players and words are typed, not
    the page's text): they are not the page's English."""
    record = parse_qs(urlsplit(path).query).get("record", [""])[0]
    words = [w for w in re.findall(r"[^\W\d_]{3,}", record.lower()) if w not in NAMES]
    return set(zip(words, words[1:], strict=False))


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
    pages = PAGES + RECORD_PAGES + _class_and_room(page, server)
    left: dict[str, list[str]] = {}
    chosen: list[str] = []
    for path, ready in pages:
        typed = {" ".join(pair) for pair in _record_pairs(path)}
        page.goto(path if path.startswith("http") else server + path)
        english = _switch(page, "en", ready)
        lang = LANGUAGES[len(chosen) % len(LANGUAGES)]  # a page a language in turn: each language is chosen
        chosen.append(lang)
        translated = _switch(page, lang, ready)
        found = {pair for pair in english_left(english, translated, lang) if pair not in typed}
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


@pytest.mark.parametrize(("lang", "expected"), [
    ("pl", {2: "2 strony", 5: "5 stron", 22: "22 strony", 1: "1 strona", 12: "12 stron"}),
    ("ru", {1: "1 страница", 3: "3 страницы", 5: "5 страниц", 21: "21 страница", 11: "11 страниц"}),
    ("en", {1: "1 page", 2: "2 pages"}),
])
def test_a_count_takes_the_plural_form_its_language_gives_it(server: str, browser: Any, lang: str,
                                                              expected: dict[int, str]) -> None:
    """A script's count chooses its form by the language's CLDR plural category (Intl.PluralRules) among the
    catalogue's forms: Polish and Russian have a third, "many" form (5 stron), and 21 is Russian "one"."""
    page = browser.new_page()
    page.goto(f"{server}/print/wordsearch?lang={lang}")
    shown = {n: page.evaluate("n => window.kitgen.text('pages', {n}, n)", n) for n in expected}
    page.close()
    assert shown == expected


def test_the_shared_scripts_words_come_from_the_pages_catalogue(server: str, browser: Any) -> None:
    """common.js writes no English of its own: kitgen not answering, a yes or a no, in the page's language; a
    problem's column is marked on its line, not said ("column 2: ...", technical for a child, and English)."""
    page = browser.new_page()
    page.goto(server + "/check/anagrams?lang=fr")
    page.route("**/api/nowhere", lambda route: route.abort())
    offline = page.evaluate("async () => (await window.kitgen.call('/api/nowhere')).data.error")
    column = page.evaluate("window.kitgen.recordLines('ab\\n', [{line: 1, col: 2, message: 'x'}]).innerHTML")
    answer = page.evaluate("window.kitgen.documentView({legal: true, won: false}).textContent")
    page.close()
    assert offline == "kitgen ne r\u00e9pond pas\u00a0: tourne-t-il encore sur cet ordinateur\u202f?"
    assert '<mark class="at">b</mark>' in column and "colonne" not in column and "column" not in column  # marked
    assert '<span class="problem">x</span>' in column  # the plain words alone, where the problem is
    assert "oui" in answer and "non" in answer and "yes" not in answer


def test_the_crossword_game_page_speaks_the_pages_language(server: str, browser: Any) -> None:
    """The Crossword game's script writes the page's words: whose turn it is, each square's name for a screen
    reader (its lights), a refusal."""
    page = browser.new_page()
    page.goto(server + "/check/crossword?lang=pl")
    until(page, "document.querySelectorAll('.xw .cell').length > 0")
    until(page, "document.querySelector('.which').textContent.includes('wybierz pole na diagramie')")
    label = page.locator(".xw .cell:not(.block):not(.void)").first.get_attribute("aria-label")
    page.evaluate("document.querySelector('form.entry').requestSubmit()")
    refusal = page.locator(".refusal").inner_text()
    page.close()
    assert "poziomo" in label or "pionowo" in label, label
    assert refusal == "Najpierw wybierz pole na diagramie.", refusal


def test_a_verdicts_table_keeps_every_column_on_a_phone(server: str, browser: Any) -> None:
    """At 390 px a 3DXWORD log's table of plays (seven columns) shows each play as a line of named cells: none
    runs past the panel's edge, and each is named in the page's language."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/check/3dxword?lang=fr&record={quote(THREE_D)}")
    until(page, EN_WORDS % "!!document.querySelector('.result table.named td')")
    right = page.evaluate("document.querySelector('.result').getBoundingClientRect().right")
    cells = page.evaluate("[...document.querySelectorAll('.result table.named td')].filter((td) => td.offsetWidth)"
                          ".map((td) => [td.getBoundingClientRect().right, getComputedStyle(td, '::before').content])")
    page.close()
    assert cells and all(edge <= right for edge, _ in cells), (right, cells)
    names = {name for _, name in cells}
    assert {'"Joueur "', '"pièce X "', '"À l’envers "'} <= names, names


def test_how_an_out_word_ended_is_said_in_the_pages_language(server: str, browser: Any) -> None:
    """The O-U-T verdict's "How it ended" column (English sentences in the JSON, a player's name in each) reads in
    the page's language: "complété par ANN", not "completed by ANN"; English as the JSON says it."""
    record = (ROOT / "samples" / "game-of-words" / "out-game-1.txt").read_text()
    page = browser.new_page()
    ends = {}
    for lang in ("en", "fr", "ru"):
        page.goto(f"{server}/check/out-game?lang={lang}&record={quote(record)}")
        until(page, EN_WORDS % "!!document.querySelector('.result table.named td')")  # its words are English
        ends[lang] = page.evaluate("[...document.querySelectorAll('.result table.named td')]"
                                   ".map((td) => td.textContent)")
    nothing = page.evaluate("window.kitgen.documentView({words: [{end: 'no word named by BOB when asked'}]})"
                            ".textContent")
    page.close()
    assert {"completed by ANN", "ABSOLUTELY named by DAN when asked"} <= set(ends["en"]), ends["en"]
    assert {"complété par ANN", "ABSOLUTELY, nommé par DAN quand on le lui a demandé"} <= set(ends["fr"]), ends["fr"]
    assert {"завершил(а) ANN", "ABSOLUTELY: назвал(а) DAN, когда спросили"} <= set(ends["ru"]), ends["ru"]
    assert "нет слова: назвал(а) BOB, когда спросили" in nothing  # "no word", a word of the page, inside a form
