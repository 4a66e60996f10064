"""The deal page in words for a teacher or a child, in every language (issue 27 "Written for people", issue 28):
each game's description and option help in plain words (no flag, no id, no file or deck name, no "seeded"), from
the catalogue; the words the deal's scripts write (cards.js, deal.js) handed over translated; a rule refusal in
the page's language."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient
from untranslated import LANGUAGES, english_left, page_text, script_texts

from kitgen.web.app import create_app

COMMAND_LINE = re.compile(r"--[a-z]|\bseeded\b|default deal|\b[a-z]+-\d{4}\b|\.(?:txt|md|toml)\b|\bnodes\b|"
                          r"\b(?:word|letter)-(?:solitaire|patience)\b|crossword-solitaire|\(default\)")


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def test_the_deal_page_describes_each_game_for_people(client: TestClient) -> None:
    page = client.get("/deal", params={"lang": "en"}).text
    notes = re.findall(r'<p class="note">([^<]*)</p>', page)
    helps = re.findall(r'<small id="[^"]+-help">([^<]*)</small>', page)
    assert len(notes) == 7 and helps
    for text in notes + helps:
        assert not COMMAND_LINE.search(text), text
    menu = page.split('name="variant"')[1].split("</select>")[0]
    options = re.findall(r'<option value="([a-z-]+)"[^>]*>([^<]+)</option>', menu)
    assert dict(options)["crossword-solitaire-a"] == "Crossword Solitaire A"
    assert dict(options)["word-solitaire"] == "Word Solitaire"


def test_the_decks_are_named_in_words(client: TestClient) -> None:
    """A deal's deck shows as "the Whitman deck of 1938", never its preset's id."""
    words = script_texts(client.get("/deal", params={"lang": "en"}).text)
    assert words["deck.whitman-1938"] == "the Whitman deck of 1938"
    assert script_texts(client.get("/deal", params={"lang": "de"}).text)["deck.whitman-1938"] == \
        "das Whitman-Kartenspiel von 1938"


MENU_NAMES = re.compile(r'<option value="(?:british|american|barred|rotational|quarter|mirror|none|poker|bridge|tarot|'
                        r'mini|square)"[^>]*>[^<]*</option>')
"""Menu choices every language names alike (docs/web.md, "Languages"): the crossword's styles and symmetries and the
card sizes; each field's help says what they are in the page's language."""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", ["/deal", "/deal/word-solitaire", "/check/solitaire", "/check/wordsearch", "/check",
                                  "/check/crossword", "/check/crossword-hand", "/check/anagrams", "/check/out-game",
                                  "/check/guess-o-gram", "/check/3dxword", "/print/wordsearch", "/print/crossword",
                                  "/print/game-of-words", "/print/3dxword"])
def test_the_deal_and_check_pages_leave_no_english(client: TestClient, path: str, lang: str) -> None:
    english = client.get(path, params={"lang": "en"}).text
    translated = client.get(path, params={"lang": lang}).text
    assert f'<html lang="{lang}">' in translated
    left = english_left(page_text(MENU_NAMES.sub("", english)), page_text(MENU_NAMES.sub("", translated)), lang)
    assert not left, f"{path} in {lang}: {sorted(left)[:10]}"
    ours, theirs = script_texts(english), script_texts(translated)
    assert ours.keys() == theirs.keys() and ours
    same = [k for k in ours if ours[k] == theirs[k] and re.search(r"[a-z]{3} [a-z]{3}", str(ours[k]))]
    assert not same, f"{path} in {lang}: script words left in English: {same}"


def test_a_rule_refusal_comes_in_the_pages_language(client: TestClient) -> None:
    """The verifier runs in a worker process: the job carries the request's language there."""
    sheet = "ABCDE\n" * 5 + "1 AAH A 1 1\n"
    client.cookies.clear()  # an API request's text language: the page's cookie, else Accept-Language
    english = client.post("/api/verify/wordsearch?deal=1", content=sheet, headers={"Accept-Language": "en"})
    french = client.post("/api/verify/wordsearch?deal=1", content=sheet, headers={"Accept-Language": "fr"})
    assert english.status_code == french.status_code == 422
    assert english.json()["problems"][0]["message"].startswith("turn 1: the deal's word is")
    assert french.json()["problems"][0]["message"].startswith("tour 1\u00a0: le mot distribu\u00e9 est")


def test_the_check_pages_name_each_record_in_words(client: TestClient) -> None:
    """The check pages name a record as a person does ("Crossword game hand"), never by its command-line id
    ("crossword hand", "out game"), and describe it in the page's language."""
    ids = re.compile(r"[Cc]rossword hand|[Oo]ut game|[Gg]uess o gram|[:,] 3dxword\b|[:,] solitaire<|[:,] wordsearch<")
    for lang in ("en", *LANGUAGES):
        for path in ("/check", "/check/crossword-hand", "/check/out-game", "/check/3dxword"):
            page = client.get(path, params={"lang": lang}).text
            assert not ids.search(page), (path, lang, ids.search(page))
    english = client.get("/check", params={"lang": "en"}).text
    assert "Crossword game hand</h2>" in english and "O-U-T Game score sheet</h2>" in english
    hand = client.get("/check/crossword-hand", params={"lang": "pl"}).text
    assert "Sprawdzanie: Gra słów, Partia Krzyżówki" in hand
    assert "Partia Krzyżówki z Gry słów albo gra z kilku partii" in hand
