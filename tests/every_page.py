"""Every page ``kitgen serve`` serves at an address of its own, and how its English is told from a translation's:
shared by the every-page tests over HTTP (tests/web/test_every_page_languages_http.py: every language, the page
as served) and in the browser (tests/web/test_browser_every_page.py: the page once its scripts have drawn it)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, quote, urlsplit

from conftest import ROOT
from untranslated import NAMES

from kitgen import api

PASSWORD = "correct horse battery"
"""The teacher's password of a kitgen started with ``--teacher`` (tests/browsing.py's ``guarded``)."""
SAMPLES = ROOT / "samples"
GOW = SAMPLES / "game-of-words"
EN_WORDS = ("(() => { const s = document.querySelector('select[name=lang]'); if (s && s.value !== 'en') {"
            " s.value = 'en'; s.dispatchEvent(new Event('change', {bubbles: true})); return false; } return %s; })()")
"""Ready once a sample record (or sheet) is checked with English words (a page's words start in the page's
language, and the samples' words are English), so the English page and the translated page show the same verdict."""


def _typed(path: Path) -> str:
    """A sample record without its comments (the English a person typed is not the page's)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return "".join(line.split("#")[0].rstrip() + "\n" for line in lines if line.split("#")[0].strip())


def _record(kind: str, sample: str, ready: str, more: str = "") -> tuple[str, str]:
    text = _typed(SAMPLES / sample)
    return f"/check/{kind}?record={quote(text)}{more}", EN_WORDS % ready


SHEET = [line for line in (SAMPLES / "wordsearch" / "deal-1.txt").read_text().splitlines()
         if line and not line.startswith("#")][:5]
"""A legal sheet of Make a Wordsearch deal 1, a line a row."""
SHOWN = "!!document.querySelector('.result .problem, .result table.named td, .result .score, .result p')"
PROBLEM = "!!document.querySelector('.result .problem')"
PREVIEWED = "!!document.querySelector('[data-previewed]')"


def _pages() -> list[tuple[str, str]]:
    """Every page with an address of its own, and what says it is drawn."""
    pages = [("/", "document.querySelectorAll('ul.games li').length > 0"), ("/check", "true"), ("/deal", "true")]
    for game in api.declarations():
        if any(c.command for c in game.components):
            pages.append((f"/print/{game.name}", PREVIEWED))
        for variant in game.deals:
            pages.append((f"/deal/{variant.name}?seed=2", "!!document.querySelector('.deal-view h2')"))
        for kind in game.records:
            pages.append((f"/check/{kind.name}", "true"))
            if kind.check_page is not None:
                pages.append((f"/check/{kind.name}?as=text", "true"))
    return pages + [
        ("/print/wordsearch?show=sheet&seed=7", PREVIEWED),
        ("/deal/word-solitaire?seed=5", "!!document.querySelector('.play')"),
        ("/deal/wordsearch?seed=2", "document.querySelectorAll('.deal-view ol.words li').length === 25"),
        ("/check/crossword", "document.querySelectorAll('.xw .cell').length > 0"),
        ("/check/solitaire", "!!document.querySelector('.sol-deal .pile')"),
        # verdicts, legal and with problems
        _record("3dxword", "3dxword/x-pieces.txt", "!!document.querySelector('.result table.named td')"),
        _record("3dxword", "3dxword/illegal-too-early.txt", PROBLEM),
        _record("anagrams", "game-of-words/anagrams-broken.txt", PROBLEM),
        _record("out-game", "game-of-words/out-game-1.txt", SHOWN),
        _record("guess-o-gram", "game-of-words/guess-o-gram-broken.txt", PROBLEM),
        _record("crossword-hand", "game-of-words/crossword-hand-3-broken.txt", PROBLEM, "&seed=3"),
        _record("wordsearch", "wordsearch/deal-1-broken.txt", PROBLEM, "&deal=1&as=text"),
        (f"/check/wordsearch?deal=1&sheet={quote(chr(10).join(SHEET))}",
         EN_WORDS % "!!document.querySelector('.result .score')"),
        (f"/check/solitaire?game=word-solitaire&seed=1&words={quote(_typed(GOW / 'word-solitaire-1-broken.txt'))}",
         PROBLEM),
        ("/check/crossword?size=9&seed=1&players=ANN+BOB&computer=0&turn=ANN+1A+AAAA",
         "document.querySelectorAll('.xw .cell').length > 0"),
        # error pages
        ("/no-such-page", "true"), ("/deal/no-such-game", "true"), ("/check/no-such-kind", "true"),
        ("/s/nosuchsession", "true"), ("/r/nosuchroom", "true"), ("/class/nosuch/close", "true"),
        ("/teacher", "true"),
    ]


PAGES = _pages()
"""Every page with an address of its own (a path and its query), each with a script that is true once the page's
scripts have drawn it."""


def without_game_words(text: str) -> str:
    """A page's text without the words it writes in capitals: a game's words, cards and players (a sheet's NOT and
    ONE, in a row, are not the catalogue's "not one"), which the page shows in every language alike."""
    return re.sub(r"\w+", lambda m: "" if len(m.group()) > 1 and m.group().isupper() else m.group(), text)


def typed_words(path: str) -> set[str]:
    """The words a page's address holds (a record's keywords, players and words are typed, not the page's text):
    a pair of them is not the page's English (with the capitals between them gone, "form CAR take" reads
    "form take")."""
    query = parse_qs(urlsplit(path).query)
    typed = " ".join(" ".join(values) for key, values in query.items() if key in ("record", "words", "turn"))
    return {w for w in re.findall(r"[^\W\d_]{3,}", typed.lower()) if w not in NAMES}
