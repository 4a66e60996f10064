#!/usr/bin/env python3
"""Write a Game of Words deck spec for each language with an alphabet of its own (docs/languages.md, "Decks").

``samples/game-of-words/XX-deck.toml`` for Swedish, Polish, Turkish, Russian and Greek: 52 letter cards and 2 Sub
Cards (the 1938 deck's size), each letter's count in proportion to its frequency in the language's running text
(the letters of the language's book, ``kitgen/data/book-XX.txt.gz``, each word weighted by its frequency, as
Lexicon 1932 and Scrabble counted theirs from newspapers), at least one card for every letter of the alphabet
that makes up 0.3% of text or more; a card's value falls as its letter's count grows (10 for the commonest
letters, 2 for the rarest), like the Spanish sample deck. Run ``python scripts/build_decks.py [CODE ...]``.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "samples" / "game-of-words"
PRESETS = ROOT / "kitgen" / "data" / "decks"
"""Each deck is also shipped as a preset (``kitgen deck --lang tr``, ``--spec turkish``)."""
CODES = ("sv", "pl", "tr", "ru", "el")
CARDS = 52
WILD = {"sv": "Joker", "pl": "Joker", "tr": "Joker", "ru": "Джокер", "el": "Μπαλαντέρ"}
TITLE = {"sv": "Ordspelet på svenska", "pl": "Gra słów po polsku", "tr": "Türkçe Kelime Oyunu",
         "ru": "Игра слов по-русски", "el": "Το παιχνίδι των λέξεων στα ελληνικά"}
"""Each deck's title, printed on its card backs and page notes: the game's name in the deck's own language (the
catalogue's, as its rules call the game), with the language it is for."""


def letter_shares(code: str) -> dict[str, float]:
    """Each letter's share of running text in the language (its book, by word frequency)."""
    sys.path.insert(0, str(ROOT))
    from kitgen.core.language import language
    from kitgen.games.wordsearch.rules.book import language_book

    lang = language(code)
    words, cumulative = language_book(code)
    counts: Counter[str] = Counter()
    previous = 0.0
    for word, total in zip(words, cumulative, strict=True):
        weight = total - previous
        previous = total
        for ch in lang.normalize(word):
            counts[ch] += weight
    everything = sum(counts.values())
    return {ch: counts[ch] / everything for ch in lang.letters if counts[ch]}


def deck_counts(shares: dict[str, float]) -> dict[str, int]:
    """``CARDS`` letter cards by largest remainder, every letter of 0.3% or more getting one."""
    kept = {ch: s for ch, s in shares.items() if s >= 0.003}
    scale = sum(kept.values())
    counts = {ch: max(1, int(CARDS * s / scale)) for ch, s in kept.items()}
    by_remainder = sorted(kept, key=lambda ch: CARDS * kept[ch] / scale - int(CARDS * kept[ch] / scale),
                          reverse=True)
    k = 0
    while sum(counts.values()) < CARDS:
        counts[by_remainder[k % len(by_remainder)]] += 1
        k += 1
    while sum(counts.values()) > CARDS:
        biggest = max(counts, key=lambda ch: counts[ch])
        counts[biggest] -= 1
    return counts


def value(count: int) -> int:
    return {1: 2, 2: 6, 3: 8}.get(count, 10)


def spec(code: str) -> str:
    from kitgen.core.language import language

    lang = language(code)
    counts = deck_counts(letter_shares(code))
    lines = [
        f"# A {lang.name} deck for The Game of Words (docs/languages.md, \"Decks\"): {CARDS} letter cards and 2 Sub",
        "# Cards, each letter's count in proportion to its share of running text (scripts/build_decks.py).",
        f"# Use it with the {lang.name} lexicon: kitgen deal word-solitaire --spec {code}-deck.toml --lang {code}",
        f'name = "{lang.name.lower()}"',
        f'title = "{TITLE[code]}"',
        "",
        "[letters]",
    ]
    for ch in lang.letters:
        if ch in counts:
            key = ch if ch.isascii() else f'"{ch}"'
            lines.append(f"{key} = {{ count = {counts[ch]}, value = {value(counts[ch])} }}")
    lines += ["", "[wild]", f'name = "{WILD[code]}"', "count = 2", "value = 15"]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    from kitgen.games.game_of_words.rules.deck import LANGUAGE_DECKS

    for code in argv or CODES:
        text = spec(code)
        (OUT / f"{code}-deck.toml").write_text(text, encoding="utf-8")
        (PRESETS / f"{LANGUAGE_DECKS[code]}.toml").write_text(text, encoding="utf-8")  # kitgen deck --lang CODE
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
