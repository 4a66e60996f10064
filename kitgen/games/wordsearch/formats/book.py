"""Reading a book file (``--book FILE``): the 25 words a game is played with, in order.

docs/wordsearch.md ruling 6 and "The book": any UTF-8 text (a poem, a
chapter). Each non-blank line is a page; its page word is the first word on
the line (letters, with inner apostrophes or hyphens: ``don't`` is a 4-letter
word). Lines with no word (numbers, punctuation, non-Latin script) are
skipped. The first 25 pages are the game's 25 turns; a shorter book is an
``InputError`` naming the file.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from kitgen.core.errors import InputError, Location
from kitgen.core.i18n import gettext
from kitgen.core.language import ENGLISH, Language
from kitgen.core.text import TextSource, split_lines
from kitgen.games.wordsearch.rules.lines import TURNS

_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")


class BookTooShort(InputError):
    """A book file with fewer than 25 pages that have a word."""


class Page(NamedTuple):
    """A page of a book: its page word as written, and where it is (1-based line and column)."""

    word: str
    line: int
    col: int


def book_pages(text: str, lang: Language = ENGLISH) -> list[Page]:
    """The page words of a book text, one for each line that has a word (in ``lang``'s letters)."""
    pages = []
    for number, raw in enumerate(split_lines(text), start=1):
        for m in _WORD.finditer(raw):
            if lang.normalize(m.group()):
                pages.append(Page(m.group(), number, m.start() + 1))
                break
    return pages


def book_words(path: str | Path, turns: int = TURNS, lang: Language = ENGLISH) -> list[str]:
    """The first ``turns`` page words of a book file, as written (``InputError`` if too short)."""
    source = TextSource.from_path(path)
    pages = book_pages(source.text, lang)
    if len(pages) < turns:
        raise BookTooShort(gettext("the book has {count} pages with a word (lines with a word on them); a game needs "
                                   "{turns}").format(count=len(pages), turns=turns), Location(source.name))
    return [page.word for page in pages[:turns]]
