"""Words for people on every page (docs/web.md): no command line, no docs page to go and read, no ranges written
``1..99``, no exit codes; each form field has a short label as its name and its help as its description
(``aria-describedby``), never its whole help paragraph as its name."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from starlette.testclient import TestClient

from kitgen import api
from kitgen.web import pages
from kitgen.web.app import create_app

PAGES = ["/", "/deal", *(f"/print/{g.name}" for g in api.declarations()),
         *(f"/deal/{d.name}" for g in api.declarations() for d in g.deals), "/check",
         *(f"/check/{k.name}" for g in api.declarations() for k in g.records),
         *(f"/check/{k.name}?as=text" for g in api.declarations() for k in g.records if k.check_page), "/class",
         "/room", "/no-such-page"]
COMMAND_LINE = re.compile(r"docs/|\.md\b|\d\.\.\d|(?<![\w-])--[a-z]|\bexit \d|\bFILE\b|Deal number / seed|"
                          r"\(default\)|kitgen (deal|verify|sheet|pattern|deck|bricks) ")


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def _text(page: str) -> list[str]:
    """What a person reads: the page without its tags, scripts and styles, line by line."""
    page = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)
    return [line.strip() for line in html.unescape(re.sub(r"<[^>]+>", "\n", page)).splitlines() if line.strip()]


class Controls(HTMLParser):
    """Every form control (input, select, textarea) with its attributes, and every element id."""

    def __init__(self) -> None:
        super().__init__()
        self.controls: list[dict[str, str]] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if "id" in found:
            self.ids.add(found["id"])
        if tag in ("input", "select", "textarea") and found.get("type") not in ("hidden", "submit", "radio"):
            self.controls.append(found)


@pytest.mark.parametrize("path", PAGES)
def test_no_command_line_words_on_any_page(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code in (200, 404)
    assert [line for line in _text(answer.text) if COMMAND_LINE.search(line)] == []


@pytest.mark.parametrize("path", PAGES)
def test_each_field_is_described_by_its_help_and_named_by_its_label(client: TestClient, path: str) -> None:
    parser = Controls()
    parser.feed(client.get(path).text)
    for control in parser.controls:
        if control.get("name") in (None, "") and "data-upload" not in control:
            continue
        described = control.get("aria-describedby", "")
        if described:
            assert set(described.split()) <= parser.ids, control
    declared = [c for c in parser.controls if c.get("id", "").endswith(tuple(f"-{n}" for n in ("seed", "lang",
                                                                                                 "paper")))]
    for control in declared:
        assert control.get("aria-describedby") == f"{control['id']}-help", control
    assert len({c["id"] for c in parser.controls if "id" in c}) == len([c for c in parser.controls if "id" in c])


@pytest.mark.parametrize("help_text, plain", [
    ("Rows (3..63), overriding --size.", "Rows (3 to 63), overriding \u201cSize\u201d."),
    ("Deal number / seed (0 to 2147483647).", "Deal number / seed."),
    ("Language of the words: en (default), fr (its lexicon; docs/languages.md).", "Language of the words: en, fr."),
    ("Check a finished solitaire (exit 1 if it breaks a rule).", "Check a finished solitaire."),
    ("The 25 words of a deal (or of --book FILE), one a turn.", "The 25 words of a deal (or of \u201cBook\u201d), "
                                                               "one a turn."),
    ("The deal played (kitgen deal anagrams --seed N --players P): each card.", "The deal played: each card."),
])
def test_plain_help_words_the_command_lines_help_for_people(help_text: str, plain: str) -> None:
    assert pages.plain_help(help_text) == plain


def test_shared_options_are_worded_in_the_template_others_keep_their_own_help(client: TestClient) -> None:
    kit = client.get("/print/wordsearch").text
    assert "3DXWORD pieces" not in kit and "How many people will play" in kit
    assert "The same number always gives the same deal" in kit
    anagrams = client.get("/check/anagrams").text
    assert "each card held and drawn is checked" in anagrams  # its own seed: the deal played, not the shared help


def test_the_crossword_style_and_symmetry_are_described_by_their_menu_names(client: TestClient) -> None:
    """The print page's menus name the styles British, American, Barred (and 'Usual'): their help says what each
    looks like in those names, not the command line's values and jargon ('blocked cryptic', 'every cell checked')."""
    page = client.get("/print/crossword").text
    assert "every letter is in an across and a down word" in page and "(Usual)" in page
    assert "Rotational (the grid looks the same upside down)" in page
    assert "blocked cryptic" not in page and "every cell checked" not in page and "rotational (180)" not in page
    french = client.get("/print/crossword", params={"lang": "fr"}).text
    assert "chaque lettre est dans un mot horizontal et un mot vertical" in french


@pytest.mark.parametrize(("lang", "heading"), [("en", "That did not work"), ("fr", "Ça n’a pas marché"),
                                                ("ru", "Не получилось")])
def test_an_address_a_button_sends_to_opened_as_a_page_says_what_to_do(client: TestClient, lang: str,
                                                                      heading: str) -> None:
    """A person who opens (or bookmarks) an address a page's button sends its form to meets a page in their
    language saying what to do, not "GET is not how /class/x/close is used"; under /api/ it stays the API's."""
    answer = client.get(f"/class/nosuch/close?lang={lang}")
    assert answer.status_code == 405 and f"<h1>{heading}</h1>" in answer.text
    assert "GET is not how" not in answer.text and 'lang="' + lang in answer.text
    english = client.get("/class/nosuch/close?lang=en").text
    assert "go back to the page and use its button" in english
    assert client.get("/api/verify/wordsearch").json() == {"error": "GET is not how /api/verify/wordsearch is used"}
