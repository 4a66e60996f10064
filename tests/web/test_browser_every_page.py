"""Every page ``kitgen serve`` serves, in every language, at both widths (issue 28's bar, "a browser test switches
language on every page and finds no untranslated catalogue string", in full): the home page, every game's print
page, every deal variant, every check page (on paper's terms and as text) and verdicts with problems, the class
session's pages (the teacher's, the caller, the student's sheet, a sent sheet, a closed session), a game room of
each game before and after a seat is taken, the teacher's sign-in and its refusal, and the error pages a person
can meet (404, 403, 405, 409). On each, in each of the eleven languages (those in ``SCANNED`` so far) and at
1280 and 390 px: ``<html lang>`` is
the language, the text on screen (once the page's scripts have drawn it) holds none of the English catalogue's
phrases the English page shows (tests/untranslated.py), nothing runs off a phone's screen sideways, and axe-core
finds no serious or critical violation.

One test a language (so ``make test``'s two workers share them); each visits some forty pages twice: slow.
Skipped with one line without Chromium or Playwright (tests/web/browsing.py) or npm (the axe fixture)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import browsing  # noqa: F401  (skips this module, with one line, without Chromium or Playwright)
import pytest
from browsing import WIDTHS, fits, until
from conftest import ROOT
from untranslated import LANGUAGES, NAMES, english_left

from kitgen import api

PASSWORD = "correct horse battery"
SAMPLES = ROOT / "samples"
GOW = SAMPLES / "game-of-words"
EN_WORDS = ("(() => { const s = document.querySelector('select[name=lang]'); if (s && s.value !== 'en') {"
            " s.value = 'en'; s.dispatchEvent(new Event('change', {bubbles: true})); return false; } return %s; })()")
"""Ready once a sample record is checked with English words (a page's words start in the page's language, and the
samples' words are English), so the English page and the translated page show the same verdict."""


def _typed(path: Path) -> str:
    """A sample record without its comments (the English a person typed is not the page's)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return "".join(line.split("#")[0].rstrip() + "\n" for line in lines if line.split("#")[0].strip())


def _record(kind: str, sample: str, ready: str, more: str = "") -> tuple[str, str]:
    text = _typed(SAMPLES / sample)
    return f"/check/{kind}?record={quote(text)}{more}", EN_WORDS % ready


SHEET = [line for line in (SAMPLES / "wordsearch" / "deal-1.txt").read_text().splitlines()
         if line and not line.startswith("#")][:5]
SHOWN = "!!document.querySelector('.result .problem, .result table.named td, .result .score, .result p')"
PROBLEM = "!!document.querySelector('.result .problem')"
PREVIEWED = "!!document.querySelector('[data-previewed]')"


def _pages() -> list[tuple[str, str]]:
    """Every page with an address of its own, and what says it is drawn."""
    pages = [("/", "document.querySelectorAll('ul.games li').length > 0"), ("/check", "true"), ("/deal", "true")]
    for game in api.declarations():
        if any(c.command for c in game.components):
            pages.append((f"/print/{game.name}", PREVIEWED))
        for variant in game.deals:
            pages.append((f"/deal/{variant.name}?seed=2", "!!document.querySelector('.deal-view h2')"))
        for kind in game.records:
            pages.append((f"/check/{kind.name}", "true"))
            if kind.check_page is not None:
                pages.append((f"/check/{kind.name}?as=text", "true"))
    return pages + [
        ("/print/wordsearch?show=sheet&seed=7", PREVIEWED),
        ("/deal/word-solitaire?seed=5", "!!document.querySelector('.play')"),
        ("/deal/wordsearch?seed=2", "document.querySelectorAll('.deal-view ol.words li').length === 25"),
        ("/check/crossword", "document.querySelectorAll('.xw .cell').length > 0"),
        ("/check/solitaire", "!!document.querySelector('.sol-deal .pile')"),
        # verdicts, legal and with problems
        _record("3dxword", "3dxword/x-pieces.txt", "!!document.querySelector('.result table.named td')"),
        _record("3dxword", "3dxword/illegal-too-early.txt", PROBLEM),
        _record("anagrams", "game-of-words/anagrams-broken.txt", PROBLEM),
        _record("out-game", "game-of-words/out-game-1.txt", SHOWN),
        _record("guess-o-gram", "game-of-words/guess-o-gram-broken.txt", PROBLEM),
        _record("crossword-hand", "game-of-words/crossword-hand-3-broken.txt", PROBLEM, "&seed=3"),
        _record("wordsearch", "wordsearch/deal-1-broken.txt", PROBLEM, "&deal=1&as=text"),
        (f"/check/wordsearch?deal=1&sheet={quote(chr(10).join(SHEET))}", "!!document.querySelector('.result .score')"),
        (f"/check/solitaire?game=word-solitaire&seed=1&words={quote(_typed(GOW / 'word-solitaire-1-broken.txt'))}",
         PROBLEM),
        ("/check/crossword?size=9&seed=1&players=ANN+BOB&computer=0&turn=ANN+1A+AAAA",
         "document.querySelectorAll('.xw .cell').length > 0"),
        # error pages
        ("/no-such-page", "true"), ("/deal/no-such-game", "true"), ("/check/no-such-kind", "true"),
        ("/s/nosuchsession", "true"), ("/r/nosuchroom", "true"), ("/class/nosuch/close", "true"),
        ("/teacher", "true"),
    ]


PAGES = _pages()


def _class_pages(page: Any, server: str) -> Iterator[tuple[str, str]]:
    """A class session made through its pages, as a teacher and a student would: each page's name, once the
    browser shows it (the teacher's page, the caller, the student's sheet, a sent sheet, the teacher's page on
    another device, the student's page once the session is closed)."""
    page.goto(server + "/class")
    yield "/class", "true"
    page.fill("input[name=title]", "Zyx Qwv")
    page.fill("input[name=deal]", "1")
    page.click("form.class-new button[type=submit]")
    page.wait_for_selector("h1:has-text('Zyx Qwv')")
    teacher = page.url.split("?")[0]
    session = teacher.rstrip("/").rsplit("/", 1)[-1]
    yield "teacher", "true"
    page.goto(f"{teacher}/caller")
    yield "caller", "true"
    page.goto(f"{server}/s/{session}")
    yield "sheet", "true"
    for k, letter in enumerate("".join(SHEET)):
        page.locator(".ws-grid input").nth(k).fill(letter)
    until(page, "document.querySelector('.result .score') !== null", seconds=120)
    yield "sheet scored", "true"
    page.fill("input.player", "Ann")
    page.click("button.send")
    page.wait_for_url(re.compile(r"/s/[^/]+/[^/?]+"))
    yield "sent", "true"
    page.goto(teacher)
    until(page, "document.querySelectorAll('table.ranking tbody tr td').length > 1", seconds=120)
    yield "teacher with a sheet", "true"
    page.click(f"form[action='/class/{session}/close'] button")
    page.wait_for_load_state("load")
    yield "teacher closed", "true"
    page.goto(f"{server}/s/{session}")
    yield "sheet closed", "true"
    cookies = [c for c in page.context.cookies() if c["name"] == "kitgen-lang"]
    page.context.clear_cookies()
    page.context.add_cookies(cookies)
    page.goto(teacher)
    yield "teacher elsewhere", "true"


def _room_pages(page: Any, server: str) -> Iterator[tuple[str, str]]:
    """A game room of each game, before and after a seat is taken."""
    for game, players in (("crossword", "ANN BOB"), ("3dxword-table", "ANN BOB"), ("3dxword-3d", "ANN BOB CAT")):
        page.goto(server + "/room")
        yield "/room", "true"
        page.fill("input[name=players]", players)
        page.select_option("select[name=game]", game)
        page.click("form[action='/room'] button[type=submit]")
        page.wait_for_selector("form[action$='/seat']")
        yield f"room {game}", "true"
        page.locator("form[action$='/seat'] button").first.click()
        until(page, "document.querySelectorAll('.room-grid .cell, .room form.play, .room-log').length > 0"
                    " || !document.querySelector(\"form[action$='/seat']\")", seconds=120)
        yield f"room {game} seated", "true"


def _sign_in_pages(page: Any, server: str) -> Iterator[tuple[str, str]]:
    """A kitgen started with a teacher's password: its sign-in page and a wrong password's refusal."""
    page.goto(server + "/class")
    yield "sign-in", "true"
    page.fill("input[name=password]", "not the password")
    page.click("form.teacher-login button")
    page.wait_for_selector("p.error")
    yield "sign-in refused", "true"


def _addressed(server: str) -> Callable[[Any, str], Iterator[tuple[str, str]]]:
    def visit(page: Any, _: str) -> Iterator[tuple[str, str]]:
        for path, ready in PAGES:
            page.goto(server + path)
            yield path, ready
    return visit


Seen = dict[str, tuple[str, str]]
"""What a visit saw, by page: the page's ``<html lang>`` and its text on screen."""


def _visit(browser: Any, axe: str | None, lang: str, width: int, height: int, server: str, guarded: str,
           problems: dict[str, list[str]]) -> Seen:
    """Every page in ``lang`` at ``width``, chosen as a person does (the language menu's cookie); axe-core's and
    the width's findings added to ``problems``."""
    context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce")
    context.route("**/api/preview/**", _blank_preview)
    context.set_default_timeout(120_000)  # a busy machine: a class session's or a room's page may take a while
    seen: Seen = {}
    tours = [(_addressed(server), server), (_class_pages, server), (_room_pages, server),
             (_sign_in_pages, guarded)]
    for tour, address in tours:
        context.add_cookies([{"name": "kitgen-lang", "value": lang, "url": address}])
        page = context.new_page()
        for name, ready in tour(page, address):
            page.wait_for_load_state("load")
            try:
                until(page, ready, seconds=120)
            except AssertionError:
                shown = page.evaluate("document.querySelector('main').innerText").strip()[-300:]
                problems.setdefault(f"{name} {lang} {width}", []).append(f"never ready: {shown!r}")
            page.wait_for_timeout(100)  # what the scripts draw after their first answer
            seen[name] = (page.evaluate("document.documentElement.lang"), page.evaluate("document.body.innerText"))
            where = f"{name} {lang} {width}"
            if not fits(page, width):
                problems.setdefault(where, []).append(f"{page.evaluate('document.documentElement.scrollWidth')} px "
                                                      "wide")
            if axe is not None:
                problems.setdefault(where, []).extend(_violations(page, axe))
            if not problems.get(where):
                problems.pop(where, None)
        page.close()
    context.close()
    return seen


BLANK = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                      "1f15c4890000000d49444154789c63f8ffff3f0005fe02fea7d2a9f00000000049454e44ae426082")
"""A white pixel, as a PNG."""


def _blank_preview(route: Any) -> None:
    """A print page's preview, answered by the browser with a blank page: the pages' words are what is looked at
    here, and typesetting every kit in every language (tests/web/test_browser_print.py looks at previews) would
    keep the server's workers from the deals and checks for minutes."""
    route.fulfill(status=200, body=BLANK, headers={"Content-Type": "image/png", "X-Pages": "1"})


def _violations(page: Any, axe: str) -> list[str]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(axe)
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']})"
                          ".then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
                          " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})))")
    return [f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes']}" for v in found
            if v["impact"] in ("serious", "critical")]


def _without_game_words(text: str) -> str:
    """A page's text without the words it writes in capitals: a game's words, cards and players (a sheet's NOT and
    ONE, in a row, are not the catalogue's "not one"), which the page shows in every language alike."""
    return re.sub(r"\w+", lambda m: "" if len(m.group()) > 1 and m.group().isupper() else m.group(), text)


def _typed_words(path: str) -> set[str]:
    """The words a page's address holds (a record's keywords, players and words are typed, not the page's text):
    a pair of them is not the page's English (with the capitals between them gone, "form CAR take" reads
    "form take")."""
    query = parse_qs(urlsplit(path).query)
    typed = " ".join(" ".join(values) for key, values in query.items() if key in ("record", "words", "turn"))
    return {w for w in re.findall(r"[^\W\d_]{3,}", typed.lower()) if w not in NAMES}


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory,
            serve: Callable[[object], AbstractContextManager[str]]) -> Iterator[tuple[str, Any]]:
    """A kitgen started with a teacher's password (``kitgen serve --teacher``)."""
    from kitgen.web.app import create_app
    from kitgen.web.teacher import Password

    folder: Path = tmp_path_factory.mktemp("teacher")
    app = create_app(db=f"sqlite:///{folder / 'classes.db'}", teacher=Password.of(PASSWORD))
    with serve(app) as address:
        yield address, app
    app.state.classroom.close()


@pytest.fixture(scope="module")
def english(server: str, browser: Any, guarded: tuple[str, Any]) -> Seen:
    """Every page's English text, as the English page shows it at 1280 px."""
    guarded[1].state.classroom.sign_ins.seen.clear()
    guarded[1].state.classroom.sign_ins.store = None  # counted in memory: each visit signs in wrongly once
    return _visit(browser, None, "en", 1280, 900, server, guarded[0], {})


SCANNED = ("de", "fr")
"""The languages this scan has passed in (2026-11-27, on the shared machine); the other nine are listed and
skipped until a run of them is green: their runs that session did not finish (a machine at load 30 timed the pages
out) or stopped at German's and French's findings, so nothing is known of them yet."""


@pytest.mark.slow
@pytest.mark.parametrize("lang", [lang if lang in SCANNED else pytest.param(lang, marks=pytest.mark.skip(
    reason="not yet run green in the every-page scan (issue 28): add it to SCANNED once it is")) for lang in LANGUAGES])
def test_every_page_in_every_language_at_both_widths(server: str, browser: Any, axe: str, guarded: tuple[str, Any],
                                                     english: Seen, lang: str) -> None:
    problems: dict[str, list[str]] = {}
    for width, height, _ in WIDTHS:
        guarded[1].state.classroom.sign_ins.seen.clear()  # each visit signs in wrongly once from 127.0.0.1
        seen = _visit(browser, axe, lang, width, height, server, guarded[0], problems)
        assert seen.keys() == english.keys()
        for name, (shown_lang, text) in seen.items():
            where = f"{name} {lang} {width}"
            if shown_lang != lang:
                problems.setdefault(where, []).append(f"<html lang={shown_lang}>")
            left = english_left(_without_game_words(english[name][1]), _without_game_words(text), lang)
            left = {pair for pair in left if not set(pair.split()) <= _typed_words(name)}
            if left:
                problems.setdefault(where, []).append(f"English left: {sorted(left)[:8]}")
    assert not problems, "\n".join(f"{k}: {v}" for k, v in problems.items())
