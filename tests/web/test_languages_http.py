"""The web app in every language (docs/web.md, "Languages"; issue 28): ``?lang=`` and the language menu choose a
page's language and a cookie remembers it, ``Accept-Language`` picks the first page's, ``<html lang>`` says it,
and a translated page shows none of the English page's catalogue strings."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from untranslated import LANGUAGES, script_texts

from kitgen.core.i18n import translations
from kitgen.web.app import create_app
from kitgen.web.language import COOKIE, from_accept_language
from kitgen.web.pages import ALIKE, DIFFERENT, WHOLE_SETS
from kitgen.web.workers import Limits

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("/", "/deal", "/check", "/print/wordsearch", "/check/wordsearch", "/print/crossword")
TRANSLATED_PAGES = ("/",)
"""The pages whose every string is in the catalogue so far (the others translate their own template text; the
options' help and the games' descriptions they show are still English: issue 28, still open)."""


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Limits()), raise_server_exceptions=False)


def _lang(page: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def test_the_address_chooses_the_language_and_a_cookie_remembers_it(client: TestClient) -> None:
    answer = client.get("/?lang=es")
    assert answer.status_code == 200
    assert _lang(answer.text) == "es"
    assert "Imprimir" in answer.text and "Print a word game" not in answer.text
    assert answer.headers["content-language"] == "es"
    assert f"{COOKIE}=es" in answer.headers["set-cookie"]
    client.cookies.set(COOKIE, "es")
    assert _lang(client.get("/deal").text) == "es"
    client.cookies.clear()


def test_accept_language_picks_the_first_page(client: TestClient) -> None:
    client.cookies.clear()
    assert _lang(client.get("/", headers={"Accept-Language": "de-CH, de;q=0.9, en;q=0.8"}).text) == "de"
    assert _lang(client.get("/", headers={"Accept-Language": "ja, fr;q=0.5"}).text) == "fr"
    assert _lang(client.get("/", headers={"Accept-Language": "ja"}).text) == "en"
    assert _lang(client.get("/?lang=it", headers={"Accept-Language": "de"}).text) == "it"


def test_accept_language_ranks_by_quality() -> None:
    assert from_accept_language("en;q=0.2, nl;q=0.9") == "nl"
    assert from_accept_language("pt-BR") == "pt"
    assert from_accept_language("xx, yy;q=0") is None
    assert from_accept_language("fr;q=oops, de") == "de"


def test_the_language_menu_is_on_every_page(client: TestClient) -> None:
    page = client.get("/check?lang=fr").text
    menu = re.search(r'<nav class="langs"[^>]*>(.*?)</nav>', page, re.S)
    assert menu is not None
    for code in ("en", *LANGUAGES):
        assert f'href="?lang={code}"' in menu.group(1)
    assert 'aria-current="true" class="here">Fran\u00e7ais<' in menu.group(1)


def _text(page: str) -> str:
    page = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]{3,}", text.lower())


def _pairs(words: list[str]) -> set[tuple[str, str]]:
    return set(zip(words, words[1:], strict=False))


@pytest.mark.parametrize("path", PAGES)
def test_every_page_says_its_language(client: TestClient, path: str) -> None:
    for lang in ("en", *LANGUAGES):
        answer = client.get(f"{path}?lang={lang}")
        assert answer.status_code == 200, (path, answer.status_code)
        assert _lang(answer.text) == lang


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("path", TRANSLATED_PAGES)
def test_a_translated_page_shows_no_english_catalogue_string(client: TestClient, path: str, lang: str) -> None:
    """Every phrase of the catalogue the English page shows is gone from the page in ``lang`` (a name or a code
    the language's own translations keep is allowed)."""
    from babel.messages.pofile import read_po

    with open(ROOT / "kitgen" / "locale" / lang / "LC_MESSAGES" / "kitgen.po", "rb") as f:
        catalogue = read_po(f)
    allowed = _pairs(_words(" ".join(m.string for m in catalogue if m.id and isinstance(m.string, str))))
    english = _pairs(_words(_text(client.get(path, headers={"Accept-Language": "en"}).text)))
    translated = _pairs(_words(_text(client.get(f"{path}?lang={lang}").text)))
    left = set()
    for message in catalogue:
        if message.id and isinstance(message.id, str):
            for pair in _pairs(_words(_text(message.id))):
                if pair in english and pair in translated and pair not in allowed:
                    left.add(" ".join(pair))
    assert not left, f"{path} in {lang}: {sorted(left)[:20]}"


def test_a_printed_piece_speaks_the_language_of_its_words(client: TestClient) -> None:
    """A sheet printed from the web in French words is labelled in French and says so (``/Lang``), as
    ``kitgen sheet --lang fr`` is."""
    import io

    from pypdf import PdfReader

    answer = client.get("/api/pdf/sheet", params={"seed": "1", "lang": "fr"})
    assert answer.status_code == 200, answer.text[:200]
    reader = PdfReader(io.BytesIO(answer.content))
    assert str(reader.trailer["/Root"]["/Lang"]) == "fr"
    assert "Fais tes mots m\u00eal\u00e9s" in reader.pages[0].extract_text()
    english = PdfReader(io.BytesIO(client.get("/api/pdf/sheet", params={"seed": "1"}).content))
    assert str(english.trailer["/Root"]["/Lang"]) == "en"


def test_a_scripts_plural_carries_each_form_its_language_has(client: TestClient) -> None:
    """The forms a page hands its script for a count are the catalogue's, by CLDR plural category: English one and
    other; Polish and Russian a third ("many", 5 stron, 5 страниц); French counts 0 and 1 as one."""
    def pages(lang: str) -> object:
        return script_texts(client.get(f"/print/wordsearch?lang={lang}").text)["pages"]

    assert pages("en") == {"one": "{n} page", "other": "{n} pages"}
    assert pages("pl") == {"one": "{n} strona", "many": "{n} stron", "other": "{n} strony"}
    assert pages("ru") == {"one": "{n} страница", "many": "{n} страниц", "other": "{n} страницы"}
    assert pages("fr") == {"one": "{n} page", "other": "{n} pages"}


GAMES = ("wordsearch", "crossword", "3dxword", "game-of-words")
WORDS_FORMS = ("/deal/word-solitaire", "/check/wordsearch", "/check/crossword", "/check/3dxword")


def _words_languages(page: str) -> dict[str, str]:
    """Each form's language of the words (``<select name=lang>``) on a page: the option selected, by field id."""
    chosen = {}
    for ident, options in re.findall(r'<select id="([^"]*)" name="lang"[^>]*>(.*?)</select>', page, flags=re.S):
        selected = re.findall(r'<option value="([^"]*)" selected>', options)
        assert len(selected) == 1, (ident, options[:200])
        chosen[ident] = selected[0]
    return chosen


@pytest.mark.parametrize("lang", ["fr", "de", "ru"])
@pytest.mark.parametrize("path", [f"/print/{game}" for game in GAMES] + list(WORDS_FORMS))
def test_every_forms_words_follow_the_pages_language(client: TestClient, path: str, lang: str) -> None:
    """/print/crossword?lang=fr offered the whole kit in English words ("Langue: anglais") and a French kit with
    English words on it: a form's language of the words is the page's (the address's, the cookie's or the
    browser's) wherever the form offers that language, on every form of the page, shown or not."""
    client.cookies.clear()
    asked = {"address": client.get(f"{path}?lang={lang}").text}
    client.cookies.set(COOKIE, lang)
    asked["cookie"] = client.get(path).text
    client.cookies.clear()
    asked["browser"] = client.get(path, headers={"Accept-Language": lang}).text
    for how, page in asked.items():
        found = _words_languages(page)
        assert found and set(found.values()) == {lang}, (how, found)
    assert set(_words_languages(client.get(path).text).values()) == {"en"}  # an English page, English words


@pytest.mark.parametrize("path", ["/print/nogame", "/deal/nodeal", "/check/nokind"])
def test_an_unknown_game_deal_or_record_kind_is_a_page_in_the_pages_language(client: TestClient, path: str) -> None:
    """/print/nogame?lang=fr said "unknown game 'nogame'" in English under a French heading."""
    client.cookies.clear()
    answer = client.get(f"{path}?lang=fr")
    assert answer.status_code == 404
    assert "Il n\u2019y a pas de page \u00e0 cette adresse." in html.unescape(answer.text)
    assert "unknown" not in answer.text


def test_the_class_set_count_is_labelled_in_the_pages_language(client: TestClient) -> None:
    """The home page's class-set count (its visible unit and what a screen reader hears) comes from the
    catalogue: a German page said "copies" and read out "How many copies" until both were catalogue strings."""
    from babel.messages.pofile import read_po

    for lang in LANGUAGES:
        with open(ROOT / "kitgen" / "locale" / lang / "LC_MESSAGES" / "kitgen.po", "rb") as f:
            catalogue = read_po(f)
        wanted = (catalogue["How many copies"].string, catalogue["copies"].string)
        assert all(wanted) and wanted != ("How many copies", "copies"), lang
        labels = re.findall(r'aria-label="([^"]*)"> ([^<]*)</label>', client.get(f"/?lang={lang}").text)
        assert labels and {html.unescape(a) for a, _ in labels} == {wanted[0]}, (lang, labels)
        assert {html.unescape(u).strip() for _, u in labels} == {wanted[1]}, (lang, labels)


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_the_class_sets_hint_says_what_the_copies_are_not_the_pieces_name(client: TestClient, lang: str) -> None:
    """Each game's class set on the home page says what its copies are (each one different, all alike, each a
    whole set), in the page's language; it named the piece, which its own button says just below."""
    page = client.get(f"/?lang={lang}").text
    cards = re.findall(r'<li id="game-([^"]+)">(.*?)</li>', page, flags=re.S)
    hints = {}
    for game, card in cards:
        hint = re.search(r"<small>([^<]*)</small>", card)
        if hint is None:
            continue
        buttons = {html.unescape(b).strip() for b in re.findall(r'class="button plain"[^>]*>([^<]*)</a>', card)}
        hints[game] = html.unescape(hint.group(1))
        assert hints[game] not in buttons, (lang, game)
    assert hints, lang
    say = translations(lang).gettext
    assert hints == {"crossword": say(DIFFERENT), "wordsearch": say(ALIKE), "game-of-words": say(WHOLE_SETS),
                     "3dxword": say(WHOLE_SETS)}
    assert lang == "en" or say(DIFFERENT) != DIFFERENT


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_class_sets_paper_is_the_paper_not_a_letter_of_the_alphabet(client: TestClient, lang: str) -> None:
    """The home page's class-set button for Letter paper is named as the paper is everywhere (US Letter): it took the
    catalogue's "Letter" of a word's letters, so a German page offered "Buchstabe" paper and a Greek one "Γράμμα"."""
    buttons = re.findall(r'name="paper" value="letter">([^<]*)</button>', client.get(f"/?lang={lang}").text)
    say = translations(lang).gettext
    assert buttons and {html.unescape(b) for b in buttons} == {say("US Letter")}, lang
