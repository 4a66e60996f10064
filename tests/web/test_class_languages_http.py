"""Class sessions and game rooms in every language (issue 28; docs/web.md, "Languages"): each page, the words
its script writes (``data-texts``) and the refusals of the web app and the class database come from the
catalogue, with ``<html lang>`` right; the crossword session's lead names its pattern and the language of the
words by name; a game sent is "your game", not "your sheet"."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from classdb import BASE, class_app, form_token, web_client
from conftest import ROOT
from starlette.testclient import TestClient
from untranslated import LANGUAGES, english_left, page_text, script_texts

TITLE = "Zyx Qwv"
"""A session title in no language, so that it is never mistaken for an English phrase."""
SHEET = "\n".join([line for line in (ROOT / "samples" / "wordsearch" / "deal-1.txt").read_text().splitlines()
                   if line and not line.startswith("#")][:5]) + "\n"
"""A legal sheet of deal 1 (the verifier's own refusals are the games' words, not the class pages')."""


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    with class_app("sqlite", tmp_path_factory.mktemp("class")) as made:
        yield made


def _client(app: object) -> TestClient:
    return web_client(app)  # type: ignore[return-value]


def _open(teacher: TestClient, kind: str, lang: str = "en", deal: str = "5") -> str:
    form = {"token": form_token(teacher.get("/class").text), "kind": kind, "title": TITLE, "deal": deal,
            "lang": lang}
    answer = teacher.post("/class", data=form, headers={"Origin": BASE})
    assert answer.status_code == 303, answer.text
    return str(answer.headers["location"]).split("/")[2].split("?")[0]


def _lang(page: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', page)
    assert found is not None
    return found.group(1)


def _in(client: TestClient, path: str, lang: str) -> str:
    answer = client.get(path, params={"lang": lang})
    assert answer.status_code == 200, (path, lang, answer.status_code)
    assert _lang(answer.text) == lang
    return answer.text


def _pages(app: object) -> tuple[TestClient, TestClient, list[str]]:
    """A teacher and a student with a Make a Wordsearch session, a crossword session, a sent sheet and a room."""
    teacher, student = _client(app), _client(app)
    words, crossword = _open(teacher, "wordsearch", deal="1"), _open(teacher, "crossword")
    sent = student.post(f"/s/{words}", data={"name": "Ann", "sheet": SHEET},
                        headers={"Origin": BASE, "X-Kitgen-Send": "1"})
    assert sent.status_code == 200, sent.text
    room = student.post("/room", data={"token": form_token(student.get("/room").text), "players": "ANN BOB",
                                       "size": "9", "seed": "1"}, headers={"Origin": BASE})
    assert room.status_code == 303, room.text
    room_id = str(room.headers["location"]).split("/")[2]
    seated = student.post(f"/r/{room_id}/seat", data={"token": form_token(student.get(f"/r/{room_id}").text),
                                                      "player": "ANN"}, headers={"Origin": BASE})
    assert seated.status_code == 303
    teacher_pages = ["/class", f"/class/{words}", f"/class/{crossword}", f"/class/{words}/caller"]
    student_pages = [f"/s/{words}", f"/s/{crossword}", sent.json()["url"], "/room", f"/r/{room_id}"]
    return teacher, student, teacher_pages + ["student:" + p for p in student_pages]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_class_and_room_page_is_in_the_chosen_language(app: object, lang: str) -> None:
    """Each page says its language and shows none of the English page's catalogue phrases, in its text or in the
    words it hands its script."""
    teacher, student, paths = _pages(app)
    for given in paths:
        client, path = (student, given[8:]) if given.startswith("student:") else (teacher, given)
        english, translated = _in(client, path, "en"), _in(client, path, lang)
        left = english_left(page_text(english), page_text(translated), lang)
        assert not left, f"{path} in {lang}: {sorted(left)[:10]}"
        ours, theirs = script_texts(english), script_texts(translated)
        assert ours.keys() == theirs.keys()
        same = [key for key in ours if ours[key] == theirs[key] and re.search(r"[a-z]{3} [a-z]{3}", str(ours[key]))]
        assert not same, f"{path} in {lang}: script words left in English: {same}"


def test_the_teachers_list_has_a_plural_for_its_words(app: object) -> None:
    """"1 word: AAH", "2 words: ...": the teacher's script picks the plural form the page gives it."""
    teacher = _client(app)
    page = _in(teacher, f"/class/{_open(teacher, 'wordsearch')}", "fr")
    forms = script_texts(page)["words"]
    assert forms == {"one": "{n} mot\u00a0: {words}", "other": "{n} mots\u00a0: {words}"}
    english = script_texts(_in(teacher, teacher.get("/class").url.path, "en"))
    # the new-session page's form needs no script words but those every page's shared script has (common.js)
    assert english and all(key.startswith("common.") for key in english)


def test_a_crossword_session_names_its_pattern_and_a_session_its_language(app: object) -> None:
    teacher = _client(app)
    crossword = page_text(_in(teacher, f"/class/{_open(teacher, 'crossword')}", "en"))
    assert "The Crossword game, pattern 5." in " ".join(crossword.split())
    assert "deal 5" not in crossword and "EN" not in crossword.split()
    french = page_text(_in(teacher, f"/class/{_open(teacher, 'wordsearch', lang='fr')}", "en"))
    assert "Make a Wordsearch, deal 5, Fran\u00e7ais." in " ".join(french.split())
    menu = _in(teacher, "/class", "de")
    assert '<option value="fr" lang="fr">Fran\u00e7ais</option>' in menu
    assert '<option value="de" lang="de" selected>Deutsch</option>' in menu  # the words follow the page


def test_a_game_sent_is_a_game_and_a_sheet_a_sheet(app: object) -> None:
    teacher, student = _client(app), _client(app)
    sid = _open(teacher, "word-solitaire", deal="1")
    sent = student.post(f"/s/{sid}", data={"name": "Ann", "sheet": "CAT\n"}, headers={"Origin": BASE,
                                                                                 "X-Kitgen-Send": "1"})
    assert sent.status_code == 200, sent.text
    page = page_text(_in(student, sent.json()["url"], "en"))
    assert "Your game is with your teacher" in page and "sheet" not in page.lower()
    words = _open(teacher, "wordsearch")
    sheet = student.post(f"/s/{words}", data={"name": "Bo", "sheet": "ABCDE\n" * 5},
                         headers={"Origin": BASE, "X-Kitgen-Send": "1"})
    assert "Your sheet is with your teacher" in page_text(_in(student, sheet.json()["url"], "en"))


def test_refusals_come_in_the_pages_language(app: object) -> None:
    """The web app's own refusals and the class database's, in French after ?lang=fr."""
    teacher, student = _client(app), _client(app)
    sid = _open(teacher, "wordsearch")
    student.get("/?lang=fr")
    nameless = student.post(f"/s/{sid}", data={"name": " ", "sheet": "ABCDE\n" * 5},
                            headers={"Origin": BASE, "X-Kitgen-Send": "1"})
    assert nameless.status_code == 400
    assert nameless.json()["error"] == "\u00c9cris ton nom (ou un surnom), s\u2019il te pla\u00eet."
    missing = student.get("/s/NOSUCHSESSION0000")
    assert missing.status_code == 404 and "Cette s\u00e9ance n\u2019existe pas" in missing.text
    forged = student.post(f"/s/{sid}", data={"name": "Ann", "sheet": ""}, headers={"Origin": BASE})
    assert forged.status_code == 403 and "Envoie ta feuille depuis sa page." in forged.text
    players = student.post("/room", data={"token": form_token(student.get("/room").text), "players": "ANN"},
                           headers={"Origin": BASE})
    assert players.status_code == 400
    assert "Le jeu des mots crois\u00e9s se joue \u00e0 deux\u00a0: \u00e9cris les deux noms." in players.text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_class_sets_paper_is_the_paper_not_a_letter_of_the_alphabet(app: object, lang: str) -> None:
    """The teacher's page offers Letter paper by the paper's name (US Letter), not the catalogue's "Letter" of a
    word's letters ("Buchstabe" in German)."""
    from kitgen.core.i18n import translations

    teacher = _client(app)
    page = _in(teacher, f"/class/{_open(teacher, 'wordsearch')}", lang)
    assert re.findall(r'<option value="letter">([^<]*)</option>', page) == [translations(lang).gettext("US Letter")]
