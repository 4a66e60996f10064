"""Check pages keep what was entered in their address (docs/web.md, "Keep and share"): a link or a bookmark to a
check page reopens the same deal, options and typed sheet or record, checked again."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

from browsing import until
from conftest import ROOT

S = ROOT / "samples"


def _query(url: str) -> dict[str, list[str]]:
    return parse_qs(urlparse(url).query)


def test_a_wordsearch_sheet_link_reopens_the_typed_sheet_and_its_deal(server: str, browser: Any) -> None:
    lines = [line for line in (S / "wordsearch" / "deal-1-grid-only.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")][:5]
    page = browser.new_page()
    page.goto(server + "/check/wordsearch")
    page.fill("input[name=deal]", "1")
    for k, letter in enumerate("".join(lines)):
        page.locator(".ws-grid input").nth(k).fill(letter)
    typed = "|".join(lines)  # the address follows the checks as they come: wait for the whole grid's
    until(page, "(new URLSearchParams(location.search).get('sheet') || '').split('\\n').slice(0, 5).join('|') === "
                f"'{typed}'")
    until(page, "document.querySelector('.result .score') !== null")
    score = page.locator(".result .score").inner_text()
    query = _query(page.url)
    assert query["deal"] == ["1"] and query["sheet"][0].split("\n")[:5] == lines
    other = browser.new_page()
    other.goto(page.url)  # the link, opened afresh
    until(other, "document.querySelector('.result .score') !== null")
    assert other.locator(".result .score").inner_text() == score
    assert other.locator("input[name=deal]").input_value() == "1"
    page.close()
    other.close()


def test_a_solitaire_check_link_reopens_the_game_deal_and_words(server: str, browser: Any) -> None:
    words = (S / "game-of-words" / "word-solitaire-1.txt").read_text()
    page = browser.new_page()
    page.goto(server + "/check/solitaire")
    page.locator("textarea.words-typed").fill(words)
    until(page, "!!document.querySelector('.result .verdict')")
    verdict = page.locator(".result .verdict").inner_text()
    until(page, "location.search.includes('words=')")
    assert _query(page.url)["words"] == [words] and _query(page.url).get("seed") == ["1"]
    page.reload()
    until(page, "!!document.querySelector('.result .verdict')")
    assert page.locator("textarea.words-typed").input_value() == words
    assert page.locator(".result .verdict").inner_text() == verdict
    page.close()


def test_a_record_check_link_reopens_the_record(server: str, browser: Any) -> None:
    record = (S / "3dxword" / "3d-game.txt").read_text()
    page = browser.new_page()
    page.goto(server + "/check/3dxword")
    page.locator("textarea.record").fill(record)
    until(page, "!!document.querySelector('.result .verdict')")
    until(page, "location.search.includes('record=')")
    other = browser.new_page()
    other.goto(page.url)
    until(other, "!!document.querySelector('.result .verdict')")
    assert other.locator("textarea.record").input_value() == record
    assert other.locator(".result .verdict").inner_text() == page.locator(".result .verdict").inner_text()
    page.close()
    other.close()
