"""Every page ``kitgen serve`` serves at an address of its own (tests/every_page.py), and a teacher's sign-in and
its refusal, in every language, as served (issue 28's bar: "no untranslated catalogue string" on every page):
``<html lang>`` is the language, and neither the page's text nor the words it hands its scripts (``data-texts``)
hold an English catalogue phrase the English page holds. What the scripts draw from the server's answers, and how
each page lays out, the browser scan looks at (tests/web/test_browser_every_page.py); the class session's and the
rooms' pages are tests/web/test_class_languages_http.py's."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest
from classdb import BASE, form_token, web_client
from every_page import PAGES, PASSWORD, typed_words, without_game_words
from starlette.testclient import TestClient
from untranslated import LANGUAGES, english_left, page_text, script_texts

from kitgen.web.app import create_app
from kitgen.web.teacher import Password


def _words(value: object) -> str:
    """Every string in a script's words (a plural's forms, a table's entries), without the names of what the script
    fills in (``{player}``, ``{word}``: two of them, one ending a string and one starting the next, are no phrase)."""
    if isinstance(value, dict):
        return " \n ".join(_words(v) for v in value.values())
    if isinstance(value, list | tuple):
        return " \n ".join(_words(v) for v in value)
    return re.sub(r"\{\w*\}", " ", str(value))


def _shown(page: str) -> tuple[str, str]:
    """A page's ``<html lang>``, and its text and its scripts' words, each a paragraph."""
    found = re.search(r'<html lang="([^"]*)"', page)
    texts = script_texts(page)
    return (found.group(1) if found else ""), page_text(page) + " \n " + " \n ".join(_words(v) for v in texts.values())


Served = Callable[[str], dict[str, tuple[str, str]]]
"""Every page in a language: its ``<html lang>`` and its words, by page."""


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """Each page in a language, as served: every address, then a kitgen with a teacher's password's sign-in page
    and its refusal of a wrong password."""
    folder: Path = tmp_path_factory.mktemp("every-page")
    plain = create_app(db=f"sqlite:///{folder / 'plain.db'}")
    guarded = create_app(db=f"sqlite:///{folder / 'guarded.db'}", teacher=Password.of(PASSWORD))

    @cache
    def served(lang: str) -> dict[str, tuple[str, str]]:
        client: TestClient = web_client(plain)  # type: ignore[assignment]
        client.cookies.set("kitgen-lang", lang)
        seen = {path: _shown(client.get(path).text) for path, _ in PAGES}
        teacher: TestClient = web_client(guarded)  # type: ignore[assignment]
        teacher.cookies.set("kitgen-lang", lang)
        sign_in = teacher.get("/class").text
        seen["sign-in"] = _shown(sign_in)
        guarded.state.classroom.sign_ins.seen.clear()
        refused = teacher.post("/teacher", data={"token": form_token(sign_in), "password": "not the password",
                                                 "next": "/class"}, headers={"Origin": BASE})
        seen["sign-in refused"] = _shown(refused.text)
        return seen

    yield served
    plain.state.classroom.close()
    guarded.state.classroom.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_as_served_is_in_the_chosen_language(pages: Served, lang: str) -> None:
    english, seen = pages("en"), pages(lang)
    assert seen.keys() == english.keys()
    problems: dict[str, list[str]] = {}
    for name, (shown_lang, text) in seen.items():
        if shown_lang != lang:
            problems.setdefault(name, []).append(f"<html lang={shown_lang}>")
        left = english_left(without_game_words(english[name][1]), without_game_words(text), lang)
        left = {pair for pair in left if not set(pair.split()) <= typed_words(name)}
        if left:
            problems.setdefault(name, []).append(f"English left: {sorted(left)[:8]}")
    assert not problems, "\n".join(f"{k}: {v}" for k, v in problems.items())
