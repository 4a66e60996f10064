"""What a translated page still shows in English: the catalogue's phrases (pairs of words) an English page and
the translated page both show, less those the language's own translations use (a name, a code). Shared by the
web tests (HTTP and browser)."""

from __future__ import annotations

import html
import json
import re
from functools import cache

from conftest import ROOT

from kitgen.core.i18n import TRANSLATED

LANGUAGES = tuple(code for code in TRANSLATED if code != "en")
"""Every language the web pages are translated into (all of kitgen's text languages but English)."""


def page_text(page: str) -> str:
    """A page's text as a person reads it: no tags, no script or style."""
    page = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def script_texts(page: str) -> dict[str, object]:
    """The words a page hands its script (``data-texts``, kitgen.web.pages.texts), by key."""
    twice = re.search(r'data-texts="[^"]*"\s*data-texts=', page)
    assert twice is None, "an element with two data-texts: the browser keeps only the first"
    found: dict[str, object] = {}
    for blob in re.findall(r'data-texts="([^"]*)"', page):
        found.update(json.loads(html.unescape(blob)))
    return found


NAMES = frozenset({"kitgen", "ann", "bob", "tabloid"})
"""Words every language writes the same: the program's name, the players' names the tests and the rules'
examples give (ANN BOB), and the paper size a printer's dialog names Tabloid in every language (after Legal in a
paper list, which "Paper size: ... legal or tabloid" would otherwise flag in German, Swedish, Polish, Russian)."""


def _words(text: str) -> list[str]:
    return [word for word in re.findall(r"[^\W\d_]{3,}", text.lower()) if word not in NAMES]


def _pairs(words: list[str]) -> set[tuple[str, str]]:
    return set(zip(words, words[1:], strict=False))


@cache
def _catalogue(lang: str) -> tuple[tuple[str, ...], frozenset[tuple[str, str]]]:
    from babel.messages.pofile import read_po

    with open(ROOT / "kitgen" / "locale" / lang / "LC_MESSAGES" / "kitgen.po", "rb") as f:
        catalogue = read_po(f)
    ids: list[str] = []
    strings: list[str] = []
    for message in catalogue:
        if not message.id:
            continue
        ids.extend([message.id] if isinstance(message.id, str) else list(message.id))
        strings.extend([message.string] if isinstance(message.string, str) else list(message.string or ()))
    return tuple(ids), frozenset(_pairs(_words(page_text(" ".join(s for s in strings if s)))))


def english_left(english: str, translated: str, lang: str) -> set[str]:
    """The catalogue's English phrases (two words in a row) found in both texts and in no translation."""
    ids, allowed = _catalogue(lang)
    seen_en, seen = _pairs(_words(english)), _pairs(_words(translated))
    left = set()
    for message in ids:
        for pair in _pairs(_words(page_text(message))):
            if pair in seen_en and pair in seen and pair not in allowed:
                left.add(" ".join(pair))
    return left
