"""The refusals only a hand-made request meets speak the request's language too (issue 28: "refusals and errors
translated"; docs/languages.md): an option for the command line alone, a file on the server named over HTTP, a
preset's name, a preview's width and page, an empty upload, a body over the cap, a task the server forgot, an
address with nothing at it or not used that way, a record kind with no computer player. What the request typed (the
parameter's name, a flag, an address, the server's numbers) is kept as typed; no English phrase of the message is."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from kitgen.core.i18n import TRANSLATED
from kitgen.web.app import create_app

LANGUAGES = [code for code in TRANSLATED if code != "en"]

CASES = [  # (method, address, body, extra headers, status, the English message, what is kept as typed)
    ("GET", "/api/deal/wordsearch?seed=1&par=1&prove=1", None, {}, 400,
     "{option}: the command line's only (minutes of work, past the web's time limit): run kitgen with {flag}",
     ["prove", "--prove"]),
    ("GET", "/api/deal/wordsearch?words=x", None, {}, 400,
     "{option}: a file on the server cannot be named over HTTP (upload it: POST /api/upload)",
     ["words", "POST /api/upload"]),
    ("POST", "/api/verify/crossword?words=/etc/passwd", b"x", {}, 400,
     "{option}: a file on the server cannot be named over HTTP (upload it: POST /api/upload)", ["words"]),
    ("GET", "/api/pdf/deck?spec=../x", None, {}, 400,
     "{option}: only a preset's name is accepted over HTTP (a file on the server cannot be named; presets: {names}), "
     "got {value}", ["spec", "whitman-1938", "../x"]),
    ("GET", "/api/preview/sheet/1.png?width=5", None, {}, 400,
     "width is a number of pixels from {low} to {high} (got {value})", ["100", "1600"]),
    ("GET", "/api/preview/sheet/x.png", None, {}, 404, "no page {page}", ["x"]),
    ("POST", "/api/upload?name=a.txt", b"", {}, 400, "the file is empty", []),
    ("POST", "/api/verify/wordsearch", b"x", {"content-length": "99999999"}, 413,
     "the body is larger than {size} bytes", ["2000000"]),
    ("GET", "/api/tasks/nope", None, {}, 404,
     "no such task (the server forgets finished ones after a while): start it again", []),
    ("GET", "/api/nothing", None, {}, 404, "nothing at {path}", ["/api/nothing"]),
    ("GET", "/api/verify/wordsearch", None, {}, 405, "{method} is not how {path} is used",
     ["GET", "/api/verify/wordsearch"]),
    ("POST", "/api/reply/wordsearch", b"x", {}, 404, "{kind} has no computer player", ["wordsearch"]),
]
SCRIPTS = {"ru": "[а-яё]", "el": "[α-ω]"}
"""A non-Latin language's answer is written in its own letters."""


def _pairs(text: str) -> set[tuple[str, str]]:
    """Two words running (three letters or more), an address or a flag left out: what a translation does not keep."""
    words = re.findall(r"[^\W\d_]{3,}", re.sub(r"\S*/\S*|--[\w-]+", " ", text).lower())
    return set(zip(words, words[1:], strict=False))


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def _error(client: TestClient, case: tuple[object, ...], lang: str) -> str:
    method, address, body, headers, status = case[:5]
    assert isinstance(headers, dict)
    answer = client.request(str(method), str(address), content=body,
                            headers={"Accept-Language": lang, **headers})
    assert answer.status_code == status, answer.text
    return str(answer.json()["error"])


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]} {c[1]}" for c in CASES])
def test_english_says_what_it_said(client: TestClient, case: tuple[object, ...]) -> None:
    """English is the reference: each answer is its message with the request's values."""
    english, kept = str(case[5]), case[6]
    said = _error(client, case, "en")
    assert re.fullmatch(".*".join(re.escape(part) for part in re.split(r"\{\w+\}", english)), said), said
    assert isinstance(kept, list) and all(value in said for value in kept), said


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]} {c[1]}" for c in CASES])
def test_a_translated_answer_keeps_no_english_phrase(client: TestClient, case: tuple[object, ...],
                                                     lang: str) -> None:
    english, kept = str(case[5]), case[6]
    said = _error(client, case, lang)
    fixed = set().union(*(_pairs(part) for part in re.split(r"\{\w+\}", english)))
    assert not fixed & _pairs(said), (lang, said)
    assert said != _error(client, case, "en"), said
    assert isinstance(kept, list) and all(value in said for value in kept), (lang, said)
    if lang in SCRIPTS:
        assert re.search(SCRIPTS[lang], said.lower()), said
