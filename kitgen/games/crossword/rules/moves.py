"""The move generator: every legal entry in a position, with its score, best first.

A light's score does not depend on the word (length x links, or 2 a letter for
the first entry), so the generator asks the lexicon's pattern index once per
open light (the ``Lexicon.index(length)`` bitsets of its known letters,
intersected smallest first, never a scan of the word list) and orders the
lights by score. Each light's exact set of legal words is kept as that
bitset and decoded to words when first asked for. Within a light the words come alphabetically; ``best``
picks the commonest words of the best lights for hints.
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from kitgen.core.grid import Light
from kitgen.games.crossword.rules.game import FIRST_ENTRY_POINTS

if TYPE_CHECKING:
    from kitgen.core.lexicon import LengthIndex, Lexicon
    from kitgen.games.crossword.rules.fill import FillIndex
    from kitgen.games.crossword.rules.game import CrosswordGame



class LightOptions:
    """Every legal word for one open light, and the score each would make.

    The exact set is held as the lexicon index's bitset (``len`` is its
    popcount); ``words`` decodes it to fitting forms, alphabetically, on first use.
    """

    __slots__ = ("light", "pattern", "links", "score", "_index", "_known", "_bits", "_words")

    def __init__(self, light: Light, pattern: str, links: int, score: int, index: LengthIndex,
                 known: list[tuple[int, int]], bits: int) -> None:
        self.light = light
        self.pattern = pattern
        self.links = links
        self.score = score
        self._index = index
        self._known = known
        self._bits = bits
        self._words: list[str] | None = None

    def __len__(self) -> int:
        return self._bits.bit_count()

    @property
    def words(self) -> list[str]:
        if self._words is None:
            self._words = self._index.query(self._known)
        return self._words

    def __repr__(self) -> str:
        return f"LightOptions({self.light.name} {self.pattern}: {len(self)} words x {self.score})"


def _bits(index: LengthIndex, known: list[tuple[int, int]]) -> int:
    """The index's bitset of the words fitting ``known`` (position, letter) pairs."""
    if not index.words:
        return 0
    if not known:
        return (1 << len(index.words)) - 1
    sets = sorted((index.bits[p][k] for p, k in known), key=int.bit_length)
    acc: int = sets[0]
    for other in sets[1:]:
        if not acc:
            break
        acc &= other
    return acc


def legal_entries(game: CrosswordGame, lexicon: Lexicon | None = None) -> list[LightOptions]:
    """Per open light, the words that may legally go in it; best score first, then newspaper order.

    Only lights with at least one word are listed. ``lexicon`` defaults to the game's.
    """
    lx = lexicon if lexicon is not None else game.lexicon
    if lx is None:
        raise ValueError("the move generator needs a lexicon")
    if game.finished:
        return []
    first = not game.entered
    letters = game.letters
    out: list[LightOptions] = []
    for light in game.grid.lights:
        if not game.open_for_entry(light):
            continue
        letter_index = lx.language.letter_index
        known = [(p, letter_index.get(letters[cell], -1)) for p, cell in enumerate(light.cells) if cell in letters]
        if any(k < 0 for _, k in known):  # a letter outside the lexicon's alphabet: no word fits
            continue
        index = lx.index(light.length)
        bits = _bits(index, known)
        if not bits:
            continue
        links = len(known)
        score = FIRST_ENTRY_POINTS * light.length if first else light.length * links
        pattern = "".join(letters.get(cell, "?") for cell in light.cells)
        out.append(LightOptions(light, pattern, links, score, index, known, bits))
    out.sort(key=lambda o: (-o.score, o.light.sort_key))
    return out


def count(options: list[LightOptions]) -> int:
    return sum(len(o) for o in options)


def best(options: list[LightOptions], lexicon: Lexicon, n: int = 3, game: CrosswordGame | None = None,
         index: FillIndex | None = None) -> list[tuple[int, str, str]]:
    """The ``n`` best entries: highest score, then the commonest word, then newspaper order.

    Given the ``game`` (and a ``FillIndex``), words come from the autofill's machinery
    (``fill.hint_words``): commonest first by the ranked index, leaving out a word that would leave a
    crossing light with no word at all or that is already in the grid; a light where every word does that
    falls back to its commonest words.
    """
    out: list[tuple[int, str, str]] = []
    rank = lexicon.rank
    if game is not None and index is None:
        from kitgen.games.crossword.rules.fill import FillIndex

        index = FillIndex(lexicon)
    used = {m.word for m in game.moves if not m.is_pass} if game is not None else set()
    for o in options:
        if len(out) >= n:
            break
        picked: list[str] = []
        if game is not None and index is not None:
            from kitgen.games.crossword.rules.fill import hint_words

            picked = [w for w in hint_words(game.grid, game.letters, o.light, index, used, n - len(out))
                      if w in set(o.words)]
        if not picked:
            picked = heapq.nsmallest(n - len(out), o.words, key=lambda w: (rank(w) or 99, w))
        out.extend((o.score, o.light.name, w) for w in picked)
    return out
