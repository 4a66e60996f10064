"""Who plays first: the draw (seed ``3dxword.txt``, table rule 2).

"The players decide who will play first by all drawing one letter from the
pool. The winner is the player with an X or the letter nearest alphabetically
to the letter X. A is therefore furthest away from X, and W and Y would be a
draw and those two players would need to draw again."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


class BadDraw(ValueError):
    """A draw that is not one letter A-Z per player."""

    def __init__(self, player: str, letter: str) -> None:
        super().__init__(f"{player} drew {letter!r}: a draw is one letter A-Z")
        self.player = player
        self.letter = letter


def distance_from_x(letter: str) -> int:
    """How far ``letter`` is from X in the alphabet (X 0, W and Y 1, A 23)."""
    return abs(ord(letter.upper()) - ord("X"))


@dataclass(frozen=True)
class DrawResult:
    """The winner of a draw, or (``winner`` None) the players tied nearest X, who draw again."""

    winner: str | None
    redraw: tuple[str, ...] = ()


def first_player(draws: Mapping[str, str]) -> DrawResult:
    """The player whose letter is nearest X; a tie at the top means those players draw again."""
    if not draws:
        raise ValueError("nobody drew")
    for player, letter in draws.items():
        if len(letter) != 1 or not "A" <= letter.upper() <= "Z":
            raise BadDraw(player, letter)
    best = min(distance_from_x(v) for v in draws.values())
    top = tuple(p for p, v in draws.items() if distance_from_x(v) == best)
    if len(top) == 1:
        return DrawResult(top[0])
    return DrawResult(None, top)
