"""Who plays first: the draw (seed ``3dxword.txt``, table rule 2).

"The players decide who will play first by all drawing one letter from the
pool. The winner is the player with an X or the letter nearest alphabetically
to the letter X. A is therefore furthest away from X, and W and Y would be a
draw and those two players would need to draw again."

In another alphabet the draw reads the language's own alphabet order
(``alphabet``), nearest its X: the letter X where the alphabet has one (the
Swedish Å Ä Ö come after Z, so after X), else the letter written the same way,
the Russian Х and the Greek Χ (docs/languages.md, "Piece sets").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
X_LETTERS = ("X", "\u0425", "\u03a7")
"""The X of an alphabet: Latin X, Cyrillic Х, Greek Χ (all drawn alike)."""


class BadDraw(ValueError):
    """A draw that is not one letter of the alphabet per player."""

    def __init__(self, player: str, letter: str) -> None:
        super().__init__(f"{player} drew {letter!r}: a draw is one letter of the alphabet")
        self.player = player
        self.letter = letter


def distance_from_x(letter: str, alphabet: str = LATIN) -> int:
    """How far ``letter`` is from the alphabet's X in its order (A-Z: X 0, W and Y 1, A 23)."""
    x = next(ch for ch in (*X_LETTERS, alphabet[-1]) if ch in alphabet)
    return abs(alphabet.index(letter.upper()) - alphabet.index(x))


@dataclass(frozen=True)
class DrawResult:
    """The winner of a draw, or (``winner`` None) the players tied nearest X, who draw again."""

    winner: str | None
    redraw: tuple[str, ...] = ()


def first_player(draws: Mapping[str, str], alphabet: str = LATIN) -> DrawResult:
    """The player whose letter is nearest X (in ``alphabet``'s order); a tie at the top means those players draw
    again."""
    if not draws:
        raise ValueError("nobody drew")
    for player, letter in draws.items():
        if len(letter) != 1 or letter.upper() not in alphabet:
            raise BadDraw(player, letter)
    best = min(distance_from_x(v, alphabet) for v in draws.values())
    top = tuple(p for p, v in draws.items() if distance_from_x(v, alphabet) == best)
    if len(top) == 1:
        return DrawResult(top[0])
    return DrawResult(None, top)
