"""A record's verdict on the check page in the page's language (issue 28): every key of the generic verdicts'
JSON (the contract, English) has the page's word for it, and 3DXWORD's balance note its sentence; the room form
names both games a room is opened for."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from untranslated import LANGUAGES, page_text, script_texts

from kitgen import api
from kitgen.games.game_of_words.rules.out_replay import COMPLETED, NAMED, NO_WORD
from kitgen.games.xword3d.rules.game import BALANCE_NOTE, WAYS
from kitgen.web.app import create_app
from kitgen.web.pages import VERDICT_FORMS, VERDICT_KEYS, VERDICT_VALUES
from kitgen.web.workers import Limits

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
RECORDS: dict[str, tuple[list[str], dict[str, Any]]] = {
    "anagrams": (["game-of-words/anagrams-1.txt", "game-of-words/anagrams-broken.txt"], {}),
    "out-game": (["game-of-words/out-game-1.txt", "game-of-words/out-game-broken.txt"], {}),
    "guess-o-gram": (["game-of-words/guess-o-gram-1.txt", "game-of-words/guess-o-gram-broken.txt"], {}),
    "crossword-hand": (["game-of-words/crossword-hand-3.txt", "game-of-words/crossword-hand-3-broken.txt"],
                       {"seed": 3}),
    "3dxword": (["3dxword/table-game.txt", "3dxword/3d-game.txt", "3dxword/x-pieces.txt",
                 "3dxword/illegal-too-early.txt", "3dxword/quarter-turns.txt"],
                {"words": str(SAMPLES / "3dxword" / "words.lst")}),
}
"""The record kinds the generic check page shows (check_record.html) and samples of each, legal and broken."""


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Limits()), raise_server_exceptions=False)


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return {key for key, inner in value.items() if not key.isupper()} | set().union(
            *(_keys(inner) for inner in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(inner) for inner in value))
    return set()


def test_every_key_of_a_generic_verdict_has_a_name() -> None:
    """A key a verdict's JSON holds (its players' names aside) is named on the page; none is shown as JSON."""
    seen: set[str] = set()
    for kind, (files, options) in RECORDS.items():
        assert api.game_record_kind(kind)[1].check_page is None, kind  # shown by the generic page
        for name in files:
            seen |= _keys(api.verify(kind, (SAMPLES / name).read_text(), source=name, **options).to_json())
    shown = seen - {"problems", "code", "severity", "file", "line", "col", "message", "game"}
    assert shown <= set(VERDICT_KEYS), sorted(shown - set(VERDICT_KEYS))
    assert {"plays", "x_piece", "upside_down", "legs", "challenger", "upheld", "word_out"} <= shown


def test_how_an_out_word_ended_has_its_forms_on_the_check_page() -> None:
    """The O-U-T verdict's 'end' sentences (English in the JSON, with a player's name and a word in them) are the
    forms the check page's script says in its language; 'no word' is one of its words."""
    assert set(VERDICT_FORMS) == {COMPLETED, NAMED} and NO_WORD in VERDICT_VALUES
    for lang in LANGUAGES:
        with api.speaking(lang):
            assert all(api.gettext(form) != form for form in VERDICT_FORMS), lang


def test_the_balance_note_and_a_bricks_way_are_shown_in_the_pages_language() -> None:
    assert BALANCE_NOTE in VERDICT_VALUES and set(WAYS) <= set(VERDICT_VALUES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_check_page_hands_its_script_the_verdicts_words(client: TestClient, lang: str) -> None:
    english = script_texts(client.get("/check/3dxword?lang=en").text)
    words = script_texts(client.get(f"/check/3dxword?lang={lang}").text)
    assert english["verdict.upside_down"] == "Upside down" and english["verdict.unused"] == "Unused letters"
    assert words["verdict.upside_down"] != "Upside down" and words["verdict.unused"] != "Unused letters"
    assert words[f"value.{BALANCE_NOTE}"] != BALANCE_NOTE and english[f"value.{BALANCE_NOTE}"] == BALANCE_NOTE


@pytest.mark.parametrize("lang", ("en", *LANGUAGES))
def test_the_room_form_names_both_games(client: TestClient, lang: str) -> None:
    """The room form offers the Crossword game and 3DXWORD: its title, heading and lead say both."""
    page = client.get(f"/room?lang={lang}").text
    title = re.search(r"<title>(.*?)</title>", page, re.S)
    heading = re.search(r"<h1>(.*?)</h1>", page, re.S)
    lead = re.search(r'<p class="lead">(.*?)</p>', page, re.S)
    assert title and heading and lead
    for said in (title.group(1), heading.group(1), lead.group(1)):
        assert "3DXWORD" in page_text(said), (lang, said)
    if lang != "en":
        assert "Crossword game" not in page_text(heading.group(1) + lead.group(1)), (lang, heading.group(1))


GOW = "game-of-words"
AS_TEXT: list[tuple[str, str, dict[str, Any]]] = [
    ("crossword", "crossword/game.txt", {}), ("crossword", "crossword/illegal.txt", {}),
    ("wordsearch", "wordsearch/deal-1.txt", {"deal": 1}), ("wordsearch", "wordsearch/deal-1-broken.txt", {"deal": 1}),
    ("solitaire", f"{GOW}/word-solitaire-1.txt", {"game": "word-solitaire", "seed": 1}),
    ("solitaire", f"{GOW}/word-solitaire-1-broken.txt", {"game": "word-solitaire", "seed": 1}),
    ("solitaire", f"{GOW}/letter-patience-2-broken.txt", {"game": "letter-patience", "seed": 2}),
    ("solitaire", f"{GOW}/crossword-solitaire-a-1-broken.txt", {"game": "crossword-solitaire-a", "seed": 1}),
    ("solitaire", f"{GOW}/crossword-solitaire-b-broken.txt", {"game": "crossword-solitaire-b", "seed": 1}),
]
"""The record kinds with a page on paper's terms, whose verdict the "as text" page shows whole (documentView)."""


def test_every_key_of_a_verdict_shown_as_text_has_a_name() -> None:
    """The "as text" check page of a finished sheet, a crossword record or a solitaire shows every key of its
    verdict: each has the page's word for it, from the catalogue (they read "min length", "super great", "log" in every
    language; tests/core/test_i18n.py checks that every catalogue string is translated)."""
    seen: set[str] = set()
    for kind, name, options in AS_TEXT:  # a crossword record's pattern file is found beside it
        seen |= _keys(api.verify(kind, (SAMPLES / name).read_text(), source=str(SAMPLES / name), **options).to_json())
    shown = seen - {"problems", "code", "severity", "file", "line", "col", "message", "game"}
    assert shown <= set(VERDICT_KEYS), sorted(shown - set(VERDICT_KEYS))
    assert {"boxes", "super_great", "min_length", "log", "links", "cards_left", "not_words", "unused"} <= shown
    assert "col" in VERDICT_KEYS  # a finished sheet's turn log names each turn's column (a problem's is not shown)
