"""Every page ``kitgen serve`` serves, in every language, at both widths, once its scripts have drawn it (issue 28's
bar, "a browser test switches language on every page and finds no untranslated catalogue string", in full): the
home page, every game's print page, every deal variant, every check page (on paper's terms and as text) and
verdicts with problems (tests/every_page.py), the class session's pages (the teacher's, the caller, the student's
sheet, a sent sheet, a closed session), a game room of each game before and after a seat is taken, the teacher's
sign-in and its refusal, and the error pages a person can meet (404, 403, 405, 409).

On each, in each of the eleven languages: ``<html lang>`` is the language, the text on screen at 390 and at 1280 px
holds none of the English catalogue's phrases the English page shows there (tests/untranslated.py), and nothing runs
off the screen sideways at either width. axe-core finds no serious or critical violation on any page in English at
either width, nor at 390 px in two other languages a page (a fifth of the pages in each language, a different fifth
for each of five pairs of languages: ``AXE_SHARE``). The page as served (its text and its scripts' words) is looked at
in every language over HTTP (tests/web/test_every_page_languages_http.py); here is what needs a browser: what the
scripts draw from the server's answers, and the layout.

Each page is loaded once a language, at 390 px (the phone, where long words run off the screen), then looked at
again at 1280 px by widening the window: a page's layout follows its width, and its text is what its scripts drew.
The English pages are visited once in the whole run (the first worker to need them writes them down for the
other). One test a language (so ``make test``'s two workers share them): slow. Skipped with one line without
Chromium or Playwright (tests/browsing.py) or npm (the axe fixture)."""

from __future__ import annotations

import fcntl
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import browsing  # noqa: F401  (skips this module, with one line, without Chromium or Playwright)
import pytest
from browsing import fits, sign_in, signs_in_wrongly, until, violations
from every_page import PAGES, SHEET, typed_words, without_game_words
from untranslated import LANGUAGES, english_left

PHONE, WIDE = (390, 844), (1280, 900)
AXE_SHARE = 5
"""Outside English, axe-core looks at one page in ``AXE_SHARE`` in each language, at 390 px: the k-th page of a
visit in the languages whose place in ``LANGUAGES`` is k modulo ``AXE_SHARE`` (ten languages: each page in two).
A page's accessibility is its markup's and its colours', the same in every language but for the length of its
words (a target's size and spacing, a box that scrolls), which the phone's width shows first."""


def _class_pages(page: Any, server: str) -> Iterator[str]:
    """A class session made through its pages, as a teacher and a student would (English words: the sheet typed
    in is the English deal 1's, whatever the page's language): each page's name, once the browser shows it (the
    teacher's page, the caller, the student's sheet, a sent sheet, the teacher's page on another device, the
    student's page once the session is closed)."""
    page.goto(server + "/class")
    yield "/class"
    page.fill("input[name=title]", "Zyx Qwv")
    page.fill("input[name=deal]", "1")
    page.select_option("form.class-new select[name=lang]", "en")  # SHEET is deal 1's in English, in every language
    page.click("form.class-new button[type=submit]")
    page.wait_for_selector("h1:has-text('Zyx Qwv')")
    teacher = page.url.split("?")[0]
    session = teacher.rstrip("/").rsplit("/", 1)[-1]
    yield "teacher"
    page.goto(f"{teacher}/caller")
    yield "caller"
    page.goto(f"{server}/s/{session}")
    yield "sheet"
    for k, letter in enumerate("".join(SHEET)):
        page.locator(".ws-grid input").nth(k).fill(letter)
    until(page, "document.querySelector('.result .score') !== null", seconds=120)
    yield "sheet scored"
    page.fill("input.player", "Ann")
    page.click("button.send")
    page.wait_for_url(re.compile(r"/s/[^/]+/[^/?]+"))
    yield "sent"
    page.goto(teacher)
    until(page, "document.querySelectorAll('table.ranking tbody tr td').length > 1", seconds=120)
    yield "teacher with a sheet"
    page.click(f"form[action='/class/{session}/close'] button")
    page.wait_for_load_state("load")
    yield "teacher closed"
    page.goto(f"{server}/s/{session}")
    yield "sheet closed"
    cookies = [c for c in page.context.cookies() if c["name"] == "kitgen-lang"]
    page.context.clear_cookies()
    page.context.add_cookies(cookies)
    page.goto(teacher)
    yield "teacher elsewhere"


def _room_pages(page: Any, server: str) -> Iterator[str]:
    """A game room of each game, before and after a seat is taken."""
    for game, players in (("crossword", "ANN BOB"), ("3dxword-table", "ANN BOB"), ("3dxword-3d", "ANN BOB CAT")):
        page.goto(server + "/room")
        yield "/room"
        page.fill("input[name=players]", players)
        page.select_option("select[name=game]", game)
        page.click("form[action='/room'] button[type=submit]")
        page.wait_for_selector("form[action$='/seat']")
        yield f"room {game}"
        page.locator("form[action$='/seat'] button").first.click()
        until(page, "document.querySelectorAll('.room-grid .cell, .room form.play, .room-log').length > 0"
                    " || !document.querySelector(\"form[action$='/seat']\")", seconds=120)
        yield f"room {game} seated"


def _sign_in_pages(page: Any, server: str) -> Iterator[str]:
    """A kitgen started with a teacher's password: its sign-in page and a wrong password's refusal."""
    page.goto(server + "/class")
    yield "sign-in"
    sign_in(page, "not the password")
    yield "sign-in refused"


READY = dict(PAGES)
"""What says each addressed page is drawn (the class's, the rooms' and the sign-in's pages are drawn when shown)."""


def _addressed(page: Any, server: str) -> Iterator[str]:
    for path, _ in PAGES:
        page.goto(server + path)
        yield path


Seen = dict[str, list[str]]
"""What a visit saw, by page: the page's ``<html lang>``, and its text on screen at 390 px and at 1280 px."""


class Visit:
    """Every page in one language, chosen as a person does (the language menu's cookie), and what was found."""

    def __init__(self, lang: str, axe: str | None) -> None:
        self.lang, self.axe = lang, axe
        self.seen: Seen = {}
        self.problems: dict[str, list[str]] = {}

    def _axed(self, k: int, width: int) -> bool:
        if self.axe is None:
            return False
        if self.lang == "en":
            return True
        return width == PHONE[0] and k % AXE_SHARE == LANGUAGES.index(self.lang) % AXE_SHARE

    def look(self, page: Any, name: str, k: int) -> None:
        """The page once drawn: its language and text, whether it fits, axe-core's findings; at 390 px, then at
        1280 px (the window widened, and narrowed again for the next page)."""
        page.wait_for_load_state("load")
        try:
            until(page, READY.get(name, "true"), seconds=120)
        except AssertionError:
            shown = page.evaluate("document.querySelector('main').innerText").strip()[-300:]
            self.problems.setdefault(name, []).append(f"never ready: {shown!r}")
        page.wait_for_timeout(100)  # what the scripts draw after their first answer
        self.seen[name] = [page.evaluate("document.documentElement.lang")]
        for width, height in (PHONE, WIDE):
            page.set_viewport_size({"width": width, "height": height})
            self.seen[name].append(page.evaluate("document.body.innerText"))
            where = f"{name} {self.lang} {width}"
            if not fits(page, width):
                self.problems.setdefault(where, []).append(
                    f"{page.evaluate('document.documentElement.scrollWidth')} px wide")
            if self._axed(k, width):
                self.problems.setdefault(where, []).extend(violations(page, self.axe))  # type: ignore[arg-type]
            if not self.problems.get(where):
                self.problems.pop(where, None)
        page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})

    def run(self, browser: Any, server: str, guarded: tuple[str, Any]) -> Visit:
        context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, reduced_motion="reduce")
        context.route("**/api/preview/**", _blank_preview)
        context.set_default_timeout(120_000)  # a busy machine: a class session's or a room's page may take a while
        signs_in_wrongly(guarded[1])  # each visit signs in wrongly once from 127.0.0.1
        tours: list[tuple[Callable[[Any, str], Iterator[str]], str]] = [
            (_addressed, server), (_class_pages, server), (_room_pages, server), (_sign_in_pages, guarded[0])]
        page = context.new_page()
        k = 0
        for tour, address in tours:
            context.add_cookies([{"name": "kitgen-lang", "value": self.lang, "url": address}])
            for name in tour(page, address):
                self.look(page, name, k)
                k += 1
        context.close()
        return self


BLANK = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                      "1f15c4890000000d49444154789c63f8ffff3f0005fe02fea7d2a9f00000000049454e44ae426082")
"""A white pixel, as a PNG."""


def _blank_preview(route: Any) -> None:
    """A print page's preview, answered by the browser with a blank page: the pages' words are what is looked at
    here, and typesetting every kit in every language (tests/web/test_browser_print.py looks at previews) would
    keep the server's workers from the deals and checks for minutes."""
    route.fulfill(status=200, body=BLANK, headers={"Content-Type": "image/png", "X-Pages": "1"})


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory, server: str, browser: Any, axe: str,
            guarded: tuple[str, Any]) -> Callable[[], dict[str, Any]]:
    """The English visit (axe-core on every page at both widths): what it saw and found, made once in the run and
    written down for the other workers (under a lock: a worker that needs it meanwhile waits for the first's). Asked
    for once a language's own visit is done, so a worker visits its language while another makes the English one,
    instead of waiting for it first."""
    folder = tmp_path_factory.getbasetemp()
    shared = (folder.parent if folder.name.startswith("popen-gw") else folder) / "every-page-en.json"

    def made() -> dict[str, Any]:
        with open(shared.with_suffix(".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not shared.exists():
                visit = Visit("en", axe).run(browser, server, guarded)
                shared.write_text(json.dumps({"seen": visit.seen, "problems": visit.problems}), encoding="utf-8")
        found: dict[str, Any] = json.loads(shared.read_text(encoding="utf-8"))
        return found

    return made


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_every_page_in_every_language_at_both_widths(server: str, browser: Any, axe: str, guarded: tuple[str, Any],
                                                     english: Callable[[], dict[str, Any]], lang: str) -> None:
    if lang == "en":
        problems_en = english()["problems"]
        assert not problems_en, "\n".join(f"{k}: {v}" for k, v in problems_en.items())
        return
    visit = Visit(lang, axe).run(browser, server, guarded)
    seen_en: Seen = english()["seen"]
    assert visit.seen.keys() == seen_en.keys()
    problems = visit.problems
    for name, (shown_lang, *texts) in visit.seen.items():
        if shown_lang != lang:
            problems.setdefault(f"{name} {lang}", []).append(f"<html lang={shown_lang}>")
        for (width, _), text, text_en in zip((PHONE, WIDE), texts, seen_en[name][1:], strict=True):
            left = english_left(without_game_words(text_en), without_game_words(text), lang)
            left = {pair for pair in left if not set(pair.split()) <= typed_words(name)}
            if left:
                problems.setdefault(f"{name} {lang} {width}", []).append(f"English left: {sorted(left)[:8]}")
    assert not problems, "\n".join(f"{k}: {v}" for k, v in problems.items())
