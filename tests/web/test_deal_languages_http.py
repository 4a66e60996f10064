"""Every deal in the language of its words over HTTP (issue 26): ``/api/deal/VARIANT?seed=N&lang=CODE`` deals the
language's deck (docs/languages.md, "Decks"), and the deal page offers the language for every game of cards."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from kitgen.web.app import create_app


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def test_a_word_solitaire_deal_in_swedish_is_dealt_from_the_swedish_deck(client: TestClient) -> None:
    swedish = client.get("/api/deal/word-solitaire", params={"seed": 1, "lang": "sv"})
    english = client.get("/api/deal/word-solitaire", params={"seed": 1})
    assert swedish.status_code == 200 and english.status_code == 200, swedish.text
    assert swedish.json()["deck"] == "swedish" and english.json()["deck"] == "whitman-1938"
    cards = {card for pile in swedish.json()["piles"] for card in pile}
    assert cards & set("ÅÄÖ")


@pytest.mark.parametrize(("variant", "code", "deck"), [
    ("anagrams", "tr", "turkish"), ("crossword-solitaire-a", "ru", "russian"),
    ("crossword-solitaire-b", "pl", "polish"),
    ("crossword", "el", "greek"), ("letter-patience", "es", "spanish")])
def test_every_deal_takes_the_language_over_http(client: TestClient, variant: str, code: str, deck: str) -> None:
    answer = client.get(f"/api/deal/{variant}", params={"seed": 2, "lang": code})
    assert answer.status_code == 200, answer.text
    assert answer.json()["deck"] == deck


def test_the_deal_page_offers_the_language_for_every_deal(client: TestClient) -> None:
    page = client.get("/deal", params={"lang": "en"}).text
    fieldsets = re.findall(r'<fieldset class="variant-options" data-variant="([a-z-]+)"(.*?)</fieldset>', page, re.S)
    assert len(fieldsets) == 7
    for variant, inside in fieldsets:
        menu = re.search(r'<select[^>]*name="lang"[^>]*>(.*?)</select>', inside, re.S)
        assert menu, variant
        assert {"en", "sv", "tr", "ru"} <= set(re.findall(r'<option value="([a-z]+)"', menu.group(1))), variant
