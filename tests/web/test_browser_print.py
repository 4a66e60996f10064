"""The print page's class set (docs/web.md, "/print/GAME"): made from exactly what the page shows, saying what it
will print; the page's choices in its address; a grid uploaded in the browser printed as 30 identical copies."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from browsing import SAMPLES, WIDTHS, fits, shoot, until


@pytest.mark.parametrize("width, height, name", WIDTHS)
def test_the_class_set_uses_the_pages_deal_language_and_layout(server: str, browser: Any, width: int, height: int,
                                                               name: str, tmp_path: Path) -> None:
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(server + "/print/wordsearch?show=sheet&seed=7&lang=fr&per_page=2")   # a shared link
    section = page.locator("#print-sheet")
    assert section.is_visible() and section.locator("input[name=seed]").input_value() == "7"
    says = page.locator(".class-says")   # the link's lang=fr is the page's language too: it says it in French
    assert says.inner_text() == \
        "Impression\u00a0: 30 feuilles de la donne 7, français, 2 par page, papier A4 = 15 pages."
    link = page.locator("a.class-download").get_attribute("href")
    query = parse_qs(urlparse(link).query)
    assert urlparse(link).path == "/api/pdf/sheet"
    assert query["seed"] == ["7"] and query["lang"] == ["fr"]
    assert query["per_page"] == ["2"] and query["count"] == ["30"]
    section.locator("select[name=paper]").select_option("letter")             # the address follows the page
    until(page, "location.search.includes('paper=letter')")
    assert "papier US Letter" in says.inner_text()  # the paper as the PDFs and the home page name it
    assert fits(page, width)
    shoot(page, f"print-classset-{name}", tmp_path)
    page.close()


def test_an_english_page_says_the_class_set_in_english_whatever_the_words(server: str, browser: Any) -> None:
    page = browser.new_page()
    page.goto(server + "/print/wordsearch?show=sheet&seed=7&per_page=2")
    page.locator("#print-sheet select[name=lang]").select_option("fr")     # French words, English page
    until(page, "document.querySelector('#print-sheet select[name=lang]').value === 'fr'")
    assert page.locator(".class-says").inner_text() == \
        "This prints 30 sheets of deal 7, French, 2 a page, A4 paper = 15 pages."
    page.locator(".class-count").fill("1")
    until(page, "document.querySelector('.class-says').textContent.startsWith('This prints 1 sheet ')")
    assert page.locator(".class-says").inner_text().endswith("= 1 page.")
    page.close()


def test_copies_of_one_pattern_or_different_patterns(server: str, browser: Any) -> None:
    page = browser.new_page()
    page.goto(server + "/print/crossword?show=pattern&seed=4&size=9")
    page.locator(".classset-box .varies").wait_for()
    assert page.locator(".class-says").inner_text().startswith("This prints 30 copies of one pattern of deal 4")
    query = parse_qs(urlparse(page.locator("a.class-download").get_attribute("href")).query)
    assert query["count"] == ["1"] and query["copies"] == ["30"] and query["seed"] == ["4"]
    page.locator("#print-pattern select[name=per_page]").select_option("2")    # copies keep the layout
    until(page, "document.querySelector('.class-says').textContent.includes('2 a page')")
    assert page.locator(".class-says").inner_text().endswith("2 a page, A4 paper = 15 pages.")
    assert parse_qs(urlparse(page.locator("a.class-download").get_attribute("href")).query)["per_page"] == ["2"]
    assert page.locator("#print-pattern [name=copies]").count() == 0        # the class set box says how many
    page.locator("input[name=class_kind][value=different]").check()
    assert page.locator(".class-says").inner_text().startswith("This prints 30 different patterns of deal 4")
    query = parse_qs(urlparse(page.locator("a.class-download").get_attribute("href")).query)
    assert query["count"] == ["30"] and "copies" not in query
    page.close()


def test_an_uploaded_grid_prints_as_a_class_set_of_30_identical_copies(server: str, browser: Any,
                                                                      tmp_path: Path) -> None:
    from pypdf import PdfReader

    page = browser.new_page(accept_downloads=True)
    page.goto(server + "/print/crossword?show=pattern")
    page.locator("#print-pattern input[data-upload=from_file]").set_input_files(str(SAMPLES / "crossword" / "grid.puz"))
    until(page, "document.querySelector('#print-pattern [type=hidden][name=from_file]').value.startsWith('upload:')")
    says = page.locator(".class-says")
    until(page, "document.querySelector('.class-says').textContent.includes('your grid')")
    assert says.inner_text() == "This prints 30 copies of your grid (grid.puz), English, 1 a page, A4 paper = 30 pages."
    assert page.locator(".classset-box .varies").is_hidden()
    with page.expect_download() as download:
        page.locator("a.class-download").click()
    target = tmp_path / "class.pdf"
    download.value.save_as(target)
    pages = PdfReader(target).pages
    assert len(pages) == 30
    assert len({re.sub(r"page \d+ of 30", "", p.extract_text()) for p in pages}) == 1
    page.close()


def test_a_word_list_uploaded_on_a_check_page(server: str, browser: Any) -> None:
    page = browser.new_page()
    page.goto(server + "/check/3dxword")
    page.locator("textarea.record").fill((SAMPLES / "3dxword" / "table-game.txt").read_text())
    page.locator(".result .verdict.bad").wait_for()                          # OY is not in the dictionary
    page.locator("input[data-upload=words]").set_input_files(str(SAMPLES / "3dxword" / "words.lst"))
    page.locator(".result .verdict.ok").wait_for()                           # with the game's own word list
    page.close()


def test_a_download_is_made_as_a_task_the_page_follows(server: str, browser: Any, tmp_path: Path) -> None:
    """Busy, not broken (issue 27): the Download button asks for the PDF as a task (a busy computer keeps it in
    line and the page says so) and downloads the file when it is ready: the same bytes as the plain PDF."""
    import urllib.request

    page = browser.new_page(accept_downloads=True)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(f"{request.method} {urlparse(request.url).path}"))
    page.goto(server + "/print/3dxword?show=bricks&players=3")
    with page.expect_download() as download:
        page.locator("#print-bricks button.download").click()
    target = tmp_path / "bricks.pdf"
    download.value.save_as(target)
    assert "POST /api/tasks/pdf/bricks" in asked
    with urllib.request.urlopen(server + "/api/pdf/bricks?players=3") as plain:
        assert target.read_bytes() == plain.read()
    assert download.value.suggested_filename == "3dxword-cubes-3p-25mm-a4.pdf"
    until(page, "document.querySelector('#print-bricks .task-status').textContent.includes('downloading')")
    assert page.locator("#print-bricks .stop-task").is_hidden()
    page.close()


@pytest.mark.parametrize("game", ["wordsearch", "crossword", "3dxword", "game-of-words"])
def test_a_print_page_in_french_prints_french_words(server: str, browser: Any, game: str) -> None:
    """/print/crossword?lang=fr showed "Langue: anglais" on the whole kit: a French page's kit, previewed and
    downloaded, is in French words (and so French text), and the address keeps the language when the form
    changes."""
    page = browser.new_page()
    with page.expect_request(f"**/api/preview/kit/{game}/1.png?*") as preview:
        page.goto(f"{server}/print/{game}?lang=fr")
    kit = page.locator("#print-kit")
    assert kit.locator("select[name=lang] option:checked").inner_text() == "fran\u00e7ais"
    assert parse_qs(urlparse(preview.value.url).query)["lang"] == ["fr"]
    kit.locator("select[name=paper]").select_option("letter")
    until(page, "location.search.includes('paper=letter')")
    assert parse_qs(urlparse(page.url).query)["lang"] == ["fr"]
    page.close()


PIXEL = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489"
                      "0000000d49444154789c6360f80f0000010101005c0db5d40000000049454e44ae426082")


def test_the_preview_says_its_pages_in_the_pages_language(server: str, browser: Any) -> None:
    """The print page's script wrote "Page 1 of 6", "Preview of page 1" and its "kitgen is not answering" in
    English on every page: each is the page's catalogue's (a preview answered at once with 6 pages, then none)."""
    page = browser.new_page()
    page.route("**/api/preview/kit/**", lambda route: route.fulfill(
        status=200, body=PIXEL, headers={"Content-Type": "image/png", "X-Pages": "6"}))
    page.goto(f"{server}/print/crossword?lang=fr")
    until(page, "!!document.querySelector('#print-kit').dataset.previewed")
    kit = page.locator("#print-kit")
    assert kit.locator(".preview .page").inner_text() == "Page 1 sur 6"
    assert kit.locator(".preview img").get_attribute("alt") == "Aper\u00e7u de la page 1"
    page.unroute("**/api/preview/kit/**")
    page.route("**/api/preview/kit/**", lambda route: route.abort())
    kit.locator(".preview .next").click()
    until(page, "!document.querySelector('#print-kit .error').hidden")
    assert kit.locator(".error").inner_text().startswith("kitgen ne r\u00e9pond pas")
    page.close()
