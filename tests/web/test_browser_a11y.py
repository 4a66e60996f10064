"""Accessibility (docs/web.md): axe-core (from the npm registry, tests/web/conftest.py) finds no serious or
critical violation on any page at either width, in a light or a dark colour scheme; the favicon loads (no console
error on any page). Here in the dark scheme: in the light one (a browser's default) every page of these, and every
other, is axe-core's in tests/web/test_browser_every_page.py (the English pages at both widths), which looked at
them a second time here."""

from __future__ import annotations

from typing import Any

import pytest
from browsing import WIDTHS, until, violations
from conftest import ROOT

PAGES = [
    ("/", "document.querySelectorAll('ul.games li').length > 0"),
    ("/print/wordsearch?show=sheet&seed=7", "!!document.querySelector('#print-sheet').dataset.previewed"),
    ("/print/crossword", "true"),
    ("/deal/word-solitaire?seed=5", "!!document.querySelector('.play')"),
    ("/deal/letter-patience?seed=2", "!!document.querySelector('.table-box')"),
    ("/check", "true"),
    ("/check/wordsearch", "true"),
    ("/check/crossword", "document.querySelectorAll('.xw .cell').length > 0"),
    ("/check/solitaire", "!!document.querySelector('.sol-deal .pile')"),
    ("/check/3dxword", "true"),
    ("/no-such-page", "true"),
]


@pytest.mark.parametrize("scheme", ["dark"])
@pytest.mark.parametrize("width, height, name", WIDTHS)
def test_no_serious_or_critical_violation_on_any_page(server: str, browser: Any, axe: str, width: int, height: int,
                                                      name: str, scheme: str) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                                  reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    problems: dict[str, list[str]] = {}
    for path, ready in PAGES:
        page.goto(server + path)
        until(page, ready, seconds=60)
        found = violations(page, axe)
        if found:
            problems[path] = found
    assert not problems, problems
    assert not [e for e in errors if "favicon" in e.lower()]
    context.close()


def _class_and_room_pages(page: Any, server: str) -> list[tuple[str, str]]:
    """A class session and a game room made through their pages, as a teacher and players would: the addresses of
    every page of theirs (the teacher's, the caller, the students' phone page, a sent sheet's page, a room before
    and after a seat is taken), each with what says it is ready."""
    page.goto(server + "/class")
    page.fill("input[name=title]", "Class 4B")
    page.fill("input[name=deal]", "1")
    page.click("button[type=submit]")
    page.wait_for_selector("h1:has-text('Class 4B')")
    teacher = page.url
    session = teacher.rstrip("/").rsplit("/", 1)[-1]
    pages = [(teacher, "true"), (f"{teacher}/caller", "true"), (f"{server}/S/{session}", "true")]
    page.goto(f"{server}/S/{session}")
    sheet = [line for line in (ROOT / "samples" / "wordsearch" / "deal-1.txt").read_text().splitlines()
             if line and not line.startswith("#")][:5]
    for k, letter in enumerate("".join(sheet)):
        page.locator(".ws-grid input").nth(k).fill(letter)
    until(page, "document.querySelector('.result .score') !== null")
    page.fill("input.player", "Ann")
    page.click("button.send")
    page.wait_for_selector("h1:has-text('Your sheet is with your teacher')")
    pages.append((page.url, "true"))
    page.goto(server + "/room")
    page.fill("input[name=players]", "ANN BOB")
    page.click("button[type=submit]")
    page.wait_for_selector("form[action$='/seat']")
    room = page.url
    pages.append((room, "true"))
    page.locator("form[action$='/seat'] button").first.click()
    until(page, "document.querySelectorAll('.xw .cell, .room-grid .cell, td').length > 0")
    pages.append((room, "true"))
    return [("/class", "true"), ("/room", "true"), *pages]


@pytest.mark.parametrize("scheme", ["dark"])
@pytest.mark.parametrize("width, height, name", WIDTHS)
def test_no_serious_or_critical_violation_on_class_and_room_pages(server: str, browser: Any, axe: str, width: int,
                                                                 height: int, name: str, scheme: str) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                                  reduced_motion="reduce")
    page = context.new_page()
    problems: dict[str, list[str]] = {}
    for path, ready in _class_and_room_pages(page, server):
        page.goto(path if path.startswith("http") else server + path)
        until(page, ready, seconds=60)
        found = violations(page, axe)
        if found:
            problems[path] = found
        assert page.evaluate("document.documentElement.scrollWidth") <= width, path
    assert not problems, problems
    context.close()
