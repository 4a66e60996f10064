"""A class session in a real browser (docs/web.md, "Class sessions"): the teacher opens one and prints the class
set; a student's phone opens the page from the QR code read off the printed sheet, types the sheet and sends it;
the teacher's page shows it ranked. Skipped with one line without Chromium (``.ci/run`` installs it)."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import browsing  # noqa: F401  (skips this module, with one line, without Chromium or Playwright)
import pytest
from classdb import BACKENDS, class_database
from conftest import ROOT

# The browser is the run's one Chromium (tests/web/conftest.py): two Playwright drivers cannot share a process.


@pytest.fixture(scope="module", params=BACKENDS)
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
           serve: Callable[[object], AbstractContextManager[str]]) -> Iterator[str]:
    """``kitgen serve`` with its workers on a class database of its own: SQLite, then PostgreSQL (skipped with one
    line without a server, tests/classdb.py), so every test here runs on both."""
    from kitgen.web.app import create_app

    with class_database(request.param, tmp_path_factory.mktemp("browser-class")) as url:
        app = create_app(start_workers=True, db=url)
        with serve(app) as address:
            yield address
        app.state.classroom.close()

SHEET = [line for line in (ROOT / "samples" / "wordsearch" / "deal-1.txt").read_text().splitlines()
         if line and not line.startswith("#")][:5]


def _readme_shot(page: Any, name: str) -> None:
    """With ``KITGEN_README_SHOTS=1`` (scripts/readme_screenshots.py --web), the README's picture of the page."""
    import os

    if os.environ.get("KITGEN_README_SHOTS") == "1":
        (ROOT / "docs" / "img").mkdir(exist_ok=True)
        page.screenshot(path=str(ROOT / "docs" / "img" / f"web-{name}.png"), full_page=True)


def _until(page: Any, script: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not page.evaluate(script):
        assert time.monotonic() < deadline, f"still false after {seconds} s: {script}"
        time.sleep(0.1)


def _until_answered(waiting: Any, passed: Any, seconds: float = 30) -> None:
    """``waiting``'s page says it is its turn after ``passed`` passed, or the test fails saying what ``passed``'s
    page showed: a refused pass (its error) rather than only that the other page never moved (a pass not answered
    in 30 s was seen once, in a fresh-clone run with five workers)."""
    error = "(() => { const e = document.querySelector('.turn-error'); return e && !e.hidden ? e.textContent : ''; })()"
    deadline = time.monotonic() + seconds
    while not waiting.evaluate("document.querySelector('.room-status').textContent === 'Your turn.'"):
        refused = passed.evaluate(error)
        assert not refused, f"the pass was refused: {refused}"
        status = passed.text_content(".room-status")
        assert time.monotonic() < deadline, f"no 'Your turn.' {seconds} s after the pass; the passer's page: {status!r}"
        time.sleep(0.1)


def _new_session(browser: Any, server: str) -> tuple[Any, str]:
    """A teacher's page at desktop width with a new session for deal 1, and the session's student link."""
    teacher = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    teacher.goto(f"{server}/class")
    teacher.fill("input[name=deal]", "1")
    teacher.click("button[type=submit]")
    teacher.wait_for_selector("table.ranking")
    return teacher, teacher.text_content("code.student-url") or ""


def _fill_sheet(phone: Any) -> None:
    """Types deal 1's sample sheet into the student page and waits for its live score."""
    boxes = phone.locator(".ws-grid input")
    for r, line in enumerate(SHEET):
        for c, letter in enumerate(line):
            boxes.nth(r * 5 + c).fill(letter)
    _until(phone, "document.querySelector('.result .score') !== null")


def _decoded_link(pdf: Path, folder: Path) -> str:
    import pypdfium2

    png = folder / "printed.png"
    pypdfium2.PdfDocument(pdf.read_bytes())[0].render(scale=150 / 72).to_pil().save(png)
    if shutil.which("zbarimg") is None:  # read the printed address instead, as a student typing it would
        from pypdf import PdfReader

        text = PdfReader(str(pdf)).pages[0].extract_text()
        return next(word for word in text.split() if "/S/" in word)
    return subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True,
                          check=True).stdout.strip()


def test_a_sheet_sent_from_a_phone_is_ranked_on_the_teachers_page(server: str, browser: Any,
                                                                   tmp_path: Path) -> None:
    teacher = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True).new_page()
    teacher.goto(f"{server}/class")
    teacher.fill("input[name=title]", "Class 4B")
    teacher.fill("input[name=deal]", "1")
    teacher.click("button[type=submit]")
    teacher.wait_for_selector("h1:has-text('Class 4B')")
    teacher.fill("input[name=count]", "2")
    with teacher.expect_download() as download:
        teacher.click("form.class-print button")
    pdf = tmp_path / "class-set.pdf"
    download.value.save_as(pdf)
    link = _decoded_link(pdf, tmp_path)
    assert link.startswith(server.upper() + "/S/")
    teacher.screenshot(path=str(tmp_path / "teacher.png"), full_page=True)

    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    phone.goto(link)
    _fill_sheet(phone)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.fill("input.player", "Ann")
    _readme_shot(phone, "class-student-phone")
    phone.click("button.send")
    phone.wait_for_selector("h1:has-text('Your sheet is with your teacher')")
    assert "Score" in phone.text_content("main")

    _until(teacher, "document.querySelector('table.ranking tbody').textContent.includes('Ann')")
    first = teacher.locator("table.ranking tbody tr").first.locator("td")
    assert [first.nth(0).text_content(), first.nth(1).text_content()] == ["1", "Ann"]
    assert teacher.get_attribute("table.ranking", "data-live") == "events"  # it came by the event stream
    _readme_shot(teacher, "class-teacher-desktop")
    teacher.set_viewport_size({"width": 390, "height": 844})
    assert teacher.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_student_who_counts_two_letter_words_sees_them_and_so_does_the_teacher(server: str, browser: Any,
                                                                               tmp_path: Path) -> None:
    teacher, link = _new_session(browser, server)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
    phone.goto(link)
    _fill_sheet(phone)
    assert "AS" not in (phone.text_content("table.words-found") or "")
    phone.check("input[name=min_length]")  # "2-letter words count too": the live score counts them at once
    _until(phone, "document.querySelector('table.words-found').textContent.includes('AS')")
    phone.screenshot(path=str(tmp_path / "phone-short-words.png"), full_page=True)
    phone.fill("input.player", "Ann")
    phone.click("button.send")
    phone.wait_for_selector("h1:has-text('Your sheet is with your teacher')")
    assert "2-letter words counted" in (phone.text_content("main") or "")
    _until(teacher, "document.querySelector('table.ranking tbody').textContent.includes('Ann')")
    assert teacher.locator("table.ranking tbody tr").first.locator("td").nth(1).text_content() == \
        "Ann (2-letter words)"


def test_a_sheet_whose_answer_was_cut_off_is_sent_again_with_its_key_and_kept_once(server: str, browser: Any) -> None:
    """Issue 29, stored = acknowledged: the server keeps the sheet but its answer never reaches the phone (the
    connection drops after the commit); the page sends it again by itself with the same idempotency key, is answered
    with the sheet kept, and the teacher sees it once."""
    teacher, link = _new_session(browser, server)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    sent: list[str] = []

    def cut_the_first_answer(route: Any) -> None:
        sent.append(route.request.post_data or "")
        answered = route.fetch()  # the server checks and keeps the sheet...
        if len(sent) == 1:
            route.abort("connectionreset")  # ...and the answer is lost on the way back
        else:
            route.fulfill(response=answered)

    phone.route("**/s/*", lambda route: cut_the_first_answer(route) if route.request.method == "POST"
                else route.continue_())
    phone.goto(link)
    _fill_sheet(phone)
    phone.fill("input.player", "Ann")
    phone.click("button.send")
    phone.wait_for_selector("h1:has-text('Your sheet is with your teacher')", timeout=20_000)
    from urllib.parse import parse_qs

    keys = [parse_qs(body)["key"][0] for body in sent]
    assert len(keys) == 2 and keys[0] == keys[1] and len(keys[0]) == 32
    _until(teacher, "document.querySelector('table.ranking tbody').textContent.includes('Ann')")
    assert teacher.locator("table.ranking tbody tr").count() == 1


def test_a_503_is_shown_not_repeated_and_send_again_keeps_the_key(server: str, browser: Any) -> None:
    """kitgen's own 503 (its database down, a worker lost) is an answer in words: the page shows it and does not
    hammer the server with it; Send again resends the same sheet with the same key."""
    teacher, link = _new_session(browser, server)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    sent: list[str] = []

    def busy_first(route: Any) -> None:
        sent.append(route.request.post_data or "")
        if len(sent) == 1:
            route.fulfill(status=503, content_type="application/json", body='{"error": "the class database is busy"}')
        else:
            route.continue_()

    phone.route("**/s/*", lambda route: busy_first(route) if route.request.method == "POST" else route.continue_())
    phone.goto(link)
    _fill_sheet(phone)
    phone.fill("input.player", "Ann")
    phone.click("button.send")
    _until(phone, "document.querySelector('.send-status').textContent.includes('busy')")
    time.sleep(2.5)  # the page's first retry would have come after 1 s
    assert len(sent) == 1
    phone.click("button.send")
    phone.wait_for_selector("h1:has-text('Your sheet is with your teacher')")
    from urllib.parse import parse_qs

    assert len(sent) == 2 and parse_qs(sent[0])["key"] == parse_qs(sent[1])["key"]


def test_a_student_reads_french_in_an_english_words_session_and_the_teacher_sees_the_sheet(
        server: str, browser: Any, tmp_path: Path) -> None:
    teacher = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    teacher.goto(f"{server}/class?lang=en")
    teacher.fill("input[name=deal]", "1")
    teacher.click("button[type=submit]")
    teacher.wait_for_selector("table.ranking")
    link = teacher.text_content("code.student-url") or ""
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    phone.goto(link)
    phone.click("nav.langs a[hreflang=fr]")  # the student's own language, from the page's menu
    phone.wait_for_selector("html[lang=fr]")
    assert phone.input_value("input[name=lang]") == "en"  # the words stay the session's
    _fill_sheet(phone)
    phone.fill("input.player", "Zoé")
    phone.screenshot(path=str(tmp_path / "phone-fr.png"), full_page=True)
    phone.click("button.send")
    phone.wait_for_selector("h1:has-text('Ta feuille est chez ton enseignant')")  # the checks kept the choice
    _until(teacher, "document.querySelector('table.ranking tbody').textContent.includes('Zoé')")
    assert teacher.evaluate("document.documentElement.lang") == "en"


def test_a_tables_3dxword_log_sent_from_the_score_pads_code_is_ranked(server: str, browser: Any,
                                                                     tmp_path: Path) -> None:
    teacher = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True).new_page()
    teacher.goto(f"{server}/class")
    teacher.select_option("select[name=kind]", "3dxword")
    teacher.fill("input[name=title]", "Bricks club")
    teacher.click("button[type=submit]")
    teacher.wait_for_selector("h1:has-text('Bricks club')")
    teacher.fill("input[name=count]", "2")
    with teacher.expect_download() as download:
        teacher.click("form.class-print button")
    pdf = tmp_path / "pads.pdf"
    download.value.save_as(pdf)
    link = _decoded_link(pdf, tmp_path)  # the code printed on the score pad
    assert link.startswith(server.upper() + "/S/")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    phone.goto(link)
    phone.fill("textarea.record", (ROOT / "samples" / "3dxword" / "3d-game.txt").read_text())
    _until(phone, "document.querySelector('.result') && document.querySelector('.result').textContent.includes('17')")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(tmp_path / "phone-3dxword.png"), full_page=True)
    phone.fill("input.player", "Table 1")
    phone.click("button.send")
    phone.wait_for_selector("h1:has-text('Your game is with your teacher')")
    assert "ANN 17, BOB 7" in (phone.text_content("main") or "")
    _until(teacher, "document.querySelector('table.ranking tbody').textContent.includes('Table 1')")
    assert "CAT" in (teacher.text_content("table.ranking tbody") or "")


def test_the_caller_steps_through_the_words_by_keyboard(server: str, browser: Any, tmp_path: Path) -> None:
    import json
    import urllib.request

    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{server}/class")
    page.fill("input[name=deal]", "5")
    page.click("button[type=submit]")
    page.click("text=Call the words")
    page.wait_for_selector(".caller")
    page.wait_for_load_state("domcontentloaded")  # the deferred script has run: its keys are listened to
    with urllib.request.urlopen(f"{server}/api/deal/wordsearch?seed=5") as answer:
        dealt = json.load(answer)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.text_content(".caller-word") == dealt["words"][1]
    assert page.text_content(".caller-turn") == "Turn 2 of 25"
    assert f"line {dealt['lines'][1]}" in (page.text_content(".caller-line") or "")
    page.keyboard.press("ArrowLeft")
    assert page.text_content(".caller-word") == dealt["words"][0]
    page.click("text=A student picks this turn's word instead")
    page.fill("input.picked", "playfully")
    assert page.text_content(".picked-line") == "9 letters: line 4"  # the seed's own example
    page.screenshot(path=str(tmp_path / "caller.png"), full_page=True)


def _legal_turn(server: str, room: str) -> tuple[str, str]:
    """The computer player's next turn on the room's record: a legal light and word to type."""
    import json
    import urllib.request

    with urllib.request.urlopen(f"{server}/r/{room}/state") as answer:
        state = json.load(answer)
    record = "pattern:\n" + "\n".join(state["rows"]) + "\nplayers: " + " ".join(state["players"]) + "\n"
    record += "".join(f"{m['player']} {m['light']} {m['word']}\n" for m in state["game"]["moves"])
    request = urllib.request.Request(f"{server}/api/reply/crossword", data=record.encode(), method="POST")
    with urllib.request.urlopen(request) as answer:
        _, light, word = json.load(answer)["line"].split(" ", 2)
    return light, word


def test_two_devices_play_a_crossword_game_in_a_room(server: str, browser: Any, tmp_path: Path) -> None:
    ann = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    ann.goto(f"{server}/room")
    ann.fill("input[name=players]", "ANN BOB")
    ann.click("button[type=submit]")
    ann.wait_for_selector("text=Which player are you?")
    room = ann.url.rsplit("/", 1)[1]
    ann.click("text=I am ANN")
    bob = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    bob.goto(ann.url)
    bob.click("text=I am BOB")
    _until(ann, "document.querySelector('.room-status').textContent === 'Your turn.'")
    light, word = _legal_turn(server, room)
    ann.fill("input.light", light)
    ann.fill("input.word", word)
    ann.click("button.play")
    _until(bob, "document.querySelector('.room-status').textContent === 'Your turn.'")
    assert word in (bob.text_content(".moves") or "")
    letters = "".join(bob.locator(".room-grid .letter").all_text_contents())
    assert sorted(letters) == sorted(word.replace(" ", ""))
    bob.click("button.pass")
    _until(ann, "document.querySelector('.room-status').textContent === 'Your turn.'")
    bob.reload()  # a reload finds the game where it was, in the same seat
    _until(bob, "document.querySelector('.room-status').textContent.startsWith(\"ANN's turn\")")
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390
    _readme_shot(bob, "room-phone")


def test_two_devices_build_a_3dxword_game_in_a_room(server: str, browser: Any) -> None:
    """A 3DXWORD room (3-D version) on a computer and a phone: each play typed on its player's device is checked
    by the verifier and drawn on both, a layer at a time; TOP stood up through an X piece with its letters on
    their side is drawn turned; a play that breaks the way up is refused in words and changes nothing. After a
    round of passes each device asks its player for the letters left, and the scores come off by them."""
    ann = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    ann.goto(f"{server}/room")
    ann.select_option("select[name=game]", "3dxword-3d")
    ann.fill("input[name=players]", "ANN BOB")
    ann.click("form.panel button[type=submit]")
    ann.wait_for_selector("text=Which player are you?")
    ann.click("text=I am ANN")
    bob = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    bob.goto(ann.url)
    bob.click("text=I am BOB")

    def play(page: Any, word: str, at: str, direction: str, *checks: str, way: str = "upright") -> None:
        _until(page, "document.querySelector('.room-status').textContent === 'Your turn.'")
        page.fill("input.word", word)
        page.fill("input.at", at)
        page.select_option("select.direction", direction)
        page.select_option("select.way", way)
        for box in checks:
            page.check(box)
        page.click("button.play")

    for page, word, at, direction in ((ann, "CAT", "0,0", "across"), (bob, "ART", "1,0", "down"),
                                      (ann, "TEN", "1,2", "across"), (bob, "NET", "3,2", "down")):
        play(page, word, at, direction)
    play(ann, "TOP", "2,0,0", "up", "input.x-piece", way="turned-left")
    play(bob, "PAT", "2,0,2", "across")  # upright on the P of TOP, on its side: refused
    bob.wait_for_selector(".turn-error:not([hidden])")
    assert bob.inner_text(".turn-error").startswith(  # the rule in plain words (issue 27), not the checker's message
        "These letters are not the same way up as the word they join: the rules say “the letters must be the same way")
    _until(ann, "document.querySelectorAll('.room-layer').length === 3")
    assert ann.locator(".room-layer h3").all_text_contents() == ["Height 2", "Height 1", "On the table"]
    assert ann.locator(".room-layer .letter.turned-left").all_text_contents() == ["P", "O"]
    assert ann.evaluate("getComputedStyle(document.querySelector('.letter.turned-left')).transform") \
        == "matrix(0, -1, 1, 0, 0, 0)"  # drawn a quarter turn to the left
    assert sorted("".join(bob.locator(".room-layer .letter").all_text_contents())) == sorted("CATRTENETOP")
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390
    assert "ANN: TOP (3)" in (bob.text_content(".moves") or "")
    bob.click("button.pass")
    _until_answered(ann, bob)
    ann.click("button.pass")
    for page, left in ((bob, "2"), (ann, "1")):
        page.wait_for_selector("form.room-left:not([hidden])")
        assert page.locator("form.room-turn").is_hidden()
        page.fill("input.left", left)
        page.click("form.room-left button")
    _until(bob, "document.querySelector('.room-status').textContent === 'The game is over: ANN wins.'")
    assert bob.locator(".scores td").all_text_contents() == ["ANN", "8", "1 letter left",
                                                             "BOB (you)", "4", "2 letters left"]
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_room_opened_from_the_german_page_plays_in_german_words(server: str, browser: Any) -> None:
    """Issue 28: the room form's language of the words starts as the page's (German here); the room checks its
    turns in German (KUH, then KATZE, both refused by an English room) and every device's page names the words'
    language, whatever language that device reads."""
    ann = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    ann.goto(f"{server}/room?lang=de")
    assert ann.input_value("select[name=lang]") == "de"
    ann.fill("input[name=players]", "ANN BOB")
    ann.select_option("select[name=size]", "11")
    ann.fill("input[name=seed]", "9")
    ann.click("form.panel button[type=submit]")
    ann.wait_for_selector("text=Sprache der Wörter: Deutsch")
    ann.click("text=Ich bin ANN")
    bob = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    bob.goto(ann.url)
    assert "Language of the words: Deutsch" in (bob.text_content(".room-words") or "")
    bob.click("text=I am BOB")
    _until(ann, "document.querySelector('.room-status').textContent === 'Du bist dran.'")
    ann.fill("input.light", "1D")
    ann.fill("input.word", "KUH")
    ann.click("button.play")
    _until(bob, "document.querySelector('.room-status').textContent === 'Your turn.'")
    bob.fill("input.light", "1A")
    bob.fill("input.word", "KATZE")
    bob.click("button.play")
    _until(ann, "document.querySelector('.moves').textContent.includes('KATZE')")
    assert bob.is_hidden(".turn-error")
    assert bob.evaluate("document.documentElement.scrollWidth") <= 390
